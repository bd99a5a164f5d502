using ClickHouse.RowBinary.Generator.Model;

namespace ClickHouse.RowBinary.Generator.Emitting;

internal sealed partial class Emitter
{
    /// <summary>
    /// Whether a value is written and read by one call, with no column methods of its own: a scalar, or an array of
    /// numbers whose memory is their encoding (RowBinaryGeneratedSupport.Arrays).
    /// </summary>
    private static bool IsOneCall(ValueSpec spec)
        => spec is ScalarValueSpec || (spec is ArrayValueSpec array && IsBulkWrite(array) && IsBulkRead(array));

    /// <summary>The one call that reads a value of <see cref="IsOneCall"/>, from <c>reader</c>.</summary>
    private string OneCallRead(ValueSpec spec)
        => spec is ScalarValueSpec scalar ? ScalarCode.Read(scalar, _spec.SupportClass) : BulkRead((ArrayValueSpec)spec);

    /// <summary>An array of blittable numbers held where a span reaches it: written in one call.</summary>
    private static bool IsBulkWrite(ArrayValueSpec array)
        => array.Element is ScalarValueSpec { IsBlittable: true }
            && (array.Dimension == 0 ? array.Kind is CollectionKind.Array or CollectionKind.List or CollectionKind.ImmutableArray : array.Kind == CollectionKind.Array);

    /// <summary>An array of blittable numbers that a new array or list holds: read in one call.</summary>
    private static bool IsBulkRead(ArrayValueSpec array)
        => array.Element is ScalarValueSpec { IsBlittable: true }
            && (array.Dimension == 0 || array.Kind is not (CollectionKind.List or CollectionKind.ImmutableArray));

    /// <summary>The statement (without its semicolon) that writes an array of <see cref="IsBulkWrite"/>, null check included.</summary>
    private static string BulkWrite(ArrayValueSpec array, string value)
    {
        string element = array.Element.TypeName;
        string type = Literal(array.ClickHouseType);
        return array.Dimension > 0
            ? $"{RuntimeSupport}.WriteQBit<{element}>(ref writer, {value}, {Number(array.Dimension)}, {type})"
            : $"{RuntimeSupport}.WriteArray<{element}>(ref writer, {value}, {type})";
    }

    /// <summary>The expression that reads an array of <see cref="IsBulkRead"/>.</summary>
    private static string BulkRead(ArrayValueSpec array)
    {
        string element = array.Element.TypeName;
        string type = Literal(array.ClickHouseType);
        if (array.Dimension > 0)
        {
            return $"{RuntimeSupport}.ReadQBit<{element}>(ref reader, {Number(array.Dimension)}, {type})";
        }
        return array.Kind switch
        {
            CollectionKind.List => $"{RuntimeSupport}.ReadList<{element}>(ref reader, {type})",
            CollectionKind.ImmutableArray => $"global::System.Runtime.InteropServices.ImmutableCollectionsMarshal.AsImmutableArray({RuntimeSupport}.ReadArray<{element}>(ref reader, {type}))",
            _ => $"{RuntimeSupport}.ReadArray<{element}>(ref reader, {type})",
        };
    }
}
