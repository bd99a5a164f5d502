using System.Globalization;
using System.Net;
using System.Numerics;
using System.Text;
using System.Text.Json.Nodes;

namespace ClickHouse.RowBinary.Tests.Oracle;

/// <summary>
/// Random values of any ClickHouse type in the codec's representation, with the edges of each type (limits, NaN,
/// infinities, -0, empty and non-ASCII text, NULL) mixed in about one time in five.
/// </summary>
internal sealed class RandomValues(int seed)
{
    private static readonly string[] Words =
    [
        "", "a", "hello, world", "Привет, мир 👋", "日本語テキスト", "quote ' and \" and \\ backslash", "tab\tnew\nline", "null", "😀🎉", "0",
    ];

    private static readonly string[] DynamicTypes =
    [
        "Int64", "UInt64", "Int32", "String", "Float64", "Bool", "Date", "DateTime64(3, 'UTC')", "Array(Int64)", "Map(String, Int32)",
        "Tuple(UInt8, String)", "Decimal(18, 2)", "UUID", "IPv4", "Array(Nullable(String))", "Int128", "Float32", "Tuple(a Int64, b Array(String))",
    ];

    private readonly Random _random = new(seed);

    private bool Edge => _random.Next(5) == 0;

    public object? Next(ClickHouseType type)
    {
        switch (type.Kind)
        {
            case ClickHouseTypeKind.Int8: return (sbyte)Integer(sbyte.MinValue, sbyte.MaxValue);
            case ClickHouseTypeKind.Int16: return (short)Integer(short.MinValue, short.MaxValue);
            case ClickHouseTypeKind.Int32: return (int)Integer(int.MinValue, int.MaxValue);
            case ClickHouseTypeKind.Int64: return (long)Integer(long.MinValue, long.MaxValue);
            case ClickHouseTypeKind.Int128: return (Int128)Integer((BigInteger)Int128.MinValue, (BigInteger)Int128.MaxValue);
            case ClickHouseTypeKind.Int256: return Integer(-(BigInteger.One << 255), (BigInteger.One << 255) - 1);
            case ClickHouseTypeKind.UInt8: return (byte)Integer(0, byte.MaxValue);
            case ClickHouseTypeKind.UInt16: return (ushort)Integer(0, ushort.MaxValue);
            case ClickHouseTypeKind.UInt32: return (uint)Integer(0, uint.MaxValue);
            case ClickHouseTypeKind.UInt64: return (ulong)Integer(0, ulong.MaxValue);
            case ClickHouseTypeKind.UInt128: return (UInt128)Integer(0, (BigInteger)UInt128.MaxValue);
            case ClickHouseTypeKind.UInt256: return Integer(0, (BigInteger.One << 256) - 1);
            case ClickHouseTypeKind.Float32: return Edge ? Pick(float.NaN, float.PositiveInfinity, float.NegativeInfinity, -0f, float.MaxValue, float.Epsilon, 1.5f) : BitConverter.Int32BitsToSingle(_random.Next(int.MinValue, int.MaxValue));
            case ClickHouseTypeKind.Float64: return Edge ? Pick(double.NaN, double.PositiveInfinity, double.NegativeInfinity, -0d, double.MaxValue, double.Epsilon, 0.1) : BitConverter.Int64BitsToDouble(_random.NextInt64(long.MinValue, long.MaxValue));
            case ClickHouseTypeKind.BFloat16: return Edge ? Pick(float.NaN, float.PositiveInfinity, -0f, 3.140625f) : BitConverter.UInt32BitsToSingle((uint)_random.Next(0, 0x10000) << 16);
            case ClickHouseTypeKind.Bool: return _random.Next(2) == 1;
            case ClickHouseTypeKind.String: return Text();
            case ClickHouseTypeKind.FixedString:
                {
                    byte[] bytes = new byte[type.Length];
                    byte[] text = Encoding.UTF8.GetBytes(Pick("", "a", "abc", "é", "xyz12", "ü1"));
                    text.AsSpan(0, Math.Min(text.Length, bytes.Length)).CopyTo(bytes);
                    return bytes;
                }
            case ClickHouseTypeKind.Date: return DateOnly.FromDayNumber(719162 + (Edge ? Pick(0, 65535) : _random.Next(0, 65536)));
            case ClickHouseTypeKind.Date32: return DateOnly.FromDayNumber(719162 + (Edge ? Pick(-25567, 120529, -1) : _random.Next(-25567, 120530)));
            case ClickHouseTypeKind.DateTime: return DateTime.UnixEpoch.AddSeconds(Edge ? Pick(0L, uint.MaxValue) : _random.NextInt64(0, (long)uint.MaxValue + 1));
            case ClickHouseTypeKind.DateTime64: return DateTime64(type.Precision, type.TimeZone);
            case ClickHouseTypeKind.Decimal: return Decimal(type.Precision, type.Scale);
            case ClickHouseTypeKind.UUID: return Edge ? Pick(Guid.Empty, Guid.AllBitsSet) : new Guid(Bytes(16));
            case ClickHouseTypeKind.IPv4: return new IPAddress(Bytes(4));
            case ClickHouseTypeKind.IPv6: return Edge ? IPAddress.Parse("::ffff:1.2.3.4") : new IPAddress(Bytes(16));
            case ClickHouseTypeKind.Enum8:
            case ClickHouseTypeKind.Enum16:
                return type.EnumMembers[_random.Next(type.EnumMembers.Count)].Key;
            case ClickHouseTypeKind.Nullable: return _random.Next(4) == 0 ? null : Next(type.Arguments[0]);
            case ClickHouseTypeKind.LowCardinality:
            case ClickHouseTypeKind.SimpleAggregateFunction:
                return Next(type.Arguments[0]);
            case ClickHouseTypeKind.Array: return Many(_random.Next(0, 5), () => Next(type.Arguments[0]));
            case ClickHouseTypeKind.Tuple: return type.Arguments.Select(Next).ToArray();
            case ClickHouseTypeKind.Map:
                {
                    var entries = new List<KeyValuePair<object, object?>>();
                    for (int i = _random.Next(0, 4); i > 0; i--)
                    {
                        entries.Add(new KeyValuePair<object, object?>(Next(type.Arguments[0])!, Next(type.Arguments[1])));
                    }
                    return entries;
                }
            case ClickHouseTypeKind.Variant:
                {
                    int arm = _random.Next(-1, type.Arguments.Count);
                    return arm < 0 ? ClickHouseDynamic.Null : new ClickHouseDynamic(type.Arguments[arm], Next(type.Arguments[arm]));
                }
            case ClickHouseTypeKind.Dynamic:
                {
                    if (_random.Next(6) == 0)
                    {
                        return ClickHouseDynamic.Null;
                    }
                    ClickHouseType valueType = ClickHouseType.Parse(DynamicTypes[_random.Next(DynamicTypes.Length)]);
                    object? value = Next(valueType);
                    return value is null ? ClickHouseDynamic.Null : new ClickHouseDynamic(valueType, value);
                }
            case ClickHouseTypeKind.Json: return JsonObject(0).ToJsonString();
            case ClickHouseTypeKind.Point: return Point();
            case ClickHouseTypeKind.Ring:
            case ClickHouseTypeKind.LineString:
            case ClickHouseTypeKind.MultiPoint:
                return Points();
            case ClickHouseTypeKind.QBit: return Vector(type);
            case ClickHouseTypeKind.Geometry:
                {
                    int arm = _random.Next(-1, type.Arguments.Count);
                    return arm < 0 ? ClickHouseGeometry.Null : Geometry(type.Arguments[arm]);
                }
            case ClickHouseTypeKind.Polygon:
            case ClickHouseTypeKind.MultiLineString:
                return Enumerable.Range(0, _random.Next(0, 3)).Select(_ => Points()).ToArray();
            case ClickHouseTypeKind.MultiPolygon:
                return Enumerable.Range(0, _random.Next(0, 3)).Select(_ => Enumerable.Range(0, _random.Next(0, 3)).Select(_ => Points()).ToArray()).ToArray();
            case ClickHouseTypeKind.Time:
                return TimeSpan.FromSeconds(Edge ? Pick(0, 3599999, -3599999) : _random.Next(-3599999, 3600000));
            case ClickHouseTypeKind.Time64:
                {
                    long limit = 3600000L * 10_000_000 - 1;
                    long ticks = _random.NextInt64(-limit, limit + 1);
                    return TimeSpan.FromTicks(ticks - ticks % (long)Math.Pow(10, 7 - type.Precision));
                }
            case ClickHouseTypeKind.Interval: return (long)Integer(long.MinValue, long.MaxValue);
            default: throw new NotSupportedException($"No random values for {type}.");
        }
    }

    private T Pick<T>(params T[] choices) => choices[_random.Next(choices.Length)];

    private byte[] Bytes(int count)
    {
        byte[] bytes = new byte[count];
        _random.NextBytes(bytes);
        return bytes;
    }

    private object?[] Many(int count, Func<object?> next) => Enumerable.Range(0, count).Select(_ => next()).ToArray();

    private BigInteger Integer(BigInteger min, BigInteger max)
    {
        if (Edge)
        {
            return Pick(min, max, BigInteger.Zero, BigInteger.Max(min, BigInteger.MinusOne), BigInteger.Min(max, BigInteger.One));
        }
        // Small values, mid-size values and values spread over the whole range.
        BigInteger span = max - min + 1;
        byte[] bytes = Bytes(Math.Max(span.GetByteCount(), 1) + 1);
        bytes[^1] = 0;
        var random = new BigInteger(bytes);
        return _random.Next(3) switch
        {
            0 => BigInteger.Max(min, BigInteger.Min(max, _random.Next(-1000, 1000))),
            _ => min + random % span,
        };
    }

    private string Text()
    {
        if (Edge || _random.Next(2) == 0)
        {
            return Pick(Words);
        }
        var builder = new StringBuilder();
        for (int i = _random.Next(1, 20); i > 0; i--)
        {
            builder.Append(_random.Next(4) switch
            {
                0 => (char)_random.Next('a', 'z' + 1),
                1 => (char)_random.Next(0x400, 0x450),
                2 => (char)_random.Next(0x20, 0x7F),
                _ => (char)_random.Next(0x4E00, 0x4F00),
            });
        }
        return builder.ToString();
    }

    private object DateTime64(int precision, string? timeZone)
    {
        // ClickHouse's DateTime64 range: 1900-01-01 to 2299-12-31 (to 2262-04-11 at precision 9). In zones other
        // than UTC the test renders local times with .NET's TimeZoneInfo, which rounds the local mean time offsets
        // of the early 1900s to whole minutes (Amsterdam was +00:19:32 until 1937): those columns start in 1970.
        long minSeconds = timeZone is null or "UTC" ? -2208988800L : 0;
        long maxSeconds = precision == 9 ? 9223372036L : 10413791999L;
        long seconds = Edge ? Pick(minSeconds, 0L, maxSeconds - 1) : _random.NextInt64(minSeconds, maxSeconds);
        long unit = (long)Math.Pow(10, precision);
        long raw = seconds * unit + _random.NextInt64(0, unit);
        if (precision > 7)
        {
            return raw;
        }
        return new DateTime(DateTime.UnixEpoch.Ticks + raw * (long)Math.Pow(10, 7 - precision), DateTimeKind.Utc);
    }

    private object Decimal(int precision, int scale)
    {
        BigInteger limit = BigInteger.Pow(10, precision);
        BigInteger mantissa = Edge ? Pick(limit - 1, -(limit - 1), BigInteger.Zero, BigInteger.One) : Integer(-(limit - 1), limit - 1);
        var exact = new ClickHouseDecimal(mantissa, scale);
        return precision <= 28 ? (decimal)exact : exact;
    }

    private (double X, double Y) Point() => (Math.Round(_random.NextDouble() * 360 - 180, _random.Next(0, 8)), Edge ? -0d : _random.NextDouble() * 1e6);

    private ClickHouseGeometry Geometry(ClickHouseType geoType)
    {
        object shape = Next(geoType)!;
        return geoType.Kind switch
        {
            ClickHouseTypeKind.Point => ClickHouseGeometry.FromPoint(((double X, double Y))shape),
            ClickHouseTypeKind.Ring => ClickHouseGeometry.FromRing(((double X, double Y)[])shape),
            ClickHouseTypeKind.LineString => ClickHouseGeometry.FromLineString(((double X, double Y)[])shape),
            ClickHouseTypeKind.MultiPoint => ClickHouseGeometry.FromMultiPoint(((double X, double Y)[])shape),
            ClickHouseTypeKind.Polygon => ClickHouseGeometry.FromPolygon(((double X, double Y)[][])shape),
            ClickHouseTypeKind.MultiLineString => ClickHouseGeometry.FromMultiLineString(((double X, double Y)[][])shape),
            _ => ClickHouseGeometry.FromMultiPolygon(((double X, double Y)[][][])shape),
        };
    }

    /// <summary>
    /// A QBit vector of finite elements: ClickHouse 26.9 writes a QBit's NaN and infinities bare into JSON (nan, inf),
    /// which the comparison could not parse.
    /// </summary>
    private Array Vector(ClickHouseType type)
    {
        ClickHouseType element = type.Arguments[0];
        object Finite()
        {
            while (true)
            {
                object value = Next(element)!;
                if (value is sbyte || (value is float single && float.IsFinite(single)) || (value is double wide && double.IsFinite(wide)))
                {
                    return value;
                }
            }
        }
        Array vector = (Array)ClickHouseValueCodec.DefaultValue(type)!;
        for (int i = 0; i < vector.Length; i++)
        {
            vector.SetValue(Finite(), i);
        }
        return vector;
    }

    private (double X, double Y)[] Points() => Enumerable.Range(0, _random.Next(0, 4)).Select(_ => Point()).ToArray();

    /// <summary>
    /// A JSON object that ClickHouse keeps as it is: no null members or empty objects (ClickHouse drops them) and
    /// arrays whose elements keep their kind (ClickHouse turns booleans among numbers into numbers).
    /// </summary>
    private JsonObject JsonObject(int depth)
    {
        var json = new JsonObject();
        var used = new HashSet<string>();
        for (int i = _random.Next(depth == 0 ? 0 : 1, 5); i > 0; i--)
        {
            string key = Pick("a", "b", "id", "name", "x_1", "Ключ", "value", "tags", "n");
            if (!used.Add(key))
            {
                continue;
            }
            json[key] = JsonMember(depth);
        }
        return json;
    }

    private JsonNode JsonMember(int depth) => _random.Next(depth < 2 ? 9 : 6) switch
    {
        0 => JsonValue.Create(_random.NextInt64(long.MinValue, long.MaxValue)),
        1 => JsonValue.Create(Math.Round(_random.NextDouble() * 1e6, 3) + 0.5),
        2 => JsonValue.Create(Text()),
        3 => JsonValue.Create(_random.Next(2) == 0),
        4 => new JsonArray(Many(_random.Next(0, 4), () => _random.Next(4) == 0 ? null : _random.Next(-100, 100)).Select(v => v is null ? null : (JsonNode)JsonValue.Create((int)v)).ToArray()),
        5 => new JsonArray(Many(_random.Next(1, 4), Text).Select(v => (JsonNode)JsonValue.Create((string)v!)).ToArray()),
        6 => JsonObject(depth + 1),
        7 => new JsonArray(Enumerable.Range(0, _random.Next(1, 3)).Select(_ => (JsonNode)JsonObject(depth + 1)).ToArray()),
        _ => new JsonArray(JsonValue.Create(_random.Next(100)), JsonValue.Create("mixed"), new JsonArray(JsonValue.Create(1.5))),
    };

    public static string Describe(object? value) => value switch
    {
        null => "NULL",
        string text => '"' + text + '"',
        byte[] bytes => "0x" + Convert.ToHexString(bytes),
        ClickHouseDynamic dynamic => dynamic.IsNull ? "NULL" : $"{Describe(dynamic.Value)} as {dynamic.Type}",
        KeyValuePair<object, object?> entry => Describe(entry.Key) + ": " + Describe(entry.Value),
        IFormattable formattable => formattable.ToString(null, CultureInfo.InvariantCulture),
        System.Collections.IEnumerable items => "[" + string.Join(", ", items.Cast<object?>().Select(Describe)) + "]",
        _ => value.ToString() ?? "",
    };
}
