using System.Collections.Generic;

namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>
/// How one C# value is written and read as one ClickHouse type: a tree that mirrors the ClickHouse type.
/// </summary>
/// <param name="TypeName">The fully qualified C# type, with <c>?</c> where it is nullable.</param>
/// <param name="ClickHouseType">The canonical ClickHouse type, as the server prints it.</param>
/// <param name="IsReferenceType">True when the C# value can be null.</param>
/// <param name="MinimumByteSize">The fewest bytes one value takes in RowBinary: bounds collection lengths before allocating.</param>
/// <param name="DefaultCheck">How RowBinaryWithDefaults tells that the value is its C# default.</param>
internal abstract record ValueSpec(
    string TypeName,
    string ClickHouseType,
    bool IsReferenceType,
    int MinimumByteSize,
    DefaultCheck DefaultCheck)
{
    /// <summary>The fewest bytes of two values one after the other, saturating at int.MaxValue rather than overflowing.</summary>
    public static int AddSizes(int first, int second) => (int)System.Math.Min((long)first + second, int.MaxValue);

    /// <summary>
    /// Adds every scalar in this value to <paramref name="scalars"/>, in column order: through Nullable, Array, Map,
    /// Tuple and Variant, and with <paramref name="intoRows"/> also through the row types nested as a Tuple or a Nested.
    /// </summary>
    public void CollectScalars(List<ScalarValueSpec> scalars, bool intoRows)
    {
        switch (this)
        {
            case ScalarValueSpec scalar:
                scalars.Add(scalar);
                break;
            case NullableValueSpec nullable:
                nullable.Inner.CollectScalars(scalars, intoRows);
                break;
            case ArrayValueSpec array:
                array.Element.CollectScalars(scalars, intoRows);
                break;
            case MapValueSpec map:
                map.Key.CollectScalars(scalars, intoRows);
                map.Value.CollectScalars(scalars, intoRows);
                break;
            case TupleValueSpec tuple:
                foreach (ValueSpec element in tuple.Elements)
                {
                    element.CollectScalars(scalars, intoRows);
                }
                break;
            case VariantValueSpec variant:
                foreach (ValueSpec arm in variant.Arms)
                {
                    arm.CollectScalars(scalars, intoRows);
                }
                break;
            case RowTupleValueSpec rowTuple when intoRows:
                foreach (FieldSpec field in rowTuple.Row.Fields)
                {
                    field.Value.CollectScalars(scalars, intoRows);
                }
                break;
            case NestedValueSpec nested when intoRows:
                foreach (FieldSpec field in nested.Row.Fields)
                {
                    field.Value.CollectScalars(scalars, intoRows);
                }
                break;
        }
    }
}
