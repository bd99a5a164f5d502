using System;
using System.Numerics;
using System.Runtime.CompilerServices;

namespace ClickHouse.RowBinary;

/// <summary>
/// An integer column (or an Enum's number, IPv4's UInt32, DateTime64's raw ticks, an Interval's count) as an integer
/// type that holds every value of the column's type: an <c>Int32</c> reads as <c>long</c>, a <c>UInt64</c> does not.
/// </summary>
internal sealed class IntegerValueReader<T> : ClickHouseValueReader<T>
    where T : struct, IBinaryInteger<T>
{
    private readonly ClickHouseTypeKind _source;

    private IntegerValueReader(ClickHouseType column, ClickHouseTypeKind source)
        : base(column)
        => _source = source;

    public override int RawSize => _source == SameKind ? Unsafe.SizeOf<T>() : 0;

    /// <summary>The kind whose bytes are <typeparamref name="T"/>'s own.</summary>
    private static ClickHouseTypeKind SameKind => typeof(T) == typeof(sbyte) ? ClickHouseTypeKind.Int8
        : typeof(T) == typeof(short) ? ClickHouseTypeKind.Int16
        : typeof(T) == typeof(int) ? ClickHouseTypeKind.Int32
        : typeof(T) == typeof(long) ? ClickHouseTypeKind.Int64
        : typeof(T) == typeof(byte) ? ClickHouseTypeKind.UInt8
        : typeof(T) == typeof(ushort) ? ClickHouseTypeKind.UInt16
        : typeof(T) == typeof(uint) ? ClickHouseTypeKind.UInt32
        : typeof(T) == typeof(ulong) ? ClickHouseTypeKind.UInt64
        : typeof(T) == typeof(Int128) ? ClickHouseTypeKind.Int128
        : typeof(T) == typeof(UInt128) ? ClickHouseTypeKind.UInt128
        : ClickHouseTypeKind.Nothing;

    /// <summary>The reader, or null when the column is no integer or <typeparamref name="T"/> cannot hold all its values.</summary>
    public static IntegerValueReader<T>? TryCreate(ClickHouseType column, BigInteger min, BigInteger? max)
    {
        ClickHouseTypeKind kind = column.Kind;
        bool fits = kind switch
        {
            // What the type mapping accepts besides numbers: raw ticks, interval counts and IPv4 numbers.
            ClickHouseTypeKind.DateTime64 or ClickHouseTypeKind.Interval => typeof(T) == typeof(long),
            ClickHouseTypeKind.IPv4 => typeof(T) == typeof(uint),
            _ => IntegerRange(kind) is { } range && range.Min >= min && (max is null || range.Max <= max),
        };
        return fits ? new IntegerValueReader<T>(column, kind) : null;
    }

    /// <summary>The values an integer kind (Enums by their number) holds; null for other kinds.</summary>
    internal static (BigInteger Min, BigInteger Max)? IntegerRange(ClickHouseTypeKind kind) => kind switch
    {
        ClickHouseTypeKind.Int8 or ClickHouseTypeKind.Enum8 => (sbyte.MinValue, sbyte.MaxValue),
        ClickHouseTypeKind.Int16 or ClickHouseTypeKind.Enum16 => (short.MinValue, short.MaxValue),
        ClickHouseTypeKind.Int32 => (int.MinValue, int.MaxValue),
        ClickHouseTypeKind.Int64 => (long.MinValue, long.MaxValue),
        ClickHouseTypeKind.Int128 => ((BigInteger)Int128.MinValue, (BigInteger)Int128.MaxValue),
        ClickHouseTypeKind.Int256 => (-(BigInteger.One << 255), (BigInteger.One << 255) - 1),
        ClickHouseTypeKind.UInt8 => (byte.MinValue, byte.MaxValue),
        ClickHouseTypeKind.UInt16 => (ushort.MinValue, ushort.MaxValue),
        ClickHouseTypeKind.UInt32 => (uint.MinValue, uint.MaxValue),
        ClickHouseTypeKind.UInt64 => (ulong.MinValue, ulong.MaxValue),
        ClickHouseTypeKind.UInt128 => (BigInteger.Zero, (BigInteger)UInt128.MaxValue),
        ClickHouseTypeKind.UInt256 => (BigInteger.Zero, (BigInteger.One << 256) - 1),
        _ => null,
    };

    public override T Read(ref RowBinaryReader reader) => _source switch
    {
        ClickHouseTypeKind.Int8 => T.CreateTruncating(reader.ReadInt8()),
        ClickHouseTypeKind.Int16 => T.CreateTruncating(reader.ReadInt16()),
        ClickHouseTypeKind.Enum8 or ClickHouseTypeKind.Enum16 => T.CreateTruncating(ReadEnumNumber(ref reader)),
        ClickHouseTypeKind.Int32 => T.CreateTruncating(reader.ReadInt32()),
        ClickHouseTypeKind.Int64 or ClickHouseTypeKind.DateTime64 or ClickHouseTypeKind.Interval => T.CreateTruncating(reader.ReadInt64()),
        ClickHouseTypeKind.Int128 => T.CreateTruncating(reader.ReadInt128()),
        ClickHouseTypeKind.UInt8 => T.CreateTruncating(reader.ReadUInt8()),
        ClickHouseTypeKind.UInt16 => T.CreateTruncating(reader.ReadUInt16()),
        ClickHouseTypeKind.UInt32 or ClickHouseTypeKind.IPv4 => T.CreateTruncating(reader.ReadUInt32()),
        ClickHouseTypeKind.UInt64 => T.CreateTruncating(reader.ReadUInt64()),
        ClickHouseTypeKind.UInt128 => T.CreateTruncating(reader.ReadUInt128()),
        ClickHouseTypeKind.Int256 => T.CreateTruncating(reader.ReadInt256()),
        _ => T.CreateTruncating(reader.ReadUInt256()),
    };

    /// <summary>An Enum's number, which must be one of the type's values (as when read by label).</summary>
    private short ReadEnumNumber(ref RowBinaryReader reader)
    {
        long offset = reader.Offset;
        short value = _source == ClickHouseTypeKind.Enum8 ? reader.ReadInt8() : reader.ReadInt16();
        if (!Column.TryGetEnumLabel(value, out _))
        {
            throw RowBinaryGeneratedSupport.UnknownEnumValue(value, Column.ToString(), offset);
        }
        return value;
    }
}
