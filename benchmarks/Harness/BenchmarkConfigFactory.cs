using System.Linq;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Exporters.Csv;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;

namespace ClickHouse.RowBinary.Benchmarks.Harness;

/// <summary>
/// The run configuration shared by every suite: memory diagnoser, throughput columns, GitHub markdown and CSV
/// reports in BenchmarkDotNet.Artifacts/results. Jobs come from each suite's <see cref="SuiteJobAttribute"/>.
/// </summary>
public static class BenchmarkConfigFactory
{
    public static IConfig Create()
    {
        IConfig defaults = DefaultConfig.Instance;
        return ManualConfig.CreateEmpty()
            .AddLogger(ConsoleLogger.Default)
            .AddColumnProvider(DefaultColumnProviders.Instance)
            .AddColumn(ThroughputColumn.RowsPerSecond, ThroughputColumn.MebibytesPerSecond, PercentOfMemcpyColumn.Instance)
            .AddColumn(Batching.AcknowledgementColumn.P50, Batching.AcknowledgementColumn.P99, Batching.AcknowledgementColumn.Refused)
            .AddDiagnoser(MemoryDiagnoser.Default)
            .AddExporter(MarkdownExporter.GitHub, CsvExporter.Default)
            .AddAnalyser(defaults.GetAnalysers().ToArray())
            .AddValidator(defaults.GetValidators().ToArray())
            .WithSummaryStyle(SummaryStyle.Default.WithMaxParameterColumnWidth(40))
            .WithArtifactsPath(defaults.ArtifactsPath);
    }
}
