namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>A value written by one writer call and read by one reader call.</summary>
/// <param name="WriteFormat">The write statement without its semicolon, with <c>{value}</c> for the value, e.g. <c>writer.WriteDate({value})</c>.</param>
/// <param name="ReadExpression">The read expression, e.g. <c>reader.ReadDate()</c>.</param>
/// <param name="NeedsNullCheck">True when the writer call would not reject null with a clear message itself.</param>
/// <param name="IsBlittable">True when the C# value's little-endian memory is exactly its RowBinary bytes, so arrays of it can be copied in bulk.</param>
/// <param name="FixedWidth">How the value is stored at an offset of a span, when its encoding has a fixed width.</param>
/// <param name="IsText">True for a <c>string</c> String column: a row can reserve its most UTF-8 bytes up front and transcode it into the span.</param>
internal sealed record ScalarValueSpec(
    string TypeName,
    string ClickHouseType,
    bool IsReferenceType,
    int MinimumByteSize,
    string IsDefaultFormat,
    string WriteFormat,
    string ReadExpression,
    bool NeedsNullCheck,
    bool IsBlittable,
    FixedWidthSpec? FixedWidth = null,
    bool IsText = false)
    : ValueSpec(TypeName, ClickHouseType, IsReferenceType, MinimumByteSize, IsDefaultFormat);
