using System;
using System.Numerics;
using ClickHouse.RowBinary;

namespace Samples.Numbers;

/// <summary>Every integer, float and decimal mapping, with defaults and declared types.</summary>
[ClickHouseRow]
public partial class Numbers
{
    public sbyte Int8 { get; set; }
    public short Int16 { get; set; }
    public int Int32 { get; set; }
    public long Int64 { get; set; }
    public byte UInt8 { get; set; }
    public ushort UInt16 { get; set; }
    public uint UInt32 { get; set; }
    public ulong UInt64 { get; set; }
    public Int128 Int128 { get; set; }
    public UInt128 UInt128 { get; set; }
    public BigInteger Int256 { get; set; }

    [ClickHouseColumn(Type = "UInt256")]
    public BigInteger UInt256 { get; set; }

    public float Float32 { get; set; }
    public double Float64 { get; set; }

    [ClickHouseColumn(Type = "BFloat16")]
    public float BFloat16 { get; set; }

    public bool Bool { get; set; }

    public decimal DefaultDecimal { get; set; }

    [ClickHouseColumn(Type = "Decimal32(2)")]
    public decimal Decimal32 { get; set; }

    [ClickHouseColumn(Type = "Decimal(38, 10)")]
    public ClickHouseDecimal Decimal128 { get; set; }

    public ClickHouseDecimal DefaultExactDecimal { get; set; }

    [ClickHouseColumn(Type = "Decimal256(20)")]
    public decimal WideDecimalAsDecimal { get; set; }

    [ClickHouseColumn(Type = "Int32")]
    public Priority PriorityNumber { get; set; }
}

public enum Priority
{
    Low = 1,
    High = 2,
}
