using System;
using System.Collections.Generic;

namespace ClickHouse.RowBinary.Benchmarks.Harness;

/// <summary>Comparisons for <see cref="IVerifiedSuite.Verify"/> that say where two results first differ.</summary>
public static class Check
{
    public static void SameBytes(string what, ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual)
    {
        int common = expected.CommonPrefixLength(actual);
        if (common == expected.Length && common == actual.Length)
        {
            return;
        }
        throw new BenchmarkVerificationException(
            $"{what}: {actual.Length} bytes where the baseline wrote {expected.Length}; first difference at byte {common}.");
    }

    public static void SameItems<T>(string what, IReadOnlyList<T> expected, IReadOnlyList<T> actual)
    {
        EqualityComparer<T> comparer = EqualityComparer<T>.Default;
        for (int i = 0; i < Math.Min(expected.Count, actual.Count); i++)
        {
            if (!comparer.Equals(expected[i], actual[i]))
            {
                throw new BenchmarkVerificationException($"{what}: item {i} is {actual[i]}, expected {expected[i]}.");
            }
        }
        if (expected.Count != actual.Count)
        {
            throw new BenchmarkVerificationException($"{what}: {actual.Count} items, expected {expected.Count}.");
        }
    }

    public static void That(bool condition, string message)
    {
        if (!condition)
        {
            throw new BenchmarkVerificationException(message);
        }
    }
}
