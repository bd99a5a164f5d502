using System;
using System.Globalization;
using System.IO;

namespace ClickHouse.RowBinary.Benchmarks.Latency;

/// <summary>The load average and time, printed before and after the latency suites: their numbers mean little on a busy machine.</summary>
public static class MachineLoad
{
    public static string Describe()
    {
        string load = File.Exists("/proc/loadavg") ? string.Join(' ', File.ReadAllText("/proc/loadavg").Split(' ')[..3]) : "unknown";
        return string.Create(CultureInfo.InvariantCulture, $"{DateTime.UtcNow:yyyy-MM-dd HH:mm:ss} UTC, load average {load}, {Environment.ProcessorCount} cores");
    }
}
