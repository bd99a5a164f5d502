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

/// <summary>Typed paths declared in sorted order (the order the server keeps them in), for byte-for-byte vectors.</summary>
[ClickHouseRow]
public partial class SortedTypedJsonRow
{
    [ClickHouseColumn("id")]
    public uint Id { get; set; }

    [ClickHouseColumn("payload", Type = "JSON(max_dynamic_paths = 64, ts DateTime64(3), user.id UInt64, SKIP secret)")]
    public string Payload { get; set; } = "";
}

/// <summary>Typed paths of nested types: Array, Tuple, Nullable, LowCardinality, DateTime64 with a time zone.</summary>
[ClickHouseRow]
public partial class NestedTypedJsonRow
{
    [ClickHouseColumn("id")]
    public uint Id { get; set; }

    [ClickHouseColumn("payload", Type = "JSON(max_dynamic_types = 4, a Array(Nullable(Int32)), b Tuple(x UInt8, y String), c LowCardinality(String), d DateTime64(6, 'Asia/Kolkata'), e Nullable(Float64), SKIP REGEXP 'tmp.*')")]
    public string Payload { get; set; } = "";
}
