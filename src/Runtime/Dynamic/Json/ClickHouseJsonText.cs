using System;
using System.Collections.Generic;
using System.Globalization;
using System.Net;
using System.Numerics;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// Renders JSON column values as ClickHouse prints them: paths sorted byte by byte and nested back into objects,
/// compact, strings escaped as ClickHouse escapes them (<c>\/</c>, <c>\u001F</c>, <c>\u2028</c>), numbers in
/// ClickHouse's notation, dates and times as quoted text, NaN and infinities as null.
/// </summary>
internal static class ClickHouseJsonText
{
    /// <summary>One path of a JSON value with its type and value in the codec's representation.</summary>
    internal readonly record struct PathValue(string Path, ClickHouseType Type, object? Value);

    public static string RenderObject(List<PathValue> paths)
    {
        var sorted = new List<(byte[] Key, PathValue Entry)>(paths.Count);
        foreach (PathValue entry in paths)
        {
            sorted.Add((Encoding.UTF8.GetBytes(entry.Path), entry));
        }
        sorted.Sort(static (a, b) => a.Key.AsSpan().SequenceCompareTo(b.Key));

        var builder = new StringBuilder();
        builder.Append('{');
        var open = new List<string>();
        bool needComma = false;
        foreach ((_, PathValue entry) in sorted)
        {
            string[] parts = entry.Path.Split('.');
            int common = 0;
            while (common < open.Count && common < parts.Length - 1 && string.Equals(open[common], parts[common], StringComparison.Ordinal))
            {
                common++;
            }
            while (open.Count > common)
            {
                builder.Append('}');
                open.RemoveAt(open.Count - 1);
                needComma = true;
            }
            for (int i = common; i < parts.Length - 1; i++)
            {
                if (needComma)
                {
                    builder.Append(',');
                }
                AppendString(builder, parts[i]);
                builder.Append(":{");
                open.Add(parts[i]);
                needComma = false;
            }
            if (needComma)
            {
                builder.Append(',');
            }
            AppendString(builder, parts[^1]);
            builder.Append(':');
            AppendValue(builder, entry.Type, entry.Value);
            needComma = true;
        }
        builder.Append('}', open.Count + 1);
        return builder.ToString();
    }

    public static void AppendValue(StringBuilder builder, ClickHouseType type, object? value)
    {
        if (value is null)
        {
            builder.Append("null");
            return;
        }
        switch (type.Kind)
        {
            case ClickHouseTypeKind.Float32:
            case ClickHouseTypeKind.BFloat16:
                AppendFloat(builder, (float)value);
                break;
            case ClickHouseTypeKind.Float64:
                AppendFloat(builder, (double)value);
                break;
            case ClickHouseTypeKind.Bool:
                builder.Append((bool)value ? "true" : "false");
                break;
            case ClickHouseTypeKind.String:
            case ClickHouseTypeKind.FixedString:
                AppendString(builder, value as string ?? Encoding.UTF8.GetString((byte[])value));
                break;
            case ClickHouseTypeKind.Enum8:
            case ClickHouseTypeKind.Enum16:
                AppendString(builder, (string)value);
                break;
            case ClickHouseTypeKind.Decimal:
                builder.Append(FormatDecimal(value));
                break;
            case ClickHouseTypeKind.Date:
            case ClickHouseTypeKind.Date32:
            case ClickHouseTypeKind.DateTime:
            case ClickHouseTypeKind.DateTime64:
            case ClickHouseTypeKind.Time:
            case ClickHouseTypeKind.Time64:
            case ClickHouseTypeKind.UUID:
            case ClickHouseTypeKind.IPv4:
            case ClickHouseTypeKind.IPv6:
                AppendString(builder, FormatText(type, value));
                break;
            case ClickHouseTypeKind.Nullable:
            case ClickHouseTypeKind.LowCardinality:
            case ClickHouseTypeKind.SimpleAggregateFunction:
                AppendValue(builder, type.Arguments[0], value);
                break;
            case ClickHouseTypeKind.Array:
                AppendItems(builder, type.Arguments[0], (object?[])value);
                break;
            case ClickHouseTypeKind.Tuple:
                AppendTuple(builder, type, (object?[])value);
                break;
            case ClickHouseTypeKind.Nested:
                {
                    var rows = (object?[])value;
                    builder.Append('[');
                    for (int i = 0; i < rows.Length; i++)
                    {
                        if (i > 0)
                        {
                            builder.Append(',');
                        }
                        AppendTuple(builder, type, (object?[])rows[i]!);
                    }
                    builder.Append(']');
                    break;
                }
            case ClickHouseTypeKind.Map:
                {
                    builder.Append('{');
                    bool first = true;
                    foreach (KeyValuePair<object, object?> entry in (List<KeyValuePair<object, object?>>)value)
                    {
                        if (!first)
                        {
                            builder.Append(',');
                        }
                        first = false;
                        ClickHouseType keyType = type.Arguments[0].UnwrapNullable();
                        AppendString(builder, entry.Key as string ?? FormatText(keyType, entry.Key));
                        builder.Append(':');
                        AppendValue(builder, type.Arguments[1], entry.Value);
                    }
                    builder.Append('}');
                    break;
                }
            case ClickHouseTypeKind.Variant:
            case ClickHouseTypeKind.Dynamic:
                {
                    var dynamic = (ClickHouseDynamic)value;
                    if (dynamic.Type is null)
                    {
                        builder.Append("null");
                    }
                    else
                    {
                        AppendValue(builder, dynamic.Type, dynamic.Value);
                    }
                    break;
                }
            case ClickHouseTypeKind.Json:
                builder.Append((string)value);
                break;
            case ClickHouseTypeKind.Point:
                AppendPoint(builder, ((double X, double Y))value);
                break;
            case ClickHouseTypeKind.Ring:
            case ClickHouseTypeKind.LineString:
            case ClickHouseTypeKind.MultiPoint:
            case ClickHouseTypeKind.Polygon:
            case ClickHouseTypeKind.MultiLineString:
            case ClickHouseTypeKind.MultiPolygon:
                AppendGeometry(builder, value);
                break;
            case ClickHouseTypeKind.Geometry:
                if (((ClickHouseGeometry)value).Value is { } shape)
                {
                    AppendGeometry(builder, shape);
                }
                else
                {
                    builder.Append("null");
                }
                break;
            case ClickHouseTypeKind.QBit:
                {
                    var elements = (Array)value;
                    builder.Append('[');
                    for (int i = 0; i < elements.Length; i++)
                    {
                        if (i > 0)
                        {
                            builder.Append(',');
                        }
                        AppendValue(builder, type.Arguments[0], elements.GetValue(i));
                    }
                    builder.Append(']');
                    break;
                }
            default:
                builder.Append(Convert.ToString(value, CultureInfo.InvariantCulture));
                break;
        }
    }

    /// <summary>A value's text as ClickHouse prints it unquoted (dates, times, addresses, numbers).</summary>
    public static string FormatText(ClickHouseType type, object value)
    {
        switch (type.Kind)
        {
            case ClickHouseTypeKind.Date:
            case ClickHouseTypeKind.Date32:
                return ((DateOnly)value).ToString("yyyy-MM-dd", CultureInfo.InvariantCulture);
            case ClickHouseTypeKind.DateTime:
                return InTimeZone((DateTime)value, type.TimeZone).ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture);
            case ClickHouseTypeKind.DateTime64:
                return value is long rawTicks
                    ? FormatRawDateTime64(rawTicks, type.Precision, type.TimeZone)
                    : FormatDateTime64((DateTime)value, type.Precision, type.TimeZone);
            case ClickHouseTypeKind.Time:
            case ClickHouseTypeKind.Time64:
                return value is long rawTime
                    ? FormatRawTime64(rawTime, type.Precision)
                    : FormatTime((TimeSpan)value, type.Kind == ClickHouseTypeKind.Time ? 0 : type.Precision);
            case ClickHouseTypeKind.UUID:
                return ((Guid)value).ToString("D", CultureInfo.InvariantCulture);
            case ClickHouseTypeKind.IPv4:
            case ClickHouseTypeKind.IPv6:
                return ((IPAddress)value).ToString();
            case ClickHouseTypeKind.Decimal:
                return FormatDecimal(value);
            case ClickHouseTypeKind.Float32:
            case ClickHouseTypeKind.BFloat16:
                return ClickHouseFloatText.Format((float)value);
            case ClickHouseTypeKind.Float64:
                return ClickHouseFloatText.Format((double)value);
            case ClickHouseTypeKind.Bool:
                return (bool)value ? "true" : "false";
            case ClickHouseTypeKind.FixedString:
                return value as string ?? Encoding.UTF8.GetString((byte[])value);
            default:
                return Convert.ToString(value, CultureInfo.InvariantCulture) ?? string.Empty;
        }
    }

    /// <summary>The local time in the type's zone; in UTC when this machine does not know the zone.</summary>
    private static DateTime InTimeZone(DateTime utc, string? timeZone)
    {
        TimeZoneInfo? zone = TimeZoneLookup.Find(timeZone);
        return zone is null || zone == TimeZoneInfo.Utc ? utc : TimeZoneInfo.ConvertTimeFromUtc(DateTime.SpecifyKind(utc, DateTimeKind.Utc), zone);
    }

    private static string FormatDateTime64(DateTime utc, int precision, string? timeZone)
    {
        DateTime local = InTimeZone(utc, timeZone);
        string text = local.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture);
        if (precision == 0)
        {
            return text;
        }
        // .NET keeps 7 fractional digits; ClickHouse prints exactly `precision` of them.
        string fraction = (local.Ticks % TimeSpan.TicksPerSecond).ToString("D7", CultureInfo.InvariantCulture);
        fraction = precision <= 7 ? fraction.Substring(0, precision) : fraction.PadRight(precision, '0');
        return text + "." + fraction;
    }

    /// <summary>DateTime64 with more digits than DateTime holds, from its raw ticks of 10^-precision s.</summary>
    private static string FormatRawDateTime64(long ticks, int precision, string? timeZone)
    {
        long unit = (long)Math.Pow(10, precision);
        long seconds = ClickHouseTime.FloorDiv(ticks, unit);
        DateTime utc = DateTime.UnixEpoch.AddSeconds(seconds);
        string text = InTimeZone(utc, timeZone).ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture);
        return text + "." + (ticks - seconds * unit).ToString(CultureInfo.InvariantCulture).PadLeft(precision, '0');
    }

    private static string FormatRawTime64(long ticks, int precision)
    {
        long unit = (long)Math.Pow(10, precision);
        ulong magnitude = Magnitude(ticks);
        ulong totalSeconds = magnitude / (ulong)unit;
        string sign = ticks < 0 ? "-" : string.Empty;
        return string.Create(CultureInfo.InvariantCulture, $"{sign}{totalSeconds / 3600:D2}:{totalSeconds / 60 % 60:D2}:{totalSeconds % 60:D2}.")
            + (magnitude % (ulong)unit).ToString(CultureInfo.InvariantCulture).PadLeft(precision, '0');
    }

    /// <summary>|ticks|, long.MinValue included.</summary>
    private static ulong Magnitude(long ticks) => ticks < 0 ? unchecked(0UL - (ulong)ticks) : (ulong)ticks;

    private static string FormatTime(TimeSpan value, int precision)
    {
        long ticks = value.Ticks;
        string sign = ticks < 0 ? "-" : string.Empty;
        ulong magnitude = Magnitude(ticks);
        ulong totalSeconds = magnitude / TimeSpan.TicksPerSecond;
        string text = string.Create(CultureInfo.InvariantCulture, $"{sign}{totalSeconds / 3600:D2}:{totalSeconds / 60 % 60:D2}:{totalSeconds % 60:D2}");
        if (precision == 0)
        {
            return text;
        }
        string fraction = (magnitude % TimeSpan.TicksPerSecond).ToString("D7", CultureInfo.InvariantCulture);
        fraction = precision <= 7 ? fraction.Substring(0, precision) : fraction.PadRight(precision, '0');
        return text + "." + fraction;
    }

    /// <summary>A decimal without trailing fractional zeros, as ClickHouse prints it.</summary>
    private static string FormatDecimal(object value)
    {
        ClickHouseDecimal exact = value is decimal number ? new ClickHouseDecimal(number) : (ClickHouseDecimal)value;
        BigInteger mantissa = exact.Mantissa;
        int scale = exact.Scale;
        while (scale > 0 && (mantissa % 10).IsZero)
        {
            mantissa /= 10;
            scale--;
        }
        return new ClickHouseDecimal(mantissa, scale).ToString();
    }

    private static void AppendFloat(StringBuilder builder, double value)
    {
        if (double.IsFinite(value))
        {
            ClickHouseFloatText.Append(builder, value);
        }
        else
        {
            builder.Append("null");
        }
    }

    private static void AppendFloat(StringBuilder builder, float value)
    {
        if (float.IsFinite(value))
        {
            ClickHouseFloatText.Append(builder, value);
        }
        else
        {
            builder.Append("null");
        }
    }

    private static void AppendItems(StringBuilder builder, ClickHouseType elementType, object?[] items)
    {
        builder.Append('[');
        for (int i = 0; i < items.Length; i++)
        {
            if (i > 0)
            {
                builder.Append(',');
            }
            AppendValue(builder, elementType, items[i]);
        }
        builder.Append(']');
    }

    private static void AppendTuple(StringBuilder builder, ClickHouseType type, object?[] elements)
    {
        if (!type.HasElementNames)
        {
            builder.Append('[');
            for (int i = 0; i < elements.Length; i++)
            {
                if (i > 0)
                {
                    builder.Append(',');
                }
                AppendValue(builder, type.Arguments[i], elements[i]);
            }
            builder.Append(']');
            return;
        }
        builder.Append('{');
        for (int i = 0; i < elements.Length; i++)
        {
            if (i > 0)
            {
                builder.Append(',');
            }
            AppendString(builder, type.ElementNames[i] ?? string.Empty);
            builder.Append(':');
            AppendValue(builder, type.Arguments[i], elements[i]);
        }
        builder.Append('}');
    }

    private static void AppendPoint(StringBuilder builder, (double X, double Y) point, bool asText = false)
    {
        builder.Append(asText ? '(' : '[');
        AppendCoordinate(builder, point.X, asText);
        builder.Append(',');
        AppendCoordinate(builder, point.Y, asText);
        builder.Append(asText ? ')' : ']');
    }

    /// <summary>A coordinate in JSON (NaN and infinities as null) or, <paramref name="asText"/>, as toString prints it.</summary>
    private static void AppendCoordinate(StringBuilder builder, double value, bool asText)
    {
        if (asText)
        {
            ClickHouseFloatText.Append(builder, value);
        }
        else
        {
            AppendFloat(builder, value);
        }
    }

    /// <summary>
    /// A geo value, a point or arrays of points, in JSON (<c>[[0,0],[1,1]]</c>) or, <paramref name="asText"/>, as
    /// ClickHouse's toString prints it (<c>[(0,0),(1,1)]</c>).
    /// </summary>
    internal static void AppendGeometry(StringBuilder builder, object value, bool asText = false)
    {
        if (value is ValueTuple<double, double> point)
        {
            AppendPoint(builder, point, asText);
            return;
        }
        var items = (Array)value;
        builder.Append('[');
        for (int i = 0; i < items.Length; i++)
        {
            if (i > 0)
            {
                builder.Append(',');
            }
            AppendGeometry(builder, items.GetValue(i)!, asText);
        }
        builder.Append(']');
    }

    /// <summary>Appends a JSON string literal escaped as ClickHouse escapes it.</summary>
    public static void AppendString(StringBuilder builder, string value)
    {
        builder.Append('"');
        foreach (char c in value)
        {
            switch (c)
            {
                case '"': builder.Append("\\\""); break;
                case '\\': builder.Append("\\\\"); break;
                case '/': builder.Append("\\/"); break;
                case '\b': builder.Append("\\b"); break;
                case '\f': builder.Append("\\f"); break;
                case '\n': builder.Append("\\n"); break;
                case '\r': builder.Append("\\r"); break;
                case '\t': builder.Append("\\t"); break;
                case '\u2028': builder.Append("\\u2028"); break;
                case '\u2029': builder.Append("\\u2029"); break;
                default:
                    if (c < ' ')
                    {
                        builder.Append("\\u00").Append(((int)c).ToString("X2", CultureInfo.InvariantCulture));
                    }
                    else
                    {
                        builder.Append(c);
                    }
                    break;
            }
        }
        builder.Append('"');
    }
}
