using System.Text.Json;
using System.Text.Json.Nodes;

namespace ClickHouse.RowBinary.Generator.Tests.Hostile;

// Row types the hostile-bytes tests and the fuzz targets read: one column of each reader that decodes types
// or values from the wire (Dynamic, every JSON member, Variant) beside plain columns.

[ClickHouseRow]
public partial record HostileDynamicRow([property: ClickHouseColumn("v")] ClickHouseDynamic V);

[ClickHouseRow]
public partial record HostileJsonTextRow([property: ClickHouseColumn("v", Type = "JSON")] string V);

[ClickHouseRow]
public partial record HostileJsonNodeRow([property: ClickHouseColumn("v")] JsonNode V);

[ClickHouseRow]
public partial class HostileJsonDocumentRow
{
    [ClickHouseColumn("v")]
    public JsonDocument V { get; set; } = null!;
}

[ClickHouseRow]
public partial record HostileFixedStringRow([property: ClickHouseColumn("v", Type = "FixedString(16777215)")] byte[] V);

[ClickHouseRow]
public partial record HostileQBitRow([property: ClickHouseColumn("v", Type = "QBit(Float64, 134217720)")] double[] V);
