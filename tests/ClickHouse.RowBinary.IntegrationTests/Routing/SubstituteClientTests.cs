using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using ClickHouse.RowBinary.IntegrationTests.Rows;

namespace ClickHouse.RowBinary.IntegrationTests.Routing;

/// <summary>
/// Application code written against <see cref="IClickHouseClient"/> runs in a test with a fake of the test's own, written
/// as a user would: only the members that take options, the shorter overloads come with the interface.
/// </summary>
public sealed class SubstituteClientTests
{
    /// <summary>Code under test: counts the rows of a table and records a visit, with the short overloads.</summary>
    private static async Task<ulong> RecordVisitAsync(IClickHouseClient client, uint id)
    {
        await client.InsertAsync("visits", [new CountRow(id)]);
        await client.ExecuteAsync("OPTIMIZE TABLE visits");
        return await client.QueryScalarAsync<ulong>("SELECT count() FROM visits WHERE number >= {from:UInt64}", new Dictionary<string, object?> { ["from"] = 0UL });
    }

    [Fact]
    public async Task Code_written_against_the_interface_runs_against_a_fake_implementing_only_the_option_taking_members()
    {
        var fake = new FakeClient();

        ulong count = await RecordVisitAsync(fake, 7);

        Assert.Equal(1UL, count);
        Assert.Equal(["INSERT visits", "OPTIMIZE TABLE visits", "SELECT count() FROM visits WHERE number >= {from:UInt64} from=0"], fake.Calls);
    }

    [Fact]
    public void The_client_is_the_interface()
    {
        using IClickHouseClient client = new ClickHouseClient(new ClickHouseClientOptions());
        Assert.IsType<ClickHouseClient>(client.CreateSession());
    }

    /// <summary>A fake: every member that takes options, answering from memory; what is not needed throws.</summary>
    private sealed class FakeClient : IClickHouseClient
    {
        private readonly ConcurrentQueue<uint> _rows = new();

        public List<string> Calls { get; } = [];

        public Task<ClickHouseInsertResult> InsertAsync<T>(string table, IEnumerable<T> rows, ClickHouseInsertOptions? options, CancellationToken cancellationToken = default)
            where T : IClickHouseRow<T>
        {
            Calls.Add($"INSERT {table}");
            int count = 0;
            foreach (T row in rows)
            {
                _rows.Enqueue((uint)count++);
            }
            return Task.FromResult(new ClickHouseInsertResult(count, 0));
        }

        public Task ExecuteAsync(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        {
            Calls.Add(sql);
            return Task.CompletedTask;
        }

        public Task<T> QueryScalarAsync<T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default)
        {
            Calls.Add($"{sql} {string.Join(",", options!.Parameters.Select(p => $"{p.Key}={p.Value}"))}");
            return Task.FromResult((T)(object)(ulong)_rows.Count);
        }

        public IAsyncEnumerable<T> QueryAsync<T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default) where T : IClickHouseRow<T> => throw new NotSupportedException();
        public Task<List<T>> QueryListAsync<T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default) where T : IClickHouseRow<T> => throw new NotSupportedException();
        public Task<T> QueryFirstAsync<T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default) where T : IClickHouseRow<T> => throw new NotSupportedException();
        public Task<T?> QueryFirstOrDefaultAsync<T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default) where T : IClickHouseRow<T> => throw new NotSupportedException();
        public Task<T> QuerySingleAsync<T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default) where T : IClickHouseRow<T> => throw new NotSupportedException();
        public Task<List<T>> QueryValuesAsync<T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default) => throw new NotSupportedException();
        public Task<List<(T1, T2)>> QueryListAsync<T1, T2>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default) => throw new NotSupportedException();
        public IAsyncEnumerable<(T1, T2)> QueryAsync<T1, T2>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default) => throw new NotSupportedException();
        public Task<List<(T1, T2, T3)>> QueryListAsync<T1, T2, T3>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default) => throw new NotSupportedException();
        public IAsyncEnumerable<(T1, T2, T3)> QueryAsync<T1, T2, T3>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default) => throw new NotSupportedException();
        public Task<List<(T1, T2, T3, T4)>> QueryListAsync<T1, T2, T3, T4>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default) => throw new NotSupportedException();
        public IAsyncEnumerable<(T1, T2, T3, T4)> QueryAsync<T1, T2, T3, T4>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default) => throw new NotSupportedException();
        public Task<List<(T1, T2, T3, T4, T5)>> QueryListAsync<T1, T2, T3, T4, T5>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default) => throw new NotSupportedException();
        public IAsyncEnumerable<(T1, T2, T3, T4, T5)> QueryAsync<T1, T2, T3, T4, T5>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default) => throw new NotSupportedException();
        public Task<List<(T1, T2, T3, T4, T5, T6)>> QueryListAsync<T1, T2, T3, T4, T5, T6>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default) => throw new NotSupportedException();
        public IAsyncEnumerable<(T1, T2, T3, T4, T5, T6)> QueryAsync<T1, T2, T3, T4, T5, T6>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default) => throw new NotSupportedException();
        public Task<List<(T1, T2, T3, T4, T5, T6, T7)>> QueryListAsync<T1, T2, T3, T4, T5, T6, T7>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default) => throw new NotSupportedException();
        public IAsyncEnumerable<(T1, T2, T3, T4, T5, T6, T7)> QueryAsync<T1, T2, T3, T4, T5, T6, T7>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default) => throw new NotSupportedException();
        public Task<ClickHouseDataReader> ExecuteReaderAsync(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default) => throw new NotSupportedException();
        public Task<string> QueryTextAsync(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default) => throw new NotSupportedException();
        public Task<Stream> QueryStreamAsync(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken = default) => throw new NotSupportedException();
        public Task<string> GetServerVersionAsync(CancellationToken cancellationToken = default) => throw new NotSupportedException();
        public Task<ClickHouseInsertResult> InsertAsync<T>(string table, IAsyncEnumerable<T> rows, ClickHouseInsertOptions? options, CancellationToken cancellationToken = default) where T : IClickHouseRow<T> => throw new NotSupportedException();
        public Task<ClickHouseInsertResult> InsertRawAsync(string table, string format, Stream body, ClickHouseInsertOptions? options = null, CancellationToken cancellationToken = default) => throw new NotSupportedException();
        public Task CreateTableAsync<T>(string table, ClickHouseTableOptions? options = null, CancellationToken cancellationToken = default) where T : IClickHouseRow<T> => throw new NotSupportedException();
        public IClickHouseBatchInserter<T> CreateBatchInserter<T>(string table, ClickHouseBatchInserterOptions? options = null) where T : IClickHouseRow<T> => throw new NotSupportedException();
        public IClickHouseClient CreateSession(ClickHouseSessionOptions? options = null) => throw new NotSupportedException();

        public void Dispose()
        {
        }
    }
}
