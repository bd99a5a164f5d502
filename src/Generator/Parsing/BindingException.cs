using System;
using Microsoft.CodeAnalysis;

namespace ClickHouse.RowBinary.Generator.Parsing;

/// <summary>
/// Why a member cannot be mapped, raised from deep inside the recursive binding and reported once, as a
/// diagnostic on the member.
/// </summary>
internal sealed class BindingException : Exception
{
    private BindingException(DiagnosticDescriptor descriptor, string[] details)
        : base(string.Join(" ", details))
    {
        Descriptor = descriptor;
        Details = details;
    }

    public DiagnosticDescriptor Descriptor { get; }

    /// <summary>The message arguments that follow the member's own (see <see cref="DiagnosticDescriptors"/>).</summary>
    public string[] Details { get; }

    /// <summary>CHRB002: the C# type has no ClickHouse mapping.</summary>
    public static BindingException Unsupported(string reason) => new(DiagnosticDescriptors.UnsupportedMemberType, new[] { reason });

    /// <summary>CHRB004: the C# type cannot hold the declared ClickHouse type.</summary>
    public static BindingException Mismatch(string reason) => new(DiagnosticDescriptors.TypeMismatch, new[] { reason });

    /// <summary>CHRB011: a row type that contains itself.</summary>
    public static BindingException Recursive(string rowType, string through) => new(DiagnosticDescriptors.RecursiveRowType, new[] { rowType, through });
}
