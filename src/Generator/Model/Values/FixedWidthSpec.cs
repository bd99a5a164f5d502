namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>
/// How a scalar is stored at a known offset of a span: lets generated code write and read runs of fixed-width
/// columns with one bounds check for the run. Formats use <c>{span}</c> for the span, <c>{offset}</c> for the
/// offset in it and <c>{value}</c> for the value.
/// </summary>
/// <param name="ByteSize">The bytes one value takes.</param>
/// <param name="ConvertFormat">
/// An expression that turns the C# value into what is stored and may throw (a date out of range), run before any
/// bytes are reserved; null when the value is stored as it is and nothing can fail.
/// </param>
/// <param name="ConvertedTypeName">The C# type <paramref name="ConvertFormat"/> yields.</param>
/// <param name="ConvertedWriteFormat">The writer call for the converted value, for the path that writes value by value.</param>
/// <param name="StoreFormat">The statement that stores the (converted) value; it cannot fail.</param>
/// <param name="LoadFormat">
/// The expression that loads the value from the span, or null when loading needs checks the reader does itself.
/// <c>{position}</c> stands for the value's offset in the stream, for a validation error.
/// </param>
internal sealed record FixedWidthSpec(
    int ByteSize,
    string? ConvertFormat,
    string? ConvertedTypeName,
    string? ConvertedWriteFormat,
    string StoreFormat,
    string? LoadFormat)
{
    public bool LoadNeedsPosition => LoadFormat is not null && LoadFormat.Contains("{position}");
}
