using System.Data;
using System.Data.Common;
using ClickHouse.RowBinary.IntegrationTests.Server;

namespace ClickHouse.RowBinary.IntegrationTests.Queries;

/// <summary>ClickHouseDataReader over any result of the server at hand: names, types, typed getters, NULLs, bytes, schema.</summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class DataReaderServerTests(ClickHouseServerFixture server)
{
    private const string Mixed = """
        SELECT toUInt64(number) AS id, toInt32(toInt32(number) - 1) AS delta, concat('page-', toString(number)) AS page,
          if(number = 1, NULL, toNullable(toFloat64(number) / 4)) AS ratio, toDate('2025-01-01') + number AS day,
          toDateTime('2025-01-01 00:00:00', 'UTC') + number AS ts, [number, number * 2] AS pair,
          toFixedString('ab', 3) AS code, CAST(number % 2 AS Enum8('even' = 0, 'odd' = 1)) AS parity
        FROM numbers(3) ORDER BY number
        """;

    [ServerFact]
    public async Task Names_types_and_values_of_any_result_without_a_row_type()
    {
        await using ClickHouseDataReader reader = await server.Client.ExecuteReaderAsync(Mixed);

        Assert.Equal(9, reader.FieldCount);
        Assert.Equal(["id", "delta", "page", "ratio", "day", "ts", "pair", "code", "parity"], Enumerable.Range(0, 9).Select(reader.GetName));
        Assert.Equal("Nullable(Float64)", reader.GetDataTypeName(3));
        Assert.Equal(ClickHouseTypeKind.Array, reader.GetClickHouseType(6).Kind);
        Assert.Equal([typeof(ulong), typeof(int), typeof(string), typeof(double), typeof(DateOnly), typeof(DateTime), typeof(ulong[]), typeof(byte[]), typeof(string)],
            Enumerable.Range(0, 9).Select(reader.GetFieldType));

        var rows = new List<object[]>();
        while (await reader.ReadAsync())
        {
            var values = new object[reader.FieldCount];
            reader.GetValues(values);
            rows.Add(values);
        }

        Assert.Equal(3, rows.Count);
        Assert.Equal([1UL, 0, "page-1", DBNull.Value, new DateOnly(2025, 1, 2), new DateTime(2025, 1, 1, 0, 0, 1, DateTimeKind.Utc), new ulong[] { 1, 2 }, "ab\0"u8.ToArray(), "odd"], rows[1]);
        Assert.Equal(0.5, rows[2][3]);
    }

    [ServerFact]
    public async Task Typed_getters_read_in_place_widen_where_every_value_fits_and_name_the_column_when_they_do_not()
    {
        await using ClickHouseDataReader reader = await server.Client.ExecuteReaderAsync(Mixed);
        Assert.True(await reader.ReadAsync());

        Assert.Equal(0UL, reader.GetFieldValue<ulong>(0));
        Assert.Equal(-1L, reader.GetInt64(1));
        Assert.Equal(-1, reader.GetInt32(reader.GetOrdinal("delta")));
        Assert.Equal("page-0", reader.GetString(2));
        Assert.Equal(0.0, reader.GetDouble(3));
        Assert.Equal(new DateTime(2025, 1, 1, 0, 0, 0, DateTimeKind.Utc), reader.GetDateTime(4));
        Assert.Equal([0UL, 0UL], reader.GetFieldValue<ulong[]>(6));
        Assert.Equal("ab", reader.GetFieldValue<string>(7));
        Assert.Equal("even", reader.GetString(8));
        Assert.Equal(Parity.Even, reader.GetFieldValue<Parity>(8));

        InvalidCastException wrong = Assert.Throws<InvalidCastException>(() => reader.GetInt64(0));
        Assert.Contains("Column 'id' (UInt64)", wrong.Message, StringComparison.Ordinal);
        Assert.Contains("long", wrong.Message, StringComparison.Ordinal);
        Assert.Contains("read it as ulong", wrong.Message, StringComparison.Ordinal);
        Assert.Throws<InvalidCastException>(() => reader.GetGuid(2));

        Assert.True(await reader.ReadAsync());
        Assert.True(reader.IsDBNull(3));
        Assert.False(reader.IsDBNull(2));
        Assert.Null(reader.GetFieldValue<double?>(3));
        InvalidCastException nullValue = Assert.Throws<InvalidCastException>(() => reader.GetDouble(3));
        Assert.Contains("Column 'ratio'", nullValue.Message, StringComparison.Ordinal);
        Assert.Contains("IsDBNull", nullValue.Message, StringComparison.Ordinal);
    }

    public enum Parity
    {
        Even,
        Odd,
    }

    [ServerFact]
    public async Task String_bytes_come_through_GetBytes_and_GetStream_as_stored()
    {
        await using ClickHouseDataReader reader = await server.Client.ExecuteReaderAsync("SELECT unhex('00ff41') AS raw, 'Zoë' AS text");
        Assert.True(await reader.ReadAsync());

        Assert.Equal(3, reader.GetBytes(0, 0, null, 0, 0));
        byte[] buffer = new byte[5];
        Assert.Equal(2, reader.GetBytes(0, 1, buffer, 1, 4));
        Assert.Equal(new byte[] { 0, 0xFF, 0x41, 0, 0 }, buffer);
        using var stream = new MemoryStream();
        await reader.GetStream(1).CopyToAsync(stream);
        Assert.Equal("Zoë"u8.ToArray(), stream.ToArray());
        Assert.Equal([0x00, 0xFF, 0x41], reader.GetFieldValue<byte[]>(0));
    }

    [ServerFact]
    public async Task The_schema_describes_every_column()
    {
        await using ClickHouseDataReader reader = await server.Client.ExecuteReaderAsync("SELECT toNullable(toDecimal64(1.5, 4)) AS amount, 'x' AS label");

        DataTable table = reader.GetSchemaTable();
        IReadOnlyList<DbColumn> columns = reader.GetColumnSchema();

        Assert.Equal(["amount", "label"], table.Rows.Cast<DataRow>().Select(r => (string)r[SchemaTableColumn.ColumnName]));
        Assert.Equal(typeof(decimal), table.Rows[0][SchemaTableColumn.DataType]);
        Assert.True((bool)table.Rows[0][SchemaTableColumn.AllowDBNull]);
        Assert.Equal((18, 4), (columns[0].NumericPrecision, columns[0].NumericScale));
        Assert.Equal("Decimal(18, 4)", ((ClickHouseDbColumn)columns[0]).ClickHouseType.UnwrapNullable().ToString());
        Assert.False(columns[1].AllowDBNull);
    }

    [ServerFact]
    public async Task Fixed_width_getters_stream_a_million_rows_as_they_arrive()
    {
        await using ClickHouseDataReader reader = await server.Client.ExecuteReaderAsync("SELECT number, toUInt8(number % 7) AS small FROM numbers(1000000)");
        ulong sum = 0;
        long rows = 0;
        while (await reader.ReadAsync())
        {
            sum += reader.GetFieldValue<ulong>(0) + reader.GetByte(1);
            rows++;
        }

        Assert.Equal(1_000_000, rows);
        Assert.Equal((999_999UL * 1_000_000 / 2) + Enumerable.Range(0, 1_000_000).Aggregate(0UL, (s, i) => s + (ulong)(i % 7)), sum);
    }
}
