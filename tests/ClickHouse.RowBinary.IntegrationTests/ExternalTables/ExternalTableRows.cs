namespace ClickHouse.RowBinary.IntegrationTests.ExternalTables;

/// <summary>
/// Every type ClickHouse 18.16 takes in external data: it splits the structure at spaces and commas, so a type
/// written with either (Decimal(P, S), Enum8('a' = 1), Tuple(A, B), DateTime64(3, 'UTC')) cannot be a column there.
/// </summary>
[ClickHouseRow]
public sealed partial record OldServerExternalRow
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
    [ClickHouseColumn("d")] public DateOnly D { get; init; }
    [ClickHouseColumn("dt", Type = "DateTime")] public DateTime Dt { get; init; }
    [ClickHouseColumn("dt_tz", Type = "DateTime('Asia/Tokyo')")] public DateTimeOffset DtTz { get; init; }
    [ClickHouseColumn("uuid")] public Guid Uuid { get; init; }
    [ClickHouseColumn("lc", Type = "LowCardinality(String)")] public string Lc { get; init; } = "";
    [ClickHouseColumn("ns")] public string? Ns { get; init; }
    [ClickHouseColumn("ni")] public int? Ni { get; init; }
    [ClickHouseColumn("arr")] public int[] Arr { get; init; } = [];
    [ClickHouseColumn("arr_s")] public List<string> ArrS { get; init; } = [];
    [ClickHouseColumn("arr_n")] public string?[] ArrN { get; init; } = [];
    [ClickHouseColumn("arr_arr")] public byte[][] ArrArr { get; init; } = [];

    public static OldServerExternalRow Make(uint i) => new()
    {
        Id = i,
        I8 = (sbyte)(i % 256 - 128),
        I16 = (short)(i * 7 - 30_000),
        I32 = (int)(i * 1_000_003) - 5,
        I64 = -(long)i * 1_000_000_007L,
        U8 = (byte)i,
        U16 = (ushort)(i * 13),
        U32 = uint.MaxValue - i,
        U64 = ulong.MaxValue - i,
        F32 = i * 0.25f,
        F64 = i / 3.0,
        S = i % 5 == 0 ? "" : $"name-{i}\t\"quoted\"\n'é'",
        SBytes = [(byte)i, 0, 255],
        Fs = i % 3 == 0 ? "" : "ab" + (i % 10),
        D = new DateOnly(1970, 1, 1).AddDays((int)(i * 37 % 40_000)),
        Dt = DateTime.UnixEpoch.AddSeconds(i * 86_413L),
        DtTz = new DateTimeOffset(2025, 3, 4, 5, 6, 7, TimeSpan.Zero).AddMinutes(i),
        Uuid = new Guid((int)i, (short)i, 7, 1, 2, 3, 4, 5, 6, 7, 8),
        Lc = "lc" + (i % 4),
        Ns = i % 2 == 0 ? null : "n" + i,
        Ni = i % 3 == 0 ? null : (int)i,
        Arr = [.. Enumerable.Range(0, (int)(i % 4)).Select(x => x * (int)i)],
        ArrS = [.. Enumerable.Range(0, (int)(i % 3)).Select(x => $"s{x}")],
        ArrN = i % 2 == 0 ? [null, "x"] : [],
        ArrArr = [[1, 2], [], [(byte)i]],
    };
}

/// <summary>A small row for joins: an id and a label of the application's own.</summary>
[ClickHouseRow]
public sealed partial record LabelRow([property: ClickHouseColumn("id")] ulong Id, [property: ClickHouseColumn("label")] string Label);

/// <summary>A row whose FixedString(2) column cannot hold a longer string: a row that cannot be written.</summary>
[ClickHouseRow]
public sealed partial record ShortCodeRow(
    [property: ClickHouseColumn("id")] ulong Id,
    [property: ClickHouseColumn("code", Type = "FixedString(2)")] string Code);
