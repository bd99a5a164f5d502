using ClickHouse.RowBinary.IntegrationTests.Rows;
using ClickHouse.RowBinary.IntegrationTests.Server;

namespace ClickHouse.RowBinary.IntegrationTests.Queries;

/// <summary>One UInt64 column, as a class: QueryFirstOrDefaultAsync gives null when there is no row.</summary>
[ClickHouseRow]
public sealed partial record NumberEntry([property: ClickHouseColumn("number")] ulong Number);

/// <summary>
/// Scalars, one-column lists and tuples against the server at hand: on 18.16 (no RowBinaryWithNamesAndTypes) the columns
/// come from DESCRIBE, on newer servers from the header; either way they are checked before any row.
/// </summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class ScalarQueryServerTests(ClickHouseServerFixture server)
{
    [ServerFact]
    public async Task Count_max_and_exists_read_as_their_own_types()
    {
        Assert.Equal(10UL, await server.Client.QueryScalarAsync<ulong>("SELECT count() FROM numbers(10)"));
        Assert.Equal(new DateTime(2025, 1, 2, 3, 4, 5, DateTimeKind.Utc),
            await server.Client.QueryScalarAsync<DateTime>("SELECT max(toDateTime('2025-01-02 03:04:05', 'UTC') - number) FROM numbers(5)"));
        Assert.True(await server.Client.QueryScalarAsync<bool>("EXISTS TABLE system.numbers"));
        Assert.False(await server.Client.QueryScalarAsync<bool>("EXISTS TABLE system.no_such_table_here"));
        Assert.Equal("Zoë", await server.Client.QueryScalarAsync<string>("SELECT 'Zoë' -- a comment at the end\n;"));
    }

    [ServerFact]
    public async Task A_narrower_integer_reads_as_a_wider_one_but_a_wider_one_is_refused_before_any_row()
    {
        Assert.Equal(200L, await server.Client.QueryScalarAsync<long>("SELECT toUInt8(200)"));
        Assert.Equal(-5.0, await server.Client.QueryScalarAsync<double>("SELECT toFloat32(-5)"));

        RowBinarySchemaMismatchException error = await Assert.ThrowsAsync<RowBinarySchemaMismatchException>(
            () => server.Client.QueryScalarAsync<long>("SELECT count() AS n FROM numbers(3)"));

        RowBinaryColumnMismatch mismatch = Assert.Single(error.Mismatches);
        Assert.Equal(("n", RowBinaryColumnMismatchKind.TypeMismatch, "long", "UInt64"), (mismatch.Column, mismatch.Kind, mismatch.ExpectedType, mismatch.ActualType));
        Assert.Contains("Column 'n'", error.Message, StringComparison.Ordinal);
        Assert.Contains("read it as ulong", error.Message, StringComparison.Ordinal);
    }

    [ServerFact]
    public async Task Two_columns_or_no_rows_are_not_a_scalar_and_say_so()
    {
        RowBinarySchemaMismatchException twoColumns = await Assert.ThrowsAsync<RowBinarySchemaMismatchException>(
            () => server.Client.QueryScalarAsync<ulong>("SELECT count() AS n, 'x' AS label FROM numbers(3)"));
        RowBinaryColumnMismatch extra = Assert.Single(twoColumns.Mismatches);
        Assert.Equal(("label", RowBinaryColumnMismatchKind.NotInRowType), (extra.Column, extra.Kind));
        Assert.Contains("2 columns", twoColumns.Message, StringComparison.Ordinal);

        InvalidOperationException none = await Assert.ThrowsAsync<InvalidOperationException>(
            () => server.Client.QueryScalarAsync<ulong>("SELECT number FROM numbers(10) WHERE number > 100"));
        Assert.Contains("no rows", none.Message, StringComparison.Ordinal);
    }

    [ServerFact]
    public async Task Nullable_columns_need_a_type_that_holds_NULL()
    {
        Assert.Null(await server.Client.QueryScalarAsync<int?>("SELECT CAST(NULL AS Nullable(Int32))"));
        Assert.Equal(7, await server.Client.QueryScalarAsync<int?>("SELECT toNullable(toInt32(7))"));
        Assert.Equal(7, await server.Client.QueryScalarAsync<int?>("SELECT toInt32(7)"));
        Assert.Null(await server.Client.QueryScalarAsync<string?>("SELECT CAST(NULL AS Nullable(String))"));

        RowBinarySchemaMismatchException error = await Assert.ThrowsAsync<RowBinarySchemaMismatchException>(
            () => server.Client.QueryScalarAsync<int>("SELECT toNullable(toInt32(7)) AS maybe"));
        Assert.Contains("int?", error.Message, StringComparison.Ordinal);
        Assert.Equal("Nullable(Int32)", Assert.Single(error.Mismatches).ActualType);
    }

    [ServerFact]
    public async Task Show_tables_reads_as_a_list_of_names()
    {
        await server.Client.ExecuteAsync("CREATE TABLE IF NOT EXISTS values_listed (x UInt8) ENGINE = Memory");

        List<string> tables = await server.Client.QueryValuesAsync<string>("SHOW TABLES");

        Assert.Contains("values_listed", tables);
    }

    [ServerFact]
    public async Task Tuples_read_columns_by_position_as_a_list_and_as_a_stream()
    {
        const string sql = "SELECT toString(number) AS page, number * 10 AS views, toDate('2025-01-01') + number AS day FROM numbers(3) ORDER BY number";

        List<(string Page, ulong Views, DateOnly Day)> rows = await server.Client.QueryListAsync<string, ulong, DateOnly>(sql);
        var streamed = new List<(string, ulong, DateOnly)>();
        await foreach ((string, ulong, DateOnly) row in server.Client.QueryAsync<string, ulong, DateOnly>(sql))
        {
            streamed.Add(row);
        }

        Assert.Equal([("0", 0UL, new DateOnly(2025, 1, 1)), ("1", 10UL, new DateOnly(2025, 1, 2)), ("2", 20UL, new DateOnly(2025, 1, 3))], rows);
        Assert.Equal(rows, streamed);
        Assert.Equal("1", rows[1].Page);
    }

    [ServerFact]
    public async Task A_tuple_whose_arity_differs_from_the_columns_is_refused_before_any_row()
    {
        RowBinarySchemaMismatchException error = await Assert.ThrowsAsync<RowBinarySchemaMismatchException>(
            () => server.Client.QueryListAsync<string, ulong, int>("SELECT 'a' AS page, toUInt64(1) AS views"));

        RowBinaryColumnMismatch missing = Assert.Single(error.Mismatches);
        Assert.Equal(RowBinaryColumnMismatchKind.MissingFromData, missing.Kind);
        Assert.Contains("3 columns", error.Message, StringComparison.Ordinal);
        Assert.Contains("2 columns", error.Message, StringComparison.Ordinal);
        Assert.Contains("(string, ulong, int)", error.Message, StringComparison.Ordinal);
    }

    [ServerFact]
    public async Task QueryFirst_and_QuerySingle_stop_the_request_after_the_rows_they_need()
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        // An endless result: only stopping the request after the first rows lets these return.
        const string endless = "SELECT number FROM system.numbers";

        CountRow first = await server.Client.QueryFirstAsync<CountRow>(endless, timeout.Token);
        InvalidOperationException many = await Assert.ThrowsAsync<InvalidOperationException>(() => server.Client.QuerySingleAsync<CountRow>(endless, timeout.Token));
        CountRow single = await server.Client.QuerySingleAsync<CountRow>("SELECT number FROM numbers(1)", timeout.Token);
        NumberEntry? none = await server.Client.QueryFirstOrDefaultAsync<NumberEntry>("SELECT number FROM numbers(10) WHERE number > 100", timeout.Token);
        InvalidOperationException empty = await Assert.ThrowsAsync<InvalidOperationException>(() => server.Client.QueryFirstAsync<CountRow>("SELECT number FROM numbers(10) WHERE number > 100", timeout.Token));

        Assert.Equal(0UL, first.Number);
        Assert.Contains("more than one row", many.Message, StringComparison.Ordinal);
        Assert.Equal(0UL, single.Number);
        Assert.Null(none);
        Assert.Contains("no rows", empty.Message, StringComparison.Ordinal);
        Assert.False(timeout.IsCancellationRequested);
    }
}
