namespace ClickHouse.RowBinary.Benchmarks.Harness;

/// <summary>How long and how large a run is.</summary>
public enum BenchmarkMode
{
    /// <summary>BenchmarkDotNet's default job and the row counts: the numbers to publish.</summary>
    Full,

    /// <summary>Few iterations, the row counts except end to end (<c>--quick</c>): minutes, not hours.</summary>
    Quick,

    /// <summary>One iteration of 1,000 rows (<c>--smoke</c>): proves for CI that every suite builds, runs and is correct.</summary>
    Smoke,
}
