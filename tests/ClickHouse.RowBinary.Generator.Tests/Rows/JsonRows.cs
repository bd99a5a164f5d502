using System.Text.Json.Nodes;

namespace ClickHouse.RowBinary.Generator.Tests.Rows;

/// <summary>A JSON column with typed paths (declared out of sorted order), a skipped path and parameters.</summary>
[ClickHouseRow]
public partial class TypedJsonRow
{
    public const string PayloadType = "JSON(max_dynamic_paths = 64, max_dynamic_types = 8, user.id UInt64, ts DateTime64(3), SKIP secret)";

    [ClickHouseColumn("id")]
    public uint Id { get; set; }

    [ClickHouseColumn("payload", Type = PayloadType)]
    public string Payload { get; set; } = "";
}

/// <summary>The same column held by a JsonNode.</summary>
[ClickHouseRow]
public partial class TypedJsonNodeRow
{
    [ClickHouseColumn("id")]
    public uint Id { get; set; }

    [ClickHouseColumn("payload", Type = TypedJsonRow.PayloadType)]
    public JsonNode Payload { get; set; } = new JsonObject();
}
