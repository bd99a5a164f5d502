namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>One member of a row type mapped to a column.</summary>
/// <param name="ColumnName">The ClickHouse column (or Tuple element) name.</param>
/// <param name="MemberName">The C# member name as declared, not escaped: the emitter writes <c>@class</c> for a keyword.</param>
/// <param name="LocalName">A camelCase name for locals that hold the member's value.</param>
/// <param name="Value">How the value is written and read.</param>
/// <param name="UseServerDefault">True when RowBinaryWithDefaults lets the server fill in the C# default value.</param>
internal sealed record FieldSpec(
    string ColumnName,
    string MemberName,
    string LocalName,
    ValueSpec Value,
    bool UseServerDefault);
