using ClickHouse.RowBinary.Generator.Helpers;

namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>Enum8/Enum16: the Int8/Int16 value of a label, checked against the declared labels both ways.</summary>
/// <param name="Representation">What the C# member holds: a C# enum, the label text or the number.</param>
/// <param name="Storage">The stored number: <see cref="ScalarEncoding.Int8"/> for Enum8, <see cref="ScalarEncoding.Int16"/> for Enum16.</param>
/// <param name="Members">The ClickHouse labels and values, with the C# enum member each maps to.</param>
internal sealed record EnumValueSpec(
    string TypeName,
    string ClickHouseType,
    bool IsReferenceType,
    int MinimumByteSize,
    DefaultCheck DefaultCheck,
    EnumRepresentation Representation,
    ScalarEncoding Storage,
    EquatableArray<EnumMemberSpec> Members)
    : ValueSpec(TypeName, ClickHouseType, IsReferenceType, MinimumByteSize, DefaultCheck);

/// <summary>What a C# member mapped to a ClickHouse Enum holds.</summary>
internal enum EnumRepresentation
{
    /// <summary>A C# enum, matched to the ClickHouse labels by member name.</summary>
    CSharpEnum,

    /// <summary>A string: the label.</summary>
    Label,

    /// <summary>An <c>sbyte</c> or <c>short</c>: the stored number.</summary>
    Number,
}

/// <summary>One label of a ClickHouse Enum.</summary>
/// <param name="Label">The label.</param>
/// <param name="Value">The stored number.</param>
/// <param name="CSharpMember">The name of the C# enum member it maps to, for <see cref="EnumRepresentation.CSharpEnum"/>.</param>
internal sealed record EnumMemberSpec(string Label, int Value, string? CSharpMember);
