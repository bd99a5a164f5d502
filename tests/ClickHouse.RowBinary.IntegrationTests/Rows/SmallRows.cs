namespace ClickHouse.RowBinary.IntegrationTests.Rows;

/// <summary>`SELECT number, throwIf(...)`: a UInt64 and the UInt8 throwIf returns.</summary>
[ClickHouseRow]
public partial record struct NumberRow(
    [property: ClickHouseColumn("number")] ulong Number,
    [property: ClickHouseColumn("thrown")] byte Thrown);

/// <summary>One String column.</summary>
[ClickHouseRow]
public partial record struct TextRow([property: ClickHouseColumn("text")] string Text);

/// <summary>A column whose name needs quoting, for a table whose name needs it too.</summary>
[ClickHouseRow]
public partial record struct WeirdNameRow(
    [property: ClickHouseColumn("id")] uint Id,
    [property: ClickHouseColumn("co`l")] string Value);

/// <summary>A FixedString(2) column, to send a value that does not fit.</summary>
[ClickHouseRow]
public partial record struct CodeRow(
    [property: ClickHouseColumn("id")] uint Id,
    [property: ClickHouseColumn("code", Type = "FixedString(2)")] string Code);

/// <summary>A column the server fills in when RowBinaryWithDefaults says so.</summary>
[ClickHouseRow]
public partial record struct DefaultedRow(
    [property: ClickHouseColumn("id")] uint Id,
    [property: ClickHouseColumn("label", UseServerDefault = true)] string? Label);

/// <summary>`SELECT number FROM system.numbers`.</summary>
[ClickHouseRow]
public partial record struct CountRow([property: ClickHouseColumn("number")] ulong Number);

/// <summary>A JSON column, whose Native layout depends on the server's version.</summary>
[ClickHouseRow]
public partial record struct DocumentRow(
    [property: ClickHouseColumn("id")] uint Id,
    [property: ClickHouseColumn("doc", Type = "JSON")] string Doc);

/// <summary>A Dynamic column inside an array.</summary>
[ClickHouseRow]
public partial record struct DynamicListRow(
    [property: ClickHouseColumn("id")] uint Id,
    [property: ClickHouseColumn("values", Type = "Array(Dynamic)")] ClickHouseDynamic[] Values);
