using System.Globalization;
using System.Linq;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace ClickHouse.RowBinary.Benchmarks.Harness;

/// <summary>
/// Throughput as a share of the same run's plain memory copy of the same bytes (the benchmark method named
/// <see cref="MemcpyMethodName"/> with the same parameters): the physical limit for fixed-width rows.
/// </summary>
public sealed class PercentOfMemcpyColumn : IColumn
{
    public const string MemcpyMethodName = "Memcpy";

    public static readonly IColumn Instance = new PercentOfMemcpyColumn();

    public string Id => nameof(PercentOfMemcpyColumn);
    public string ColumnName => "% of memcpy";
    public bool AlwaysShow => true;
    public ColumnCategory Category => ColumnCategory.Custom;
    public int PriorityInCategory => 2;
    public bool IsNumeric => true;
    public UnitType UnitType => UnitType.Dimensionless;
    public string Legend => "Throughput as a percentage of a memory copy of the same bytes in the same run (100% = memcpy speed)";

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public bool IsAvailable(Summary summary) => summary.BenchmarksCases.Any(IsMemcpy);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, summary.Style);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        BenchmarkCase? memcpy = summary.BenchmarksCases.FirstOrDefault(c =>
            IsMemcpy(c) && c.Descriptor.Type == benchmarkCase.Descriptor.Type && c.Parameters.FolderInfo == benchmarkCase.Parameters.FolderInfo);
        double? memcpyMean = memcpy is null ? null : summary[memcpy]?.ResultStatistics?.Mean;
        double? mean = summary[benchmarkCase]?.ResultStatistics?.Mean;
        if (memcpyMean is not > 0 || mean is not > 0)
        {
            return "-";
        }
        return (memcpyMean.Value / mean.Value * 100).ToString("N0", CultureInfo.InvariantCulture) + "%";
    }

    private static bool IsMemcpy(BenchmarkCase benchmarkCase) => benchmarkCase.Descriptor.WorkloadMethod.Name == MemcpyMethodName;

    public override string ToString() => ColumnName;
}
