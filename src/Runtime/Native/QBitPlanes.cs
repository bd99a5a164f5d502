
namespace ClickHouse.RowBinary;

/// <summary>
/// How Native lays out a <c>QBit(T, N[, stride])</c> column: its elements split into groups of <c>stride</c> (one group
/// without a stride), and per group one bit plane per bit of <c>T</c>, most significant first, each a FixedString of
/// <c>stride / 8</c> bytes (rounded up) for every row. Plane after plane, every row's bytes of a plane before the next
/// plane (a Tuple of FixedStrings). Within a group, element <c>j</c> is bit <c>j % 8</c> of byte
/// <c>bytes - 1 - j / 8</c>: ClickHouse numbers the bits from the end of the plane.
/// </summary>
internal readonly struct QBitPlanes
{
    public QBitPlanes(ClickHouseType type)
    {
        ElementBytes = type.Arguments[0].ByteSize;
        Dimension = type.Dimension;
        Stride = type.Stride ?? type.Dimension;
        PlaneBytes = (Stride + 7) / 8;
        Planes = ElementBytes * 8 * (Dimension / Stride);
    }

    /// <summary>The bytes of one element in RowBinary (1, 2, 4 or 8).</summary>
    public int ElementBytes { get; }

    /// <summary>The number of elements of every vector.</summary>
    public int Dimension { get; }

    /// <summary>The number of elements of a group.</summary>
    public int Stride { get; }

    /// <summary>The bytes of one row in one plane.</summary>
    public int PlaneBytes { get; }

    /// <summary>The number of planes: the element's bits times the groups.</summary>
    public int Planes { get; }

    /// <summary>The bits of an element.</summary>
    public int ElementBits => ElementBytes * 8;

    /// <summary>
    /// Where element <paramref name="element"/> lies: its group's first plane (the plane of the element's most
    /// significant bit), the byte of a row's plane and the bit in that byte.
    /// </summary>
    public (int FirstPlane, int Byte, byte Mask) Locate(int element)
    {
        int group = element / Stride;
        int index = element % Stride;
        return (group * ElementBits, PlaneBytes - 1 - (index / 8), (byte)(1 << (index % 8)));
    }
}
