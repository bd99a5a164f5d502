namespace ClickHouse.RowBinary.Benchmarks.Harness;

/// <summary>
/// A suite that can say how much one benchmark invocation processes, so that the throughput columns can turn
/// its mean time into rows/s and MiB/s. Called in the host process on a fresh instance with the case's
/// parameters set: it must not depend on <c>[GlobalSetup]</c>.
/// </summary>
public interface IThroughputWorkload
{
    WorkloadSize DescribeWorkload();
}

/// <summary>Rows and bytes per invocation. Bytes are the RowBinary bytes of the data, whatever format a method uses,
/// so that MiB/s compares methods on the same amount of information.</summary>
public readonly record struct WorkloadSize(long Rows, long Bytes);
