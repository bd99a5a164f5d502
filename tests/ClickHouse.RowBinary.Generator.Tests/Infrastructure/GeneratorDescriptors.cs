extern alias GeneratorAssembly;

using System.Reflection;
using Microsoft.CodeAnalysis;

namespace ClickHouse.RowBinary.Generator.Tests.Infrastructure;

/// <summary>The generator's diagnostic descriptors, read from its internal DiagnosticDescriptors class.</summary>
internal static class GeneratorDescriptors
{
    public static IReadOnlyList<DiagnosticDescriptor> All { get; } = typeof(GeneratorAssembly::ClickHouse.RowBinary.Generator.ClickHouseRowGenerator).Assembly
        .GetType("ClickHouse.RowBinary.Generator.DiagnosticDescriptors", throwOnError: true)!
        .GetFields(BindingFlags.Public | BindingFlags.Static)
        .Where(field => field.FieldType == typeof(DiagnosticDescriptor))
        .Select(field => (DiagnosticDescriptor)field.GetValue(null)!)
        .ToArray();
}
