using System;
using System.Collections.Concurrent;
using System.Runtime.InteropServices;

namespace ClickHouse.RowBinary.Benchmarks.Data;

/// <summary>Deterministic <see cref="FixedWidthRow"/>s and their RowBinary bytes, built once per row count and process.</summary>
public sealed class FixedWidthDataSet
{
    private const int Seed = 64;
    private static readonly ConcurrentDictionary<int, FixedWidthDataSet> s_sets = new();

    private FixedWidthDataSet(FixedWidthRow[] rows)
    {
        Rows = rows;
        // On a little-endian machine a row's memory is its RowBinary encoding; Verify checks this against the hand-written writer.
        RowBinary = MemoryMarshal.AsBytes(rows.AsSpan()).ToArray();
    }

    public FixedWidthRow[] Rows { get; }

    public byte[] RowBinary { get; }

    public static long RowBinarySize(int rows) => (long)rows * FixedWidthRow.SizeInBytes;

    public static FixedWidthDataSet Get(int rows) => s_sets.GetOrAdd(rows, Create);

    private static FixedWidthDataSet Create(int count)
    {
        if (!BitConverter.IsLittleEndian)
        {
            throw new PlatformNotSupportedException("The fixed-width memcpy baseline assumes a little-endian machine.");
        }
        var random = new Random(Seed);
        var rows = new FixedWidthRow[count];
        ulong timestamp = 1_700_000_000_000;
        for (int i = 0; i < rows.Length; i++)
        {
            timestamp += (ulong)random.Next(1, 1_000);
            double min = random.NextDouble() * 100;
            double max = min + random.NextDouble() * 100;
            ulong n = (ulong)random.Next(1, 10_000);
            double mean = (min + max) / 2;
            rows[i] = new FixedWidthRow((ulong)i, timestamp, n, (ulong)random.NextInt64(), min, max, mean * n, mean);
        }
        return new FixedWidthDataSet(rows);
    }
}
