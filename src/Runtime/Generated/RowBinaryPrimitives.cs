using System;
using System.Buffers.Binary;
using System.ComponentModel;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// Span-level RowBinary encoding, for generated code: a row writes a run of columns into one span reserved with
/// <see cref="RowBinaryWriter.GetSpan"/> and reads a run of fixed-width columns from one span returned by
/// <see cref="RowBinaryReader.TryReadSpan"/>. The conversions that can fail are separate methods, so that generated
/// code runs them before it reserves any bytes and with the column already named.
/// For generated code only, not for users: its members may change in any version. (src/Runtime/Generated holds
/// everything the generator's code calls that applications do not.)
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class RowBinaryPrimitives
{
    /// <summary>
    /// The most bytes generated code reserves for one row at three bytes a char; a row whose strings may need more
    /// reserves exactly what they take instead (<see cref="RowBinaryGeneratedSupport.ExactRunBytes"/>).
    /// </summary>
    public const int MaxRowReservation = 64 * 1024;

    private const int MaxVarUIntLengthBytes = 5;

    /// <summary>
    /// The most bytes <see cref="WriteString"/> needs for <paramref name="value"/>: a varint length and three
    /// UTF-8 bytes per char (plus one char of slack for the encoder). Values that could pass
    /// <see cref="MaxRowReservation"/> report <c>MaxRowReservation + 1</c>, so that a sum over a row's strings
    /// cannot overflow.
    /// </summary>
    /// <exception cref="RowBinaryException">The value is null.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int MaxStringBytes([NotNull] string? value)
    {
        if (value is null)
        {
            ThrowHelper.ThrowNullString();
        }
        return value.Length < MaxRowReservation / 3
            ? MaxVarUIntLengthBytes + (value.Length + 1) * 3
            : MaxRowReservation + 1;
    }

    /// <summary>
    /// Writes a String (the UTF-8 length as a varint, then the UTF-8 bytes) into <paramref name="destination"/>,
    /// which holds at least <see cref="MaxStringBytes"/> bytes, and returns the bytes written. One transcoding
    /// pass: the text goes after a one-byte length slot and moves only when the length needs a longer varint.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int WriteString(Span<byte> destination, string value)
    {
        int written = Encoding.UTF8.GetBytes(value, destination.Slice(1));
        if (written < 0x80)
        {
            destination[0] = (byte)written;
            return written + 1;
        }
        return MoveAfterLongLength(destination, written);
    }

    /// <summary>The bytes of the varint that encodes <paramref name="value"/>: 1 below 128, up to 5.</summary>
    internal static int VarUIntLength(uint value)
    {
        int length = 1;
        for (uint rest = value >> 7; rest != 0; rest >>= 7)
        {
            length++;
        }
        return length;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int MoveAfterLongLength(Span<byte> destination, int written)
    {
        int prefix = VarUIntLength((uint)written);
        destination.Slice(1, written).CopyTo(destination.Slice(prefix)); // overlapping copies move like memmove
        uint length = (uint)written;
        int i = 0;
        while (length >= 0x80)
        {
            destination[i++] = (byte)(length | 0x80);
            length >>= 7;
        }
        destination[i] = (byte)length;
        return prefix + written;
    }

    /// <summary>The Date encoding of a date: UInt16 days since 1970-01-01.</summary>
    /// <exception cref="RowBinaryException">The date is outside 1970-01-01 to 2149-06-06.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ushort ToDateDays(DateOnly value)
    {
        int days = value.DayNumber - ClickHouseTime.UnixEpochDayNumber;
        if ((uint)days > ushort.MaxValue)
        {
            ThrowHelper.ThrowOutOfRange("Date", value.ToString("yyyy-MM-dd", null), "1970-01-01 to 2149-06-06");
        }
        return (ushort)days;
    }

    /// <summary>The Date encoding of the date part of a DateTime.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ushort ToDateDays(DateTime value) => ToDateDays(DateOnly.FromDateTime(value));

    /// <summary>The Date32 encoding of a date: Int32 days since 1970-01-01.</summary>
    /// <exception cref="RowBinaryException">The date is outside 1900-01-01 to 2299-12-31.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int ToDate32Days(DateOnly value)
    {
        int days = value.DayNumber - ClickHouseTime.UnixEpochDayNumber;
        if (days < ClickHouseTime.Date32MinDays || days > ClickHouseTime.Date32MaxDays)
        {
            ThrowHelper.ThrowOutOfRange("Date32", value.ToString("yyyy-MM-dd", null), "1900-01-01 to 2299-12-31");
        }
        return days;
    }

    /// <summary>The Date32 encoding of the date part of a DateTime.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int ToDate32Days(DateTime value) => ToDate32Days(DateOnly.FromDateTime(value));

    /// <summary>
    /// The DateTime encoding of an instant: UInt32 seconds since the Unix epoch. Local times are converted to UTC;
    /// unspecified times are taken as UTC; fractions of a second are dropped.
    /// </summary>
    /// <exception cref="RowBinaryException">The instant is outside 1970-01-01 00:00:00 to 2106-02-07 06:28:15 UTC.</exception>
    public static uint ToDateTimeSeconds(DateTime value)
    {
        long seconds = ClickHouseTime.FloorDiv(ClickHouseTime.UnixTicks(value), TimeSpan.TicksPerSecond);
        if ((ulong)seconds > uint.MaxValue)
        {
            ThrowHelper.ThrowOutOfRange("DateTime", value.ToString("O", null), "1970-01-01 00:00:00 to 2106-02-07 06:28:15 UTC");
        }
        return (uint)seconds;
    }

    /// <summary>The DateTime encoding of the instant a DateTimeOffset names.</summary>
    public static uint ToDateTimeSeconds(DateTimeOffset value) => ToDateTimeSeconds(value.UtcDateTime);

    /// <summary>
    /// The DateTime64(precision) encoding of an instant: Int64 ticks of 10^-precision seconds since the Unix epoch.
    /// </summary>
    /// <exception cref="RowBinaryException">The instant does not fit Int64 at this precision.</exception>
    public static long ToDateTime64Ticks(DateTime value, int precision) => ClickHouseTime.ToDateTime64Ticks(value, precision);

    /// <summary>The DateTime64(precision) encoding of the instant a DateTimeOffset names.</summary>
    public static long ToDateTime64Ticks(DateTimeOffset value, int precision) => ClickHouseTime.ToDateTime64Ticks(value.UtcDateTime, precision);

    /// <summary>Writes a UUID (two little-endian UInt64 halves, the high half first) into the first 16 bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteUuid(Span<byte> destination, Guid value)
    {
        (ulong high, ulong low) = UuidHalves(value);
        BinaryPrimitives.WriteUInt64LittleEndian(destination, high);
        BinaryPrimitives.WriteUInt64LittleEndian(destination.Slice(8), low);
    }

    /// <summary>Reads a UUID from the first 16 bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Guid ReadUuid(ReadOnlySpan<byte> source)
        => UuidFromHalves(BinaryPrimitives.ReadUInt64LittleEndian(source), BinaryPrimitives.ReadUInt64LittleEndian(source.Slice(8)));

    /// <summary>
    /// The UUID's high and low 64-bit halves: its 16 bytes in RFC 4122 (big-endian) order, read as two big-endian
    /// numbers. The first half is the Guid's three leading fields; the second its last eight bytes.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static (ulong High, ulong Low) UuidHalves(Guid value)
    {
        // Guid's own layout: a UInt32, two UInt16 (in the machine's order), then eight bytes as written.
        ReadOnlySpan<byte> bytes = MemoryMarshal.AsBytes(new ReadOnlySpan<Guid>(in value));
        ulong low = BinaryPrimitives.ReadUInt64BigEndian(bytes.Slice(8));
        ulong high = BitConverter.IsLittleEndian
            ? ((ulong)BinaryPrimitives.ReadUInt32LittleEndian(bytes) << 32) | ((ulong)BinaryPrimitives.ReadUInt16LittleEndian(bytes.Slice(4)) << 16) | BinaryPrimitives.ReadUInt16LittleEndian(bytes.Slice(6))
            : BinaryPrimitives.ReadUInt64BigEndian(bytes);
        return (high, low);
    }

    /// <summary>The UUID whose high and low 64-bit halves these are.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static Guid UuidFromHalves(ulong high, ulong low)
        => new((uint)(high >> 32), (ushort)(high >> 16), (ushort)high,
            (byte)(low >> 56), (byte)(low >> 48), (byte)(low >> 40), (byte)(low >> 32), (byte)(low >> 24), (byte)(low >> 16), (byte)(low >> 8), (byte)low);

    /// <summary>The date of a Date's UInt16 days since 1970-01-01.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static DateOnly FromDateDays(ushort days) => ClickHouseTime.FromDateDays(days);

    /// <summary>The UTC DateTime of a DateTime's UInt32 seconds since the Unix epoch.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static DateTime FromDateTimeSeconds(uint seconds) => ClickHouseTime.FromDateTimeSeconds(seconds);

    /// <summary>Reads a Date (UInt16 days since 1970-01-01) from the first 2 bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static DateOnly ReadDate(ReadOnlySpan<byte> source)
        => ClickHouseTime.FromDateDays(BinaryPrimitives.ReadUInt16LittleEndian(source));

    /// <summary>Reads a DateTime (UInt32 seconds since the Unix epoch) from the first 4 bytes, as a UTC DateTime.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static DateTime ReadDateTime(ReadOnlySpan<byte> source)
        => ClickHouseTime.FromDateTimeSeconds(BinaryPrimitives.ReadUInt32LittleEndian(source));

    /// <summary>
    /// Reads a Bool from its byte, which must be 0 or 1; <paramref name="offset"/> is where the byte lies in the
    /// stream, for the error.
    /// </summary>
    /// <exception cref="RowBinaryException">The byte is not 0 or 1.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool ReadBool(byte value, long offset)
    {
        if (value > 1)
        {
            ThrowInvalidBool(value, offset);
        }
        return value == 1;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowInvalidBool(byte value, long offset)
        => ThrowHelper.ThrowInvalid(offset, "Bool", $"expected 0 or 1, found 0x{value:X2}.");
}
