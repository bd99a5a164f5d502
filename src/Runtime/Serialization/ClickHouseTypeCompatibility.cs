using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>Whether data of one ClickHouse type can be read as another: true exactly when the RowBinary bytes are the same.</summary>
internal static class ClickHouseTypeCompatibility
{
    /// <summary>
    /// Compares after setting aside what is not in the bytes: LowCardinality and SimpleAggregateFunction
    /// wrappers, Nested as the Array of Tuples it is, the time zone of DateTime and DateTime64, tuple element names,
    /// enum labels and the stride of QBit (a storage layout); recursively inside Nullable, Array, Map and Tuple.
    /// Everything else (Variant, whose discriminators follow the member type names, a QBit's element type and
    /// dimension, and each geo type, which ClickHouse keeps apart even where the bytes agree) must be equal.
    /// </summary>
    public static bool Fits(ClickHouseType expected, ClickHouseType actual)
    {
        expected = WithoutNested(expected.Unwrap());
        actual = WithoutNested(actual.Unwrap());
        if (expected.Kind != actual.Kind)
        {
            return false;
        }
        switch (expected.Kind)
        {
            case ClickHouseTypeKind.DateTime:
                return true;
            case ClickHouseTypeKind.DateTime64:
                return expected.Precision == actual.Precision;
            case ClickHouseTypeKind.QBit:
                return expected.Dimension == actual.Dimension && expected.Arguments[0].Equals(actual.Arguments[0]);
            case ClickHouseTypeKind.Enum8:
            case ClickHouseTypeKind.Enum16:
                return SameValues(expected.EnumMembers, actual.EnumMembers);
            case ClickHouseTypeKind.Nullable:
            case ClickHouseTypeKind.Array:
            case ClickHouseTypeKind.Map:
            case ClickHouseTypeKind.Tuple:
                return ArgumentsFit(expected.Arguments, actual.Arguments);
            default:
                return expected.Equals(actual);
        }
    }

    /// <summary>
    /// <c>Nested(a A, ..)</c> inside another type as the <c>Array(Tuple(a A, ..))</c> it is: RowBinaryWithNamesAndTypes
    /// headers spell it so, Native headers as it was declared.
    /// </summary>
    private static ClickHouseType WithoutNested(ClickHouseType type)
        => type.Kind == ClickHouseTypeKind.Nested ? NativeLayout.Expand(type) : type;

    private static bool ArgumentsFit(IReadOnlyList<ClickHouseType> expected, IReadOnlyList<ClickHouseType> actual)
    {
        if (expected.Count != actual.Count)
        {
            return false;
        }
        for (int i = 0; i < expected.Count; i++)
        {
            if (!Fits(expected[i], actual[i]))
            {
                return false;
            }
        }
        return true;
    }

    /// <summary>Enum members are ordered by value, so equal value lists mean equal value sets.</summary>
    private static bool SameValues(IReadOnlyList<KeyValuePair<string, short>> expected, IReadOnlyList<KeyValuePair<string, short>> actual)
    {
        if (expected.Count != actual.Count)
        {
            return false;
        }
        for (int i = 0; i < expected.Count; i++)
        {
            if (expected[i].Value != actual[i].Value)
            {
                return false;
            }
        }
        return true;
    }
}
