using System;
using System.Net;
using System.Text.Json;
using System.Text.Json.Nodes;
using ClickHouse.RowBinary;

namespace Samples.Text;

/// <summary>Strings, bytes, identifiers, enums, JSON and Dynamic.</summary>
[ClickHouseRow]
public partial record Document
{
    public required string Title { get; init; }
    public string? Subtitle { get; init; }
    public byte[] Payload { get; init; } = [];
    public ReadOnlyMemory<byte> Blob { get; init; }

    [ClickHouseColumn(Type = "FixedString(8)")]
    public byte[] Code { get; init; } = [];

    [ClickHouseColumn(Type = "FixedString(3)")]
    public string Currency { get; init; } = "EUR";

    public Guid Id { get; init; }

    [ClickHouseColumn(Type = "IPv4")]
    public IPAddress ClientV4 { get; init; } = IPAddress.None;

    [ClickHouseColumn(Type = "IPv4")]
    public uint RawV4 { get; init; }

    public IPAddress ClientV6 { get; init; } = IPAddress.IPv6None;

    public Status Status { get; init; }

    public Color Color { get; init; }

    [ClickHouseColumn(Type = "Enum8('draft' = 1, 'published' = 2)")]
    public Status StatusByLabel { get; init; }

    [ClickHouseColumn(Type = "Enum8('a' = -128, 'b' = 0, 'c' = 127)")]
    public string Label { get; init; } = "b";

    [ClickHouseColumn(Type = "Enum16('x' = -32768, 'y' = 1000)")]
    public short RawEnum { get; init; }

    [ClickHouseColumn(Type = "JSON")]
    public string JsonText { get; init; } = "{}";

    public JsonNode? JsonTree { get; init; }

    public JsonDocument? JsonDocument { get; init; }

    public ClickHouseDynamic Anything { get; init; }
}

public enum Status : sbyte
{
    Draft = 1,
    Published = 2,
}

public enum Color : short
{
    Red = 1,
    Green = 300,
}
