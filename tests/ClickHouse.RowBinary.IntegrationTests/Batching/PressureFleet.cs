using System.Collections.Concurrent;
using System.Diagnostics;
using System.Globalization;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.IntegrationTests.Batching;

/// <summary>
/// A fleet of batch inserters (a client and an inserter each) fed open-loop traffic into one table whose merges are
/// stopped and whose limits are low (<see cref="TableSettings"/>), with fixed or adaptive options: what it acknowledged,
/// how often the servers answered code 252 (too many parts), and the assertions both the one-server and the cluster
/// proofs make. Shared by <see cref="InserterPressureServerTests"/> and <c>Cluster/InserterPressureClusterTests</c>.
/// </summary>
internal static class PressureFleet
{
    /// <summary>The table's limits: INSERTs delayed past 10 active parts in a partition, refused (252) past 100.</summary>
    public const string TableSettings = " SETTINGS parts_to_delay_insert = 10, parts_to_throw_insert = 100, max_delay_to_insert = 5";

    /// <summary>The table's <c>parts_to_delay_insert</c>.</summary>
    private const int DelayedFromParts = 10;

    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(90);

    /// <summary>Rows, distinct ids and the sum of ids stored.</summary>
    public sealed record Stored(long Count, long Distinct, long IdSum)
    {
        /// <summary>The answer to <see cref="Query"/>.</summary>
        public static Stored Parse(string answer)
        {
            string[] values = answer.Trim().Split('\t');
            return new Stored(long.Parse(values[0], CultureInfo.InvariantCulture), long.Parse(values[1], CultureInfo.InvariantCulture), long.Parse(values[2], CultureInfo.InvariantCulture));
        }

        /// <summary>What <see cref="Parse"/> reads, for <paramref name="quotedTable"/>.</summary>
        public static string Query(string quotedTable) => $"SELECT count(), uniqExact(id), sum(id) FROM {quotedTable}";
    }

    /// <param name="Options">"fixed" or "adaptive".</param>
    /// <param name="Acknowledged">Rows whose <c>InsertAsync</c> completed.</param>
    /// <param name="AcknowledgedIdSum">The sum of their ids.</param>
    /// <param name="Failed">Rows whose <c>InsertAsync</c> failed.</param>
    /// <param name="RetriedAfter252">INSERT attempts the servers answered with code 252 and the inserters retried.</param>
    /// <param name="RowsRefusedWith252">Rows whose <c>InsertAsync</c> failed with code 252 (their batch's last attempt).</param>
    /// <param name="WidestDelay">The widest delay any inserter had in force.</param>
    public sealed record Run(string Options, long Acknowledged, long AcknowledgedIdSum, int Failed, int RetriedAfter252, int RowsRefusedWith252, TimeSpan WidestDelay)
    {
        /// <summary>Whether the servers ever answered code 252.</summary>
        public bool MetTooManyParts => RetriedAfter252 + RowsRefusedWith252 > 0;
    }

    /// <summary>
    /// <paramref name="inserters"/> inserters, each of its own client (<paramref name="newClient"/>), fed
    /// <paramref name="rowsPerSecond"/> rows a second each for <paramref name="traffic"/>, then disposed; every call awaited.
    /// </summary>
    private static async Task<Run> RunAsync(string table, bool adaptive, int inserters, int rowsPerSecond, TimeSpan traffic, Func<ClickHouseClient> newClient)
    {
        using var retries = new MeasurementsOf("clickhouse.inserter.retries", table);
        var clients = new List<ClickHouseClient>();
        var fleet = new List<ClickHouseBatchInserter<EventRow>>();
        try
        {
            for (int i = 0; i < inserters; i++)
            {
                ClickHouseClient client = newClient();
                clients.Add(client);
                fleet.Add(client.CreateBatchInserter<EventRow>(table, new ClickHouseBatchInserterOptions
                {
                    MaxRows = 10_000,
                    MaxDelay = TimeSpan.FromMilliseconds(20),
                    MaxConcurrentInserts = 4,
                    AdaptToServerPressure = adaptive,
                    MaxAdaptiveDelay = TimeSpan.FromSeconds(2),
                    MaxRetries = 1,
                    RetryDelay = TimeSpan.FromMilliseconds(50),
                }));
            }
            long acknowledged = 0, acknowledgedIdSum = 0;
            int failed = 0, refusedFinally = 0;
            var calls = new ConcurrentBag<Task>();
            // Open-loop traffic: rows arrive at a fixed rate whatever the acknowledgements do, as requests reach a web fleet.
            TimeSpan[] widestDelays = await Task.WhenAll(fleet.Select((inserter, n) => Task.Run(async () =>
            {
                var clock = Stopwatch.StartNew();
                var widest = TimeSpan.Zero;
                uint sent = 0;
                while (clock.Elapsed < traffic)
                {
                    long due = (long)(clock.Elapsed.TotalSeconds * rowsPerSecond);
                    for (; sent < due; sent++)
                    {
                        uint id = (uint)(n * 1_000_000 + sent);
                        calls.Add(Track(inserter.InsertAsync(EventRow.Numbered(id)), id));
                    }
                    TimeSpan delay = inserter.CurrentMaxDelay;
                    if (delay > widest)
                    {
                        widest = delay;
                    }
                    await Task.Delay(5);
                }
                return widest;
            })));
            await Task.WhenAll(fleet.Select(i => i.DisposeAsync().AsTask())).WaitAsync(Patience);
            await Task.WhenAll(calls).WaitAsync(Patience);

            async Task Track(Task call, uint id)
            {
                try
                {
                    await call;
                    Interlocked.Increment(ref acknowledged);
                    Interlocked.Add(ref acknowledgedIdSum, id);
                }
                catch (ClickHouseServerException e)
                {
                    Interlocked.Increment(ref failed);
                    if (e.Code == 252)
                    {
                        Interlocked.Increment(ref refusedFinally);
                    }
                }
            }

            // A 252 is either retried (counted by its error.type) or a batch's last answer (its rows fail with it).
            int retried252 = retries.Tags.Count(t => Equals(t["error.type"], "252"));
            return new Run(adaptive ? "adaptive" : "fixed", acknowledged, acknowledgedIdSum, failed, retried252, refusedFinally, widestDelays.Max());
        }
        finally
        {
            clients.ForEach(c => c.Dispose());
        }
    }

    /// <summary>
    /// The proof: a fleet of <paramref name="inserters"/> with fixed options into one new table (<paramref name="createTable"/>,
    /// given a name prefix, returns the table's name), then one with adaptive options into another. The fixed fleet met
    /// code 252, the adaptive one never did, widened, and lost nothing; in both, every acknowledged row is stored exactly
    /// once (count, distinct ids and sum of ids, by <paramref name="stored"/>). <paramref name="parts"/> says how many
    /// active parts each run left, for the output.
    /// </summary>
    public static async Task ProveAsync(int inserters, int rowsPerSecond, TimeSpan traffic, Func<ClickHouseClient> newClient,
        Func<string, Task<string>> createTable, Func<string, Task<Stored>> stored, Func<string, Task<string>> parts, ITestOutputHelper output,
        bool serverDelaysInProportion = false)
    {
        var results = new List<(Run Run, Stored Stored, string Parts)>();
        foreach (bool adaptive in new[] { false, true })
        {
            string table = await createTable(adaptive ? "pressure_adaptive" : "pressure_fixed");
            Run run = await RunAsync(table, adaptive, inserters, rowsPerSecond, traffic, newClient);
            Stored landed = await stored(table);
            string active = await parts(table);
            output.WriteLine($"{run}, {landed}, active parts {active}");
            results.Add((run, landed, active));
        }
        (Run fixedRun, Run adaptiveRun) = (results[0].Run, results[1].Run);

        if (serverDelaysInProportion && !fixedRun.MetTooManyParts)
        {
            // Newer servers delay each INSERT in proportion to the parts past parts_to_delay_insert, up to
            // max_delay_to_insert: that alone can hold a fixed fleet below parts_to_throw_insert. It must still have
            // been under pressure, deep in the delayed range, for the adaptive run to prove anything.
            output.WriteLine("the server's own delay held the fixed fleet below parts_to_throw_insert");
            Assert.True(int.Parse(results[0].Parts, CultureInfo.InvariantCulture) >= 5 * DelayedFromParts, $"the fixed fleet was never under pressure: {fixedRun}");
        }
        else
        {
            Assert.True(fixedRun.MetTooManyParts, $"the fixed fleet never met code 252: {fixedRun}");
        }
        Assert.False(adaptiveRun.MetTooManyParts, $"the adaptive fleet met code 252: {adaptiveRun}");
        Assert.Equal(0, adaptiveRun.Failed);
        Assert.True(adaptiveRun.WidestDelay > TimeSpan.FromMilliseconds(20), $"the adaptive fleet never widened: {adaptiveRun}");
        foreach ((Run run, Stored landed, string _) in results)
        {
            Assert.Equal(run.Acknowledged, landed.Count);
            Assert.Equal(landed.Count, landed.Distinct);
            Assert.Equal(run.AcknowledgedIdSum, landed.IdSum);
        }
    }
}
