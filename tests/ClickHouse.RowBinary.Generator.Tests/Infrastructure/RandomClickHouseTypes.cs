using System.Globalization;

namespace ClickHouse.RowBinary.Generator.Tests.Infrastructure;

/// <summary>A random ClickHouse type, and a type <c>generateRandom</c> can fill whose values CAST to it.</summary>
internal sealed record RandomType(string Type, string Source)
{
    public bool NeedsCast => Type != Source;
}

/// <summary>
/// Draws random ClickHouse types from every family, nested up to a depth, seeded. <c>generateRandom</c> fills most
/// families itself; for those it cannot (BFloat16, Time, Time64, Interval, Variant, Dynamic, JSON) the type carries
/// a source type whose random values ClickHouse CASTs to it, element by element inside containers.
/// </summary>
internal sealed class RandomClickHouseTypes(Random random)
{
    private const int MaxDepth = 3;

    private static readonly string[] s_plain =
    [
        "Int8", "Int16", "Int32", "Int64", "Int128", "Int256", "UInt8", "UInt16", "UInt32", "UInt64", "UInt128", "UInt256",
        "Float32", "Float64", "Bool", "String", "Date", "Date32", "DateTime", "UUID", "IPv4", "IPv6",
    ];

    private static readonly string[] s_timeZones = ["UTC", "Europe/Moscow", "America/New_York", "Asia/Kolkata"];

    private static readonly string[] s_intervalUnits = ["Nanosecond", "Microsecond", "Millisecond", "Second", "Minute", "Hour", "Day", "Week", "Month", "Quarter", "Year"];

    private static readonly string[] s_geo = ["Point", "Ring", "LineString", "Polygon", "MultiLineString", "MultiPolygon"];

    public RandomType Next(int depth = 0)
    {
        int family = random.Next(depth >= MaxDepth ? 10 : 20);
        return family switch
        {
            < 5 => Native(Pick(s_plain)),
            5 => Native(random.Next(2) == 0 ? $"FixedString({random.Next(1, 20)})" : Pick(s_geo)),
            6 => Native(random.Next(2) == 0 ? $"DateTime64({random.Next(0, 10)})" : $"DateTime64({random.Next(0, 10)}, '{Pick(s_timeZones)}')"),
            7 => Native(Decimal()),
            8 => Native(Enum()),
            9 => Special(),
            10 => Wrap("Array({0})", Next(depth + 1)),
            11 => Tuple(depth),
            12 => Map(depth),
            13 => Nullable(),
            14 => LowCardinality(),
            15 => Variant(),
            16 => new RandomType("Dynamic", Next(depth + 1).Source is var source && !source.Contains("Nested", StringComparison.Ordinal) ? source : "String"),
            17 => Json(),
            18 => Wrap("Nullable({0})", Tuple(depth)),
            // generateRandom fills SimpleAggregateFunction(f, Bool) with any byte, which is no Bool.
            _ => Native($"SimpleAggregateFunction(anyLast, {Pick(s_plain.Where(t => t != "Bool").ToArray())})"),
        };
    }

    /// <summary>
    /// JSON, plain or with typed paths (declared sorted: the server keeps them in declaration order, which the type
    /// it prints does not show), SKIP and limits. It is held as text, so the dynamic values are of types ClickHouse
    /// infers back from JSON text.
    /// </summary>
    private RandomType Json()
    {
        string source = $"Map(String, {Pick(["Int64", "String", "Bool", "Float64", "Array(Int64)"])})";
        if (random.Next(2) == 0)
        {
            return new RandomType("JSON", source);
        }
        string[] typed = ["Int64", "UInt8", "String", "Date", "Float64", "Array(Int32)", "Nullable(Int16)", "DateTime64(3, 'UTC')", "UUID", "IPv4", "Decimal(10, 2)", "Bool", "LowCardinality(String)", "Tuple(x UInt8, y String)"];
        var parts = new List<string>();
        if (random.Next(2) == 0)
        {
            parts.Add($"max_dynamic_paths = {random.Next(0, 8)}");
        }
        if (random.Next(2) == 0)
        {
            parts.Add($"max_dynamic_types = {random.Next(1, 8)}");
        }
        foreach (string path in new[] { "a", "a1.b", "k", "z.y.x" }.Where(_ => random.Next(2) == 0))
        {
            parts.Add($"{path} {Pick(typed)}");
        }
        if (random.Next(3) == 0)
        {
            parts.Add(random.Next(2) == 0 ? "SKIP s" : "SKIP REGEXP '^q.*'");
        }
        return new RandomType(parts.Count == 0 ? "JSON" : $"JSON({string.Join(", ", parts)})", source);
    }

    private RandomType Special() => random.Next(4) switch
    {
        0 => new RandomType("BFloat16", "Float32"),
        1 => new RandomType("Time", "Int16"),
        2 => new RandomType($"Time64({random.Next(0, 10)})", "Int16"),
        _ => new RandomType("Interval" + Pick(s_intervalUnits), "Int64"),
    };

    private RandomType Tuple(int depth)
    {
        int count = random.Next(1, 5);
        bool named = random.Next(2) == 0;
        var elements = new RandomType[count];
        for (int i = 0; i < count; i++)
        {
            elements[i] = Next(depth + 1);
        }
        string Join(Func<RandomType, string> part)
            => "Tuple(" + string.Join(", ", elements.Select((e, i) => (named ? $"e{i + 1} " : "") + part(e))) + ")";
        return new RandomType(Join(e => e.Type), Join(e => e.Source));
    }

    private RandomType Map(int depth)
    {
        string key = random.Next(4) switch
        {
            0 => "String",
            1 => "LowCardinality(String)",
            2 => Pick(["Int8", "UInt16", "Int64", "UInt128", "Date", "UUID", "IPv4", "Bool"]),
            _ => Enum(),
        };
        RandomType value = Next(depth + 1);
        return new RandomType($"Map({key}, {value.Type})", $"Map({key}, {value.Source})");
    }

    private RandomType Nullable()
    {
        RandomType inner = random.Next(3) == 0 ? Special() : Native(Pick(s_plain));
        return Wrap("Nullable({0})", inner);
    }

    private RandomType LowCardinality()
    {
        string inner = Pick(["String", "FixedString(3)", "Int32", "UInt64", "Date", "Nullable(String)", "Nullable(UInt8)"]);
        return Native($"LowCardinality({inner})");
    }

    /// <summary>Variant(T1, ..): distinct plain types; the random values all take the first arm or NULL.</summary>
    private RandomType Variant()
    {
        string[] arms = s_plain.OrderBy(_ => random.Next()).Take(random.Next(2, 5)).ToArray();
        return new RandomType($"Variant({string.Join(", ", arms)})", $"Nullable({arms[0]})");
    }

    private string Decimal()
    {
        int precision = random.Next(1, 77);
        return $"Decimal({precision}, {random.Next(0, precision + 1)})";
    }

    private string Enum()
    {
        bool wide = random.Next(2) == 0;
        int count = random.Next(1, 6);
        var values = new HashSet<int>();
        while (values.Count < count)
        {
            values.Add(wide ? random.Next(short.MinValue, short.MaxValue + 1) : random.Next(sbyte.MinValue, sbyte.MaxValue + 1));
        }
        return (wide ? "Enum16(" : "Enum8(") + string.Join(", ", values.Select((v, i) => $"'v{i}' = {v.ToString(CultureInfo.InvariantCulture)}")) + ")";
    }

    private static RandomType Native(string type) => new(type, type);

    private static RandomType Wrap(string format, RandomType inner)
        => new(string.Format(CultureInfo.InvariantCulture, format, inner.Type), string.Format(CultureInfo.InvariantCulture, format, inner.Source));

    private string Pick(string[] values) => values[random.Next(values.Length)];
}
