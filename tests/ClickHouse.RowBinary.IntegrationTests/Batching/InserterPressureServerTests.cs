using System.Collections.Concurrent;
using System.Diagnostics;
using System.Globalization;
using ClickHouse.RowBinary.IntegrationTests.Server;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.IntegrationTests.Batching;

/// <summary>
/// A fleet of inserters (a client and an inserter each) writing one table whose merges are stopped and whose limits are
/// low (<c>parts_to_delay_insert</c> 10, <c>parts_to_throw_insert</c> 100): with fixed settings it provokes code 252
/// (too many parts), with <see cref="ClickHouseBatchInserterOptions.AdaptToServerPressure"/> it does not, and every
/// acknowledged row is in the table exactly once.
/// </summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class InserterPressureServerTests(ClickHouseServerFixture server, ITestOutputHelper output)
{
    private const int Inserters = 4;
    private const int RowsPerSecondPerInserter = 400;
    private static readonly TimeSpan Traffic = TimeSpan.FromSeconds(3);
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(90);

    [ServerFact]
    public async Task A_fleet_that_provokes_too_many_parts_with_fixed_settings_does_not_with_adaptive_ones_and_lands_every_row_once()
    {
        Fleet fixedRun = await RunFleetAsync(await CreateTableAsync("pressure_fixed"), adaptive: false);
        Fleet adaptiveRun = await RunFleetAsync(await CreateTableAsync("pressure_adaptive"), adaptive: true);

        Assert.True(fixedRun.TooManyParts > 0, $"the fixed fleet never met code 252: {fixedRun}");
        Assert.Equal(0, adaptiveRun.TooManyParts);
        Assert.Equal(0, adaptiveRun.Failed);
        Assert.True(adaptiveRun.WidestDelay > TimeSpan.FromMilliseconds(20), $"the adaptive fleet never widened: {adaptiveRun}");
        foreach (Fleet run in new[] { fixedRun, adaptiveRun })
        {
            Assert.Equal(run.Acknowledged, run.Stored.Count);
            Assert.Equal(run.Stored.Count, run.Stored.Distinct);
            Assert.Equal(run.AcknowledgedIdSum, run.Stored.IdSum);
        }
    }

    private sealed record Stored(long Count, long Distinct, long IdSum);

    private sealed record Fleet(string Table, long Acknowledged, long AcknowledgedIdSum, int Failed, int TooManyParts, long Parts, TimeSpan WidestDelay, Stored Stored);

    private async Task<Fleet> RunFleetAsync(string table, bool adaptive)
    {
        using var pressure = new MeasurementsOf("clickhouse.inserter.pressure", table);
        var clients = new List<ClickHouseClient>();
        var inserters = new List<ClickHouseBatchInserter<EventRow>>();
        for (int i = 0; i < Inserters; i++)
        {
            ClickHouseClient client = server.CreateClient();
            clients.Add(client);
            inserters.Add(client.CreateBatchInserter<EventRow>(table, new ClickHouseBatchInserterOptions
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
        int failed = 0, tooManyParts = 0;
        var calls = new ConcurrentBag<Task>();
        // Open-loop traffic: rows arrive at a fixed rate whatever the acknowledgements do, as requests reach a web fleet.
        TimeSpan[] widestDelays = await Task.WhenAll(inserters.Select((inserter, n) => Task.Run(async () =>
        {
            var clock = Stopwatch.StartNew();
            var widest = TimeSpan.Zero;
            uint sent = 0;
            while (clock.Elapsed < Traffic)
            {
                long due = (long)(clock.Elapsed.TotalSeconds * RowsPerSecondPerInserter);
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
        await Task.WhenAll(inserters.Select(i => i.DisposeAsync().AsTask())).WaitAsync(Patience);
        await Task.WhenAll(calls).WaitAsync(Patience);
        clients.ForEach(c => c.Dispose());

        async Task Track(Task call, uint id)
        {
            try
            {
                await call;
                Interlocked.Increment(ref acknowledged);
                Interlocked.Add(ref acknowledgedIdSum, id);
            }
            catch (ClickHouseServerException e) when (e.Code == 252)
            {
                Interlocked.Increment(ref failed);
                Interlocked.Increment(ref tooManyParts);
            }
            catch (ClickHouseServerException)
            {
                Interlocked.Increment(ref failed);
            }
        }

        tooManyParts += pressure.Tags.Count(t => Equals(t["clickhouse.pressure.signal"], "too_many_parts"));
        string[] counts = (await server.Client.QueryTextAsync($"SELECT count(), uniqExact(id), sum(id) FROM {Quoted(table)}")).Trim().Split('\t');
        var stored = new Stored(long.Parse(counts[0], CultureInfo.InvariantCulture), long.Parse(counts[1], CultureInfo.InvariantCulture), long.Parse(counts[2], CultureInfo.InvariantCulture));
        long parts = long.Parse((await server.Client.QueryTextAsync(
            $"SELECT count() FROM system.parts WHERE database = '{server.Database}' AND table = '{table}' AND active")).Trim(), CultureInfo.InvariantCulture);
        var fleet = new Fleet(table, acknowledged, acknowledgedIdSum, failed, tooManyParts, parts, widestDelays.Max(), stored);
        output.WriteLine($"{(adaptive ? "adaptive" : "fixed")}: {fleet}");
        return fleet;
    }

    /// <summary>A table that refuses INSERTs past 100 parts and delays them past 10, with its merges stopped: every INSERT stays a part.</summary>
    private async Task<string> CreateTableAsync(string name)
    {
        string table = $"{name}_{Guid.NewGuid():N}"[..(name.Length + 9)];
        await server.Client.ExecuteAsync(Tables.Create<EventRow>(server.Database, table, orderBy: "id")
            + " SETTINGS parts_to_delay_insert = 10, parts_to_throw_insert = 100, max_delay_to_insert = 5");
        await server.Client.ExecuteAsync($"SYSTEM STOP MERGES {Quoted(table)}");
        return table;
    }

    private string Quoted(string table) => ClickHouseIdentifier.QuoteTable(server.Database, table);
}
