using ClickHouse.RowBinary.Generator.Helpers;

namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>How a reader creates a row: <c>new T(arguments) { initialized members }</c>.</summary>
/// <param name="Arguments">The constructor's arguments in parameter order; empty for a parameterless constructor.</param>
/// <param name="UseNamedArguments">True when optional parameters are left out, so that arguments are passed by name.</param>
/// <param name="InitializedFields">Indexes into <see cref="RowShape.Fields"/> of the members set in the object initializer.</param>
internal sealed record ConstructionSpec(
    EquatableArray<ConstructorArgumentSpec> Arguments,
    bool UseNamedArguments,
    EquatableArray<int> InitializedFields);

/// <summary>One constructor argument: the parameter's name and the field whose value it receives.</summary>
internal sealed record ConstructorArgumentSpec(string ParameterName, int FieldIndex);
