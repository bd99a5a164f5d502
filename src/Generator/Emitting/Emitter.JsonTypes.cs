using System.Collections.Generic;
using ClickHouse.RowBinary.Generator.Model;

namespace ClickHouse.RowBinary.Generator.Emitting;

internal sealed partial class Emitter
{
    private const string ClickHouseTypeName = "global::ClickHouse.RowBinary.ClickHouseType";

    /// <summary>
    /// Emits a support class field for each JSON type with typed paths or parameters, which the reader and writer
    /// need as a parsed <c>ClickHouseType</c>: parsed once per type.
    /// </summary>
    private void EmitJsonTypeFields()
    {
        var scalars = new List<ScalarValueSpec>();
        foreach (FieldSpec field in _spec.Row.Fields)
        {
            field.Value.CollectScalars(scalars, intoRows: true);
        }
        var seen = new HashSet<string>();
        foreach (ScalarValueSpec scalar in scalars)
        {
            if (scalar.JsonType is { } jsonType && seen.Add(jsonType))
            {
                _code.WriteLine();
                _code.WriteLine($"public static readonly {ClickHouseTypeName} {ScalarCode.JsonTypeFieldName(jsonType)} = {ClickHouseTypeName}.Parse({Literal(jsonType)});");
            }
        }
    }
}
