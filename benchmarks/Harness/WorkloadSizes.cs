using System;
using System.Collections.Concurrent;
using System.Reflection;
using BenchmarkDotNet.Running;

namespace ClickHouse.RowBinary.Benchmarks.Harness;

/// <summary>Finds and caches the <see cref="WorkloadSize"/> of a benchmark case, in the host process.</summary>
public static class WorkloadSizes
{
    private static readonly ConcurrentDictionary<string, WorkloadSize?> s_cache = new();

    public static WorkloadSize? Of(BenchmarkCase benchmarkCase)
    {
        Type type = benchmarkCase.Descriptor.Type;
        if (!typeof(IThroughputWorkload).IsAssignableFrom(type))
        {
            return null;
        }
        string key = type.FullName + "|" + benchmarkCase.Parameters.FolderInfo;
        return s_cache.GetOrAdd(key, _ => Describe(type, benchmarkCase));
    }

    private static WorkloadSize? Describe(Type type, BenchmarkCase benchmarkCase)
    {
        var suite = (IThroughputWorkload)Activator.CreateInstance(type)!;
        foreach (var parameter in benchmarkCase.Parameters.Items)
        {
            PropertyInfo? property = type.GetProperty(parameter.Name);
            if (property is null)
            {
                return null;
            }
            property.SetValue(suite, parameter.Value);
        }
        return suite.DescribeWorkload();
    }
}
