using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Net;
using Driver = ClickHouse.Driver;

namespace ClickHouse.RowBinary.Benchmarks.Peer;

/// <summary>The wide data set's row (23 columns), mapped for both clients.</summary>
[ClickHouseRow]
public sealed partial class PeerWideRow : IPeerRow
{
    [ClickHouseColumn("id")][Driver.ClickHouseColumn(Name = "id")] public ulong Id { get; set; }
    [ClickHouseColumn("delta")][Driver.ClickHouseColumn(Name = "delta")] public long Delta { get; set; }
    [ClickHouseColumn("day")][Driver.ClickHouseColumn(Name = "day")] public DateOnly Day { get; set; }
    [ClickHouseColumn("created", Type = "DateTime('UTC')")][Driver.ClickHouseColumn(Name = "created")] public DateTime Created { get; set; }
    [ClickHouseColumn("ts", Type = "DateTime64(3, 'UTC')")][Driver.ClickHouseColumn(Name = "ts")] public DateTime Ts { get; set; }
    [ClickHouseColumn("amount", Type = "Decimal(18, 4)")][Driver.ClickHouseColumn(Name = "amount")] public decimal Amount { get; set; }
    [ClickHouseColumn("uuid")][Driver.ClickHouseColumn(Name = "uuid")] public Guid Uuid { get; set; }
    [ClickHouseColumn("score")][Driver.ClickHouseColumn(Name = "score")] public double Score { get; set; }
    [ClickHouseColumn("ratio")][Driver.ClickHouseColumn(Name = "ratio")] public float Ratio { get; set; }
    [ClickHouseColumn("flag")][Driver.ClickHouseColumn(Name = "flag")] public bool Flag { get; set; }
    [ClickHouseColumn("referrer")][Driver.ClickHouseColumn(Name = "referrer")] public string? Referrer { get; set; }
    [ClickHouseColumn("browser", Type = "LowCardinality(String)")][Driver.ClickHouseColumn(Name = "browser")] public string Browser { get; set; } = "";
    [ClickHouseColumn("country", Type = "LowCardinality(String)")][Driver.ClickHouseColumn(Name = "country")] public string Country { get; set; } = "";
    [ClickHouseColumn("tags")][Driver.ClickHouseColumn(Name = "tags")] public uint[] Tags { get; set; } = [];
    [ClickHouseColumn("labels")][Driver.ClickHouseColumn(Name = "labels")] public string[] Labels { get; set; } = [];
    [ClickHouseColumn("counters")][Driver.ClickHouseColumn(Name = "counters")] public Dictionary<string, ulong> Counters { get; set; } = [];
    [ClickHouseColumn("parent_id")][Driver.ClickHouseColumn(Name = "parent_id")] public long? ParentId { get; set; }
    [ClickHouseColumn("port")][Driver.ClickHouseColumn(Name = "port")] public ushort Port { get; set; }
    [ClickHouseColumn("small")][Driver.ClickHouseColumn(Name = "small")] public sbyte Small { get; set; }
    [ClickHouseColumn("user_name")][Driver.ClickHouseColumn(Name = "user_name")] public string UserName { get; set; } = "";
    [ClickHouseColumn("ip", Type = "IPv4")][Driver.ClickHouseColumn(Name = "ip")] public IPAddress Ip { get; set; } = IPAddress.None;
    [ClickHouseColumn("status")][Driver.ClickHouseColumn(Name = "status")] public ushort Status { get; set; }
    [ClickHouseColumn("duration_ms")][Driver.ClickHouseColumn(Name = "duration_ms")] public uint DurationMs { get; set; }

    public string Describe() => string.Create(CultureInfo.InvariantCulture,
        $"{Id}|{Delta}|{Day:yyyy-MM-dd}|{Created:O}|{Created.Kind}|{Ts:O}|{Amount:0.############################}|{Uuid}|{Score:R}|{Ratio:R}|{Flag}|{Referrer ?? "NULL"}|{Browser}|{Country}|"
        + $"{string.Join(',', Tags)}|{string.Join(',', Labels)}|{string.Join(',', Counters.Select(c => c.Key + "=" + c.Value))}|{ParentId?.ToString(CultureInfo.InvariantCulture) ?? "NULL"}|"
        + $"{Port}|{Small}|{UserName}|{Ip}|{Status}|{DurationMs}");
}
