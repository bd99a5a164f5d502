using System;
using System.Collections;
using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace ClickHouse.RowBinary;

/// <summary>
/// Structural equality for values in the object model of <see cref="ClickHouseValueCodec"/>: arrays and lists by
/// element, map entries by key and value, tuples by element, decimals by numeric value, NaN equal to NaN.
/// </summary>
internal static class ClickHouseValueEquality
{
    public static bool AreEqual(object? left, object? right)
    {
        if (ReferenceEquals(left, right))
        {
            return true;
        }
        if (left is null || right is null)
        {
            return false;
        }
        switch (left)
        {
            case string leftText:
                return right is string rightText && string.Equals(leftText, rightText, StringComparison.Ordinal);
            case byte[] leftBytes:
                return right is byte[] rightBytes && leftBytes.AsSpan().SequenceEqual(rightBytes);
            case ClickHouseDynamic leftDynamic:
                return right is ClickHouseDynamic rightDynamic && leftDynamic.Equals(rightDynamic);
            case KeyValuePair<object, object?> leftEntry:
                return right is KeyValuePair<object, object?> rightEntry
                    && AreEqual(leftEntry.Key, rightEntry.Key) && AreEqual(leftEntry.Value, rightEntry.Value);
            case decimal leftDecimal when right is ClickHouseDecimal rightExact:
                return new ClickHouseDecimal(leftDecimal) == rightExact;
            case ClickHouseDecimal leftExact when right is decimal rightDecimal:
                return leftExact == new ClickHouseDecimal(rightDecimal);
            case ITuple leftTuple when right is ITuple rightTuple:
                if (leftTuple.Length != rightTuple.Length)
                {
                    return false;
                }
                for (int i = 0; i < leftTuple.Length; i++)
                {
                    if (!AreEqual(leftTuple[i], rightTuple[i]))
                    {
                        return false;
                    }
                }
                return true;
            case IEnumerable leftItems when right is IEnumerable rightItems and not string:
                return SequenceEquals(leftItems, rightItems);
            default:
                return left.Equals(right);
        }
    }

    public static int GetHashCode(object? value) => value switch
    {
        null => 0,
        string text => StringComparer.Ordinal.GetHashCode(text),
        ICollection collection => collection.Count,
        _ => value.GetHashCode(),
    };

    private static bool SequenceEquals(IEnumerable left, IEnumerable right)
    {
        IEnumerator leftItems = left.GetEnumerator();
        IEnumerator rightItems = right.GetEnumerator();
        while (true)
        {
            bool leftMore = leftItems.MoveNext();
            bool rightMore = rightItems.MoveNext();
            if (leftMore != rightMore)
            {
                return false;
            }
            if (!leftMore)
            {
                return true;
            }
            if (!AreEqual(leftItems.Current, rightItems.Current))
            {
                return false;
            }
        }
    }
}
