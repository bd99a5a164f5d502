using System.Globalization;
using System.Net;
using System.Numerics;
using System.Text;
using System.Text.Json;

namespace ClickHouse.RowBinary.Tests.Conformance;

/// <summary>
/// Compares a value of the codec's object model with the JSON ClickHouse prints for it in JSONEachRow: numbers by
/// exact value (64-bit and wider integers may come quoted), NaN and infinities as null, dates and times as text in
/// the column's time zone, tuples as arrays or (named) objects, maps as objects, JSON columns as objects.
/// </summary>
internal static class ClickHouseJsonMatch
{
    /// <summary>Null when the value matches, else why not.</summary>
    public static string? Mismatch(ClickHouseType type, object? value, JsonElement json)
    {
        try
        {
            return Compare(type, value, json);
        }
        catch (Exception e) when (e is FormatException or InvalidOperationException or InvalidCastException or KeyNotFoundException)
        {
            return $"{e.GetType().Name}: {e.Message}";
        }
    }

    private static string? Compare(ClickHouseType type, object? value, JsonElement json)
    {
        if (type.Kind is ClickHouseTypeKind.Variant or ClickHouseTypeKind.Dynamic)
        {
            var dynamic = value as ClickHouseDynamic? ?? ClickHouseDynamic.Null;
            return dynamic.IsNull ? ExpectNull(json) : Compare(dynamic.Type!, dynamic.Value, json);
        }
        if (type.Kind == ClickHouseTypeKind.Geometry)
        {
            return ((ClickHouseGeometry)value!).Value is { } shape ? CompareGeometry(shape, json) : ExpectNull(json);
        }
        if (value is null)
        {
            return ExpectNull(json);
        }
        switch (type.Kind)
        {
            case ClickHouseTypeKind.Nullable:
            case ClickHouseTypeKind.LowCardinality:
            case ClickHouseTypeKind.SimpleAggregateFunction:
                return Compare(type.Arguments[0], value, json);
            case ClickHouseTypeKind.Int8 or ClickHouseTypeKind.Int16 or ClickHouseTypeKind.Int32 or ClickHouseTypeKind.Int64
                or ClickHouseTypeKind.Int128 or ClickHouseTypeKind.Int256 or ClickHouseTypeKind.UInt8 or ClickHouseTypeKind.UInt16
                or ClickHouseTypeKind.UInt32 or ClickHouseTypeKind.UInt64 or ClickHouseTypeKind.UInt128 or ClickHouseTypeKind.UInt256
                or ClickHouseTypeKind.Interval:
                {
                    BigInteger expected = BigInteger.Parse(Convert.ToString(value, CultureInfo.InvariantCulture)!, CultureInfo.InvariantCulture);
                    BigInteger actual = BigInteger.Parse(NumberText(json), CultureInfo.InvariantCulture);
                    return expected == actual ? null : $"expected {expected}, ClickHouse has {actual}";
                }
            case ClickHouseTypeKind.Float32:
            case ClickHouseTypeKind.BFloat16:
                {
                    float expected = (float)value;
                    if (!float.IsFinite(expected))
                    {
                        return NonFinite(expected, json);
                    }
                    float actual = float.Parse(NumberText(json), CultureInfo.InvariantCulture);
                    return actual.Equals(expected) && float.IsNegative(actual) == float.IsNegative(expected) ? null : $"expected {expected:R}, ClickHouse has {json.GetRawText()}";
                }
            case ClickHouseTypeKind.Float64:
                {
                    double expected = (double)value;
                    if (!double.IsFinite(expected))
                    {
                        return NonFinite(expected, json);
                    }
                    double actual = double.Parse(NumberText(json), CultureInfo.InvariantCulture);
                    return actual.Equals(expected) && double.IsNegative(actual) == double.IsNegative(expected) ? null : $"expected {expected:R}, ClickHouse has {json.GetRawText()}";
                }
            case ClickHouseTypeKind.Decimal:
                {
                    ClickHouseDecimal expected = value is decimal number ? new ClickHouseDecimal(number) : (ClickHouseDecimal)value;
                    ClickHouseDecimal actual = ParseDecimal(NumberText(json));
                    return expected == actual ? null : $"expected {expected}, ClickHouse has {json.GetRawText()}";
                }
            case ClickHouseTypeKind.Bool:
                return json.ValueKind == ((bool)value ? JsonValueKind.True : JsonValueKind.False) ? null : $"expected {value}, ClickHouse has {json.GetRawText()}";
            case ClickHouseTypeKind.String:
                return ExpectString(value as string ?? Encoding.UTF8.GetString((byte[])value), json);
            case ClickHouseTypeKind.FixedString:
                return ExpectString(Encoding.UTF8.GetString((byte[])value), json);
            case ClickHouseTypeKind.IPv4:
            case ClickHouseTypeKind.IPv6:
                return json.ValueKind == JsonValueKind.String && IPAddress.Parse(json.GetString()!).Equals(value)
                    ? null : $"expected {value}, ClickHouse has {json.GetRawText()}";
            case ClickHouseTypeKind.Date or ClickHouseTypeKind.Date32 or ClickHouseTypeKind.DateTime or ClickHouseTypeKind.DateTime64
                or ClickHouseTypeKind.Time or ClickHouseTypeKind.Time64 or ClickHouseTypeKind.UUID or ClickHouseTypeKind.Enum8 or ClickHouseTypeKind.Enum16:
                return ExpectString(ClickHouseText.Format(type, value), json);
            case ClickHouseTypeKind.Array:
                return CompareItems(type.Arguments[0], (IEnumerable<object?>)value, json);
            case ClickHouseTypeKind.QBit:
                return CompareItems(type.Arguments[0], ((System.Collections.IEnumerable)value).Cast<object?>(), json);
            case ClickHouseTypeKind.Tuple:
                {
                    var elements = (object?[])value;
                    if (type.HasElementNames && json.ValueKind == JsonValueKind.Object)
                    {
                        for (int i = 0; i < elements.Length; i++)
                        {
                            string? problem = Compare(type.Arguments[i], elements[i], json.GetProperty(type.ElementNames[i]!));
                            if (problem is not null)
                            {
                                return $"element {type.ElementNames[i]}: {problem}";
                            }
                        }
                        return null;
                    }
                    return CompareElements(type.Arguments, elements, json);
                }
            case ClickHouseTypeKind.Map:
                {
                    var entries = (List<KeyValuePair<object, object?>>)value;
                    if (json.ValueKind != JsonValueKind.Object)
                    {
                        return $"expected an object, ClickHouse has {json.GetRawText()}";
                    }
                    List<JsonProperty> properties = json.EnumerateObject().ToList();
                    if (properties.Count != entries.Count)
                    {
                        return $"expected {entries.Count} entries, ClickHouse has {properties.Count}";
                    }
                    for (int i = 0; i < entries.Count; i++)
                    {
                        string key = entries[i].Key as string ?? ClickHouseText.Format(type.Arguments[0].UnwrapNullable(), entries[i].Key);
                        if (properties[i].Name != key)
                        {
                            return $"entry {i}: expected key {key}, ClickHouse has {properties[i].Name}";
                        }
                        string? problem = Compare(type.Arguments[1], entries[i].Value, properties[i].Value);
                        if (problem is not null)
                        {
                            return $"entry {key}: {problem}";
                        }
                    }
                    return null;
                }
            case ClickHouseTypeKind.Json:
                {
                    using JsonDocument expected = JsonDocument.Parse((string)value);
                    return JsonEquals(expected.RootElement, json) ? null : $"expected {value}, ClickHouse has {json.GetRawText()}";
                }
            case ClickHouseTypeKind.Point:
                {
                    var (x, y) = ((double X, double Y))value;
                    return CompareElements([KnownFloat64, KnownFloat64], [x, y], json);
                }
            case ClickHouseTypeKind.Ring or ClickHouseTypeKind.LineString or ClickHouseTypeKind.MultiPoint or ClickHouseTypeKind.Polygon
                or ClickHouseTypeKind.MultiLineString or ClickHouseTypeKind.MultiPolygon:
                return CompareGeometry(value, json);
            default:
                return $"no comparison for {type}";
        }
    }

    private static readonly ClickHouseType KnownFloat64 = ClickHouseType.Parse("Float64");
    private static readonly ClickHouseType KnownPoint = ClickHouseType.Parse("Point");

    private static string? CompareGeometry(object value, JsonElement json)
    {
        if (value is ValueTuple<double, double>)
        {
            return Compare(KnownPoint, value, json);
        }
        var items = ((Array)value).Cast<object>().ToList();
        if (json.ValueKind != JsonValueKind.Array || json.GetArrayLength() != items.Count)
        {
            return $"expected {items.Count} elements, ClickHouse has {json.GetRawText()}";
        }
        int i = 0;
        foreach (JsonElement item in json.EnumerateArray())
        {
            string? problem = CompareGeometry(items[i], item);
            if (problem is not null)
            {
                return $"[{i}]: {problem}";
            }
            i++;
        }
        return null;
    }

    private static string? CompareItems(ClickHouseType elementType, IEnumerable<object?> items, JsonElement json)
    {
        List<object?> list = items.ToList();
        return CompareElements(Enumerable.Repeat(elementType, list.Count).ToList(), list, json);
    }

    private static string? CompareElements(IReadOnlyList<ClickHouseType> types, IReadOnlyList<object?> values, JsonElement json)
    {
        if (json.ValueKind != JsonValueKind.Array || json.GetArrayLength() != values.Count)
        {
            return $"expected {values.Count} elements, ClickHouse has {json.GetRawText()}";
        }
        int i = 0;
        foreach (JsonElement item in json.EnumerateArray())
        {
            string? problem = Compare(types[i], values[i], item);
            if (problem is not null)
            {
                return $"[{i}]: {problem}";
            }
            i++;
        }
        return null;
    }

    private static string? ExpectNull(JsonElement json) => json.ValueKind == JsonValueKind.Null ? null : $"expected NULL, ClickHouse has {json.GetRawText()}";

    private static string? ExpectString(string expected, JsonElement json)
        => json.ValueKind == JsonValueKind.String && json.GetString() == expected ? null : $"expected \"{expected}\", ClickHouse has {json.GetRawText()}";

    private static string? NonFinite(double expected, JsonElement json)
    {
        // ClickHouse prints NaN and infinities as null in JSON (or as quoted text with output_format_json_quote_denormals).
        if (json.ValueKind == JsonValueKind.Null)
        {
            return null;
        }
        string text = json.ValueKind == JsonValueKind.String ? json.GetString()! : json.GetRawText();
        return text == ClickHouseText.FloatText(expected) ? null : $"expected {expected}, ClickHouse has {json.GetRawText()}";
    }

    private static string NumberText(JsonElement json) => json.ValueKind switch
    {
        JsonValueKind.Number => json.GetRawText(),
        JsonValueKind.String => json.GetString()!,
        _ => throw new FormatException($"expected a number, found {json.GetRawText()}"),
    };

    private static ClickHouseDecimal ParseDecimal(string text)
    {
        int e = text.IndexOfAny(['e', 'E']);
        if (e < 0)
        {
            return ClickHouseDecimal.Parse(text);
        }
        ClickHouseDecimal mantissa = ClickHouseDecimal.Parse(text[..e]);
        int exponent = int.Parse(text[(e + 1)..], CultureInfo.InvariantCulture);
        return exponent >= 0
            ? new ClickHouseDecimal(mantissa.Mantissa * BigInteger.Pow(10, exponent), mantissa.Scale)
            : new ClickHouseDecimal(mantissa.Mantissa, mantissa.Scale - exponent);
    }

    /// <summary>A JSON number as digits times a power of ten, trailing zeros removed, so equal numbers compare equal.</summary>
    private static (BigInteger Digits, int Exponent) ExactNumber(string text)
    {
        int e = text.IndexOfAny(['e', 'E']);
        int exponent = e < 0 ? 0 : int.Parse(text[(e + 1)..], CultureInfo.InvariantCulture);
        string mantissa = e < 0 ? text : text[..e];
        int point = mantissa.IndexOf('.', StringComparison.Ordinal);
        if (point >= 0)
        {
            exponent -= mantissa.Length - point - 1;
            mantissa = mantissa.Remove(point, 1);
        }
        BigInteger digits = BigInteger.Parse(mantissa, CultureInfo.InvariantCulture);
        if (digits.IsZero)
        {
            return (BigInteger.Zero, 0);
        }
        while ((digits % 10).IsZero)
        {
            digits /= 10;
            exponent++;
        }
        return (digits, exponent);
    }

    /// <summary>JSON equality with numbers compared by value and object members in any order.</summary>
    public static bool JsonEquals(JsonElement left, JsonElement right)
    {
        if (left.ValueKind == JsonValueKind.Number && right.ValueKind == JsonValueKind.Number)
        {
            return ExactNumber(left.GetRawText()) == ExactNumber(right.GetRawText());
        }
        if (left.ValueKind != right.ValueKind)
        {
            return false;
        }
        switch (left.ValueKind)
        {
            case JsonValueKind.Object:
                {
                    var leftMembers = left.EnumerateObject().ToDictionary(p => p.Name, p => p.Value, StringComparer.Ordinal);
                    var rightMembers = right.EnumerateObject().ToDictionary(p => p.Name, p => p.Value, StringComparer.Ordinal);
                    return leftMembers.Count == rightMembers.Count
                        && leftMembers.All(m => rightMembers.TryGetValue(m.Key, out JsonElement other) && JsonEquals(m.Value, other));
                }
            case JsonValueKind.Array:
                return left.GetArrayLength() == right.GetArrayLength()
                    && left.EnumerateArray().Zip(right.EnumerateArray()).All(pair => JsonEquals(pair.First, pair.Second));
            case JsonValueKind.String:
                return left.GetString() == right.GetString();
            default:
                return true;
        }
    }
}
