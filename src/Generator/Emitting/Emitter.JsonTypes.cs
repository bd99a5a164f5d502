using System.Collections.Generic;
using System.Globalization;
using ClickHouse.RowBinary.Generator.Model;

namespace ClickHouse.RowBinary.Generator.Emitting;

internal sealed partial class Emitter
{
    private const string ClickHouseTypeName = "global::ClickHouse.RowBinary.Types.ClickHouseType";

    /// <summary>
    /// The support class field that holds a parsed JSON type with typed paths or parameters, which the reader and
    /// writer need as a <c>ClickHouseType</c>: parsed once, named after a hash of its text so that binding needs no
    /// numbering.
    /// </summary>
    public static string JsonTypeField(string clickHouseType)
    {
        uint hash = 2166136261;
        foreach (char c in clickHouseType)
        {
            hash = unchecked((hash ^ c) * 16777619);
        }
        return "JsonType" + hash.ToString("X8", CultureInfo.InvariantCulture);
    }

    /// <summary>Emits the fields of the JSON types that <paramref name="body"/> refers to.</summary>
    private void EmitJsonTypeFields(string body)
    {
        var seen = new HashSet<string>();
        foreach (FieldSpec field in _spec.Row.Fields)
        {
            EmitJsonTypeFields(field.Value, body, seen);
        }
    }

    private void EmitJsonTypeFields(ValueSpec value, string body, HashSet<string> seen)
    {
        switch (value)
        {
            case ScalarValueSpec scalar:
                string field = JsonTypeField(scalar.ClickHouseType);
                if (body.IndexOf($"{SupportClass}.{field})", System.StringComparison.Ordinal) >= 0 && seen.Add(field))
                {
                    _code.WriteLine();
                    _code.WriteLine($"public static readonly {ClickHouseTypeName} {field} = {ClickHouseTypeName}.Parse({Literal(scalar.ClickHouseType)});");
                }
                break;
            case NullableValueSpec nullable:
                EmitJsonTypeFields(nullable.Inner, body, seen);
                break;
            case ArrayValueSpec array:
                EmitJsonTypeFields(array.Element, body, seen);
                break;
            case MapValueSpec map:
                EmitJsonTypeFields(map.Key, body, seen);
                EmitJsonTypeFields(map.Value, body, seen);
                break;
            case TupleValueSpec tuple:
                foreach (ValueSpec element in tuple.Elements)
                {
                    EmitJsonTypeFields(element, body, seen);
                }
                break;
            case VariantValueSpec variant:
                foreach (ValueSpec arm in variant.Arms)
                {
                    EmitJsonTypeFields(arm, body, seen);
                }
                break;
            case RowTupleValueSpec rowTuple:
                foreach (FieldSpec rowField in rowTuple.Row.Fields)
                {
                    EmitJsonTypeFields(rowField.Value, body, seen);
                }
                break;
            case NestedValueSpec nested:
                foreach (FieldSpec nestedField in nested.Row.Fields)
                {
                    EmitJsonTypeFields(nestedField.Value, body, seen);
                }
                break;
        }
    }
}
