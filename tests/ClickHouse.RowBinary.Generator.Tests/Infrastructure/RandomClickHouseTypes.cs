using System.Globalization;

namespace ClickHouse.RowBinary.Generator.Tests.Infrastructure;

/// <summary>
/// A random ClickHouse type, and a type <c>generateRandom</c> can fill whose values CAST to it. <paramref name="Fix"/>,
/// when not null, is an expression of the source value (<c>{0}</c>) to CAST instead: a QBit needs arrays of exactly
/// its dimension, which CAST neither makes nor reaches inside Array, Tuple or Map, and an Array of arrays does not CAST
/// to an Array of Geometry or of Dynamic.
/// </summary>
internal sealed record RandomType(string Type, string Source, string? Fix = null)
{
    public bool NeedsCast => Type != Source || Fix is not null;

    /// <summary>The expression that gives the column its values from the source column <paramref name="column"/>.</summary>
    public string Select(string column)
        => NeedsCast ? $"CAST({Fix?.Replace("{0}", column, StringComparison.Ordinal) ?? column} AS {Type})" : column;
}

/// <summary>
/// Draws random ClickHouse types from every family, nested up to a depth, seeded. <c>generateRandom</c> fills most
/// families itself; for those it cannot (BFloat16, Time, Time64, Interval, Variant, Dynamic, JSON, Geometry, QBit)
/// the type carries a source type whose random values ClickHouse CASTs to it, element by element inside containers
/// (QBit, which CAST does not reach there, through <see cref="RandomType.Fix"/>).
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

    private static readonly string[] s_geo = ["Point", "Ring", "LineString", "Polygon", "MultiLineString", "MultiPolygon", "MultiPoint"];

    /// <summary>
    /// Each family generateRandom cannot fill (each geo type, Geometry, QBit of each element type and inside Array,
    /// Map and Tuple, BFloat16, Time, Time64, Interval, Variant, Dynamic, JSON, SimpleAggregateFunction, a Nullable
    /// tuple), one per call in turn: schemas that start with one make every seed hold them all.
    /// </summary>
    public RandomType Covering(int index) => (index % 24) switch
    {
        < 7 and var geo => Native(s_geo[geo]),
        7 => Geometry(),
        8 => QBit("Float32"),
        9 => QBit("BFloat16"),
        10 => QBit("Float64"),
        11 => QBit("Int8"),
        12 => Array(1, QBit()),
        13 => Map(1, QBit()),
        14 => Tuple(1, QBit()),
        < 19 and var special => Special(special - 15),
        19 => Variant(),
        20 => Dynamic(0),
        21 => Json(),
        22 => SimpleAggregateFunction(),
        _ => NullableTuple(0),
    };

    public RandomType Next(int depth = 0)
    {
        int family = random.Next(depth >= MaxDepth ? 10 : 20);
        return family switch
        {
            < 5 => Native(Pick(s_plain)),
            5 => random.Next(4) switch
            {
                0 => Native($"FixedString({random.Next(1, 20)})"),
                1 => Native(Pick(s_geo)),
                2 => Geometry(),
                _ => QBit(),
            },
            6 => Native(random.Next(2) == 0 ? $"DateTime64({random.Next(0, 10)})" : $"DateTime64({random.Next(0, 10)}, '{Pick(s_timeZones)}')"),
            7 => Native(Decimal()),
            8 => Native(Enum()),
            9 => Special(random.Next(4)),
            10 => Array(depth),
            11 => Tuple(depth),
            12 => Map(depth),
            13 => Nullable(),
            14 => LowCardinality(),
            15 => Variant(),
            16 => Dynamic(depth),
            17 => Json(),
            18 => NullableTuple(depth),
            _ => SimpleAggregateFunction(),
        };
    }

    // An Array of arrays does not CAST to an Array of Dynamic either.
    private RandomType Dynamic(int depth)
        => new("Dynamic", Next(depth + 1).Source is var source && !source.Contains("Nested", StringComparison.Ordinal) ? source : "String", "CAST({0} AS Dynamic)");

    private RandomType NullableTuple(int depth) => Tuple(depth) is var tuple && tuple.Fix is null ? Wrap("Nullable({0})", tuple) : tuple;

    // generateRandom fills SimpleAggregateFunction(f, Bool) with any byte, which is no Bool.
    private RandomType SimpleAggregateFunction() => Native($"SimpleAggregateFunction(anyLast, {Pick(s_plain.Where(t => t != "Bool").ToArray())})");

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

    private RandomType Special(int which) => which switch
    {
        0 => new RandomType("BFloat16", "Float32"),
        1 => new RandomType("Time", "Int16"),
        2 => new RandomType($"Time64({random.Next(0, 10)})", "Int16"),
        _ => new RandomType("Interval" + Pick(s_intervalUnits), "Int64"),
    };

    /// <summary>
    /// Geometry from one of its geo types: the CAST picks the arm of that very type. CAST does not reach it inside an
    /// Array of arrays (Array(Ring) to Array(Geometry) is "not same-dimensional"), so it is a fix of its own.
    /// </summary>
    private RandomType Geometry() => new("Geometry", Pick(s_geo), "CAST({0} AS Geometry)");

    /// <summary>QBit(T, N): arrays of random length, resized to N, then cast.</summary>
    private RandomType QBit(string? given = null)
    {
        string element = given ?? Pick(["Float32", "BFloat16", "Float64", "Int8"]);
        string source = element == "BFloat16" ? "Float32" : element;
        int dimension = random.Next(1, 5) * (random.Next(2) == 0 ? 1 : 8);
        string stride = dimension % 8 == 0 && dimension > 8 && random.Next(2) == 0 ? ", 8" : "";
        string type = $"QBit({element}, {dimension}{stride})";
        return new RandomType(type, $"Array({source})", $"CAST(arrayResize({{0}}, {dimension}) AS {type})");
    }

    private RandomType Array(int depth, RandomType? given = null)
    {
        RandomType element = given ?? Next(depth + 1);
        string? fix = element.Fix is null ? null : $"arrayMap(x{depth} -> {Apply(element.Fix, $"x{depth}")}, {{0}})";
        return new RandomType($"Array({element.Type})", $"Array({element.Source})", fix);
    }

    private RandomType Tuple(int depth, RandomType? given = null)
    {
        int count = random.Next(1, 5);
        bool named = random.Next(2) == 0;
        var elements = new RandomType[count];
        for (int i = 0; i < count; i++)
        {
            elements[i] = Next(depth + 1);
        }
        if (given is not null)
        {
            elements[random.Next(count)] = given;
        }
        string Join(Func<RandomType, string> part)
            => "Tuple(" + string.Join(", ", elements.Select((e, i) => (named ? $"e{i + 1} " : "") + part(e))) + ")";
        // tuple() of the fixed elements: unnamed, which the CAST to the named type then names.
        string? fix = elements.All(e => e.Fix is null)
            ? null
            : "tuple(" + string.Join(", ", elements.Select((e, i) => Apply(e.Fix ?? "{0}", $"tupleElement({{0}}, {i + 1})"))) + ")";
        return new RandomType(Join(e => e.Type), Join(e => e.Source), fix);
    }

    /// <summary>Puts <paramref name="value"/> where a fix has <c>{0}</c>, keeping the fix's other braces for an outer one.</summary>
    private static string Apply(string fix, string value) => fix.Replace("{0}", value, StringComparison.Ordinal);

    private RandomType Map(int depth, RandomType? given = null)
    {
        string key = random.Next(4) switch
        {
            0 => "String",
            1 => "LowCardinality(String)",
            2 => Pick(["Int8", "UInt16", "Int64", "UInt128", "Date", "UUID", "IPv4", "Bool"]),
            _ => Enum(),
        };
        RandomType value = given ?? Next(depth + 1);
        string? fix = value.Fix is null ? null : $"mapApply((k{depth}, v{depth}) -> (k{depth}, {Apply(value.Fix, $"v{depth}")}), {{0}})";
        return new RandomType($"Map({key}, {value.Type})", $"Map({key}, {value.Source})", fix);
    }

    private RandomType Nullable()
    {
        RandomType inner = random.Next(3) == 0 ? Special(random.Next(4)) : Native(Pick(s_plain));
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
