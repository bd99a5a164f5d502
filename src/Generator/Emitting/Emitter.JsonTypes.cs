using System.Collections.Generic;
using ClickHouse.RowBinary.Generator.Model;

namespace ClickHouse.RowBinary.Generator.Emitting;

internal sealed partial class Emitter
{
    private const string ClickHouseTypeName = "global::ClickHouse.RowBinary.Types.ClickHouseType";

    /// <summary>
    /// Emits a support class field for each JSON type with typed paths or parameters, which the reader and writer
    /// need as a parsed <c>ClickHouseType</c>: parsed once per type.
    /// </summary>
    private void EmitJsonTypeFields()
    {
        var seen = new HashSet<string>();
        foreach (FieldSpec field in _spec.Row.Fields)
        {
            EmitJsonTypeFields(field.Value, seen);
        }
    }

    private void EmitJsonTypeFields(ValueSpec value, HashSet<string> seen)
    {
        switch (value)
        {
            case ScalarValueSpec { JsonType: { } jsonType }:
                if (seen.Add(jsonType))
                {
                    _code.WriteLine();
                    _code.WriteLine($"public static readonly {ClickHouseTypeName} {ScalarCode.JsonTypeFieldName(jsonType)} = {ClickHouseTypeName}.Parse({Literal(jsonType)});");
                }
                break;
            case NullableValueSpec nullable:
                EmitJsonTypeFields(nullable.Inner, seen);
                break;
            case ArrayValueSpec array:
                EmitJsonTypeFields(array.Element, seen);
                break;
            case MapValueSpec map:
                EmitJsonTypeFields(map.Key, seen);
                EmitJsonTypeFields(map.Value, seen);
                break;
            case TupleValueSpec tuple:
                foreach (ValueSpec element in tuple.Elements)
                {
                    EmitJsonTypeFields(element, seen);
                }
                break;
            case VariantValueSpec variant:
                foreach (ValueSpec arm in variant.Arms)
                {
                    EmitJsonTypeFields(arm, seen);
                }
                break;
            case RowTupleValueSpec rowTuple:
                foreach (FieldSpec rowField in rowTuple.Row.Fields)
                {
                    EmitJsonTypeFields(rowField.Value, seen);
                }
                break;
            case NestedValueSpec nested:
                foreach (FieldSpec nestedField in nested.Row.Fields)
                {
                    EmitJsonTypeFields(nestedField.Value, seen);
                }
                break;
        }
    }
}
