using System;
using System.Diagnostics.CodeAnalysis;

namespace ClickHouse.RowBinary;

/// <summary>Throws from cold, non-inlined methods so that the hot paths stay small.</summary>
internal static class ThrowHelper
{
    [DoesNotReturn]
    public static void ThrowNullString()
        => throw new RowBinaryException("A String value cannot be null; declare the member as nullable and the column as Nullable(String).", clickHouseType: "String");

    [DoesNotReturn]
    public static void ThrowNullValue(string clickHouseType) => throw NullValue(clickHouseType);

    /// <summary>The one message for a null where a type has no NULL: many (Array, Map, ...) cannot be Nullable at all.</summary>
    public static RowBinaryException NullValue(string clickHouseType)
        => new($"A null value cannot be written as {clickHouseType}: ClickHouse has no NULL for it. Give the member a value, or declare a Nullable column where ClickHouse allows one.", clickHouseType: clickHouseType);

    [DoesNotReturn]
    public static void ThrowFixedStringTooLong(int actual, int length)
        => throw new RowBinaryException($"A value of {actual} bytes does not fit FixedString({length}); values longer than N are not truncated.", clickHouseType: $"FixedString({length})");

    [DoesNotReturn]
    public static void ThrowOutOfRange(string clickHouseType, object? value, string range)
        => throw new RowBinaryException($"The value {value} is outside the range of {clickHouseType} ({range}).", clickHouseType: clickHouseType);

    [DoesNotReturn]
    public static void ThrowEndOfData(long offset, int needed, long available, string what)
        => throw new RowBinaryException($"Unexpected end of data at byte offset {offset} reading {what}: expected {needed} more bytes, {available} remain.", offset, what);

    [DoesNotReturn]
    public static void ThrowInvalid(long offset, string clickHouseType, string message)
        => throw new RowBinaryException($"Invalid {clickHouseType} at byte offset {offset}: {message}", offset, clickHouseType);
}
