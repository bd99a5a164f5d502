using System;
using System.Globalization;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace ClickHouse.RowBinary.Benchmarks.Harness;

/// <summary>Rows per second or MiB per second, from the mean time of one invocation and its <see cref="WorkloadSize"/>.</summary>
public sealed class ThroughputColumn : IColumn
{
    public static readonly IColumn RowsPerSecond = new ThroughputColumn(perByte: false);
    public static readonly IColumn MebibytesPerSecond = new ThroughputColumn(perByte: true);

    private readonly bool _perByte;

    private ThroughputColumn(bool perByte) => _perByte = perByte;

    public string Id => _perByte ? "Throughput.MiBps" : "Throughput.Rowsps";
    public string ColumnName => _perByte ? "MiB/s" : "Rows/s";
    public bool AlwaysShow => true;
    public ColumnCategory Category => ColumnCategory.Custom;
    public int PriorityInCategory => _perByte ? 1 : 0;
    public bool IsNumeric => true;
    public UnitType UnitType => UnitType.Dimensionless;
    public string Legend => _perByte
        ? "RowBinary bytes of the data processed per second, in MiB (2^20 bytes), whatever format the method uses"
        : "Rows processed per second";

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public bool IsAvailable(Summary summary) => true;

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, summary.Style);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        double? meanNanoseconds = summary[benchmarkCase]?.ResultStatistics?.Mean;
        WorkloadSize? size = WorkloadSizes.Of(benchmarkCase);
        if (meanNanoseconds is not > 0 || size is null)
        {
            return "-";
        }
        double seconds = meanNanoseconds.Value / 1e9;
        return _perByte
            ? (size.Value.Bytes / seconds / (1024 * 1024)).ToString("N0", CultureInfo.InvariantCulture)
            : FormatRate(size.Value.Rows / seconds);
    }

    private static string FormatRate(double perSecond) => perSecond switch
    {
        >= 1e9 => (perSecond / 1e9).ToString("N2", CultureInfo.InvariantCulture) + " G",
        >= 1e6 => (perSecond / 1e6).ToString("N2", CultureInfo.InvariantCulture) + " M",
        >= 1e3 => (perSecond / 1e3).ToString("N2", CultureInfo.InvariantCulture) + " K",
        _ => perSecond.ToString("N0", CultureInfo.InvariantCulture),
    };

    public override string ToString() => ColumnName;
}
