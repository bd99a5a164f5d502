using System.Collections.Generic;
using ClickHouse.RowBinary.Generator.Helpers;
using ClickHouse.RowBinary.Generator.Model;

namespace ClickHouse.RowBinary.Generator.Emitting;

internal sealed partial class Emitter
{
    private const string CollectionsMarshal = "global::System.Runtime.InteropServices.CollectionsMarshal";
    private const string MemoryMarshal = "global::System.Runtime.InteropServices.MemoryMarshal";

    /// <summary>
    /// The out-of-line read of a String column read as text once the row's first <see cref="InlinedStrings"/> are
    /// inlined; null for the others and for every other column.
    /// </summary>
    private static string? OutOfLineTextRead(ValueSpec value, ref int textReads)
    {
        if (value is not ScalarValueSpec { IsText: true } scalar || textReads++ < InlinedStrings)
        {
            return null;
        }
        return $"{RuntimeSupport}.{(scalar.CacheStrings ? "ReadCachedStringOutOfLine" : "ReadStringOutOfLine")}(ref reader)";
    }

    /// <summary>Read with the columns in schema order: straight-line code, then the constructor.</summary>
    private void EmitRead()
    {
        _code.WriteLine($"static {_spec.Row.TypeName} {_interface}.Read(ref {ReaderType} reader)");
        using (_code.OpenBlock())
        {
            var names = new LocalNames("reader");
            var values = new string[_spec.Row.Fields.Count];
            int column = 0;
            int textReads = 0;
            for (int i = 0; i < values.Length; i++)
            {
                FieldSpec field = _spec.Row.Fields[i];
                ColumnMethods? methods = _columnMethods[i];
                if (field.Value is NestedValueSpec nested)
                {
                    var arrays = new string[nested.Row.Fields.Count];
                    for (int k = 0; k < arrays.Length; k++)
                    {
                        _code.WriteLine($"reader.CurrentColumn = {Number(column++)};");
                        arrays[k] = names.Take(NestedArrayHint(field, nested.Row.Fields[k]));
                        _code.WriteLine($"{NestedColumnArray(nested.Row.Fields[k]).TypeName} {arrays[k]} = {_spec.ColumnsClass}.{methods!.NestedReads![k]}(ref reader);");
                    }
                    values[i] = EmitCreateNested(field, methods!, arrays, names);
                    continue;
                }

                if (IsSpanReadable(field) && i + 1 < values.Length && IsSpanReadable(_spec.Row.Fields[i + 1]))
                {
                    var run = new List<FieldSpec>();
                    for (int k = i; k < values.Length && IsSpanReadable(_spec.Row.Fields[k]); k++)
                    {
                        run.Add(_spec.Row.Fields[k]);
                    }
                    string[] locals = EmitReadRun(run, column, names);
                    locals.CopyTo(values, i);
                    i += run.Count - 1;
                    column += run.Count;
                    continue;
                }

                _code.WriteLine($"reader.CurrentColumn = {Number(column++)};");
                if (methods is null && OutOfLineTextRead(field.Value, ref textReads) is { } outOfLine)
                {
                    values[i] = names.Take(field.LocalName);
                    _code.WriteLine($"{field.Value.TypeName} {values[i]} = {outOfLine};");
                    continue;
                }
                if (methods is null)
                {
                    values[i] = EmitReadToLocal(field.Value, field.LocalName, names);
                    continue;
                }
                values[i] = names.Take(field.LocalName);
                _code.WriteLine($"{field.Value.TypeName} {values[i]} = {_spec.ColumnsClass}.{methods.Read}(ref reader);");
            }
            _code.WriteLine("return " + Construct(_spec.Row, values) + ";");
            foreach (System.Action fallback in _readRunFallbacks)
            {
                fallback();
            }
            _readRunFallbacks.Clear();
        }
    }

    /// <summary>
    /// Read with the columns in the order a RowBinaryWithNamesAndTypes header gave: every column into its local,
    /// then the constructor.
    /// </summary>
    private void EmitReadInColumnOrder()
    {
        _code.WriteLine($"static {_spec.Row.TypeName} {_interface}.Read(ref {ReaderType} reader, global::System.ReadOnlySpan<int> columnOrder)");
        using (_code.OpenBlock())
        {
            var names = new LocalNames("reader", "columnOrder", "column");
            var values = new string[_spec.Row.Fields.Count];
            var nestedArrays = new string[_spec.Row.Fields.Count][];
            for (int i = 0; i < values.Length; i++)
            {
                FieldSpec field = _spec.Row.Fields[i];
                if (field.Value is NestedValueSpec nested)
                {
                    nestedArrays[i] = new string[nested.Row.Fields.Count];
                    for (int k = 0; k < nested.Row.Fields.Count; k++)
                    {
                        ArrayValueSpec array = NestedColumnArray(nested.Row.Fields[k]);
                        string local = names.Take(NestedArrayHint(field, nested.Row.Fields[k]));
                        nestedArrays[i][k] = local;
                        _code.WriteLine($"{array.TypeName} {local} = global::System.Array.Empty<{array.Element.TypeName}>();");
                    }
                    continue;
                }
                values[i] = names.Take(field.LocalName);
                string initial = field.Value.IsReferenceType && !field.Value.TypeName.EndsWith("?", System.StringComparison.Ordinal) ? "default!" : "default";
                _code.WriteLine($"{field.Value.TypeName} {values[i]} = {initial};");
            }

            _code.WriteLine("foreach (int column in columnOrder)");
            using (_code.OpenBlock())
            {
                _code.WriteLine("reader.CurrentColumn = column;");
                _code.WriteLine("switch (column)");
                using (_code.OpenBlock())
                {
                    int column = 0;
                    int textReads = 0;
                    for (int i = 0; i < values.Length; i++)
                    {
                        FieldSpec field = _spec.Row.Fields[i];
                        ColumnMethods? methods = _columnMethods[i];
                        if (field.Value is NestedValueSpec nested)
                        {
                            for (int k = 0; k < nested.Row.Fields.Count; k++)
                            {
                                EmitReadCase(column++, $"{_spec.ColumnsClass}.{methods!.NestedReads![k]}(ref reader)", nestedArrays[i][k]);
                            }
                            continue;
                        }
                        string read = methods is not null
                            ? $"{_spec.ColumnsClass}.{methods.Read}(ref reader)"
                            : OutOfLineTextRead(field.Value, ref textReads) ?? OneCallRead(field.Value);
                        EmitReadCase(column++, read, values[i]);
                    }
                    _code.WriteLine("default:");
                    _code.Indent();
                    _code.WriteLine($"throw {RuntimeSupport}.UnknownColumn(column);");
                    _code.Unindent();
                }
            }

            for (int i = 0; i < values.Length; i++)
            {
                if (_spec.Row.Fields[i].Value is NestedValueSpec)
                {
                    values[i] = EmitCreateNested(_spec.Row.Fields[i], _columnMethods[i]!, nestedArrays[i], names);
                }
            }
            _code.WriteLine("return " + Construct(_spec.Row, values) + ";");
        }
    }

    private void EmitReadCase(int column, string read, string local)
    {
        _code.WriteLine($"case {Number(column)}: {local} = {read}; break;");
    }

    /// <summary>Builds a Nested field's collection from its column arrays into a local, and returns the local.</summary>
    private string EmitCreateNested(FieldSpec field, ColumnMethods methods, string[] arrays, LocalNames names)
    {
        string local = names.Take(field.LocalName);
        _code.WriteLine($"{field.Value.TypeName} {local} = {_spec.ColumnsClass}.{methods.Read}(ref reader, {string.Join(", ", arrays)});");
        return local;
    }

    /// <summary>Reads a value into a local (a new one unless the read already made one) and returns its name.</summary>
    private string EmitReadToLocal(ValueSpec spec, string hint, LocalNames names)
    {
        string expression = EmitRead(spec, hint, names, targetTyped: true);
        if (s_identifier.IsMatch(expression))
        {
            return expression;
        }
        string local = names.Take(hint);
        _code.WriteLine($"{spec.TypeName} {local} = {expression};");
        return local;
    }

    /// <summary>True when a value reads as one expression, with no statements before it.</summary>
    private static bool IsSimpleRead(ValueSpec spec) => spec switch
    {
        ScalarValueSpec => true,
        ArrayValueSpec array => ArrayRead(array) is not null,
        VariantValueSpec variant => AllSimple(variant.Arms),
        NullableValueSpec nullable => nullable.Inner is NothingValueSpec || IsSimpleRead(nullable.Inner),
        EnumValueSpec enumeration => enumeration.Representation != EnumRepresentation.Number,
        TupleValueSpec tuple => AllSimple(tuple.Elements),
        _ => false,
    };

    private static bool AllSimple(EquatableArray<ValueSpec> values)
    {
        foreach (ValueSpec value in values)
        {
            if (!IsSimpleRead(value))
            {
                return false;
            }
        }
        return true;
    }

    /// <summary>
    /// Emits the statements a value needs before it can be read, and returns the expression that reads it (or the
    /// local that holds it). The expression must be evaluated right after the statements.
    /// </summary>
    /// <param name="targetTyped">True when the expression is assigned to a local or element of its own type.</param>
    private string EmitRead(ValueSpec spec, string hint, LocalNames names, bool targetTyped)
    {
        switch (spec)
        {
            case ScalarValueSpec scalar:
                return ScalarCode.Read(scalar, _spec.SupportClass);
            case NullableValueSpec nullable:
                return EmitReadNullable(nullable, hint, names, targetTyped);
            case ArrayValueSpec array:
                return EmitReadArray(array, hint, names);
            case MapValueSpec map:
                return EmitReadMap(map, hint, names);
            case TupleValueSpec tuple:
                {
                    var elements = new string[tuple.Elements.Count];
                    bool simple = AllSimple(tuple.Elements);
                    for (int i = 0; i < elements.Length; i++)
                    {
                        string elementHint = hint + "Item" + Number(i + 1);
                        elements[i] = simple
                            ? EmitRead(tuple.Elements[i], elementHint, names, targetTyped: false)
                            : EmitReadToLocal(tuple.Elements[i], elementHint, names);
                    }
                    // A one-element ValueTuple<T> has no literal syntax: (x) is just x.
                    return elements.Length == 1
                        ? $"new {tuple.TypeName}({elements[0]})"
                        : "(" + string.Join(", ", elements) + ")";
                }
            case RowTupleValueSpec rowTuple:
                {
                    var values = new string[rowTuple.Row.Fields.Count];
                    for (int i = 0; i < values.Length; i++)
                    {
                        FieldSpec field = rowTuple.Row.Fields[i];
                        values[i] = EmitReadToLocal(field.Value, hint + Pascal(field.LocalName), names);
                    }
                    return Construct(rowTuple.Row, values);
                }
            case EnumValueSpec enumeration:
                return EmitReadEnum(enumeration, hint, names);
            case VariantValueSpec variant:
                return EmitReadVariant(variant, hint, names);
            case NothingValueSpec nothing:
                return $"throw {RuntimeSupport}.NothingValue({Literal(nothing.ClickHouseType)}, reader.Offset)";
            default:
                throw new System.InvalidOperationException($"No reader for {spec.GetType().Name}.");
        }
    }

    private string EmitReadNullable(NullableValueSpec nullable, string hint, LocalNames names, bool targetTyped)
    {
        // Never a bare null for T?: where T converts from a reference type (ReadOnlyMemory<byte> from byte[]), the
        // conditional's natural type is T, and null becomes a T that has a value.
        string none = nullable.IsNullableValueType ? $"default({nullable.TypeName})" : targetTyped ? "null" : $"({nullable.TypeName})null";
        if (nullable.Inner is NothingValueSpec nothing)
        {
            return $"reader.ReadNullMarker() ? {none} : throw {RuntimeSupport}.NothingValue({Literal(nullable.ClickHouseType)}, reader.Offset - 1)";
        }
        if (IsSimpleRead(nullable.Inner))
        {
            return $"reader.ReadNullMarker() ? {none} : {EmitRead(nullable.Inner, hint, names, targetTyped: false)}";
        }

        string local = names.Take(hint);
        _code.WriteLine($"{nullable.TypeName} {local} = null;");
        _code.WriteLine("if (!reader.ReadNullMarker())");
        using (_code.OpenBlock())
        {
            _code.WriteLine($"{local} = {EmitRead(nullable.Inner, hint + "Value", names, targetTyped: true)};");
        }
        return local;
    }

    private string EmitReadArray(ArrayValueSpec array, string hint, LocalNames names)
    {
        if (ArrayRead(array) is { } oneCall)
        {
            return oneCall;
        }
        string count = names.Take(hint + "Count");
        if (array.Element is NothingValueSpec)
        {
            _code.WriteLine($"int {count} = reader.ReadLength({Literal(array.ClickHouseType)});");
            _code.WriteLine($"if ({count} != 0)");
            using (_code.OpenBlock())
            {
                _code.WriteLine($"throw {RuntimeSupport}.NothingElements({count}, {Literal(array.ClickHouseType)}, reader.Offset);");
            }
            return EmptyCollection(array);
        }
        _code.WriteLine(array.Dimension > 0
            ? $"int {count} = reader.ReadQBitLength({Number(array.Dimension)}, {Literal(array.ClickHouseType)}, {Number(array.Element.MinimumByteSize)});"
            : $"int {count} = reader.ReadLength({LengthArguments(array.ClickHouseType, array.Element.MinimumByteSize)});");
        string elementType = array.Element.TypeName;
        bool bulk = array.Element is ScalarValueSpec { IsBlittable: true };

        if (array.Kind == CollectionKind.List)
        {
            string list = names.Take(hint);
            _code.WriteLine($"{NonNullable(array)} {list} = new({count});");
            if (bulk)
            {
                _code.WriteLine($"{CollectionsMarshal}.SetCount({list}, {count});");
                string span = names.Take(hint + "Span");
                _code.WriteLine($"global::System.Span<{elementType}> {span} = {CollectionsMarshal}.AsSpan({list});");
                EmitBulkRead(array, span);
                return list;
            }
            EmitFor(count, _ => _code.WriteLine($"{list}.Add({EmitRead(array.Element, hint + "Item", names, targetTyped: true)});"));
            return list;
        }

        string local = names.Take(array.Kind == CollectionKind.Array ? hint : hint + "Array");
        _code.WriteLine($"{elementType}[] {local} = {count} == 0 ? global::System.Array.Empty<{elementType}>() : {NewArray(array.Element, count)};");
        if (bulk)
        {
            EmitBulkRead(array, local);
        }
        else
        {
            EmitFor(local + ".Length", index => _code.WriteLine($"{local}[{index}] = {EmitRead(array.Element, hint + "Item", names, targetTyped: true)};"));
        }
        return array.Kind == CollectionKind.ImmutableArray
            ? $"global::System.Runtime.InteropServices.ImmutableCollectionsMarshal.AsImmutableArray({local})"
            : local;
    }

    /// <summary>An empty collection of the array's shape.</summary>
    private static string EmptyCollection(ArrayValueSpec array) => array.Kind switch
    {
        CollectionKind.List => $"new {NonNullable(array)}()",
        CollectionKind.ImmutableArray => $"global::System.Collections.Immutable.ImmutableArray<{array.Element.TypeName}>.Empty",
        _ => $"global::System.Array.Empty<{array.Element.TypeName}>()",
    };

    /// <summary>Fills a span of fixed-width numbers whose little-endian memory is their encoding.</summary>
    private void EmitBulkRead(ArrayValueSpec array, string span)
    {
        var element = (ScalarValueSpec)array.Element;
        string target = array.Kind == CollectionKind.List ? span : $"new global::System.Span<{element.TypeName}>({span})";
        _code.WriteLine(IsByte(element)
            ? $"reader.ReadBytes({span}, {Literal(array.ClickHouseType)});"
            : $"{RuntimeSupport}.ReadLittleEndian(ref reader, {target}, {Literal(array.ClickHouseType)});");
    }

    private string EmitReadMap(MapValueSpec map, string hint, LocalNames names)
    {
        string count = names.Take(hint + "Count");
        _code.WriteLine($"int {count} = reader.ReadLength({LengthArguments(map.ClickHouseType, ValueSpec.AddSizes(map.Key.MinimumByteSize, map.Value.MinimumByteSize))});");
        string pairType = $"global::System.Collections.Generic.KeyValuePair<{map.Key.TypeName}, {map.Value.TypeName}>";
        string local = names.Take(hint);
        string localType = map.Kind == MapKind.KeyValuePairList
            ? $"global::System.Collections.Generic.List<{pairType}>"
            : $"global::System.Collections.Generic.Dictionary<{map.Key.TypeName}, {map.Value.TypeName}>";
        _code.WriteLine($"{localType} {local} = new({count});");
        EmitFor(count, _ =>
        {
            string key = EmitReadToLocal(map.Key, hint + "Key", names);
            string value = EmitReadToLocal(map.Value, hint + "Value", names);
            if (map.Kind == MapKind.KeyValuePairList)
            {
                _code.WriteLine($"{local}.Add(new {pairType}({key}, {value}));");
            }
            else
            {
                _code.WriteLine($"if (!{local}.TryAdd({key}, {value}))");
                using (_code.OpenBlock())
                {
                    string shownKey = map.Key.TypeName == "string" ? key : map.Key.IsReferenceType ? $"{key}?.ToString()" : $"{key}.ToString()";
                    _code.WriteLine($"throw {RuntimeSupport}.DuplicateMapKey({shownKey}, {Literal(map.ClickHouseType)}, reader.Offset);");
                }
            }
        });
        return local;
    }

    private string EmitReadEnum(EnumValueSpec enumeration, string hint, LocalNames names)
    {
        string read = $"reader.Read{enumeration.Storage}()";
        string size = Number(enumeration.MinimumByteSize);
        string type = Literal(enumeration.ClickHouseType);
        if (enumeration.Representation == EnumRepresentation.Number)
        {
            string local = names.Take(hint);
            _code.WriteLine($"{ScalarCode.IntegerKeyword(enumeration.Storage)} {local} = {read};");
            _code.WriteLine($"if ({local} is not ({string.Join(" or ", EnumValues(enumeration))}))");
            using (_code.OpenBlock())
            {
                _code.WriteLine($"throw {RuntimeSupport}.UnknownEnumValue({local}, {type}, reader.Offset - {size});");
            }
            return local;
        }

        var text = new System.Text.StringBuilder();
        text.Append(read).Append(" switch\n{\n");
        foreach (EnumMemberSpec member in enumeration.Members)
        {
            string result = EnumMemberExpression(enumeration, member);
            text.Append("    ").Append(Number(member.Value)).Append(" => ").Append(result).Append(",\n");
        }
        string other = names.Take("unknown");
        text.Append($"    var {other} => throw {RuntimeSupport}.UnknownEnumValue({other}, {type}, reader.Offset - {size}),\n}}");
        return text.ToString();
    }

    private string EmitReadVariant(VariantValueSpec variant, string hint, LocalNames names)
    {
        if (AllSimple(variant.Arms))
        {
            return ReadVariantExpression(variant, hint, names);
        }
        string local = names.Take(hint);
        string discriminator = names.Take(hint + "Discriminator");
        string variantType = NonNullable(variant);
        _code.WriteLine($"{variantType} {local};");
        _code.WriteLine($"byte {discriminator} = reader.ReadUInt8();");
        _code.WriteLine($"switch ({discriminator})");
        using (_code.OpenBlock())
        {
            for (int d = 0; d < variant.Arms.Count; d++)
            {
                int arm = IndexOf(variant.Discriminators, d);
                _code.WriteLine($"case {Number(d)}:");
                ValueSpec value = variant.Arms[arm];
                if (IsSimpleRead(value))
                {
                    _code.Indent();
                    _code.WriteLine($"{local} = {variantType}.From{Number(arm)}({EmitRead(value, hint + "Value", names, targetTyped: false)});");
                    _code.WriteLine("break;");
                    _code.Unindent();
                    continue;
                }
                using (_code.OpenBlock())
                {
                    string armValue = EmitReadToLocal(value, hint + "Value" + Number(arm), names);
                    _code.WriteLine($"{local} = {variantType}.From{Number(arm)}({armValue});");
                    _code.WriteLine("break;");
                }
            }
            _code.WriteLine("case 0xFF:");
            _code.Indent();
            _code.WriteLine($"{local} = {variantType}.Null;");
            _code.WriteLine("break;");
            _code.Unindent();
            _code.WriteLine("default:");
            _code.Indent();
            _code.WriteLine($"throw {RuntimeSupport}.UnknownVariantDiscriminator({discriminator}, {Literal(variant.ClickHouseType)}, reader.Offset - 1);");
            _code.Unindent();
        }
        return local;
    }

    /// <summary>A Variant whose arms are all read by expressions: a switch on the discriminator, one arm a line.</summary>
    private string ReadVariantExpression(VariantValueSpec variant, string hint, LocalNames names)
    {
        string variantType = NonNullable(variant);
        var text = new System.Text.StringBuilder("reader.ReadUInt8() switch\n{\n");
        for (int d = 0; d < variant.Arms.Count; d++)
        {
            int arm = IndexOf(variant.Discriminators, d);
            string value = EmitRead(variant.Arms[arm], hint + "Value", names, targetTyped: false);
            text.Append($"    {Number(d)} => {variantType}.From{Number(arm)}({value}),\n");
        }
        string other = names.Take("unknown");
        text.Append($"    0xFF => {variantType}.Null,\n");
        text.Append($"    var {other} => throw {RuntimeSupport}.UnknownVariantDiscriminator({other}, {Literal(variant.ClickHouseType)}, reader.Offset - 1),\n}}");
        return text.ToString();
    }

    /// <summary>
    /// Builds the collection of a Nested field from its column arrays, which must all have the same length: the
    /// i-th element takes the i-th value of each.
    /// </summary>
    private string EmitNestedZip(FieldSpec field, NestedValueSpec nested, IReadOnlyList<string> arrays, int firstColumn, LocalNames names)
    {
        for (int k = 1; k < arrays.Count; k++)
        {
            _code.WriteLine($"if ({arrays[k]}.Length != {arrays[0]}.Length)");
            using (_code.OpenBlock())
            {
                _code.WriteLine($"reader.CurrentColumn = {Number(firstColumn + k)};");
                _code.WriteLine(
                    $"throw {RuntimeSupport}.NestedLengthMismatch({Literal(NestedColumnName(field, nested.Row.Fields[k]))}, {arrays[k]}.Length, " +
                    $"{Literal(NestedColumnName(field, nested.Row.Fields[0]))}, {arrays[0]}.Length, {Literal(nested.ClickHouseType)}, reader.Offset);");
            }
        }

        string elementType = nested.Row.TypeName;
        string count = arrays[0] + ".Length";
        string Element(string index)
        {
            var elementValues = new string[arrays.Count];
            for (int k = 0; k < arrays.Count; k++)
            {
                elementValues[k] = $"{arrays[k]}[{index}]";
            }
            return Construct(nested.Row, elementValues);
        }

        if (nested.Kind == CollectionKind.List)
        {
            string list = names.Take(field.LocalName);
            _code.WriteLine($"{NonNullable(nested)} {list} = new({count});");
            EmitFor(count, index => _code.WriteLine($"{list}.Add({Element(index)});"));
            return list;
        }

        string local = names.Take(nested.Kind == CollectionKind.Array ? field.LocalName : field.LocalName + "Array");
        _code.WriteLine($"{elementType}[] {local} = {count} == 0 ? global::System.Array.Empty<{elementType}>() : new {elementType}[{count}];");
        EmitFor(local + ".Length", index => _code.WriteLine($"{local}[{index}] = {Element(index)};"));
        return nested.Kind == CollectionKind.ImmutableArray
            ? $"global::System.Runtime.InteropServices.ImmutableCollectionsMarshal.AsImmutableArray({local})"
            : local;
    }

    /// <summary>The <c>name.field Array(T)</c> column of one field of a Nested field, read as an array.</summary>
    private static ArrayValueSpec NestedColumnArray(FieldSpec subField)
        => new(
            TypeName: subField.Value.TypeName + "[]",
            ClickHouseType: $"Array({subField.Value.ClickHouseType})",
            IsReferenceType: true,
            MinimumByteSize: 1,
            DefaultCheck: DefaultCheck.IsNullOrEmptyArray,
            Kind: CollectionKind.Array,
            Element: subField.Value);

    private static string NestedArrayHint(FieldSpec field, FieldSpec subField) => field.LocalName + Pascal(subField.LocalName);

    private static string LengthArguments(string clickHouseType, int minimumElementSize)
        => minimumElementSize == 1 ? Literal(clickHouseType) : $"{Literal(clickHouseType)}, {Number(minimumElementSize)}";

    /// <summary>
    /// <c>new T[length]</c>, with the length in the right place when T is itself an array: <c>new byte[length][]</c>.
    /// Nullable annotations cannot appear after it; the array converts to the annotated type.
    /// </summary>
    private static string NewArray(ValueSpec element, string length)
    {
        string ranks = "";
        while (element is ArrayValueSpec { Kind: CollectionKind.Array } array)
        {
            ranks += "[]";
            element = array.Element;
        }
        if (element is ScalarValueSpec { Holder: ScalarHolder.ByteArray })
        {
            return $"new byte[{length}][]{ranks}";
        }
        return $"new {element.TypeName}[{length}]{ranks}";
    }

    /// <summary>
    /// Emits <c>for (int i = 0; i &lt; bound; i++)</c>, naming the index by how deeply loops nest (i, j, k, l): loops
    /// side by side share a name, and no other local takes these.
    /// </summary>
    private void EmitFor(string bound, System.Action<string> body)
    {
        string index = _loopDepth < LocalNames.LoopIndexNames.Length ? LocalNames.LoopIndexNames[_loopDepth] : "i" + Number(_loopDepth + 1);
        _code.WriteLine($"for (int {index} = 0; {index} < {bound}; {index}++)");
        _loopDepth++;
        using (_code.OpenBlock())
        {
            body(index);
        }
        _loopDepth--;
    }

    private static int IndexOf(EquatableArray<int> values, int value)
    {
        for (int i = 0; i < values.Count; i++)
        {
            if (values[i] == value)
            {
                return i;
            }
        }
        throw new System.InvalidOperationException($"No arm has discriminator {value}.");
    }

    private static string Pascal(string name) => name.Length == 0 ? name : char.ToUpperInvariant(name[0]) + name.Substring(1);
}
