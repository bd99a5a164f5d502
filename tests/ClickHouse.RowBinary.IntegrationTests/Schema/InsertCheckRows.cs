namespace ClickHouse.RowBinary.IntegrationTests.Schema;

/// <summary>
/// The row type of a user who meant `amount Float64, price Decimal(18, 2), b String` and wrote Int64 (long's default)
/// and Decimal(18, 4): RowBinary would store 100 as 4.94e-322 and 12.34 as 1234.00.
/// </summary>
[ClickHouseRow]
public sealed partial record WrongAmountRow(
    [property: ClickHouseColumn("amount")] long Amount,
    [property: ClickHouseColumn("price", Type = "Decimal(18, 4)")] decimal Price,
    [property: ClickHouseColumn("b")] string B);

/// <summary>The row type that fits the same table.</summary>
[ClickHouseRow]
public sealed partial record AmountRow(
    [property: ClickHouseColumn("amount")] double Amount,
    [property: ClickHouseColumn("price", Type = "Decimal(18, 2)")] decimal Price,
    [property: ClickHouseColumn("b")] string B);

/// <summary>Differs from its table only where the bytes do not: LowCardinality, a DateTime's time zone, enum labels, tuple names.</summary>
[ClickHouseRow]
public sealed partial record LooseRow(
    [property: ClickHouseColumn("page")] string Page,
    [property: ClickHouseColumn("at", Type = "DateTime")] DateTime At,
    [property: ClickHouseColumn("level", Type = "Enum8('low' = 1, 'high' = 2)")] sbyte Level,
    [property: ClickHouseColumn("pair", Type = "Tuple(UInt8, String)")] (byte, string) Pair);

/// <summary>One column of each kind the rules treat differently: the table's type is varied column by column.</summary>
[ClickHouseRow]
public sealed partial record RuleRow(
    [property: ClickHouseColumn("s")] string S,
    [property: ClickHouseColumn("dt", Type = "DateTime")] DateTime Dt,
    [property: ClickHouseColumn("u")] ulong U,
    [property: ClickHouseColumn("e", Type = "Enum8('a' = 1, 'b' = 2)")] sbyte E,
    [property: ClickHouseColumn("ni")] int? Ni,
    [property: ClickHouseColumn("d", Type = "Decimal(18, 4)")] decimal D,
    [property: ClickHouseColumn("arr")] long[] Arr,
    [property: ClickHouseColumn("t", Type = "Tuple(a UInt8, b String)")] (byte A, string B) T,
    [property: ClickHouseColumn("q", Type = "QBit(Float32, 16)")] float[] Q,
    [property: ClickHouseColumn("mp", Type = "MultiPoint")] (double X, double Y)[] Mp,
    [property: ClickHouseColumn("g")] ClickHouseGeometry G);

/// <summary>Sends `id` and `note` only, for tables with more columns.</summary>
[ClickHouseRow]
public sealed partial record NoteRow(
    [property: ClickHouseColumn("id")] uint Id,
    [property: ClickHouseColumn("note")] string Note);
