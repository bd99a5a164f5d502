using System.Numerics;

namespace ClickHouse.RowBinary.IntegrationTests.Rows;

public enum Fruit : sbyte
{
    Apple = 1,
    Banana = 2,
    Cherry = -3,
}

public enum Planet : short
{
    Mercury = 1,
    Venus = 2,
    Earth = 1000,
}

/// <summary>A Nested(...) column's element: sent as the `tags.key`, `tags.score` array columns.</summary>
[ClickHouseRow]
public partial record struct TagItem(
    [property: ClickHouseColumn("key")] string Key,
    [property: ClickHouseColumn("score")] float Score);

/// <summary>
/// Every type the oldest server the tests meet (Debian's ClickHouse 18.16) has, through the generated code: the
/// default C# mappings where 18.16 has the default type, a declared Type where it does not (DateTime64 is newer).
/// </summary>
[ClickHouseRow]
public partial record ServerTypesRow
{
    [ClickHouseColumn("id")] public uint Id { get; init; }
    [ClickHouseColumn("i8")] public sbyte I8 { get; init; }
    [ClickHouseColumn("i16")] public short I16 { get; init; }
    [ClickHouseColumn("i32")] public int I32 { get; init; }
    [ClickHouseColumn("i64")] public long I64 { get; init; }
    [ClickHouseColumn("u8")] public byte U8 { get; init; }
    [ClickHouseColumn("u16")] public ushort U16 { get; init; }
    [ClickHouseColumn("u32")] public uint U32 { get; init; }
    [ClickHouseColumn("u64")] public ulong U64 { get; init; }
    [ClickHouseColumn("f32")] public float F32 { get; init; }
    [ClickHouseColumn("f64")] public double F64 { get; init; }
    [ClickHouseColumn("s")] public string S { get; init; } = "";
    [ClickHouseColumn("s_bytes")] public byte[] SBytes { get; init; } = [];
    [ClickHouseColumn("fs", Type = "FixedString(5)")] public string Fs { get; init; } = "";
    [ClickHouseColumn("fs_bytes", Type = "FixedString(3)")] public byte[] FsBytes { get; init; } = new byte[3];
    [ClickHouseColumn("d")] public DateOnly D { get; init; }
    [ClickHouseColumn("d_dt", Type = "Date")] public DateTime DAsDateTime { get; init; }
    [ClickHouseColumn("dt", Type = "DateTime")] public DateTime Dt { get; init; }
    [ClickHouseColumn("dt_tz", Type = "DateTime('Asia/Tokyo')")] public DateTimeOffset DtTz { get; init; }
    [ClickHouseColumn("dec9", Type = "Decimal(9, 2)")] public decimal Dec9 { get; init; }
    [ClickHouseColumn("dec18", Type = "Decimal(18, 4)")] public decimal Dec18 { get; init; }
    [ClickHouseColumn("dec38", Type = "Decimal(38, 10)")] public ClickHouseDecimal Dec38 { get; init; }
    [ClickHouseColumn("dec28")] public decimal Dec28 { get; init; }
    [ClickHouseColumn("uuid")] public Guid Uuid { get; init; }
    [ClickHouseColumn("fruit")] public Fruit Fruit { get; init; }
    [ClickHouseColumn("planet")] public Planet Planet { get; init; }
    [ClickHouseColumn("fruit_label", Type = "Enum8('Apple' = 1, 'Banana' = 2, 'Cherry' = -3)")] public string FruitLabel { get; init; } = "Apple";
    [ClickHouseColumn("ns")] public string? Ns { get; init; }
    [ClickHouseColumn("ni")] public int? Ni { get; init; }
    [ClickHouseColumn("lc", Type = "LowCardinality(String)")] public string Lc { get; init; } = "";
    [ClickHouseColumn("arr")] public int[] Arr { get; init; } = [];
    [ClickHouseColumn("arr_ns")] public List<string?> ArrNs { get; init; } = [];
    [ClickHouseColumn("arr_arr")] public ulong[][] ArrArr { get; init; } = [];
    [ClickHouseColumn("tup")] public (byte, string) Tup { get; init; }
    [ClickHouseColumn("tags")] public List<TagItem> Tags { get; init; } = [];
}
