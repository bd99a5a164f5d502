using System.Globalization;
using System.Net;
using System.Numerics;
using System.Text;

namespace ClickHouse.RowBinary.TestSupport;

/// <summary>
/// Renders a value of the codec's object model the way ClickHouse's toString() prints it (the vectors' <c>text</c>):
/// top-level strings bare and NULL as <c>\N</c>; inside arrays, tuples and maps strings, dates and addresses in
/// single quotes and NULL as <c>NULL</c>; floats in ClickHouse's shortest notation; decimals without trailing zeros.
/// It also takes the C# shapes generated row types hold (enums, typed arrays and lists, value tuples and nested row
/// types, dictionaries, DateTimeOffset, DateTime for Date), so one formatter checks both projects' decoded values.
/// </summary>
internal static class ClickHouseText
{
    public static string Format(ClickHouseType type, object? value) => Format(type, value, nested: false);

    /// <summary>
    /// The same from the type as written: a generated <c>ClickHouseVariant&lt;..&gt;</c> numbers its arms in the
    /// declared order, which a parsed type no longer keeps.
    /// </summary>
    public static string Format(string type, object? value)
    {
        ClickHouseType parsed = ClickHouseType.Parse(type);
        if (parsed.Kind is ClickHouseTypeKind.Variant or ClickHouseTypeKind.Geometry && IsGeneratedVariant(value))
        {
            // A ClickHouseVariant for a Geometry declares its arms in Geometry's discriminator order.
            Type variant = value!.GetType();
            IReadOnlyList<ClickHouseType> arms = parsed.Kind == ClickHouseTypeKind.Geometry ? parsed.Arguments : ClickHouseVariantOrder.GetDeclaredArms(type);
            return (bool)variant.GetProperty("IsNull")!.GetValue(value)!
                ? string.Empty
                : Format(arms[(int)variant.GetProperty("Index")!.GetValue(value)!], variant.GetProperty("Value")!.GetValue(value), nested: false);
        }
        return Format(parsed, value, nested: false);
    }

    private static bool IsGeneratedVariant(object? value) => value is not null && value.GetType().Name.StartsWith("ClickHouseVariant`", StringComparison.Ordinal);

    private static string Format(ClickHouseType type, object? value, bool nested)
    {
        if (type.Kind is ClickHouseTypeKind.Variant or ClickHouseTypeKind.Dynamic && value is ClickHouseDynamic dynamic)
        {
            return dynamic.IsNull ? (nested ? "NULL" : string.Empty) : Format(dynamic.Type!, dynamic.Value, nested);
        }
        if (IsGeneratedVariant(value))
        {
            throw new ArgumentException("A generated ClickHouseVariant needs its declared arm order: format it with Format(string, object).");
        }
        if (value is null)
        {
            return nested ? "NULL" : "\\N";
        }
        if (value is ReadOnlyMemory<byte> memory)
        {
            value = memory.ToArray();
        }
        switch (type.Kind)
        {
            case ClickHouseTypeKind.Nullable:
            case ClickHouseTypeKind.LowCardinality:
            case ClickHouseTypeKind.SimpleAggregateFunction:
                return Format(type.Arguments[0], value, nested);
            case ClickHouseTypeKind.Float32:
            case ClickHouseTypeKind.BFloat16:
                return value is double wide ? FloatText(wide) : FloatText(Convert.ToSingle(value, CultureInfo.InvariantCulture));
            case ClickHouseTypeKind.Float64:
                return FloatText(Convert.ToDouble(value, CultureInfo.InvariantCulture));
            case ClickHouseTypeKind.Bool:
                return (bool)value ? "true" : "false";
            case ClickHouseTypeKind.String:
                return Quote(value is string text ? text : Encoding.UTF8.GetString((byte[])value), nested);
            case ClickHouseTypeKind.FixedString:
                return Quote(value is string fixedText ? fixedText.TrimEnd('\0') : Encoding.UTF8.GetString(((byte[])value).AsSpan().TrimEnd((byte)0)), nested);
            case ClickHouseTypeKind.Enum8:
            case ClickHouseTypeKind.Enum16:
                return Quote(value switch
                {
                    Enum label => label.ToString(),
                    string label => label,
                    _ => type.EnumMembers.Single(m => m.Value == Convert.ToInt16(value, CultureInfo.InvariantCulture)).Key,
                }, nested);
            case ClickHouseTypeKind.Date:
            case ClickHouseTypeKind.Date32:
                return Quote((value is DateTime day ? DateOnly.FromDateTime(day) : (DateOnly)value).ToString("yyyy-MM-dd", CultureInfo.InvariantCulture), nested);
            case ClickHouseTypeKind.DateTime when value is DateTimeOffset offset:
                return Quote(DateTimeText(offset.UtcDateTime, 0, type.TimeZone), nested);
            case ClickHouseTypeKind.DateTime:
                return Quote(DateTimeText((DateTime)value, 0, type.TimeZone), nested);
            case ClickHouseTypeKind.DateTime64 when value is DateTimeOffset offset64:
                return Quote(DateTimeText(offset64.UtcDateTime, type.Precision, type.TimeZone), nested);
            case ClickHouseTypeKind.DateTime64 when value is long rawTicks:
                return Quote(RawDateTimeText(rawTicks, type.Precision, type.TimeZone), nested);
            case ClickHouseTypeKind.DateTime64:
                return Quote(DateTimeText((DateTime)value, type.Precision, type.TimeZone), nested);
            case ClickHouseTypeKind.Time64 when value is long rawTime:
                return Quote(RawTimeText(rawTime, type.Precision), nested);
            case ClickHouseTypeKind.Time:
                return Quote(TimeText((TimeSpan)value, 0), nested);
            case ClickHouseTypeKind.Time64:
                return Quote(TimeText((TimeSpan)value, type.Precision), nested);
            case ClickHouseTypeKind.UUID:
                return Quote(((Guid)value).ToString(), nested);
            case ClickHouseTypeKind.IPv4 when value is uint number:
                return Quote(new IPAddress([(byte)(number >> 24), (byte)(number >> 16), (byte)(number >> 8), (byte)number]).ToString(), nested);
            case ClickHouseTypeKind.IPv4:
            case ClickHouseTypeKind.IPv6:
                return Quote(((IPAddress)value).ToString(), nested);
            case ClickHouseTypeKind.Decimal:
                return DecimalText(value);
            case ClickHouseTypeKind.Json:
                return value switch
                {
                    System.Text.Json.Nodes.JsonNode node => node.ToJsonString(),
                    System.Text.Json.JsonDocument document => document.RootElement.GetRawText(),
                    _ => (string)value,
                };
            case ClickHouseTypeKind.Array:
            case ClickHouseTypeKind.QBit:
                return "[" + string.Join(",", ((System.Collections.IEnumerable)value).Cast<object?>().Select(item => Format(type.Arguments[0], item, nested: true))) + "]";
            case ClickHouseTypeKind.Tuple:
                {
                    object?[] elements = TupleElements(value);
                    return "(" + string.Join(",", elements.Select((item, i) => Format(type.Arguments[i], item, nested: true))) + ")";
                }
            case ClickHouseTypeKind.Map:
                return "{" + string.Join(",", MapEntries(value).Select(entry =>
                    Format(type.Arguments[0], entry.Key, nested: true) + ":" + Format(type.Arguments[1], entry.Value, nested: true))) + "}";
            case ClickHouseTypeKind.Point:
                return PointText(((double X, double Y))value);
            case ClickHouseTypeKind.Ring:
            case ClickHouseTypeKind.LineString:
            case ClickHouseTypeKind.MultiPoint:
            case ClickHouseTypeKind.Polygon:
            case ClickHouseTypeKind.MultiLineString:
            case ClickHouseTypeKind.MultiPolygon:
                return GeometryText(value);
            case ClickHouseTypeKind.Geometry:
                // Like a Variant, ClickHouse prints a NULL Geometry as nothing at the top and NULL inside.
                return ((ClickHouseGeometry)value).Value is { } shape ? GeometryText(shape) : nested ? "NULL" : string.Empty;
            default:
                return value is TimeSpan interval && type.ToString().StartsWith("Interval", StringComparison.Ordinal)
                    ? (interval.Ticks / IntervalTicks(type.ToString()["Interval".Length..])).ToString(CultureInfo.InvariantCulture)
                    : Convert.ToString(value, CultureInfo.InvariantCulture)!;
        }
    }

    private static long IntervalTicks(string unit) => unit switch
    {
        "Nanosecond" or "Microsecond" => throw new ArgumentException($"A TimeSpan cannot hold every Interval{unit}."),
        "Millisecond" => TimeSpan.TicksPerMillisecond,
        "Second" => TimeSpan.TicksPerSecond,
        "Minute" => TimeSpan.TicksPerMinute,
        "Hour" => TimeSpan.TicksPerHour,
        "Day" => TimeSpan.TicksPerDay,
        "Week" => TimeSpan.TicksPerDay * 7,
        _ => throw new ArgumentException($"Interval{unit} has no fixed length in ticks."),
    };

    /// <summary>A tuple as the codec's object[], a ValueTuple, or a nested row type (its columns in declaration order).</summary>
    private static object?[] TupleElements(object value) => value switch
    {
        object?[] elements => elements,
        System.Runtime.CompilerServices.ITuple tuple => [.. Enumerable.Range(0, tuple.Length).Select(i => tuple[i])],
        _ => [.. value.GetType().GetProperties()
            .Where(p => p.IsDefined(typeof(ClickHouseColumnAttribute), inherit: false))
            .OrderBy(p => p.MetadataToken)
            .Select(p => p.GetValue(value))],
    };

    /// <summary>A map as the codec's list of pairs or any sequence of KeyValuePair (a dictionary).</summary>
    private static IEnumerable<(object? Key, object? Value)> MapEntries(object value)
    {
        foreach (object? entry in (System.Collections.IEnumerable)value)
        {
            Type pairType = entry!.GetType();
            yield return (pairType.GetProperty("Key")!.GetValue(entry), pairType.GetProperty("Value")!.GetValue(entry));
        }
    }

    private static string Quote(string text, bool nested)
        => nested ? "'" + text.Replace("\\", "\\\\", StringComparison.Ordinal).Replace("'", "\\'", StringComparison.Ordinal) + "'" : text;

    private static string DecimalText(object value)
    {
        string text = value is decimal number ? number.ToString(CultureInfo.InvariantCulture) : ((ClickHouseDecimal)value).ToString();
        return text.Contains('.', StringComparison.Ordinal) ? text.TrimEnd('0').TrimEnd('.') : text;
    }

    private static string DateTimeText(DateTime utc, int precision, string? timeZone)
    {
        DateTime local = timeZone is null or "UTC" ? utc : TimeZoneInfo.ConvertTimeFromUtc(utc, TimeZoneInfo.FindSystemTimeZoneById(timeZone));
        string text = local.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture);
        return precision == 0 ? text : text + "." + Fraction(local.Ticks % TimeSpan.TicksPerSecond, precision);
    }

    /// <summary>DateTime64(8|9), read as raw ticks of 10^-precision s.</summary>
    private static string RawDateTimeText(long ticks, int precision, string? timeZone)
    {
        BigInteger unit = BigInteger.Pow(10, precision);
        BigInteger seconds = BigInteger.Divide(ticks, unit);
        if (ticks < 0 && seconds * unit != ticks)
        {
            seconds -= 1;
        }
        long fraction = (long)(ticks - seconds * unit);
        DateTime utc = DateTime.UnixEpoch.AddSeconds((double)seconds);
        return DateTimeText(utc, 0, timeZone) + "." + fraction.ToString(CultureInfo.InvariantCulture).PadLeft(precision, '0');
    }

    private static string RawTimeText(long ticks, int precision)
    {
        long unit = (long)BigInteger.Pow(10, precision);
        long magnitude = Math.Abs(ticks);
        long seconds = magnitude / unit;
        return (ticks < 0 ? "-" : "") + string.Create(CultureInfo.InvariantCulture, $"{seconds / 3600:00}:{seconds / 60 % 60:00}:{seconds % 60:00}")
            + "." + (magnitude % unit).ToString(CultureInfo.InvariantCulture).PadLeft(precision, '0');
    }

    private static string TimeText(TimeSpan value, int precision)
    {
        long ticks = Math.Abs(value.Ticks);
        long seconds = ticks / TimeSpan.TicksPerSecond;
        string text = (value.Ticks < 0 ? "-" : "") + string.Create(CultureInfo.InvariantCulture, $"{seconds / 3600:00}:{seconds / 60 % 60:00}:{seconds % 60:00}");
        return precision == 0 ? text : text + "." + Fraction(ticks % TimeSpan.TicksPerSecond, precision);
    }

    /// <summary>Exactly <paramref name="precision"/> digits of a fraction given in 100 ns ticks.</summary>
    private static string Fraction(long ticks, int precision)
    {
        string sevenDigits = ticks.ToString("D7", CultureInfo.InvariantCulture);
        return precision <= 7 ? sevenDigits[..precision] : sevenDigits + new string('0', precision - 7);
    }

    private static string PointText((double X, double Y) point) => "(" + FloatText(point.X) + "," + FloatText(point.Y) + ")";

    private static string GeometryText(object value) => value switch
    {
        ValueTuple<double, double> point => PointText(point),
        System.Collections.IEnumerable items => "[" + string.Join(",", items.Cast<object>().Select(GeometryText)) + "]",
        _ => throw new ArgumentException($"Not a geometry: {value}"),
    };

    public static string FloatText(double value)
        => FloatText(value, double.IsNaN(value), double.IsInfinity(value), value.ToString("R", CultureInfo.InvariantCulture));

    public static string FloatText(float value)
        => FloatText(value, float.IsNaN(value), float.IsInfinity(value), value.ToString("R", CultureInfo.InvariantCulture));

    /// <summary>
    /// ClickHouse prints the shortest round-trip digits like JavaScript does: plainly for 1e-7 &lt;= |x| &lt; 1e21,
    /// otherwise as <c>d.ddde±n</c> without a plus sign.
    /// </summary>
    private static string FloatText(double value, bool isNaN, bool isInfinity, string roundTrip)
    {
        if (isNaN)
        {
            return "nan";
        }
        if (isInfinity)
        {
            return value < 0 ? "-inf" : "inf";
        }
        if (value == 0)
        {
            return double.IsNegative(value) ? "-0" : "0";
        }
        // roundTrip is like "-1.2345E-07" or "123.45": split it into a digit string and a decimal exponent.
        string text = roundTrip;
        string sign = text.StartsWith('-') ? "-" : "";
        text = text.TrimStart('-');
        int exponent = 0;
        int e = text.IndexOfAny(['E', 'e']);
        if (e >= 0)
        {
            exponent = int.Parse(text[(e + 1)..], CultureInfo.InvariantCulture);
            text = text[..e];
        }
        int point = text.IndexOf('.', StringComparison.Ordinal);
        string digits = point < 0 ? text : text.Remove(point, 1);
        int integerDigits = point < 0 ? text.Length : point;
        int leadingZeros = digits.Length - digits.TrimStart('0').Length;
        digits = digits.Trim('0');
        // value = 0.digits * 10^n
        int n = integerDigits - leadingZeros + exponent;
        int k = digits.Length;
        string body;
        if (k <= n && n <= 21)
        {
            body = digits + new string('0', n - k);
        }
        else if (n > 0 && n <= 21)
        {
            body = digits[..n] + "." + digits[n..];
        }
        else if (n > -6 && n <= 0)
        {
            body = "0." + new string('0', -n) + digits;
        }
        else
        {
            body = (k == 1 ? digits : digits[0] + "." + digits[1..]) + "e" + (n - 1).ToString(CultureInfo.InvariantCulture);
        }
        return sign + body;
    }
}
