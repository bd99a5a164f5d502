using System;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Toolchains.InProcess.Emit;

namespace ClickHouse.RowBinary.Benchmarks.Harness;

/// <summary>
/// Gives a suite the job its <see cref="SuiteKind"/> needs in the current <see cref="BenchmarkScale.Mode"/>.
/// BenchmarkDotNet reads it in the host process, after <c>Program</c> has set the mode.
/// </summary>
[AttributeUsage(AttributeTargets.Class, Inherited = false)]
public sealed class SuiteJobAttribute(SuiteKind kind) : Attribute, IConfigSource
{
    public SuiteKind Kind { get; } = kind;

    public IConfig Config => ManualConfig.CreateEmpty().AddJob(CreateJob(Kind, BenchmarkScale.Mode, BenchmarkScale.InProcess));

    public static Job CreateJob(SuiteKind kind, BenchmarkMode mode, bool inProcess)
    {
        Job job = CreateTiming(kind, mode).WithEnvironmentVariable(BenchmarkScale.ModeVariable, mode.ToString());
        if (inProcess)
        {
            return job.WithToolchain(InProcessEmitToolchain.Instance);
        }
        if (BenchmarkScale.ReplayProcess)
        {
            job = job.WithEnvironmentVariable(Peer.PeerReplay.ProcessVariable, "1").WithId(job.Id + "-ReplayProcess");
        }
        return BenchmarkScale.ServerGc ? job.WithGcServer(true).WithId(job.Id + "-ServerGc") : job;
    }

    private static Job CreateTiming(SuiteKind kind, BenchmarkMode mode) => (kind, mode) switch
    {
        // One cold invocation: proves the benchmark builds and runs, judges nothing by time.
        (_, BenchmarkMode.Smoke) => Job.Dry.WithId("Smoke"),
        // Job.ShortRun with 8 iterations instead of 3: every suite in about 6 minutes on 2 cores, with error bars
        // small enough to compare ratios (the read suites allocate and collect 100+ MB per invocation).
        (SuiteKind.InMemory, BenchmarkMode.Quick) => new Job("Quick")
            .WithLaunchCount(1)
            .WithWarmupCount(3)
            .WithIterationCount(8),
        (SuiteKind.InMemory, _) => Job.Default.WithId("Full"),
        // Fifteen warmups, end to end as against the peer: tiered compilation promotes the clients' hot loops only once
        // no new method has been compiled for 100 ms, which in a process that keeps meeting new code takes 7 to 14
        // whole operations; until then our 1,000,000-row insert runs at about half speed (70-130 ms against 35-40 ms),
        // the driver's too. With one warmup, a streamed read of 1,000,000 rows from the local server measured 197 ms
        // (RowBinary) and 260 ms (Native) where a warm loop of the same reads takes 95 to 115 ms. The full job's
        // operations are ten times as long (10,000,000 rows), so that three warmups settle it.
        (SuiteKind.EndToEnd, BenchmarkMode.Quick) => new Job("Quick")
            .WithStrategy(RunStrategy.Monitoring)
            .WithLaunchCount(1)
            .WithWarmupCount(15)
            .WithIterationCount(5),
        (SuiteKind.EndToEnd, _) => new Job("Full")
            .WithStrategy(RunStrategy.Monitoring)
            .WithLaunchCount(1)
            .WithWarmupCount(3)
            .WithIterationCount(5),
        (SuiteKind.Peer, BenchmarkMode.Quick) => new Job("Quick")
            .WithStrategy(RunStrategy.Monitoring)
            .WithLaunchCount(1)
            .WithWarmupCount(15)
            .WithIterationCount(9),
        (SuiteKind.Peer, _) => new Job("Full")
            .WithStrategy(RunStrategy.Monitoring)
            .WithLaunchCount(1)
            .WithWarmupCount(15)
            .WithIterationCount(21),
        _ => throw new ArgumentOutOfRangeException(nameof(kind), kind, null),
    };
}
