using System.IO;
using System.Linq;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace ClickHouse.RowBinary.Benchmarks.Batching;

/// <summary>Acknowledgement latency p50/p99 and refused calls of the concurrent-callers suites, as their benchmark process reported them.</summary>
public sealed class AcknowledgementColumn : IColumn
{
    public static readonly IColumn P50 = new AcknowledgementColumn(0, "Ack p50", "Median time from InsertAsync to its acknowledgement (last iteration)");
    public static readonly IColumn P99 = new AcknowledgementColumn(1, "Ack p99", "99th percentile time from InsertAsync to its acknowledgement (last iteration)");
    public static readonly IColumn Refused = new AcknowledgementColumn(2, "Refused", "Calls the server refused (last iteration), with its error code");

    public static readonly string Folder = Path.Combine(Path.GetTempPath(), "rowbinary-benchmarks", "acknowledgements");

    private readonly int _line;

    private AcknowledgementColumn(int line, string name, string legend)
    {
        _line = line;
        ColumnName = name;
        Legend = legend;
    }

    public static string FileOf(string method, int callers) => Path.Combine(Folder, $"{method}.{callers}.txt");

    public string Id => "Acknowledgement." + _line;
    public string ColumnName { get; }
    public string Legend { get; }
    public bool AlwaysShow => true;
    public ColumnCategory Category => ColumnCategory.Custom;
    public int PriorityInCategory => 10 + _line;
    public bool IsNumeric => false;
    public UnitType UnitType => UnitType.Dimensionless;

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public bool IsAvailable(Summary summary) => summary.BenchmarksCases.Any(c => c.Descriptor.Type.Namespace == typeof(AcknowledgementColumn).Namespace);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, summary.Style);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        object? callers = benchmarkCase.Parameters.Items.FirstOrDefault(p => p.Name == "CallerCount")?.Value;
        if (callers is not int count)
        {
            return "-";
        }
        string file = FileOf(benchmarkCase.Descriptor.WorkloadMethod.Name, count);
        string[] lines = File.Exists(file) ? File.ReadAllLines(file) : [];
        return lines.Length > _line ? lines[_line] : "-";
    }

    public override string ToString() => ColumnName;
}
