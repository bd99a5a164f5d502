namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>
/// The RowBinary encoding of a scalar: one writer and one reader call each, parameterised by
/// <see cref="ScalarValueSpec"/> (length, precision, scale, unit).
/// </summary>
internal enum ScalarEncoding
{
    Int8,
    Int16,
    Int32,
    Int64,
    UInt8,
    UInt16,
    UInt32,
    UInt64,
    Int128,
    UInt128,
    Int256,
    UInt256,
    Float32,
    Float64,
    BFloat16,
    Bool,

    /// <summary>String: a varint length, then the bytes.</summary>
    String,

    /// <summary>FixedString(<see cref="ScalarValueSpec.Length"/>).</summary>
    FixedString,

    /// <summary>Date: UInt16 days since 1970-01-01.</summary>
    Date,

    /// <summary>Date32: Int32 days since 1970-01-01.</summary>
    Date32,

    /// <summary>DateTime: UInt32 seconds since the epoch.</summary>
    DateTime,

    /// <summary>DateTime64(<see cref="ScalarValueSpec.Precision"/>): Int64 ticks of 10^-precision seconds.</summary>
    DateTime64,

    /// <summary>Decimal(<see cref="ScalarValueSpec.Precision"/>, <see cref="ScalarValueSpec.Scale"/>).</summary>
    Decimal,

    Uuid,
    IPv4,
    IPv6,
    Dynamic,

    /// <summary>Geometry held by a ClickHouseGeometry: a discriminator byte, then the value of that geo type.</summary>
    Geometry,

    /// <summary>JSON, with the parsed type of <see cref="ScalarValueSpec.JsonType"/> when it has typed paths or parameters.</summary>
    Json,

    Time,

    /// <summary>Time64(<see cref="ScalarValueSpec.Precision"/>).</summary>
    Time64,

    /// <summary>An Interval of a fixed-length <see cref="ScalarValueSpec.IntervalUnit"/>, held by a TimeSpan: an Int64 number of units.</summary>
    Interval,
}
