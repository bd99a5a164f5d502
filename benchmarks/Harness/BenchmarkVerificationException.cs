using System;

namespace ClickHouse.RowBinary.Benchmarks.Harness;

/// <summary>A benchmark method's result differs from what the baseline produced: its timing would mean nothing.</summary>
public sealed class BenchmarkVerificationException(string message) : Exception(message)
{
}
