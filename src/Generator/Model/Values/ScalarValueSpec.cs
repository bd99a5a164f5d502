namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>A value written by one writer call and read by one reader call.</summary>
/// <param name="Encoding">The RowBinary encoding.</param>
/// <param name="Holder">The C# type that holds the value, where the encoding accepts more than one.</param>
/// <param name="NeedsNullCheck">True when the writer call would not reject null with a clear message itself.</param>
/// <param name="IsBlittable">True when the C# value's little-endian memory is exactly its RowBinary bytes, so arrays of it can be copied in bulk.</param>
/// <param name="Length">The N of FixedString(N).</param>
/// <param name="Precision">The precision of DateTime64, Time64 and Decimal.</param>
/// <param name="Scale">The scale of Decimal.</param>
/// <param name="IntervalUnit">The unit of an Interval held by a TimeSpan.</param>
/// <param name="JsonType">The JSON type with typed paths or parameters, which reading and writing need parsed; null for plain JSON.</param>
/// <param name="CacheStrings">True for a String read through the reader's string cache (LowCardinality, or CacheStrings on the member).</param>
internal sealed record ScalarValueSpec(
    string TypeName,
    string ClickHouseType,
    bool IsReferenceType,
    int MinimumByteSize,
    DefaultCheck DefaultCheck,
    ScalarEncoding Encoding,
    ScalarHolder Holder,
    bool NeedsNullCheck,
    bool IsBlittable,
    int Length = 0,
    int Precision = 0,
    int Scale = 0,
    IntervalUnit IntervalUnit = IntervalUnit.None,
    string? JsonType = null,
    bool CacheStrings = false)
    : ValueSpec(TypeName, ClickHouseType, IsReferenceType, MinimumByteSize, DefaultCheck)
{
    /// <summary>True for a <c>string</c> String column: a row can reserve its most UTF-8 bytes up front and transcode it into the span.</summary>
    public bool IsText => Encoding == ScalarEncoding.String && Holder == ScalarHolder.Natural;
}
