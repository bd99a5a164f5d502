using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;

namespace ClickHouse.RowBinary.Benchmarks.Peer;

/// <summary>
/// The bytes the replay server answers with: each data set's <c>RowBinaryWithNamesAndTypes</c> (and <c>Native</c>)
/// result as the ClickHouse 26.9 engine (the oracle command <c>CLICKHOUSE_ORACLE</c> names, else the workspace's
/// <c>../shared/clickhouse-oracle/oracle</c>: tests/vectors/README.md) writes it, recorded on first use and kept
/// under <c>artifacts/replay/</c>, so that nothing large is committed and later runs start at once.
/// </summary>
public static class PeerRecordings
{
    /// <summary>The table name each data set answers to.</summary>
    public static string Table(PeerDataSet dataSet) => dataSet switch
    {
        PeerDataSet.WebVisits => "web_visits",
        PeerDataSet.UniqueUrls => "web_visits_unique",
        PeerDataSet.Hits => "hits",
        PeerDataSet.HitsDistinctStrings => "hits_distinct_strings",
        _ => "wide_rows",
    };

    /// <summary>The result of <c>SELECT * FROM table</c> for <paramref name="rows"/> rows, in RowBinaryWithNamesAndTypes.</summary>
    public static byte[] Result(PeerDataSet dataSet, int rows) => Record(dataSet, rows);

    /// <summary>
    /// The same rows in Native: ClickHouse reads the RowBinaryWithNamesAndTypes recording and writes it (a second run of
    /// the query would draw other UUIDs), in blocks of at most <paramref name="maxBlockSize"/> rows when given (what the
    /// server answers to a query sending <c>max_block_size</c>).
    /// </summary>
    public static byte[] NativeResult(PeerDataSet dataSet, int rows, int? maxBlockSize = null)
    {
        Result(dataSet, rows);
        string name = $"{dataSet}-{rows.ToString(CultureInfo.InvariantCulture)}";
        string sql = $"SELECT * FROM file('{Path.Combine(RepositoryRoot(), "artifacts", "replay", name + ".RowBinaryWithNamesAndTypes")}', 'RowBinaryWithNamesAndTypes')";
        return maxBlockSize is { } blockRows
            ? Record($"{name}-blocks{blockRows.ToString(CultureInfo.InvariantCulture)}", $"{sql} SETTINGS max_block_size = {blockRows.ToString(CultureInfo.InvariantCulture)}", "Native")
            : Record(name, sql, "Native");
    }

    /// <summary>The header-only result a schema probe (<c>... WHERE 1=0</c>) gets.</summary>
    public static byte[] Header(PeerDataSet dataSet) => Record(dataSet, 0);

    /// <summary>The one-row answer of <c>SELECT count() FROM table</c> for <paramref name="rows"/> rows: one UInt64 column named <c>count()</c>.</summary>
    public static byte[] Count(int rows) => Record($"Count-{rows.ToString(CultureInfo.InvariantCulture)}", $"SELECT count() FROM numbers({rows.ToString(CultureInfo.InvariantCulture)})", "RowBinaryWithNamesAndTypes");

    private static byte[] Record(PeerDataSet dataSet, int rows)
        => Record($"{dataSet}-{rows.ToString(CultureInfo.InvariantCulture)}", Sql(dataSet, rows), "RowBinaryWithNamesAndTypes");

    private static byte[] Record(string name, string sql, string format)
    {
        string root = RepositoryRoot();
        string directory = Path.Combine(root, "artifacts", "replay");
        string path = Path.Combine(directory, $"{name}.{format}");
        if (File.Exists(path))
        {
            return File.ReadAllBytes(path);
        }
        string oracle = Environment.GetEnvironmentVariable("CLICKHOUSE_ORACLE") is { Length: > 0 } named
            ? named
            : Path.GetFullPath(Path.Combine(root, "..", "shared", "clickhouse-oracle", "oracle"));
        if (!File.Exists(oracle))
        {
            throw new InvalidOperationException(
                $"The peer suites replay results recorded by ClickHouse 26.9 through {oracle}, which is missing: `pip install chdb-core` and point CLICKHOUSE_ORACLE at tests/vectors/oracle.py (tests/vectors/README.md).");
        }
        Directory.CreateDirectory(directory);
        var start = new ProcessStartInfo(oracle) { RedirectStandardOutput = true, RedirectStandardError = true };
        start.ArgumentList.Add("query");
        start.ArgumentList.Add(sql);
        start.ArgumentList.Add(format);
        using Process process = Process.Start(start) ?? throw new InvalidOperationException($"Cannot start {oracle}.");
        var bytes = new MemoryStream();
        System.Threading.Tasks.Task<string> errors = process.StandardError.ReadToEndAsync();
        process.StandardOutput.BaseStream.CopyTo(bytes);
        process.WaitForExit();
        if (process.ExitCode != 0)
        {
            throw new InvalidOperationException($"The oracle failed to record {name} ({process.ExitCode}): {errors.Result}");
        }
        string temporary = path + "." + Environment.ProcessId.ToString(CultureInfo.InvariantCulture);
        File.WriteAllBytes(temporary, bytes.ToArray());
        File.Move(temporary, path, overwrite: true);
        return bytes.ToArray();
    }

    /// <summary>The query that makes each data set; deterministic except for the UUIDs, which are recorded once.</summary>
    private static string Sql(PeerDataSet dataSet, int rows)
    {
        string count = rows.ToString(CultureInfo.InvariantCulture);
        return dataSet switch
        {
            PeerDataSet.Hits => PeerHits.Sql(rows, everyStringDistinct: false),
            PeerDataSet.HitsDistinctStrings => PeerHits.Sql(rows, everyStringDistinct: true),
            PeerDataSet.Wide => $"""
                SELECT number AS id, toInt32(number % 100000) - 50000 AS delta,
                  toDate('2024-01-01') + toUInt16(number % 366) AS day,
                  toDateTime('2024-01-01 00:00:00', 'UTC') + toUInt32(number) AS created,
                  toDateTime64('2024-01-01 00:00:00', 3, 'UTC') + toIntervalMillisecond(number * 7) AS ts,
                  CAST((number % 1000000) / 1000 AS Decimal(18, 4)) AS amount, generateUUIDv4(number) AS uuid,
                  toFloat64(number) / 3 AS score, toFloat32((number % 1000) / 7) AS ratio, CAST(number % 2 AS Bool) AS flag,
                  if(number % 5 = 0, NULL, concat('ref-', toString(number % 777))) AS referrer,
                  toLowCardinality(['chrome', 'firefox', 'safari', 'edge'][1 + number % 4]) AS browser,
                  toLowCardinality(['DE', 'FR', 'US', 'JP', 'BR', 'IN'][1 + number % 6]) AS country,
                  arrayMap(x -> toUInt32(x * 3), range(number % 5)) AS tags,
                  arrayMap(x -> concat('label-', toString(x)), range(number % 3)) AS labels,
                  map('clicks', toUInt64(number % 10), 'views', toUInt64(number % 100)) AS counters,
                  if(number % 3 = 0, NULL, toInt64(number) - 1) AS parent_id, toUInt16(number % 65535) AS port,
                  toInt8(toInt32(number % 100) - 50) AS small, concat('user-', toString(number % 50000)) AS user_name,
                  toIPv4(toUInt32(167772160 + number % 65536)) AS ip, toUInt16(200 + number % 5) AS status,
                  toUInt32(number % 1000) AS duration_ms
                FROM numbers({count})
                """,
            _ => $"""
                SELECT toDate('2024-01-01') + toUInt16(cityHash64(number, 1) % 366) AS day,
                  concat('https://example.com/', ['p', 'news', 'shop', 'docs', 'blog'][1 + cityHash64({(dataSet == PeerDataSet.WebVisits ? "number % 1000" : "number")}, 2) % 5],
                    '/', repeat('x-', cityHash64({(dataSet == PeerDataSet.WebVisits ? "number % 1000" : "number")}, 3) % 12), toString({(dataSet == PeerDataSet.WebVisits ? "number % 1000" : "number")})) AS page_url,
                  toUInt16(1 + cityHash64(number, 4) % 249) AS country_id, toUInt8(1 + cityHash64(number, 5) % 19) AS browser_id,
                  toUInt8(1 + cityHash64(number, 6) % 5) AS device_id, toUInt8(1 + cityHash64(number, 7) % 12) AS os_id,
                  if(cityHash64(number, 8) % 10 = 0, cityHash64(number, 9), cityHash64(number, 9) % 1000) AS visits
                FROM numbers({count})
                """,
        };
    }

    /// <summary>The checkout this benchmark was built from.</summary>
    public static string RepositoryRoot()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "ClickHouse.RowBinary.slnx")))
            {
                return directory.FullName;
            }
        }
        throw new InvalidOperationException($"The repository root (ClickHouse.RowBinary.slnx) is not above {AppContext.BaseDirectory}.");
    }
}
