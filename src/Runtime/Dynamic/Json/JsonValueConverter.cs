using System;
using System.Collections.Generic;
using System.Globalization;
using System.Net;
using System.Net.Sockets;
using System.Numerics;
using System.Text.Json;

namespace ClickHouse.RowBinary;

/// <summary>
/// Converts a JSON value to the <see cref="ClickHouseValueCodec"/> representation of a ClickHouse type: for the
/// types ClickHouse infers for JSON paths, and for typed paths (<c>JSON(a.b UInt32)</c>). JSON null becomes NULL
/// where the type allows it and the type's default elsewhere, as ClickHouse does.
/// </summary>
internal static class JsonValueConverter
{
    // ClickHouse gives objects inside a Dynamic value the default JSON type, not the reduced one of nested arrays.
    private static readonly ClickHouseType s_objectTypeInDynamic = KnownTypes.Json;

    public static object? Convert(JsonElement value, ClickHouseType type, string path, Dictionary<string, int>? pathPositions = null)
    {
        if (value.ValueKind == JsonValueKind.Null)
        {
            return type.Unwrap().Kind switch
            {
                ClickHouseTypeKind.Nullable => null,
                ClickHouseTypeKind.Variant or ClickHouseTypeKind.Dynamic => ClickHouseDynamic.Null,
                _ => ClickHouseValueCodec.DefaultValue(type),
            };
        }
        switch (type.Kind)
        {
            case ClickHouseTypeKind.Nullable:
            case ClickHouseTypeKind.LowCardinality:
            case ClickHouseTypeKind.SimpleAggregateFunction:
                return Convert(value, type.Arguments[0], path, pathPositions);
            case ClickHouseTypeKind.Array:
                return ConvertArray(value, type, path);
            case ClickHouseTypeKind.Tuple:
                return ConvertTuple(value, type, path);
            case ClickHouseTypeKind.Nested:
                {
                    RequireKind(value, JsonValueKind.Array, type, path);
                    var rows = new List<object?>();
                    foreach (JsonElement item in value.EnumerateArray())
                    {
                        rows.Add(ConvertTuple(item, type, path));
                    }
                    return rows.ToArray();
                }
            case ClickHouseTypeKind.Map:
                {
                    RequireKind(value, JsonValueKind.Object, type, path);
                    var entries = new List<KeyValuePair<object, object?>>();
                    foreach (JsonProperty property in value.EnumerateObject())
                    {
                        object key = ConvertText(property.Name, type.Arguments[0].UnwrapNullable(), path)
                            ?? throw Invalid(value, type, path);
                        entries.Add(new KeyValuePair<object, object?>(key, Convert(property.Value, type.Arguments[1], path + "." + property.Name)));
                    }
                    return entries;
                }
            case ClickHouseTypeKind.Variant:
                return ConvertVariant(value, type, path);
            case ClickHouseTypeKind.Dynamic:
                {
                    ClickHouseType inferred = JsonShape.Infer(value, path).ToType(s_objectTypeInDynamic, isElement: false);
                    return new ClickHouseDynamic(inferred, Convert(value, inferred, path));
                }
            case ClickHouseTypeKind.Json:
                RequireKind(value, JsonValueKind.Object, type, path);
                return new JsonObjectValue(value, pathPositions);
            case ClickHouseTypeKind.Point:
                return ConvertPoint(value, type, path);
            case ClickHouseTypeKind.Ring:
            case ClickHouseTypeKind.LineString:
            case ClickHouseTypeKind.MultiPoint:
                return ConvertPoints(value, type, path);
            case ClickHouseTypeKind.Geometry:
                return ConvertGeometry(value, type, path);
            case ClickHouseTypeKind.QBit:
                return ConvertQBit(value, type, path);
            case ClickHouseTypeKind.Polygon:
            case ClickHouseTypeKind.MultiLineString:
                {
                    RequireKind(value, JsonValueKind.Array, type, path);
                    var lines = new List<(double X, double Y)[]>();
                    foreach (JsonElement line in value.EnumerateArray())
                    {
                        lines.Add(ConvertPoints(line, type, path));
                    }
                    return lines.ToArray();
                }
            case ClickHouseTypeKind.MultiPolygon:
                {
                    RequireKind(value, JsonValueKind.Array, type, path);
                    var polygons = new List<(double X, double Y)[][]>();
                    foreach (JsonElement polygon in value.EnumerateArray())
                    {
                        RequireKind(polygon, JsonValueKind.Array, type, path);
                        var lines = new List<(double X, double Y)[]>();
                        foreach (JsonElement line in polygon.EnumerateArray())
                        {
                            lines.Add(ConvertPoints(line, type, path));
                        }
                        polygons.Add(lines.ToArray());
                    }
                    return polygons.ToArray();
                }
        }
        switch (value.ValueKind)
        {
            case JsonValueKind.True:
            case JsonValueKind.False:
                return ConvertBool(value.ValueKind == JsonValueKind.True, value, type, path);
            case JsonValueKind.Number:
                return ConvertNumber(value.GetRawText(), value, type, path);
            case JsonValueKind.String:
                return ConvertText(value.GetString()!, type, path) ?? throw Invalid(value, type, path);
            default:
                if (type.Kind == ClickHouseTypeKind.String)
                {
                    return value.GetRawText();
                }
                throw Invalid(value, type, path);
        }
    }

    private static object ConvertBool(bool flag, JsonElement value, ClickHouseType type, string path) => type.Kind switch
    {
        ClickHouseTypeKind.Bool => flag,
        ClickHouseTypeKind.String => flag ? "true" : "false",
        ClickHouseTypeKind.Float64 => flag ? 1d : 0d,
        ClickHouseTypeKind.Float32 or ClickHouseTypeKind.BFloat16 => flag ? 1f : 0f,
        ClickHouseTypeKind.Int8 or ClickHouseTypeKind.Int16 or ClickHouseTypeKind.Int32 or ClickHouseTypeKind.Int64
            or ClickHouseTypeKind.Int128 or ClickHouseTypeKind.Int256 or ClickHouseTypeKind.UInt8 or ClickHouseTypeKind.UInt16
            or ClickHouseTypeKind.UInt32 or ClickHouseTypeKind.UInt64 or ClickHouseTypeKind.UInt128 or ClickHouseTypeKind.UInt256
            => flag ? BigInteger.One : BigInteger.Zero,
        _ => throw Invalid(value, type, path),
    };

    private static object ConvertNumber(string raw, JsonElement value, ClickHouseType type, string path)
    {
        switch (type.Kind)
        {
            case ClickHouseTypeKind.String:
            case ClickHouseTypeKind.FixedString:
                return raw;
            case ClickHouseTypeKind.Float64:
                return JsonShape.ParseFloat64(raw, path);
            case ClickHouseTypeKind.Bool:
                return raw switch
                {
                    "0" => false,
                    "1" => true,
                    _ => throw Invalid(value, type, path),
                };
            default:
                return ConvertText(raw, type, path) ?? throw Invalid(value, type, path);
        }
    }

    /// <summary>A scalar from its text (a JSON string, a number's digits or a map key); null when it does not parse.</summary>
    private static object? ConvertText(string text, ClickHouseType type, string path)
    {
        CultureInfo invariant = CultureInfo.InvariantCulture;
        switch (type.Kind)
        {
            case ClickHouseTypeKind.String:
            case ClickHouseTypeKind.FixedString:
                return text;
            case ClickHouseTypeKind.Int8:
            case ClickHouseTypeKind.Int16:
            case ClickHouseTypeKind.Int32:
            case ClickHouseTypeKind.Int64:
            case ClickHouseTypeKind.Int128:
            case ClickHouseTypeKind.Int256:
            case ClickHouseTypeKind.UInt8:
            case ClickHouseTypeKind.UInt16:
            case ClickHouseTypeKind.UInt32:
            case ClickHouseTypeKind.UInt64:
            case ClickHouseTypeKind.UInt128:
            case ClickHouseTypeKind.UInt256:
            case ClickHouseTypeKind.Interval:
                if (!BigInteger.TryParse(text, NumberStyles.AllowLeadingSign, invariant, out BigInteger integer))
                {
                    return null;
                }
                return type.Kind == ClickHouseTypeKind.Interval ? (object)(long)integer : integer;
            case ClickHouseTypeKind.Float32:
            case ClickHouseTypeKind.BFloat16:
                return float.TryParse(text, NumberStyles.Float, invariant, out float single) ? single : null;
            case ClickHouseTypeKind.Float64:
                return double.TryParse(text, NumberStyles.Float, invariant, out double number) ? number : null;
            case ClickHouseTypeKind.Bool:
                return text switch
                {
                    "true" => true,
                    "false" => false,
                    _ => null,
                };
            case ClickHouseTypeKind.Decimal:
                if (text.AsSpan().IndexOfAny('e', 'E') >= 0)
                {
                    return decimal.TryParse(text, NumberStyles.Float, invariant, out decimal scaled) ? scaled : null;
                }
                try
                {
                    return ClickHouseDecimal.Parse(text);
                }
                catch (FormatException)
                {
                    return null;
                }
            case ClickHouseTypeKind.Date:
            case ClickHouseTypeKind.Date32:
                return DateOnly.TryParseExact(text, "yyyy-MM-dd", invariant, DateTimeStyles.None, out DateOnly date) ? date : null;
            case ClickHouseTypeKind.DateTime:
            case ClickHouseTypeKind.DateTime64:
                return ParseDateTime(text, type.TimeZone);
            case ClickHouseTypeKind.Time:
            case ClickHouseTypeKind.Time64:
                return ParseTime(text);
            case ClickHouseTypeKind.UUID:
                return Guid.TryParse(text, out Guid guid) ? guid : null;
            case ClickHouseTypeKind.IPv4:
                return IPAddress.TryParse(text, out IPAddress? v4) && v4.AddressFamily == AddressFamily.InterNetwork ? v4 : null;
            case ClickHouseTypeKind.IPv6:
                return IPAddress.TryParse(text, out IPAddress? v6) ? v6 : null;
            case ClickHouseTypeKind.Enum8:
            case ClickHouseTypeKind.Enum16:
                foreach (KeyValuePair<string, short> member in type.EnumMembers)
                {
                    if (string.Equals(member.Key, text, StringComparison.Ordinal)
                        || string.Equals(member.Value.ToString(invariant), text, StringComparison.Ordinal))
                    {
                        return member.Key;
                    }
                }
                return null;
            case ClickHouseTypeKind.Nullable:
            case ClickHouseTypeKind.LowCardinality:
                return ConvertText(text, type.Arguments[0], path);
            default:
                return null;
        }
    }

    private static DateTime? ParseDateTime(string text, string? timeZone)
    {
        CultureInfo invariant = CultureInfo.InvariantCulture;
        string trimmed = text.Trim();
        // .NET parses at most 7 fractional digits; ClickHouse allows 9: keep the first 7.
        int point = trimmed.IndexOf('.', StringComparison.Ordinal);
        if (point > 0)
        {
            int end = point + 1;
            while (end < trimmed.Length && char.IsAsciiDigit(trimmed[end]))
            {
                end++;
            }
            if (end - point - 1 > 7)
            {
                trimmed = trimmed.Substring(0, point + 8) + trimmed.Substring(end);
            }
        }
        string[] localFormats = ["yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm:ss.FFFFFFF", "yyyy-MM-ddTHH:mm:ss", "yyyy-MM-ddTHH:mm:ss.FFFFFFF", "yyyy-MM-dd"];
        if (DateTime.TryParseExact(trimmed, localFormats, invariant, DateTimeStyles.None, out DateTime local))
        {
            if (timeZone is null || timeZone == "UTC")
            {
                return DateTime.SpecifyKind(local, DateTimeKind.Utc);
            }
            // A zone this machine does not know cannot place the local time: no value (the caller reports it).
            return TimeZoneLookup.Find(timeZone) is TimeZoneInfo zone
                ? TimeZoneInfo.ConvertTimeToUtc(DateTime.SpecifyKind(local, DateTimeKind.Unspecified), zone)
                : null;
        }
        return DateTimeOffset.TryParse(trimmed, invariant, DateTimeStyles.AssumeUniversal, out DateTimeOffset instant) ? instant.UtcDateTime : null;
    }

    private static TimeSpan? ParseTime(string text)
    {
        ReadOnlySpan<char> span = text.AsSpan().Trim();
        bool negative = span.StartsWith("-");
        if (negative)
        {
            span = span.Slice(1);
        }
        int first = span.IndexOf(':');
        int second = first < 0 ? -1 : span.Slice(first + 1).IndexOf(':') + first + 1;
        if (first < 0 || second <= first)
        {
            return null;
        }
        ReadOnlySpan<char> secondsText = span.Slice(second + 1);
        int point = secondsText.IndexOf('.');
        ReadOnlySpan<char> fraction = point < 0 ? default : secondsText.Slice(point + 1);
        if (point >= 0)
        {
            secondsText = secondsText.Slice(0, point);
        }
        if (!long.TryParse(span.Slice(0, first), NumberStyles.None, CultureInfo.InvariantCulture, out long hours)
            || !long.TryParse(span.Slice(first + 1, second - first - 1), NumberStyles.None, CultureInfo.InvariantCulture, out long minutes)
            || !long.TryParse(secondsText, NumberStyles.None, CultureInfo.InvariantCulture, out long seconds))
        {
            return null;
        }
        long ticks = ((hours * 60 + minutes) * 60 + seconds) * TimeSpan.TicksPerSecond;
        if (!fraction.IsEmpty)
        {
            string digits = fraction.Length > 7 ? fraction.Slice(0, 7).ToString() : fraction.ToString().PadRight(7, '0');
            if (!long.TryParse(digits, NumberStyles.None, CultureInfo.InvariantCulture, out long fractionTicks))
            {
                return null;
            }
            ticks += fractionTicks;
        }
        return TimeSpan.FromTicks(negative ? -ticks : ticks);
    }

    private static object?[] ConvertArray(JsonElement value, ClickHouseType type, string path)
    {
        RequireKind(value, JsonValueKind.Array, type, path);
        ClickHouseType elementType = type.Arguments[0];
        Dictionary<string, int>? pathPositions = HoldsObjects(elementType) ? SharedPathPositions(value, elementType) : null;
        var items = new object?[value.GetArrayLength()];
        int i = 0;
        foreach (JsonElement item in value.EnumerateArray())
        {
            items[i++] = Convert(item, elementType, path, pathPositions);
        }
        return items;
    }

    /// <summary>True when the elements are JSON objects, possibly inside nested arrays and Nullable.</summary>
    private static bool HoldsObjects(ClickHouseType type)
    {
        ClickHouseType inner = type.UnwrapNullable();
        return inner.Kind == ClickHouseTypeKind.Json || (inner.Kind == ClickHouseTypeKind.Array && HoldsObjects(inner.Arguments[0]));
    }

    /// <summary>Where each path of the array's objects goes: they share one column, filled in order of first appearance.</summary>
    private static Dictionary<string, int> SharedPathPositions(JsonElement array, ClickHouseType elementType)
    {
        ClickHouseType objectType = elementType.UnwrapNullable();
        while (objectType.Kind == ClickHouseTypeKind.Array)
        {
            objectType = objectType.Arguments[0].UnwrapNullable();
        }
        JsonColumnLayout layout = JsonColumnLayout.For(objectType);
        var seen = new HashSet<string>(StringComparer.Ordinal);
        var firstAppearance = new List<string>();
        Collect(array);
        return layout.PathPositions(firstAppearance);

        void Collect(JsonElement element)
        {
            if (element.ValueKind == JsonValueKind.Array)
            {
                foreach (JsonElement item in element.EnumerateArray())
                {
                    Collect(item);
                }
            }
            else if (element.ValueKind == JsonValueKind.Object)
            {
                foreach (KeyValuePair<string, JsonElement> leaf in layout.Flatten(element))
                {
                    if (!layout.TryGetTypedPath(leaf.Key, out _) && seen.Add(leaf.Key))
                    {
                        firstAppearance.Add(leaf.Key);
                    }
                }
            }
        }
    }

    private static object?[] ConvertTuple(JsonElement value, ClickHouseType type, string path)
    {
        var elements = new object?[type.Arguments.Count];
        if (value.ValueKind == JsonValueKind.Array && value.GetArrayLength() == elements.Length)
        {
            int i = 0;
            foreach (JsonElement item in value.EnumerateArray())
            {
                elements[i] = Convert(item, type.Arguments[i], path);
                i++;
            }
            return elements;
        }
        if (value.ValueKind == JsonValueKind.Object && type.HasElementNames)
        {
            for (int i = 0; i < elements.Length; i++)
            {
                string name = type.ElementNames[i] ?? string.Empty;
                elements[i] = value.TryGetProperty(name, out JsonElement item)
                    ? Convert(item, type.Arguments[i], path + "." + name)
                    : ClickHouseValueCodec.DefaultValue(type.Arguments[i]);
            }
            return elements;
        }
        throw Invalid(value, type, path);
    }

    private static ClickHouseDynamic ConvertVariant(JsonElement value, ClickHouseType type, string path)
    {
        // The arms whose kind matches the JSON value's kind first, then the rest, each in discriminator order.
        foreach (bool natural in (ReadOnlySpan<bool>)[true, false])
        {
            foreach (ClickHouseType arm in type.Arguments)
            {
                if (IsNaturalArm(value, arm) != natural)
                {
                    continue;
                }
                try
                {
                    return new ClickHouseDynamic(arm, Convert(value, arm, path));
                }
                catch (RowBinaryException)
                {
                    // Not this arm; try the next.
                }
            }
        }
        throw Invalid(value, type, path);
    }

    private static bool IsNaturalArm(JsonElement value, ClickHouseType arm)
    {
        ClickHouseTypeKind kind = arm.Unwrap().Kind;
        return value.ValueKind switch
        {
            JsonValueKind.Number => kind is ClickHouseTypeKind.Int64 or ClickHouseTypeKind.UInt64 or ClickHouseTypeKind.Float64 or ClickHouseTypeKind.Int32
                or ClickHouseTypeKind.UInt32 or ClickHouseTypeKind.Int16 or ClickHouseTypeKind.UInt16 or ClickHouseTypeKind.Int8 or ClickHouseTypeKind.UInt8
                or ClickHouseTypeKind.Float32 or ClickHouseTypeKind.Decimal,
            JsonValueKind.String => kind is ClickHouseTypeKind.String,
            JsonValueKind.True or JsonValueKind.False => kind is ClickHouseTypeKind.Bool,
            JsonValueKind.Array => kind is ClickHouseTypeKind.Array or ClickHouseTypeKind.Tuple,
            JsonValueKind.Object => kind is ClickHouseTypeKind.Json or ClickHouseTypeKind.Map or ClickHouseTypeKind.Tuple,
            _ => false,
        };
    }

    /// <summary>The first geo type in discriminator order that takes the value, as ClickHouse picks it.</summary>
    private static ClickHouseGeometry ConvertGeometry(JsonElement value, ClickHouseType type, string path)
    {
        for (int discriminator = 0; discriminator < type.Arguments.Count; discriminator++)
        {
            try
            {
                object shape = Convert(value, type.Arguments[discriminator], path)!;
                return ClickHouseGeometry.FromWire((byte)discriminator, shape is ValueTuple<double, double> point ? point : default, shape as Array);
            }
            catch (RowBinaryException)
            {
                // Not this geo type; try the next.
            }
        }
        throw Invalid(value, type, path);
    }

    /// <summary>A vector of exactly the QBit's dimension, its elements converted as an Array's.</summary>
    private static object?[] ConvertQBit(JsonElement value, ClickHouseType type, string path)
    {
        RequireKind(value, JsonValueKind.Array, type, path);
        if (value.GetArrayLength() != type.Dimension)
        {
            throw new RowBinaryException($"JSON path '{path}' holds {value.GetArrayLength()} numbers, but {type} holds exactly {type.Dimension}.", clickHouseType: type.ToString());
        }
        return ConvertArray(value, type, path);
    }

    private static (double X, double Y) ConvertPoint(JsonElement value, ClickHouseType type, string path)
    {
        if (value.ValueKind == JsonValueKind.Array && value.GetArrayLength() == 2
            && value[0].ValueKind == JsonValueKind.Number && value[1].ValueKind == JsonValueKind.Number)
        {
            return (value[0].GetDouble(), value[1].GetDouble());
        }
        throw Invalid(value, type, path);
    }

    private static (double X, double Y)[] ConvertPoints(JsonElement value, ClickHouseType type, string path)
    {
        RequireKind(value, JsonValueKind.Array, type, path);
        var points = new List<(double X, double Y)>();
        foreach (JsonElement point in value.EnumerateArray())
        {
            points.Add(ConvertPoint(point, type, path));
        }
        return points.ToArray();
    }

    private static void RequireKind(JsonElement value, JsonValueKind kind, ClickHouseType type, string path)
    {
        if (value.ValueKind != kind)
        {
            throw Invalid(value, type, path);
        }
    }

    private static RowBinaryException Invalid(JsonElement value, ClickHouseType type, string path)
    {
        string raw = value.GetRawText();
        if (raw.Length > 64)
        {
            raw = raw.Substring(0, 64) + "...";
        }
        return new RowBinaryException($"JSON path '{path}' holds {raw}, which is not a valid {type}.", clickHouseType: type.ToString());
    }
}
