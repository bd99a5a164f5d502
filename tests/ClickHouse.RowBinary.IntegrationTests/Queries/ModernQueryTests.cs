using System.Net;
using System.Numerics;
using System.Text.Json.Nodes;
using ClickHouse.RowBinary.IntegrationTests.Rows;
using ClickHouse.RowBinary.ReplayServer;

namespace ClickHouse.RowBinary.IntegrationTests.Queries;

/// <summary>
/// Scalars, tuples and the data reader against a modern server: the replay server answers with the
/// RowBinaryWithNamesAndTypes bytes ClickHouse 26.9 (the oracle) writes for each query, over real HTTP, and records
/// what the client sent. Every C# type of the type mapping is read from a column of a type it maps.
/// </summary>
public sealed class ModernQueryTests
{
    /// <summary>A client whose every query gets the oracle's answer to <paramref name="sql"/>.</summary>
    private static async Task<T> Replay<T>(string sql, Func<ClickHouseClient, Task<T>> query, Action<ReplayRequest>? sent = null)
    {
        byte[] answer = OracleProcess.Query(sql, "RowBinaryWithNamesAndTypes");
        await using var server = new ReplayServer.ReplayServer(_ => new ReplayResponse(answer, "RowBinaryWithNamesAndTypes"));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Url, WireFormat = ClickHouseWireFormat.RowBinary });
        T result = await query(client);
        // A read that stops before the end of the result (QueryFirst) is followed by a KILL QUERY, in the background, and
        // the endpoint's settings question (cancel_http_readonly_queries_on_client_close).
        ReplayRequest request = Assert.Single(server.Requests.ToArray(),
            r => !r.Query.StartsWith("KILL QUERY", StringComparison.Ordinal) && !r.Query.Contains("system.settings", StringComparison.Ordinal));
        Assert.EndsWith("FORMAT RowBinaryWithNamesAndTypes", request.Query.Trim(), StringComparison.Ordinal);
        sent?.Invoke(request);
        Assert.Null(server.Failure);
        return result;
    }

    [OracleFact]
    public async Task Integers_and_floats_read_as_their_CSharp_types()
    {
        var rows = await Replay("""
            SELECT toInt8(-128) AS a, toInt16(-300) AS b, toInt32(-70000) AS c, toInt64(-5000000000) AS d,
              toInt128('-170141183460469231731687303715884105728') AS e, toInt256('-1') AS f, toUInt8(255) AS g
            """, c => c.QueryListAsync<sbyte, short, int, long, Int128, BigInteger, byte>("SELECT ..."));
        Assert.Equal([((sbyte)-128, (short)-300, -70000, -5_000_000_000L, Int128.MinValue, BigInteger.MinusOne, (byte)255)], rows);

        var unsigned = await Replay("""
            SELECT toUInt16(65535) AS a, toUInt32(4294967295) AS b, toUInt64(18446744073709551615) AS c,
              toUInt128('340282366920938463463374607431768211455') AS d, toUInt256('115792089237316195423570985008687907853269984665640564039457584007913129639935') AS e,
              toFloat32(1.5) AS f, toFloat64(-2.25) AS g
            """, c => c.QueryListAsync<ushort, uint, ulong, UInt128, BigInteger, float, double>("SELECT ..."));
        Assert.Equal([(ushort.MaxValue, uint.MaxValue, ulong.MaxValue, UInt128.MaxValue, (BigInteger.One << 256) - 1, 1.5f, -2.25)], unsigned);
    }

    [OracleFact]
    public async Task Text_bytes_bools_and_brain_floats_read_as_their_CSharp_types()
    {
        var rows = await Replay("""
            SELECT toBFloat16(1.5) AS a, true AS b, 'Zoë' AS c, unhex('00ff') AS d, 'xy' AS e, toFixedString('ab', 3) AS f, toFixedString('ab', 3) AS g
            """, c => c.QueryListAsync<float, bool, string, byte[], ReadOnlyMemory<byte>, byte[], string>("SELECT ..."));
        (float bfloat, bool flag, string text, byte[] bytes, ReadOnlyMemory<byte> memory, byte[] fixedBytes, string fixedText) = Assert.Single(rows);
        Assert.Equal((1.5f, true, "Zoë", "xy", "ab"), (bfloat, flag, text, System.Text.Encoding.UTF8.GetString(memory.Span), fixedText));
        Assert.Equal([0x00, 0xFF], bytes);
        Assert.Equal("ab\0"u8.ToArray(), fixedBytes);
    }

    [OracleFact]
    public async Task Dates_and_times_read_as_their_CSharp_types()
    {
        var rows = await Replay("""
            SELECT toDate('2025-01-02') AS a, toDate32('1900-01-01') AS b, toDate('2149-06-06') AS c, toDateTime('2025-01-02 03:04:05', 'UTC') AS d,
              toDateTime('2025-01-02 03:04:05', 'Asia/Tokyo') AS e, toDateTime64('1969-12-31 23:59:59.999', 3, 'UTC') AS f, toDateTime64('2025-01-02 03:04:05.123456789', 9, 'UTC') AS g
            """, c => c.QueryListAsync<DateOnly, DateOnly, DateTime, DateTime, DateTimeOffset, DateTime, long>("SELECT ..."));
        Assert.Equal([(new DateOnly(2025, 1, 2), new DateOnly(1900, 1, 1), new DateTime(2149, 6, 6, 0, 0, 0, DateTimeKind.Utc),
            new DateTime(2025, 1, 2, 3, 4, 5, DateTimeKind.Utc), new DateTimeOffset(2025, 1, 1, 18, 4, 5, TimeSpan.Zero),
            new DateTime(1969, 12, 31, 23, 59, 59, 999, DateTimeKind.Utc), 1_735_787_045_123_456_789L)], rows);
    }

    [OracleFact]
    public async Task Decimals_identifiers_and_addresses_read_as_their_CSharp_types()
    {
        var rows = await Replay("""
            SELECT toDecimal32(-12.34, 2) AS a, toDecimal128('12345678901234567890.0123456789', 10) AS b, toDecimal256('-1.00001', 5) AS c,
              toUUID('61f0c404-5cb3-11e7-907b-a6006ad3dba0') AS d, toIPv4('1.2.3.4') AS e, toIPv4('1.2.3.4') AS f, toIPv6('2001:db8::1') AS g
            """, c => c.QueryListAsync<decimal, ClickHouseDecimal, ClickHouseDecimal, Guid, IPAddress, uint, IPAddress>("SELECT ..."));
        var row = Assert.Single(rows);
        Assert.Equal((-12.34m, ClickHouseDecimal.Parse("12345678901234567890.0123456789"), ClickHouseDecimal.Parse("-1.00001"), Guid.Parse("61f0c404-5cb3-11e7-907b-a6006ad3dba0")),
            (row.Item1, row.Item2, row.Item3, row.Item4));
        Assert.Equal((IPAddress.Parse("1.2.3.4"), 0x01020304u, IPAddress.Parse("2001:db8::1")), (row.Item5, row.Item6, row.Item7));
    }

    [OracleFact]
    public async Task Enums_nullables_and_low_cardinality_read_as_their_CSharp_types()
    {
        var rows = await Replay("""
            SELECT CAST('Cherry' AS Enum8('Apple' = 1, 'Banana' = 2, 'Cherry' = -3)) AS a, CAST('Banana' AS Enum8('Apple' = 1, 'Banana' = 2)) AS b,
              CAST('Earth' AS Enum16('Mercury' = 1, 'Earth' = 1000)) AS c, CAST(NULL AS Nullable(Int32)) AS d, toNullable('n') AS e,
              toLowCardinality('lc') AS f, CAST(NULL AS LowCardinality(Nullable(String))) AS g
            """, c => c.QueryListAsync<Fruit, sbyte, string, int?, string?, string, string?>("SELECT ..."));
        Assert.Equal([(Fruit.Cherry, (sbyte)2, "Earth", (int?)null, "n", "lc", (string?)null)], rows);
    }

    [OracleFact]
    public async Task Arrays_and_composites_read_as_typed_arrays_or_the_codec_form()
    {
        var rows = await Replay("""
            SELECT [1, 2]::Array(UInt32) AS a, [NULL, 'x']::Array(Nullable(String)) AS b, [[1], [], [2, 3]]::Array(Array(UInt16)) AS c,
              map('k', 7::UInt64) AS d, tuple(1::UInt8, 's') AS e, CAST('s' AS Variant(String, UInt64)) AS f, 42::UInt8::Dynamic AS g
            """, c => c.QueryListAsync<uint[], string?[], ushort[][], object, object, ClickHouseDynamic, ClickHouseDynamic>("SELECT ..."));
        var row = Assert.Single(rows);
        Assert.Equal([1u, 2u], row.Item1);
        Assert.Equal(new string?[] { null, "x" }, row.Item2);
        Assert.Equal([[1], [], [2, 3]], row.Item3);
        Assert.Equal([new KeyValuePair<object, object?>("k", 7UL)], (List<KeyValuePair<object, object?>>)row.Item4);
        Assert.Equal([(byte)1, "s"], (object?[])row.Item5);
        Assert.Equal(("String", (object?)"s"), (row.Item6.Type!.ToString(), row.Item6.Value));
        Assert.Equal(("UInt8", (object?)(byte)42), (row.Item7.Type!.ToString(), row.Item7.Value));
    }

    [OracleFact]
    public async Task Json_geometry_time_intervals_and_aggregates_read_as_their_CSharp_types()
    {
        var rows = await Replay("""
            SELECT '{"a":{"b":1}}'::JSON AS a, '{"x":"y"}'::JSON AS b, (1.5, -2)::Point AS c, [(0, 0), (1, 1)]::Ring AS d,
              '25:00:01'::Time AS e, toIntervalSecond(90) AS f, CAST(5 AS SimpleAggregateFunction(sum, UInt64)) AS g
            """, c => c.QueryListAsync<string, JsonNode, (double X, double Y), (double X, double Y)[], TimeSpan, TimeSpan, ulong>("SELECT ..."));
        var row = Assert.Single(rows);
        Assert.Equal("""{"a":{"b":1}}""", row.Item1.Replace(" ", "", StringComparison.Ordinal));
        Assert.Equal("y", (string?)row.Item2["x"]);
        Assert.Equal((1.5, -2.0), row.Item3);
        Assert.Equal([(0.0, 0.0), (1.0, 1.0)], row.Item4);
        Assert.Equal((new TimeSpan(25, 0, 1), TimeSpan.FromSeconds(90), 5UL), (row.Item5, row.Item6, row.Item7));
    }

    [OracleFact]
    public async Task A_scalar_reads_the_one_column_and_refuses_a_type_that_does_not_hold_it_before_any_row()
    {
        Assert.Equal(10UL, await Replay("SELECT count() AS n FROM numbers(10)", c => c.QueryScalarAsync<ulong>("SELECT count() FROM numbers(10)")));
        Assert.Equal(new DateTime(2025, 1, 2, 3, 4, 5, 678, DateTimeKind.Utc),
            await Replay("SELECT max(toDateTime64('2025-01-02 03:04:05.678', 3, 'UTC')) AS latest", c => c.QueryScalarAsync<DateTime>("SELECT max(ts) FROM t")));
        Assert.True(await Replay("EXISTS TABLE system.numbers", c => c.QueryScalarAsync<bool>("EXISTS TABLE system.numbers")));

        RowBinarySchemaMismatchException error = await Assert.ThrowsAsync<RowBinarySchemaMismatchException>(
            () => Replay("SELECT count() AS n FROM numbers(10)", c => c.QueryScalarAsync<int>("SELECT count() FROM numbers(10)")));
        Assert.Equal(("n", "int", "UInt64"), (Assert.Single(error.Mismatches).Column, error.Mismatches[0].ExpectedType, error.Mismatches[0].ActualType));

        RowBinarySchemaMismatchException map = await Assert.ThrowsAsync<RowBinarySchemaMismatchException>(
            () => Replay("SELECT map('a', 1::UInt64) AS m", c => c.QueryScalarAsync<IReadOnlyDictionary<string, ulong>>("SELECT m")));
        Assert.Contains("[ClickHouseRow]", map.Message, StringComparison.Ordinal);
        Assert.Contains("read Map(String, UInt64) as List<KeyValuePair<object, object>>", map.Message, StringComparison.Ordinal);
    }

    [OracleFact]
    public async Task Maps_read_as_dictionaries_and_arrays_as_lists()
    {
        var (counters, tags) = Assert.Single(await Replay("SELECT map('clicks', 3::UInt64, 'views', 10::UInt64) AS counters, ['a', 'b']::Array(LowCardinality(String)) AS tags",
            c => c.QueryListAsync<Dictionary<string, ulong>, List<string>>("SELECT counters, tags FROM t")));

        Assert.Equal(new Dictionary<string, ulong> { ["clicks"] = 3, ["views"] = 10 }, counters);
        Assert.Equal(["a", "b"], tags);
        RowBinarySchemaMismatchException wrongValue = await Assert.ThrowsAsync<RowBinarySchemaMismatchException>(
            () => Replay("SELECT map('a', 1::UInt64) AS m", c => c.QueryScalarAsync<Dictionary<string, string>>("SELECT m")));
        Assert.Contains("string reads String", wrongValue.Message, StringComparison.Ordinal);
    }

    [OracleFact]
    public async Task Show_tables_reads_as_names()
    {
        List<string> names = await Replay("SELECT name FROM system.one ARRAY JOIN ['events', 'visits'] AS name",
            c => c.QueryValuesAsync<string>("SHOW TABLES"));

        Assert.Equal(["events", "visits"], names);
    }

    [OracleFact]
    public async Task The_data_reader_gives_the_mapping_default_types_of_a_modern_result()
    {
        var columns = await Replay("""
            SELECT toLowCardinality('lc') AS lc, toDateTime64('2025-01-02 03:04:05.678', 3, 'UTC') AS ts, [NULL, 1]::Array(Nullable(UInt8)) AS maybe,
              map('k', 1::UInt32) AS m, tuple(1::UInt8, 'x') AS t, toDecimal128(1.5, 20) AS wide, CAST(NULL AS Nullable(UUID)) AS missing
            """, async client =>
            {
                await using ClickHouseDataReader reader = await client.ExecuteReaderAsync("SELECT ...");
                Assert.True(await reader.ReadAsync());
                var values = new object[reader.FieldCount];
                reader.GetValues(values);
                Assert.False(await reader.ReadAsync());
                return Enumerable.Range(0, reader.FieldCount).Select(i => (reader.GetFieldType(i), values[i])).ToList();
            });

        Assert.Equal((typeof(string), (object)"lc"), columns[0]);
        Assert.Equal((typeof(DateTime), (object)new DateTime(2025, 1, 2, 3, 4, 5, 678, DateTimeKind.Utc)), columns[1]);
        Assert.Equal(typeof(byte?[]), columns[2].Item1);
        Assert.Equal(new byte?[] { null, 1 }, columns[2].Item2);
        Assert.Equal(typeof(List<KeyValuePair<object, object?>>), columns[3].Item1);
        Assert.Equal(typeof(object[]), columns[4].Item1);
        Assert.Equal((typeof(ClickHouseDecimal), (object)ClickHouseDecimal.Parse("1.5")), (columns[5].Item1, columns[5].Item2));
        Assert.Equal((typeof(Guid), (object)DBNull.Value), columns[6]);
    }

    [OracleFact]
    public async Task QueryFirst_reads_one_row_of_a_modern_result_by_name()
    {
        NumberEntry first = await Replay("SELECT number FROM numbers(100000)", c => c.QueryFirstAsync<NumberEntry>("SELECT number FROM numbers(100000)"));

        Assert.Equal(0UL, first.Number);
    }
}
