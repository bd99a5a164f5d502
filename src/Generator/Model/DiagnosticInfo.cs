using System.Linq;
using ClickHouse.RowBinary.Generator.Helpers;
using Microsoft.CodeAnalysis;

namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>A diagnostic found by the parser, kept as values until the source output reports it.</summary>
/// <param name="Descriptor">What is wrong (one of <see cref="DiagnosticDescriptors"/>); descriptors compare by value.</param>
internal sealed record DiagnosticInfo(DiagnosticDescriptor Descriptor, LocationInfo? Location, EquatableArray<string> MessageArguments)
{
    public bool IsError => Descriptor.DefaultSeverity == DiagnosticSeverity.Error;

    public Diagnostic ToDiagnostic()
        => Diagnostic.Create(Descriptor, Location?.ToLocation(), MessageArguments.Cast<object>().ToArray());
}
