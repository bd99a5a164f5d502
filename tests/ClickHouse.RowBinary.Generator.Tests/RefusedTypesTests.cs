using System.Buffers;
using ClickHouse.RowBinary.Generator.Tests.Infrastructure;

namespace ClickHouse.RowBinary.Generator.Tests;

/// <summary>
/// The two families ClickHouse 26.9 has that stay refused, and why, proven against ClickHouse itself: AggregateFunction
/// states (the refusal's advice reads what ClickHouse sends), and Nothing, which ClickHouse sends only as NULL and as
/// empty arrays.
/// </summary>
public class RefusedTypesTests
{
    private const string WithHeader = "RowBinaryWithNamesAndTypes";

    [OracleFact]
    public void AggregateFunction_states_are_refused_because_only_the_function_knows_where_one_ends()
    {
        // Over the same UInt64 column, each function writes a state of its own making, and nothing says how long it is:
        // sum 8 bytes, avg 9 (its sum, then the count as a varint), groupArray a count and the values.
        byte[] states = OracleProcess.Query("SELECT sumState(number) AS s, avgState(number) AS a, groupArrayState(number) AS g FROM numbers(3)", WithHeader);
        var reader = new RowBinaryReader(states);
        RowBinaryHeader header = RowBinaryHeader.Read(ref reader);
        Assert.Equal(["AggregateFunction(sum, UInt64)", "AggregateFunction(avg, UInt64)", "AggregateFunction(groupArray, UInt64)"], header.Types);
        Assert.Equal("0300000000000000" + "030000000000000003" + "03000000000000000001000000000000000200000000000000", Convert.ToHexString(states[(int)reader.Offset..]));

        RowBinarySchemaMismatchException error = Assert.Throws<RowBinarySchemaMismatchException>(() => RowBinarySerializer.ReadList<StateBytesRow>(states, RowBinaryFormat.RowBinaryWithNamesAndTypes));

        Assert.Contains("AggregateFunction(f, ...) holds aggregation states, which are not self-delimiting in RowBinary", error.Message, StringComparison.Ordinal);
        Assert.Contains("Select finalizeAggregation(column) (or fMerge(column) with GROUP BY) for the value, or CAST(column AS String) or hex(column)", error.Message, StringComparison.Ordinal);
    }

    [OracleFact]
    public void The_advice_reads_the_value_and_the_states_bytes()
    {
        byte[] advised = OracleProcess.Query(
            "SELECT finalizeAggregation(s) AS total, CAST(s AS String) AS state, hex(s) AS state_hex, CAST(a AS String) AS avg_state "
            + "FROM (SELECT sumState(number) AS s, avgState(number) AS a FROM numbers(3))", WithHeader);
        byte[] merged = OracleProcess.Query("SELECT sumMerge(s) AS total FROM (SELECT sumState(number) AS s FROM numbers(10) GROUP BY number % 3)", WithHeader);

        AdvisedRow row = Assert.Single(RowBinarySerializer.ReadList<AdvisedRow>(advised, RowBinaryFormat.RowBinaryWithNamesAndTypes));
        MergedRow total = Assert.Single(RowBinarySerializer.ReadList<MergedRow>(merged, RowBinaryFormat.RowBinaryWithNamesAndTypes));

        Assert.Equal(3UL, row.Total);
        Assert.Equal("0300000000000000", Convert.ToHexString(row.State));
        Assert.Equal("0300000000000000", row.StateHex);
        Assert.Equal("030000000000000003", Convert.ToHexString(row.AvgState));
        Assert.Equal(45UL, total.Total);
    }

    [OracleFact]
    public void Nothing_comes_only_as_NULL_and_as_empty_arrays_and_reads_and_writes_as_ClickHouse_sends_it()
    {
        byte[] bytes = OracleProcess.Query("SELECT NULL AS n, [] AS a, [[], []] AS aa, [NULL, NULL] AS an", WithHeader);

        var reader = new RowBinaryReader(bytes);
        Assert.Equal(["Nullable(Nothing)", "Array(Nothing)", "Array(Array(Nothing))", "Array(Nullable(Nothing))"], RowBinaryHeader.Read(ref reader).Types);
        Assert.Equal("01" + "00" + "020000" + "020101", Convert.ToHexString(bytes[(int)reader.Offset..]));
        NothingsRow row = Assert.Single(RowBinarySerializer.ReadList<NothingsRow>(bytes, RowBinaryFormat.RowBinaryWithNamesAndTypes));
        Assert.Null(row.N);
        Assert.Empty(row.A);
        Assert.Equal(2, row.Aa.Length);
        Assert.All(row.Aa, Assert.Empty);
        Assert.Equal([null, null], row.An);
        var written = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(written, [row], RowBinaryFormat.RowBinaryWithNamesAndTypes);
        Assert.Equal(Convert.ToHexString(bytes), Convert.ToHexString(written.WrittenSpan));

        // No value of Nothing itself exists, and no table may have a column of it.
        Assert.Contains("Cannot convert NULL to a non-nullable type", Assert.Throws<InvalidOperationException>(() =>
            OracleProcess.Query("SELECT CAST(NULL AS Nothing)", WithHeader)).Message, StringComparison.Ordinal);
        Assert.Contains("DATA_TYPE_CANNOT_BE_USED_IN_TABLES", Assert.Throws<InvalidOperationException>(() =>
            OracleProcess.Query("CREATE TABLE nothing_here (a Array(Nothing)) ENGINE = Memory", WithHeader)).Message, StringComparison.Ordinal);
    }
}

[ClickHouseRow]
public partial record StateBytesRow(
    [property: ClickHouseColumn("s")] byte[] S,
    [property: ClickHouseColumn("a")] byte[] A,
    [property: ClickHouseColumn("g")] byte[] G);

[ClickHouseRow]
public partial record AdvisedRow(
    [property: ClickHouseColumn("total")] ulong Total,
    [property: ClickHouseColumn("state")] byte[] State,
    [property: ClickHouseColumn("state_hex")] string StateHex,
    [property: ClickHouseColumn("avg_state")] byte[] AvgState);

[ClickHouseRow]
public partial record MergedRow([property: ClickHouseColumn("total")] ulong Total);

[ClickHouseRow]
public partial record NothingsRow(
    [property: ClickHouseColumn("n", Type = "Nullable(Nothing)")] object? N,
    [property: ClickHouseColumn("a", Type = "Array(Nothing)")] object[] A,
    [property: ClickHouseColumn("aa", Type = "Array(Array(Nothing))")] object[][] Aa,
    [property: ClickHouseColumn("an", Type = "Array(Nullable(Nothing))")] object?[] An);
