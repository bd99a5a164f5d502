using System.Linq;
using ClickHouse.RowBinary.Generator.Helpers;
using Microsoft.CodeAnalysis;

namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>A diagnostic found by the parser, kept as values until the source output reports it.</summary>
internal sealed record DiagnosticInfo(string Id, LocationInfo? Location, EquatableArray<string> MessageArguments)
{
    public Diagnostic ToDiagnostic()
        => Diagnostic.Create(
            DiagnosticDescriptors.FromId(Id),
            Location?.ToLocation(),
            MessageArguments.Cast<object>().ToArray());
}
