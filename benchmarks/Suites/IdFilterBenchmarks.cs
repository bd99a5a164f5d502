using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Net.Http;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using ClickHouse.RowBinary.Benchmarks.EndToEnd;
using ClickHouse.RowBinary.Benchmarks.Harness;

namespace ClickHouse.RowBinary.Benchmarks.Suites;

/// <summary>
/// Filtering the rows of a server table by ids the application holds, three ways: the ids as an external table sent
/// with the query (<see cref="ClickHouseExternalTable"/>), as an <c>IN (...)</c> literal spliced into the SQL, and as a
/// temporary table created and filled first in a session (<c>session_id</c>), then dropped. Each returns the same
/// count and sum; <see cref="Verify"/> prints the request bytes each sends.
/// </summary>
[SuiteJob(SuiteKind.EndToEnd)]
[MemoryDiagnoser]
public class IdFilterBenchmarks : IVerifiedSuite
{
    private const string Table = "rowbinary_bench_id_filter";
    private const int ServerRows = 1_000_000;

    private ClickHouseClient _client = null!;
    private ulong[] _ids = [];

    [ParamsSource(nameof(IdCounts))]
    public int Ids { get; set; }

    public static IEnumerable<int> IdCounts() => [50_000];

    [GlobalSetup]
    public void Setup() => SetupAsync(new RequestBytesCounter()).GetAwaiter().GetResult();

    private async Task SetupAsync(RequestBytesCounter counter)
    {
        ClickHouseEndpoint endpoint = ClickHouseEndpoint.FromEnvironment();
        _client = new ClickHouseClient(new HttpClient(counter), new ClickHouseClientOptions { Endpoint = endpoint.Url, User = endpoint.User, Password = endpoint.Password });
        await _client.ExecuteAsync($"CREATE TABLE IF NOT EXISTS {Table} (id UInt64, v UInt64) ENGINE = MergeTree ORDER BY id").ConfigureAwait(false);
        if ((await _client.QueryTextAsync($"SELECT count() FROM {Table}").ConfigureAwait(false)).Trim() != ServerRows.ToString(CultureInfo.InvariantCulture))
        {
            await _client.ExecuteAsync($"TRUNCATE TABLE {Table}").ConfigureAwait(false);
            await _client.ExecuteAsync($"INSERT INTO {Table} SELECT number, number * 3 + 1 FROM numbers({ServerRows})").ConfigureAwait(false);
        }
        // Spread over twice the table's ids: about half of them match.
        var random = new Random(28);
        _ids = [.. Enumerable.Range(0, Ids).Select(_ => (ulong)random.NextInt64(2L * ServerRows))];
    }

    [GlobalCleanup]
    public void Cleanup() => _client.Dispose();

    [Benchmark(Baseline = true)]
    public Task<string> ExternalTable()
        => _client.QueryTextAsync($"SELECT count(), sum(v) FROM {Table} WHERE id IN ids",
            new ClickHouseQueryOptions { ExternalTables = { ClickHouseExternalTable.Create("ids", "id", _ids) } });

    /// <summary>
    /// What an application does without external tables: the ids spliced into the SQL (building the text counts). The
    /// SQL of 50,000 ids is longer than the server's default <c>max_query_size</c> (256 KiB) and has more elements than its
    /// default <c>max_ast_elements</c> (50,000): both must be raised.
    /// </summary>
    [Benchmark]
    public Task<string> InLiteral()
        => _client.QueryTextAsync($"SELECT count(), sum(v) FROM {Table} WHERE id IN ({string.Join(",", _ids)})", LargeQuery());

    private static ClickHouseQueryOptions LargeQuery() => new() { Settings = { ["max_query_size"] = "16777216", ["max_ast_elements"] = "1000000" } };

    /// <summary>A temporary table of a session, created, filled with an INSERT, read, dropped: four requests.</summary>
    [Benchmark]
    public async Task<string> TemporaryTable()
    {
        string session = Guid.NewGuid().ToString("N");
        ClickHouseQueryOptions InSession() => new() { Settings = { ["session_id"] = session } };
        await _client.ExecuteAsync("CREATE TEMPORARY TABLE ids (id UInt64) ENGINE = Memory", InSession()).ConfigureAwait(false);
        await _client.InsertAsync("ids", _ids.Select(id => new IdRow(id)),
            new ClickHouseInsertOptions { CheckSchema = false, Settings = { ["session_id"] = session } }).ConfigureAwait(false);
        string result = await _client.QueryTextAsync($"SELECT count(), sum(v) FROM {Table} WHERE id IN ids", InSession()).ConfigureAwait(false);
        await _client.ExecuteAsync("DROP TEMPORARY TABLE ids", InSession()).ConfigureAwait(false);
        return result;
    }

    public void Verify()
    {
        var counter = new RequestBytesCounter();
        SetupAsync(counter).GetAwaiter().GetResult();
        try
        {
            string expected = _client.QueryTextAsync($"SELECT count(), sum(v) FROM {Table} WHERE id IN ({string.Join(",", _ids.Distinct())})", LargeQuery())
                .GetAwaiter().GetResult();
            var bytes = new List<string>();
            foreach ((string name, Func<Task<string>> run) in new (string, Func<Task<string>>)[] { (nameof(ExternalTable), ExternalTable), (nameof(InLiteral), InLiteral), (nameof(TemporaryTable), TemporaryTable) })
            {
                long before = counter.Bytes;
                string result = run().GetAwaiter().GetResult();
                bytes.Add($"{name} {counter.Bytes - before:N0}");
                if (result != expected)
                {
                    throw new BenchmarkVerificationException($"{nameof(IdFilterBenchmarks)}.{name} answered '{result.Trim()}', the filter '{expected.Trim()}'.");
                }
            }
            Console.WriteLine($"// {nameof(IdFilterBenchmarks)}: request bytes sent: {string.Join(", ", bytes)} ({Ids:N0} ids, {expected.Trim()} matched)");
        }
        finally
        {
            Cleanup();
        }
    }
}

/// <summary>One id, for the temporary table's INSERT.</summary>
[ClickHouseRow]
public readonly partial record struct IdRow([property: ClickHouseColumn("id")] ulong Id);
