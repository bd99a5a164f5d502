using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text.Json;

namespace ClickHouse.RowBinary;

internal enum JsonShapeKind
{
    Nothing,
    Bool,
    Int64,
    UInt64,
    Float64,
    String,
    Array,
    Object,
    Dynamic,
}

/// <summary>
/// The ClickHouse type a JSON value gets in a JSON column, inferred as ClickHouse 26.9 infers it: integers are
/// Int64 (UInt64 above its range, String beyond UInt64), other numbers Float64, strings String, booleans Bool;
/// array elements unify (booleans join numbers or strings, integers join floats, nulls join anything) into
/// <c>Array(Nullable(T))</c>, arrays of objects into <c>Array(JSON)</c> with a quarter of the paths and half the types,
/// and elements that do not unify make <c>Array(Dynamic)</c>.
/// </summary>
internal sealed class JsonShape
{
    private static readonly JsonShape s_nothing = new(JsonShapeKind.Nothing);
    private static readonly JsonShape s_bool = new(JsonShapeKind.Bool);
    private static readonly JsonShape s_int64 = new(JsonShapeKind.Int64);
    private static readonly JsonShape s_negativeInt64 = new(JsonShapeKind.Int64) { HasNegative = true };
    private static readonly JsonShape s_uint64 = new(JsonShapeKind.UInt64);
    private static readonly JsonShape s_float64 = new(JsonShapeKind.Float64);
    private static readonly JsonShape s_string = new(JsonShapeKind.String);
    private static readonly JsonShape s_object = new(JsonShapeKind.Object);
    private static readonly JsonShape s_nullableObject = new(JsonShapeKind.Object) { HasNull = true };
    private static readonly JsonShape s_dynamic = new(JsonShapeKind.Dynamic);

    private JsonShape(JsonShapeKind kind, JsonShape? element = null)
    {
        Kind = kind;
        Element = element;
    }

    public JsonShapeKind Kind { get; }

    /// <summary>The unified element shape of an array.</summary>
    public JsonShape? Element { get; }

    /// <summary>An Int64 shape that holds a negative number, which keeps it from joining UInt64.</summary>
    public bool HasNegative { get; private init; }

    /// <summary>An object shape that met a null among its siblings: <c>Nullable(JSON)</c>.</summary>
    public bool HasNull { get; private init; }

    public static JsonShape Infer(JsonElement value, string path)
    {
        switch (value.ValueKind)
        {
            case JsonValueKind.Null:
                return s_nothing;
            case JsonValueKind.True:
            case JsonValueKind.False:
                return s_bool;
            case JsonValueKind.String:
                return s_string;
            case JsonValueKind.Number:
                return InferNumber(value, path);
            case JsonValueKind.Object:
                return s_object;
            case JsonValueKind.Array:
                {
                    var elements = new List<JsonShape>();
                    foreach (JsonElement item in value.EnumerateArray())
                    {
                        elements.Add(Infer(item, path));
                    }
                    return new JsonShape(JsonShapeKind.Array, Unify(elements) ?? s_dynamic);
                }
            default:
                throw new RowBinaryException($"JSON path '{path}' holds an unexpected {value.ValueKind} value.", clickHouseType: "JSON");
        }
    }

    private static JsonShape InferNumber(JsonElement value, string path)
    {
        string raw = value.GetRawText();
        if (raw.AsSpan().IndexOfAny('.', 'e', 'E') >= 0)
        {
            ParseFloat64(raw, path);
            return s_float64;
        }
        if (value.TryGetInt64(out long signed))
        {
            return signed < 0 ? s_negativeInt64 : s_int64;
        }
        return value.TryGetUInt64(out _) ? s_uint64 : s_string;
    }

    /// <summary>Parses a JSON number as Float64; a number beyond its range is an error, as in ClickHouse.</summary>
    public static double ParseFloat64(string raw, string path)
    {
        double number = double.Parse(raw, NumberStyles.Float, CultureInfo.InvariantCulture);
        if (!double.IsFinite(number))
        {
            throw new RowBinaryException($"JSON path '{path}' holds the number {raw}, which is beyond the range of Float64.", clickHouseType: "JSON");
        }
        return number;
    }

    /// <summary>The shape all elements take together, or null when they do not unify.</summary>
    private static JsonShape? Unify(List<JsonShape> shapes)
    {
        bool hasNull = false;
        bool allNumeric = true;
        bool allText = true;
        bool allArrays = true;
        bool allObjects = true;
        bool anyFloat = false;
        bool anyUnsigned = false;
        bool anyNegative = false;
        bool allBool = true;
        int count = 0;
        foreach (JsonShape shape in shapes)
        {
            if (shape.Kind == JsonShapeKind.Nothing)
            {
                hasNull = true;
                continue;
            }
            if (shape.Kind == JsonShapeKind.Dynamic)
            {
                return s_dynamic;
            }
            count++;
            bool isBool = shape.Kind == JsonShapeKind.Bool;
            allBool &= isBool;
            allNumeric &= isBool || shape.Kind is JsonShapeKind.Int64 or JsonShapeKind.UInt64 or JsonShapeKind.Float64;
            allText &= isBool || shape.Kind == JsonShapeKind.String;
            allArrays &= shape.Kind == JsonShapeKind.Array;
            allObjects &= shape.Kind == JsonShapeKind.Object;
            anyFloat |= shape.Kind == JsonShapeKind.Float64;
            anyUnsigned |= shape.Kind == JsonShapeKind.UInt64;
            anyNegative |= shape.HasNegative;
        }
        if (count == 0)
        {
            return s_nothing;
        }
        if (allNumeric)
        {
            if (allBool)
            {
                return s_bool;
            }
            if (anyFloat)
            {
                return s_float64;
            }
            if (anyUnsigned)
            {
                return anyNegative ? null : s_uint64;
            }
            return anyNegative ? s_negativeInt64 : s_int64;
        }
        if (allText)
        {
            return s_string;
        }
        if (allArrays)
        {
            var elements = new List<JsonShape>(count);
            foreach (JsonShape shape in shapes)
            {
                if (shape.Kind == JsonShapeKind.Array)
                {
                    elements.Add(shape.Element!);
                }
            }
            JsonShape? element = Unify(elements);
            return element is null ? null : new JsonShape(JsonShapeKind.Array, element);
        }
        if (allObjects)
        {
            return hasNull ? s_nullableObject : s_object;
        }
        return null;
    }

    /// <summary>
    /// The ClickHouse type of this shape. <paramref name="objectType"/> is the JSON type objects take here;
    /// <paramref name="isElement"/> makes scalars Nullable, as array elements are.
    /// </summary>
    public ClickHouseType ToType(ClickHouseType objectType, bool isElement)
    {
        switch (Kind)
        {
            case JsonShapeKind.Nothing: return KnownTypes.Get("Nullable(String)");
            case JsonShapeKind.Bool: return Scalar(KnownTypes.Bool, isElement);
            case JsonShapeKind.Int64: return Scalar(KnownTypes.Int64, isElement);
            case JsonShapeKind.UInt64: return Scalar(KnownTypes.UInt64, isElement);
            case JsonShapeKind.Float64: return Scalar(KnownTypes.Float64, isElement);
            case JsonShapeKind.String: return Scalar(KnownTypes.String, isElement);
            case JsonShapeKind.Array: return KnownTypes.Get("Array(" + Element!.ToType(objectType, isElement: true) + ")");
            case JsonShapeKind.Object: return isElement && HasNull ? KnownTypes.Get("Nullable(" + objectType + ")") : objectType;
            default: return KnownTypes.Dynamic;
        }
    }

    private static ClickHouseType Scalar(ClickHouseType type, bool isElement) => isElement ? KnownTypes.Get("Nullable(" + type + ")") : type;

    /// <summary>The type ClickHouse gives objects nested in arrays under a JSON type: a quarter of its paths, half its types.</summary>
    public static ClickHouseType NestedObjectType(ClickHouseType jsonType)
    {
        int paths = (jsonType.MaxDynamicPaths ?? BinaryTypeIndex.DefaultJsonMaxDynamicPaths) / 4;
        int types = (jsonType.MaxDynamicTypes ?? BinaryTypeIndex.DefaultJsonMaxDynamicTypes) / 2;
        return KnownTypes.Get(string.Create(CultureInfo.InvariantCulture, $"JSON(max_dynamic_paths={paths}, max_dynamic_types={types})"));
    }
}
