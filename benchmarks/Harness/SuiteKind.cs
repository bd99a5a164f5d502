namespace ClickHouse.RowBinary.Benchmarks.Harness;

/// <summary>What a suite measures, which decides its BenchmarkDotNet job in each mode.</summary>
public enum SuiteKind
{
    /// <summary>In-memory work of milliseconds per invocation: BenchmarkDotNet's usual pilot, warmup and iterations.</summary>
    InMemory,

    /// <summary>A round trip to a ClickHouse server of seconds per invocation: one invocation per iteration, few iterations.</summary>
    EndToEnd,

    /// <summary>Both clients against the in-process replay server: tens to hundreds of milliseconds per invocation,
    /// one invocation per iteration, enough iterations for medians on a shared machine.</summary>
    Peer,
}
