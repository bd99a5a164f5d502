namespace ClickHouse.RowBinary.Generator.Tests.Rows;

// Row types for the behaviour of generated code on bad input and on RowBinaryWithDefaults.

/// <summary>Columns that let the server fill in their default when the member holds its C# default.</summary>
[ClickHouseRow]
public partial class Defaults
{
    [ClickHouseColumn("id")]
    public uint Id { get; set; }

    [ClickHouseColumn("name", UseServerDefault = true)]
    public string? Name { get; set; }

    [ClickHouseColumn("score", UseServerDefault = true)]
    public int Score { get; set; }

    [ClickHouseColumn("tags", UseServerDefault = true)]
    public List<string> Tags { get; set; } = [];
}

/// <summary>A struct with a parameterized constructor, a settable field and a keyword-named member.</summary>
[ClickHouseRow]
public partial struct Reading
{
    public Reading(int @event, string label)
    {
        Event = @event;
        Label = label;
    }

    [ClickHouseColumn("event")]
    public int Event { get; }

    [ClickHouseColumn("label")]
    public string Label { get; }

    [ClickHouseColumn("count")]
    public long Count;

    [ClickHouseColumn("status")]
    public Letter Status { get; set; }
}

/// <summary>A Map column that keeps repeated keys, beside one that cannot.</summary>
[ClickHouseRow]
public partial record MapRows(
    [property: ClickHouseColumn("pairs", Type = "Map(String, UInt8)")] List<KeyValuePair<string, byte>> Pairs,
    [property: ClickHouseColumn("map", Type = "Map(String, UInt8)")] Dictionary<string, byte> Map);

/// <summary>A Nullable(Tuple) whose first element can itself be NULL.</summary>
[ClickHouseRow]
public partial class NullableTupleRow
{
    [ClickHouseColumn("pair", Type = "Nullable(Tuple(Nullable(String), UInt8))")]
    public (string?, byte)? Pair { get; set; }
}

/// <summary>NULL held by a nullable struct that converts from a reference type (ReadOnlyMemory&lt;byte&gt; from byte[]).</summary>
[ClickHouseRow]
public partial class NullableBytesRow
{
    [ClickHouseColumn("s", Type = "Nullable(String)")]
    public ReadOnlyMemory<byte>? S { get; set; }

    [ClickHouseColumn("t", Type = "Tuple(Nullable(FixedString(2)), Array(UInt8))")]
    public (ReadOnlyMemory<byte>?, List<byte>) T { get; set; }
}
