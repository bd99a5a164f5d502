using System.Net;

namespace ClickHouse.RowBinary.IntegrationTests.Schema;

public enum Level : sbyte { Low = 1, High = 2 }

/// <summary>Types Debian's ClickHouse 18.16 has, for a table created from the row type on the real server.</summary>
[ClickHouseRow]
public sealed partial record DdlRow
{
    [ClickHouseColumn("id")] public uint Id { get; init; }
    [ClickHouseColumn("name")] public string Name { get; init; } = "";
    [ClickHouseColumn("note")] public string? Note { get; init; }
    [ClickHouseColumn("tags")] public string[] Tags { get; init; } = [];
    [ClickHouseColumn("pair")] public (byte, string) Pair { get; init; }
    [ClickHouseColumn("price", Type = "Decimal(18, 4)")] public decimal Price { get; init; }
    [ClickHouseColumn("level", Type = "Enum8('Low' = 1, 'High' = 2)")] public Level Level { get; init; }
    [ClickHouseColumn("uuid")] public Guid Uuid { get; init; }
    [ClickHouseColumn("code", Type = "FixedString(3)")] public byte[] Code { get; init; } = [0, 0, 0];
    [ClickHouseColumn("day")] public DateOnly Day { get; init; }
    [ClickHouseColumn("at", Type = "DateTime('UTC')")] public DateTime At { get; init; }
}

/// <summary>Types 18.16 lacks, whose DDL the ClickHouse 26.9 oracle checks.</summary>
[ClickHouseRow]
public sealed partial record ModernDdlRow
{
    [ClickHouseColumn("m")] public Dictionary<string, ulong> Map { get; init; } = [];
    [ClickHouseColumn("ts", Type = "DateTime64(3, 'Europe/Berlin')")] public DateTime Ts { get; init; }
    [ClickHouseColumn("ip", Type = "IPv6")] public IPAddress Ip { get; init; } = IPAddress.IPv6None;
    [ClickHouseColumn("big", Type = "Int256")] public System.Numerics.BigInteger Big { get; init; }
    [ClickHouseColumn("lc", Type = "LowCardinality(Nullable(String))")] public string? Lc { get; init; }
    [ClickHouseColumn("v", Type = "Variant(String, UInt64)")] public ClickHouseVariant<string, ulong> V { get; init; }
    [ClickHouseColumn("doc", Type = "JSON")] public string Doc { get; init; } = "{}";
    [ClickHouseColumn("we`ird name")] public int Weird { get; init; }
    [ClickHouseColumn("embedding", Type = "QBit(BFloat16, 16, 8)")] public float[] Embedding { get; init; } = new float[16];
    [ClickHouseColumn("stops", Type = "MultiPoint")] public (double X, double Y)[] Stops { get; init; } = [];
    [ClickHouseColumn("shape")] public ClickHouseGeometry Shape { get; init; }
}

/// <summary>A Geometry column, which needs only the Geometry family of a server.</summary>
[ClickHouseRow]
public sealed partial record ShapeRow
{
    [ClickHouseColumn("id")] public uint Id { get; init; }
    [ClickHouseColumn("shape")] public ClickHouseGeometry Shape { get; init; }
}

/// <summary>A row as a newcomer writes it: <c>DateTime</c> members without a type, so DateTime64(7, 'UTC'), which 18.16 lacks.</summary>
[ClickHouseRow]
public sealed partial record PageView
{
    [ClickHouseColumn("page")] public string Page { get; init; } = "";
    [ClickHouseColumn("at")] public DateTime At { get; init; }
    [ClickHouseColumn("seen")] public DateTime? Seen { get; init; }
    [ClickHouseColumn("days", Type = "Array(Date32)")] public DateOnly[] Days { get; init; } = [];
    [ClickHouseColumn("labels")] public Dictionary<string, string> Labels { get; init; } = [];
}

/// <summary><see cref="PageView"/> with the types the error about it proposes.</summary>
[ClickHouseRow]
public sealed partial record PageViewForOldServers
{
    [ClickHouseColumn("page")] public string Page { get; init; } = "";
    [ClickHouseColumn("at", Type = "DateTime('UTC')")] public DateTime At { get; init; }
    [ClickHouseColumn("seen", Type = "Nullable(DateTime('UTC'))")] public DateTime? Seen { get; init; }
    [ClickHouseColumn("days", Type = "Array(Date)")] public DateOnly[] Days { get; init; } = [];
}
