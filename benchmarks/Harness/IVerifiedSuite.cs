namespace ClickHouse.RowBinary.Benchmarks.Harness;

/// <summary>
/// A suite that can prove, outside the timing, that its methods do the same work and get it right: writers
/// produce the same bytes, readers the same rows. <c>Program</c> calls it before any benchmark runs.
/// </summary>
public interface IVerifiedSuite
{
    /// <summary>Sets up small data (the suite's parameters are already set), runs every method once and throws
    /// <see cref="BenchmarkVerificationException"/> on the first difference.</summary>
    void Verify();
}
