using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using ClickHouse.RowBinary.Benchmarks.Data;

namespace ClickHouse.RowBinary.Benchmarks.Batching;

/// <summary>
/// Many concurrent callers, each inserting its rows one at a time and awaiting each acknowledgement, the way
/// requests of a web application write events. Records every acknowledgement's latency (into an array sized up
/// front: nothing allocated per row by the harness) and how many calls the server refused.
/// </summary>
public sealed class ConcurrentCallers
{
    private readonly WebVisit[] _rows;
    private readonly long[] _latencies;
    private int _recorded;
    private int _refused;
    private string? _refusal;

    public ConcurrentCallers(int callers, int rowsPerCaller)
    {
        Callers = callers;
        RowsPerCaller = rowsPerCaller;
        _rows = WebVisitDataSet.Get(callers * rowsPerCaller).Rows;
        _latencies = new long[_rows.Length];
    }

    public int Callers { get; }

    public int RowsPerCaller { get; }

    public int TotalRows => _rows.Length;

    public ReadOnlySpan<WebVisit> Rows => _rows;

    /// <summary>Runs every caller to the end; <paramref name="insert"/> inserts one row and completes on its acknowledgement.</summary>
    public Task RunAsync(Func<WebVisit, Task> insert)
    {
        _recorded = 0;
        _refused = 0;
        var callers = new Task[Callers];
        for (int caller = 0; caller < Callers; caller++)
        {
            int first = caller * RowsPerCaller;
            callers[caller] = Task.Run(() => CallerAsync(insert, first));
        }
        return Task.WhenAll(callers);
    }

    private async Task CallerAsync(Func<WebVisit, Task> insert, int first)
    {
        for (int i = first; i < first + RowsPerCaller; i++)
        {
            long started = Stopwatch.GetTimestamp();
            try
            {
                await insert(_rows[i]).ConfigureAwait(false);
                _latencies[Interlocked.Increment(ref _recorded) - 1] = Stopwatch.GetTimestamp() - started;
            }
            catch (ClickHouseServerException e)
            {
                Interlocked.Increment(ref _refused);
                _refusal = $"code {e.Code}";
            }
            catch (ClickHousePartialInsertException e) when (e.InnerException is System.Net.Http.HttpRequestException)
            {
                // The connection was reset after the whole row had gone: the client cannot know whether it stayed.
                Interlocked.Increment(ref _refused);
                _refusal = "connection reset after the body";
            }
            catch (System.Net.Http.HttpRequestException e)
            {
                // At a thousand concurrent single-row INSERTs the server resets connections.
                Interlocked.Increment(ref _refused);
                _refusal = e.InnerException is IOException ? "connection reset" : e.HttpRequestError.ToString();
            }
        }
    }

    /// <summary>
    /// Writes the last run's acknowledgement latencies (p50, p99) and refusals where the host's columns read them:
    /// BenchmarkDotNet runs benchmarks in a process of their own.
    /// </summary>
    public void Report(string method, int callers)
    {
        long[] sorted = _latencies.AsSpan(0, _recorded).ToArray();
        Array.Sort(sorted);
        string Percentile(double p) => sorted.Length == 0
            ? "-"
            : FormatMilliseconds(sorted[Math.Min(sorted.Length - 1, (int)(p * sorted.Length))] * 1000.0 / Stopwatch.Frequency);
        string refused = _refused == 0 ? "0" : $"{_refused} ({_refusal})";
        Directory.CreateDirectory(AcknowledgementColumn.Folder);
        File.WriteAllText(AcknowledgementColumn.FileOf(method, callers), $"{Percentile(0.50)}\n{Percentile(0.99)}\n{refused}\n");
    }

    private static string FormatMilliseconds(double ms) => ms >= 100
        ? ms.ToString("N0", CultureInfo.InvariantCulture) + " ms"
        : ms.ToString("N1", CultureInfo.InvariantCulture) + " ms";
}
