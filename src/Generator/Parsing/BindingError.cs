using Microsoft.CodeAnalysis;

namespace ClickHouse.RowBinary.Generator.Parsing;

/// <summary>
/// Why a member cannot be mapped, found deep inside the recursive binding and reported once, as a diagnostic on
/// the member.
/// </summary>
/// <param name="Descriptor">The diagnostic to report.</param>
/// <param name="Details">The message arguments that follow the member's own (see <see cref="DiagnosticDescriptors"/>).</param>
internal sealed record BindingError(DiagnosticDescriptor Descriptor, string[] Details)
{
    /// <summary>CHRB002: the C# type has no ClickHouse mapping.</summary>
    public static BindingError Unsupported(string reason) => new(DiagnosticDescriptors.UnsupportedMemberType, new[] { reason });

    /// <summary>CHRB004: the C# type cannot hold the declared ClickHouse type.</summary>
    public static BindingError Mismatch(string reason) => new(DiagnosticDescriptors.TypeMismatch, new[] { reason });

    /// <summary>CHRB011: a row type that contains itself.</summary>
    public static BindingError Recursive(string rowType, string through) => new(DiagnosticDescriptors.RecursiveRowType, new[] { rowType, through });

    public bool IsRecursion => Descriptor == DiagnosticDescriptors.RecursiveRowType;
}
