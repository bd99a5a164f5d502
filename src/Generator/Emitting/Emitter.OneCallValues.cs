using ClickHouse.RowBinary.Generator.Model;

namespace ClickHouse.RowBinary.Generator.Emitting;

internal sealed partial class Emitter
{
    /// <summary>
    /// Whether a value is written by one statement and read by one expression, with no column methods of its own: a
    /// scalar; an array of numbers whose memory is their encoding, of strings, of UUIDs, of points or of Nothing; a Nullable
    /// string, number or Nothing. The calls are RowBinaryGeneratedSupport's (Arrays, Values).
    /// </summary>
    private static bool IsOneCall(ValueSpec spec) => spec switch
    {
        ScalarValueSpec => true,
        ArrayValueSpec array => ArrayWrite(array, "") is not null && ArrayRead(array) is not null,
        NullableValueSpec nullable => NullableWrite(nullable, "") is not null && IsSimpleRead(nullable),
        TupleValueSpec tuple => IsPoint(tuple),
        _ => false,
    };

    /// <summary>The expression that reads a value of <see cref="IsOneCall"/>, from <c>reader</c>.</summary>
    private string OneCallRead(ValueSpec spec)
    {
        int mark = _code.Length;
        string read = EmitRead(spec, "value", new LocalNames("reader"), targetTyped: true);
        return _code.Length == mark ? read : throw new System.InvalidOperationException($"The read of {spec.ClickHouseType} is not one expression.");
    }

    /// <summary>What an Array's elements are, where one runtime call writes or reads the whole array.</summary>
    private enum ArrayElements
    {
        None,
        Numbers,
        Strings,
        Uuids,
        Points,
        Nothing,
    }

    private static ArrayElements ElementsOf(ArrayValueSpec array) => array.Element switch
    {
        ScalarValueSpec { IsBlittable: true } => ArrayElements.Numbers,
        _ when array.Dimension > 0 => ArrayElements.None,
        ScalarValueSpec { IsText: true, CacheStrings: false } => ArrayElements.Strings,
        ScalarValueSpec { Encoding: ScalarEncoding.Uuid, Holder: ScalarHolder.Natural } => ArrayElements.Uuids,
        TupleValueSpec point when IsPoint(point) => ArrayElements.Points,
        NothingValueSpec => ArrayElements.Nothing,
        _ => ArrayElements.None,
    };

    /// <summary>A Point, or any <c>Tuple(Float64, Float64)</c> held by a <c>(double, double)</c>.</summary>
    private static bool IsPoint(TupleValueSpec tuple) => tuple.Elements.Count == 2 && IsFloat64(tuple.Elements[0]) && IsFloat64(tuple.Elements[1]);

    private static bool IsFloat64(ValueSpec spec) => spec is ScalarValueSpec { Encoding: ScalarEncoding.Float64, Holder: ScalarHolder.Natural };

    /// <summary>The statement (without its semicolon) that writes an array in one call, null check included; null when there is none.</summary>
    private static string? ArrayWrite(ArrayValueSpec array, string value)
    {
        string element = array.Element.TypeName;
        string type = Literal(array.ClickHouseType);
        return (ElementsOf(array), array.Kind) switch
        {
            (ArrayElements.Numbers, CollectionKind.Array) when array.Dimension > 0 => $"{RuntimeSupport}.WriteQBit<{element}>(ref writer, {value}, {Number(array.Dimension)}, {type})",
            (ArrayElements.Numbers, _) when array.Dimension > 0 => null,
            (ArrayElements.Numbers, CollectionKind.Array or CollectionKind.List or CollectionKind.ImmutableArray) => $"{RuntimeSupport}.WriteArray<{element}>(ref writer, {value}, {type})",
            (ArrayElements.Strings, CollectionKind.Array or CollectionKind.List) => $"{RuntimeSupport}.WriteStrings(ref writer, {value}, {type})",
            (ArrayElements.Uuids, CollectionKind.Array or CollectionKind.List or CollectionKind.ImmutableArray) => $"{RuntimeSupport}.WriteUuids(ref writer, {value}, {type})",
            (ArrayElements.Points, CollectionKind.Array or CollectionKind.List) => $"{RuntimeSupport}.WritePoints(ref writer, {value}, {type})",
            (ArrayElements.Nothing, CollectionKind.Array) => $"{RuntimeSupport}.WriteNothingArray<{element}>(ref writer, {value}, {type})",
            _ => null,
        };
    }

    /// <summary>The expression that reads an array in one call; null when there is none.</summary>
    private static string? ArrayRead(ArrayValueSpec array)
    {
        string element = array.Element.TypeName;
        string type = Literal(array.ClickHouseType);
        bool isArray = array.Kind is CollectionKind.Array or CollectionKind.ReadOnlyListInterface or CollectionKind.ListInterface;
        return (ElementsOf(array), array.Kind) switch
        {
            (ArrayElements.Numbers, _) when array.Dimension > 0 => isArray ? $"{RuntimeSupport}.ReadQBit<{element}>(ref reader, {Number(array.Dimension)}, {type})" : null,
            (ArrayElements.Numbers, CollectionKind.List) => $"{RuntimeSupport}.ReadList<{element}>(ref reader, {type})",
            (ArrayElements.Numbers, CollectionKind.ImmutableArray) => $"global::System.Runtime.InteropServices.ImmutableCollectionsMarshal.AsImmutableArray({RuntimeSupport}.ReadArray<{element}>(ref reader, {type}))",
            (ArrayElements.Numbers, _) => $"{RuntimeSupport}.ReadArray<{element}>(ref reader, {type})",
            (ArrayElements.Strings, CollectionKind.List) => $"{RuntimeSupport}.ReadStringList(ref reader, {type})",
            (ArrayElements.Strings, _) when isArray => $"{RuntimeSupport}.ReadStrings(ref reader, {type})",
            (ArrayElements.Uuids, CollectionKind.List) => $"{RuntimeSupport}.ReadUuidList(ref reader, {type})",
            (ArrayElements.Uuids, CollectionKind.ImmutableArray) => $"global::System.Runtime.InteropServices.ImmutableCollectionsMarshal.AsImmutableArray({RuntimeSupport}.ReadUuids(ref reader, {type}))",
            (ArrayElements.Uuids, _) when isArray => $"{RuntimeSupport}.ReadUuids(ref reader, {type})",
            (ArrayElements.Points, CollectionKind.List) => $"{RuntimeSupport}.ReadPointList(ref reader, {type})",
            (ArrayElements.Points, _) when isArray => $"{RuntimeSupport}.ReadPoints(ref reader, {type})",
            (ArrayElements.Nothing, _) when isArray => $"{RuntimeSupport}.ReadNothingArray<{element}>(ref reader, {type})",
            _ => null,
        };
    }

    /// <summary>The statement (without its semicolon) that writes a point.</summary>
    private static string PointWrite(string value) => $"{RuntimeSupport}.WritePoint(ref writer, {value})";

    /// <summary>The statement (without its semicolon) that writes a Nullable in one call; null when there is none.</summary>
    private static string? NullableWrite(NullableValueSpec nullable, string value) => nullable.Inner switch
    {
        ScalarValueSpec { IsText: true } => $"{RuntimeSupport}.WriteNullableString(ref writer, {value})",
        ScalarValueSpec { IsBlittable: true } number when nullable.IsNullableValueType => $"{RuntimeSupport}.WriteNullable<{number.TypeName}>(ref writer, {value})",
        NothingValueSpec => $"{RuntimeSupport}.WriteNullNothing(ref writer, {value}, {Literal(nullable.ClickHouseType)})",
        _ => null,
    };
}
