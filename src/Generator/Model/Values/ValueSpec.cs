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
}
