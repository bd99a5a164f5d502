using ClickHouse.RowBinary.Generator.Helpers;
using System.Text.RegularExpressions;
using ClickHouse.RowBinary.Generator.Model;

namespace ClickHouse.RowBinary.Generator.Emitting;

internal sealed partial class Emitter
{
    private static readonly Regex s_identifier = new("^@?[A-Za-z_][A-Za-z0-9_]*$", RegexOptions.CultureInvariant);

    /// <summary>
    /// Write, or WriteWithDefaults: the same column writes (a scalar in place, anything else through its column
    /// method), in WriteWithDefaults each after its marker. Write puts consecutive fixed-width and String columns
    /// into one reserved span; WriteWithDefaults, which no benchmark times and only types with a UseServerDefault
    /// column have, writes them value by value.
    /// </summary>
    private void EmitWrite(bool withDefaults)
    {
        string method = withDefaults ? "WriteWithDefaults" : "Write";
        _code.WriteLine($"static void {_interface}.{method}(ref {WriterType} writer, {_spec.Row.TypeName} row)");
        using (_code.OpenBlock())
        {
            var names = new LocalNames("writer", "row");
            if (_spec.Row.IsReferenceType)
            {
                _code.WriteLine("global::System.ArgumentNullException.ThrowIfNull(row);");
            }

            int column = 0;
            int textWrites = 0;
            var fields = _spec.Row.Fields;
            for (int index = 0; index < fields.Count; index++)
            {
                FieldSpec field = fields[index];
                string member = "row." + Identifier(field.MemberName);
                if (!withDefaults && IsSpanWritable(field) && index + 1 < fields.Count && IsSpanWritable(fields[index + 1]))
                {
                    var run = new System.Collections.Generic.List<FieldSpec>();
                    while (index < fields.Count && IsSpanWritable(fields[index]))
                    {
                        run.Add(fields[index++]);
                    }
                    index--;
                    EmitWriteRun(run, column, names, ref textWrites);
                    column += run.Count;
                    continue;
                }
                if (field.Value is NestedValueSpec nested)
                {
                    EmitWriteNested(field, nested, _columnMethods[index]!, member, ref column, withDefaults, names);
                    continue;
                }

                ColumnMethods? methods = _columnMethods[index];
                EmitColumnStart(column++, withDefaults, field.UseServerDefault ? IsDefault(field.Value, member) : null,
                    () => EmitWriteColumn(field, methods, member, names));
            }
        }
    }

    /// <summary>
    /// Emits a column's start and write. In RowBinaryWithDefaults, the marker first: 1 and nothing more when
    /// <paramref name="isDefault"/> (a condition, or null for never) holds, else 0 and the value.
    /// </summary>
    private void EmitColumnStart(int column, bool withDefaults, string? isDefault, System.Action write)
    {
        if (!withDefaults)
        {
            _code.WriteLine($"writer.CurrentColumn = {Number(column)};");
            write();
            return;
        }
        if (isDefault is not null)
        {
            _code.WriteLine($"if ({isDefault})");
            using (_code.OpenBlock())
            {
                _code.WriteLine($"writer.CurrentColumn = {Number(column)};");
                _code.WriteLine("writer.WriteUInt8(1);");
            }
            _code.WriteLine("else");
            using (_code.OpenBlock())
            {
                _code.WriteLine($"writer.BeginValueColumn({Number(column)});");
                write();
            }
            return;
        }
        _code.WriteLine($"writer.BeginValueColumn({Number(column)});");
        write();
    }

    /// <summary>Writes a field's value: a scalar in place, anything else through its column method.</summary>
    private void EmitWriteColumn(FieldSpec field, ColumnMethods? methods, string member, LocalNames names)
    {
        if (methods is null)
        {
            EmitWriteValue(field.Value, member, field.LocalName, names);
            return;
        }
        _code.WriteLine($"{_spec.ColumnsClass}.{methods.Write}(ref writer, {member});");
    }

    /// <summary>
    /// Writes a Nested field as its flattened columns: each <c>name.field</c> column is an array of that field of
    /// every element.
    /// </summary>
    private void EmitWriteNested(FieldSpec field, NestedValueSpec nested, ColumnMethods methods, string member, ref int column, bool withDefaults, LocalNames names)
    {
        int first = column;
        string collection = member;
        for (int k = 0; k < nested.Row.Fields.Count; k++)
        {
            if (k == 0)
            {
                // The collection is checked for null once, with its first column current.
                _code.WriteLine($"writer.CurrentColumn = {Number(first)};");
                collection = EmitCollectionLocal(nested, nested.Kind, member, field.LocalName, names);
            }
            string writeColumn = $"{_spec.ColumnsClass}.{methods.NestedWrites![k]}(ref writer, {collection});";
            if (!withDefaults && k == 0)
            {
                _code.WriteLine(writeColumn);
                column++;
                continue;
            }
            EmitColumnStart(column++, withDefaults, field.UseServerDefault ? $"{CountOf(nested.Kind, collection)} == 0" : null,
                () => _code.WriteLine(writeColumn));
        }
    }

    private void EmitWriteNestedColumn(NestedValueSpec nested, FieldSpec subField, string collection, LocalNames names)
    {
        _code.WriteLine($"writer.WriteLength({CountOf(nested.Kind, collection)});");
        EmitForEach(nested.Kind, collection, nested.Row.TypeName, names, collection + "Item", item =>
        {
            if (nested.Row.IsReferenceType)
            {
                _code.WriteLine($"{RuntimeSupport}.ThrowIfNull({item}, {Literal(nested.ClickHouseType + " element")});");
            }
            EmitWriteValue(subField.Value, item + "." + Identifier(subField.MemberName), subField.LocalName, names);
        });
    }

    /// <summary>Emits the statements that write <paramref name="value"/> (an expression without side effects).</summary>
    /// <param name="isKnownNotNull">True when the value was just tested for null, so that no second check is needed.</param>
    private void EmitWriteValue(ValueSpec spec, string value, string hint, LocalNames names, bool isKnownNotNull = false)
    {
        switch (spec)
        {
            case ScalarValueSpec scalar:
                string argument = scalar.NeedsNullCheck && !isKnownNotNull
                    ? $"{value} ?? throw {RuntimeSupport}.{NullValue(scalar.ClickHouseType)}"
                    : value;
                _code.WriteLine(ScalarCode.Write(scalar, argument, _spec.SupportClass) + ";");
                break;
            case NullableValueSpec nullable:
                EmitWriteNullable(nullable, value, hint, names);
                break;
            case ArrayValueSpec array:
                EmitWriteArray(array, value, hint, names, isKnownNotNull);
                break;
            case MapValueSpec map:
                EmitWriteMap(map, value, hint, names, isKnownNotNull);
                break;
            case TupleValueSpec tuple when IsPoint(tuple):
                _code.WriteLine(PointWrite(value) + ";");
                break;
            case TupleValueSpec tuple:
                {
                    string local = EnsureLocal(tuple, value, hint, names, isKnownNotNull);
                    for (int i = 0; i < tuple.Elements.Count; i++)
                    {
                        EmitWriteValue(tuple.Elements[i], $"{local}.Item{Number(i + 1)}", hint + "Item" + Number(i + 1), names);
                    }
                    break;
                }
            case RowTupleValueSpec rowTuple:
                {
                    string local = EnsureLocal(rowTuple, value, hint, names, isKnownNotNull);
                    foreach (FieldSpec field in rowTuple.Row.Fields)
                    {
                        EmitWriteValue(field.Value, local + "." + Identifier(field.MemberName), field.LocalName, names);
                    }
                    break;
                }
            case EnumValueSpec enumeration:
                EmitWriteEnum(enumeration, value);
                break;
            case VariantValueSpec variant:
                EmitWriteVariant(variant, value, hint, names);
                break;
            case NothingValueSpec nothing:
                _code.WriteLine($"throw {RuntimeSupport}.NotNull({Literal(nothing.ClickHouseType)});");
                break;
            default:
                throw new System.InvalidOperationException($"No writer for {spec.GetType().Name}.");
        }
    }

    private void EmitWriteNullable(NullableValueSpec nullable, string value, string hint, LocalNames names)
    {
        if (NullableWrite(nullable, value) is { } oneCall)
        {
            _code.WriteLine(oneCall + ";");
            return;
        }

        string inner;
        string isNotNull;
        if (!nullable.IsNullableValueType && s_identifier.IsMatch(value))
        {
            // A local or parameter: tested in place, the compiler knows it is not null inside.
            inner = value;
            isNotNull = $"{value} is not null";
        }
        else
        {
            inner = names.Take(hint);
            // A tuple type in a pattern would be a positional pattern, which fails on a null element and rejects 'T?'.
            string type = NonNullable(nullable.Inner);
            isNotNull = nullable.Inner is TupleValueSpec ? $"{value} is {{ }} {inner}" : $"{value} is {type} {inner}";
        }
        _code.WriteLine($"if ({isNotNull})");
        using (_code.OpenBlock())
        {
            _code.WriteLine("writer.WriteNullMarker(false);");
            EmitWriteValue(nullable.Inner, inner, hint, names, isKnownNotNull: true);
        }
        _code.WriteLine("else");
        using (_code.OpenBlock())
        {
            _code.WriteLine("writer.WriteNullMarker(true);");
        }
    }

    private void EmitWriteArray(ArrayValueSpec array, string value, string hint, LocalNames names, bool isKnownNotNull)
    {
        if (ArrayWrite(array, value) is { } oneCall)
        {
            _code.WriteLine(oneCall + ";");
            return;
        }
        string local = EmitCollectionLocal(array, array.Kind, value, hint, names, isKnownNotNull);
        if (array.Element is NothingValueSpec)
        {
            _code.WriteLine($"if ({CountOf(array.Kind, local)} != 0)");
            using (_code.OpenBlock())
            {
                _code.WriteLine($"throw {RuntimeSupport}.NothingElements({CountOf(array.Kind, local)}, {Literal(array.ClickHouseType)});");
            }
            _code.WriteLine("writer.WriteLength(0);");
            return;
        }
        _code.WriteLine(array.Dimension > 0
            ? $"writer.WriteQBitLength({CountOf(array.Kind, local)}, {Number(array.Dimension)}, {Literal(array.ClickHouseType)});"
            : $"writer.WriteLength({CountOf(array.Kind, local)});");
        if (array.Element is ScalarValueSpec { IsBlittable: true } element && array.Kind is CollectionKind.Array or CollectionKind.List or CollectionKind.ImmutableArray)
        {
            string span = SpanOf(array.Kind, local, element.TypeName);
            _code.WriteLine(IsByte(element)
                ? $"writer.WriteBytes({span});"
                : $"{RuntimeSupport}.WriteLittleEndian<{element.TypeName}>(ref writer, {span});");
            return;
        }
        EmitForEach(array.Kind, local, array.Element.TypeName, names, hint + "Item", item => EmitWriteValue(array.Element, item, hint + "Item", names));
    }

    private void EmitWriteMap(MapValueSpec map, string value, string hint, LocalNames names, bool isKnownNotNull)
    {
        string local = EnsureLocal(map, value, hint, names, isKnownNotNull);
        _code.WriteLine($"writer.WriteLength({local}.Count);");
        EmitForEachEntry(map, local, hint, names, pair =>
        {
            EmitWriteValue(map.Key, pair + ".Key", hint + "Key", names);
            EmitWriteValue(map.Value, pair + ".Value", hint + "Value", names);
        });
    }

    /// <summary>A loop over the entries of the map <paramref name="local"/> (a list's by its span), each named to <paramref name="body"/>.</summary>
    private void EmitForEachEntry(MapValueSpec map, string local, string hint, LocalNames names, System.Action<string> body)
    {
        string pair = names.Take(hint + "Entry");
        string source = map.Kind == MapKind.KeyValuePairList ? $"{CollectionsMarshal}.AsSpan({local})" : local;
        _code.WriteLine($"foreach (global::System.Collections.Generic.KeyValuePair<{map.Key.TypeName}, {map.Value.TypeName}> {pair} in {source})");
        using (_code.OpenBlock())
        {
            body(pair);
        }
    }

    private void EmitWriteEnum(EnumValueSpec enumeration, string value)
    {
        string write = "Write" + enumeration.Storage;
        _code.WriteLine($"switch ({value})");
        using (_code.OpenBlock())
        {
            if (enumeration.Representation == EnumRepresentation.Number)
            {
                _code.WriteLine($"case {string.Join(" or ", EnumValues(enumeration))}:");
                _code.Indent();
                _code.WriteLine($"writer.{write}({value});");
                _code.WriteLine("break;");
                _code.Unindent();
            }
            else
            {
                foreach (EnumMemberSpec member in enumeration.Members)
                {
                    string label = EnumMemberExpression(enumeration, member);
                    _code.WriteLine($"case {label}:");
                    _code.Indent();
                    _code.WriteLine($"writer.{write}({Number(member.Value)});");
                    _code.WriteLine("break;");
                    _code.Unindent();
                }
            }
            _code.WriteLine("default:");
            _code.Indent();
            string shown = enumeration.Representation switch
            {
                EnumRepresentation.Number => $"{value}.ToString(global::System.Globalization.CultureInfo.InvariantCulture)",
                EnumRepresentation.Label => value,
                _ => $"{value}.ToString()",
            };
            _code.WriteLine($"throw {RuntimeSupport}.NotAnEnumValue({shown}, {Literal(enumeration.ClickHouseType)});");
            _code.Unindent();
        }
    }

    private static System.Collections.Generic.IEnumerable<string> EnumValues(EnumValueSpec enumeration)
    {
        for (int i = 0; i < enumeration.Members.Count; i++)
        {
            yield return Number(enumeration.Members[i].Value);
        }
    }

    private void EmitWriteVariant(VariantValueSpec variant, string value, string hint, LocalNames names)
    {
        string local = EnsureLocal(variant, value, hint, names);
        _code.WriteLine($"switch ({local}.Index)");
        using (_code.OpenBlock())
        {
            _code.WriteLine("case -1: writer.WriteUInt8(0xFF); break;");
            for (int i = 0; i < variant.Arms.Count; i++)
            {
                string discriminator = $"writer.WriteUInt8({Number(variant.Discriminators[i])});";
                int mark = _code.Length;
                EmitWriteValue(variant.Arms[i], $"{local}.Value{Number(i)}", hint + "Value" + Number(i), names);
                string[] lines = _code.CutLines(mark);
                if (lines.Length == 1)
                {
                    // One statement: the case on one line.
                    _code.WriteLine($"case {Number(i)}: {discriminator} {lines[0].Trim()} break;");
                    continue;
                }
                _code.WriteLine($"case {Number(i)}:");
                _code.Indent();
                _code.WriteLine(discriminator);
                foreach (string line in lines)
                {
                    _code.WriteCut(IndentedTextWriter.IndentUnit + line + "\n");
                }
                _code.WriteLine("break;");
                _code.Unindent();
            }
            _code.WriteLine("default:");
            _code.Indent();
            _code.WriteLine($"throw {RuntimeSupport}.InvalidVariantIndex({local}.Index, {Literal(variant.ClickHouseType)});");
            _code.Unindent();
        }
    }

    /// <summary>
    /// Puts a collection in a local and throws a clear error for null: an absent Array or Map is not the same as an
    /// empty one, and ClickHouse has no NULL for it. Returns the local.
    /// </summary>
    private string EmitCollectionLocal(ValueSpec spec, CollectionKind kind, string value, string hint, LocalNames names, bool isKnownNotNull = false)
    {
        if (kind == CollectionKind.ImmutableArray)
        {
            string local = s_identifier.IsMatch(value) ? value : names.Take(hint);
            if (local != value)
            {
                _code.WriteLine($"{spec.TypeName} {local} = {value};");
            }
            _code.WriteLine($"if ({local}.IsDefault)");
            using (_code.OpenBlock())
            {
                _code.WriteLine($"throw {RuntimeSupport}.{NullValue(spec.ClickHouseType)};");
            }
            return local;
        }
        return EnsureLocal(spec, value, hint, names, isKnownNotNull);
    }

    /// <summary>
    /// Copies a composite value into a local, unless it already is one, so that it is read once; a null reference
    /// is a clear error.
    /// </summary>
    private string EnsureLocal(ValueSpec spec, string value, string hint, LocalNames names, bool isKnownNotNull = false)
    {
        if (s_identifier.IsMatch(value))
        {
            if (spec.IsReferenceType && !isKnownNotNull)
            {
                _code.WriteLine($"{RuntimeSupport}.ThrowIfNull({value}, {Literal(spec.ClickHouseType)});");
            }
            return value;
        }
        string local = names.Take(hint);
        _code.WriteLine(spec.IsReferenceType && !isKnownNotNull
            ? $"{NonNullable(spec)} {local} = {OrNullValueError(spec, value)};"
            : $"{NonNullable(spec)} {local} = {value};");
        return local;
    }

    private static string CountOf(CollectionKind kind, string collection)
        => kind is CollectionKind.Array or CollectionKind.ImmutableArray ? collection + ".Length" : collection + ".Count";

    /// <summary>A read-only span over an array, a list or an immutable array.</summary>
    private static string SpanOf(CollectionKind kind, string collection, string elementType) => kind switch
    {
        CollectionKind.List => $"{CollectionsMarshal}.AsSpan({collection})",
        CollectionKind.ImmutableArray => $"{collection}.AsSpan()",
        _ => $"new global::System.ReadOnlySpan<{elementType}>({collection})",
    };

    /// <summary>
    /// Walks a collection with no allocation: arrays and lists as spans, interfaces by index (their enumerators
    /// would be boxed).
    /// </summary>
    private void EmitForEach(CollectionKind kind, string collection, string elementType, LocalNames names, string hint, System.Action<string> body)
    {
        if (kind is CollectionKind.ReadOnlyListInterface or CollectionKind.ListInterface)
        {
            EmitFor(collection + ".Count", index => body($"{collection}[{index}]"));
            return;
        }

        string item = names.Take(hint);

        string source = kind == CollectionKind.List ? SpanOf(kind, collection, elementType) : collection;
        _code.WriteLine($"foreach ({elementType} {item} in {source})");
        using (_code.OpenBlock())
        {
            body(item);
        }
    }

    /// <summary>A <c>byte</c> element, whose span is already bytes.</summary>
    private static bool IsByte(ScalarValueSpec element) => element is { Encoding: ScalarEncoding.UInt8, Holder: ScalarHolder.Natural };

    private static string NullValue(string clickHouseType) => $"NullValue({Literal(clickHouseType)})";

    /// <summary>The expression of a reference value read once: the value, or the null-value error of its column.</summary>
    private static string OrNullValueError(ValueSpec spec, string value) => $"{value} ?? throw {RuntimeSupport}.{NullValue(spec.ClickHouseType)}";

    /// <summary>The condition that <paramref name="value"/> is its C# default, for RowBinaryWithDefaults.</summary>
    private static string IsDefault(ValueSpec spec, string value) => spec.DefaultCheck switch
    {
        DefaultCheck.IsNull => $"{value} is null",
        DefaultCheck.IsNullOrEmptyString => $"string.IsNullOrEmpty({value})",
        DefaultCheck.IsNullOrEmptyArray => $"{value} is null || {value}.Length == 0",
        DefaultCheck.IsNullOrEmptyCollection => $"{value} is null || {value}.Count == 0",
        DefaultCheck.IsDefaultOrEmptyImmutableArray => $"{value}.IsDefaultOrEmpty",
        DefaultCheck.IsEmptyMemory => $"{value}.IsEmpty",
        DefaultCheck.EqualsDefault => $"{value} == default",
        DefaultCheck.EqualsZero => $"{value} == 0",
        DefaultCheck.EqualsDefaultByComparer => $"global::System.Collections.Generic.EqualityComparer<{spec.TypeName}>.Default.Equals({value}, default)",
        DefaultCheck.IsNullVariant => $"{value}.IsNull",
        _ => throw new System.ArgumentOutOfRangeException(nameof(spec), spec.DefaultCheck, "Unknown default check."),
    };

    /// <summary>What a label of an Enum stands for in C#: the label text, or the C# enum member.</summary>
    private static string EnumMemberExpression(EnumValueSpec enumeration, EnumMemberSpec member)
        => enumeration.Representation == EnumRepresentation.Label ? Literal(member.Label) : enumeration.TypeName + "." + Identifier(member.CSharpMember!);
}
