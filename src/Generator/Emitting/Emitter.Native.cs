using System.Collections.Generic;
using System.Text.RegularExpressions;
using ClickHouse.RowBinary.Generator.Model;

namespace ClickHouse.RowBinary.Generator.Emitting;

internal sealed partial class Emitter
{
    private const string NativeColumnsType = "global::ClickHouse.RowBinary.NativeColumns";
    private const string NativeColumnWritersType = "global::ClickHouse.RowBinary.NativeColumnWriters";

    /// <summary>The reader variable in the scalar reads of <see cref="ScalarCode.Read"/>, which Native reads point at each column's own reader.</summary>
    private static readonly Regex s_readerVariable = new(@"\breader\b", RegexOptions.CultureInvariant);

    /// <summary>The writer variable of the scalar writes, which Native's row writes point at each column's own writer.</summary>
    private static readonly Regex s_writerVariable = new(@"\bwriter\b", RegexOptions.CultureInvariant);

    /// <summary>
    /// Native's writer: one column of a block of rows at a time, each row's value in RowBinary, as the row writer
    /// writes it; a fixed-width column into one span reserved for the block. Each column is a local function of its
    /// own, never inlined: in one method, a wide row's columns after the first few would find the JIT's inlining budget
    /// spent and call every span slice, store and property getter.
    /// </summary>
    private void EmitWriteNativeColumn()
    {
        _code.WriteLine($"static void {_interface}.WriteNativeColumn(ref {WriterType} writer, int column, global::System.ReadOnlySpan<{_spec.Row.TypeName}> rows)");
        using (_code.OpenBlock())
        {
            var columns = new List<System.Action<LocalNames>>();
            var fields = _spec.Row.Fields;
            for (int index = 0; index < fields.Count; index++)
            {
                FieldSpec field = fields[index];
                string member = "row." + Identifier(field.MemberName);
                if (field.Value is NestedValueSpec nested)
                {
                    for (int k = 0; k < nested.Row.Fields.Count; k++)
                    {
                        string write = _columnMethods[index]!.NestedWrites![k];
                        columns.Add(NestedNativeWriteLine(nested, write, member) is { } line
                            ? _ => EmitForEachRowLine(line)
                            : names => EmitForEachRow(() => EmitWriteNestedNativeValue(field, nested, write, member, names)));
                    }
                    continue;
                }
                if (field.Value is ScalarValueSpec scalar && ScalarCode.FixedWidth(scalar) is { } fixedWidth)
                {
                    columns.Add(_ => EmitWriteFixedWidthColumn(field, fixedWidth));
                    continue;
                }
                ColumnMethods? methods = _columnMethods[index];
                if (methods is not null)
                {
                    string line = $"{_spec.ColumnsClass}.{methods.Write}(ref writer, {member});";
                    columns.Add(_ => EmitForEachRowLine(line));
                    continue;
                }
                if (OneLineWrite(field, member) is { } statement)
                {
                    columns.Add(_ => EmitForEachRowLine(statement));
                    continue;
                }
                columns.Add(names => EmitForEachRow(() => EmitWriteColumn(field, methods, member, names)));
            }

            _code.WriteLine("switch (column)");
            using (_code.OpenBlock())
            {
                for (int column = 0; column < columns.Count; column++)
                {
                    _code.WriteLine($"case {Number(column)}: {NativeColumnFunction(column)}(ref writer, rows); break;");
                }
                _code.WriteLine("default:");
                _code.Indent();
                _code.WriteLine($"throw {RuntimeSupport}.UnknownColumn(column);");
                _code.Unindent();
            }
            for (int column = 0; column < columns.Count; column++)
            {
                _code.WriteLine();
                _code.WriteLine("[global::System.Runtime.CompilerServices.MethodImpl(global::System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]");
                _code.WriteLine($"static void {NativeColumnFunction(column)}(ref {WriterType} writer, global::System.ReadOnlySpan<{_spec.Row.TypeName}> rows)");
                using (_code.OpenBlock())
                {
                    columns[column](new LocalNames("writer", "column", "rows", "row"));
                }
            }
        }
    }

    /// <summary>The local function of <see cref="EmitWriteNativeColumn"/> that writes column <paramref name="column"/>.</summary>
    private static string NativeColumnFunction(int column) => "Column" + Number(column);

    /// <summary>
    /// The most columns whose values <see cref="EmitWriteNativeRows"/> writes in one pass over the rows. Past it, each
    /// fixed-width column has its own loop: measured on ClickBench's 105-column <c>hits</c> row, one pass of every
    /// column wrote 100,000 rows in 60 ms, passes of 24 columns in 75 ms, and a loop per fixed-width column in 48 ms
    /// (one method of that many stores runs out of the JIT's inlining and register budgets); on the 23-column wide row
    /// one pass took 38 to 40 ms against 44 for the loops, each of which fetched every row's object again.
    /// </summary>
    private const int NativeSinglePassColumns = 32;

    /// <summary>
    /// Native's writer of a run of rows into every column's buffer. Up to <see cref="NativeSinglePassColumns"/>
    /// columns, one pass over the rows: a fixed-width column's value stored into one span reserved for the run, a
    /// Nullable, Array or Map of fixed-width or String values into the column's parts (<see cref="NativeWritePartOf"/>),
    /// every other column's value in RowBinary into its column's own writer, so that a row's object, strings, arrays
    /// and maps are read from memory once, in the order they were made. Wider rows: each fixed-width column by its own
    /// loop (<see cref="EmitWriteNativeColumn"/>), then one pass for the others. The runtime takes apart the columns
    /// Native lays out otherwise (Nullable, arrays, LowCardinality...).
    /// </summary>
    private void EmitWriteNativeRows()
    {
        _code.WriteLine($"static void {_interface}.WriteNativeRows({NativeColumnWritersType} columns, global::System.ReadOnlySpan<{_spec.Row.TypeName}> rows)");
        using (_code.OpenBlock())
        {
            List<NativeRowWrite> writes = NativeRowWrites();
            if (writes.Count > NativeSinglePassColumns)
            {
                foreach (NativeRowWrite write in writes)
                {
                    if (write.FixedWidth is not null)
                    {
                        _code.WriteLine($"columns.WriteColumn({Number(write.Column)}, rows);");
                    }
                }
                writes = writes.FindAll(write => write.FixedWidth is null);
            }
            if (writes.Count > 0)
            {
                EmitNativePass(writes);
            }
        }
    }

    /// <summary>One column of <see cref="EmitWriteNativeRows"/>: a fixed-width value stored at its offset, or a write into the column's writer.</summary>
    private sealed record NativeRowWrite(int Column, string Hint, FixedWidthCode? FixedWidth, string? Member, System.Action<LocalNames>? Write,
        NativeWritePart? Part = null);

    /// <summary>How a Nullable or Array column is written as its parts (a null map and values, counts and elements).</summary>
    private enum NativeWritePartKind
    {
        /// <summary>A null map and numbers whose memory is their encoding (<c>WriteNullablePart&lt;T&gt;</c>).</summary>
        NullableNumbers,

        /// <summary>A null map and Strings (<c>WriteNullableStringPart</c>).</summary>
        NullableStrings,

        /// <summary>Counts and numbers whose memory is their encoding (<c>WriteArrayPart&lt;T&gt;</c>).</summary>
        ArrayNumbers,

        /// <summary>Counts and Strings (<c>WriteStringsPart</c>).</summary>
        ArrayStrings,

        /// <summary>Counts, keys and values, each fixed-width or a String: a loop over the map's entries.</summary>
        Map,
    }

    /// <param name="Kind">The parts.</param>
    /// <param name="Element">The C# type of the value or element.</param>
    /// <param name="ValueSize">The bytes of a value, for <see cref="NativeWritePartKind.NullableNumbers"/>.</param>
    /// <param name="ClickHouseType">The column's type, for messages.</param>
    /// <param name="Map">The map, for <see cref="NativeWritePartKind.Map"/>.</param>
    private sealed record NativeWritePart(NativeWritePartKind Kind, string Element, int ValueSize, string ClickHouseType, MapValueSpec? Map = null);

    /// <summary>
    /// How Native's writer writes a field as its column's parts: a Nullable number or String, an Array of numbers or
    /// Strings, written by one call of RowBinaryGeneratedSupport; else null (its value in RowBinary, taken apart by the
    /// runtime's encoder).
    /// </summary>
    private static NativeWritePart? NativeWritePartOf(ValueSpec value)
    {
        switch (value)
        {
            case NullableValueSpec { IsNullableValueType: true, Inner: ScalarValueSpec { IsBlittable: true } inner } nullable
                when IsNative(nullable, "Nullable(") && ScalarCode.FixedWidth(inner) is { } fixedWidth:
                return new NativeWritePart(NativeWritePartKind.NullableNumbers, inner.TypeName, fixedWidth.ByteSize, nullable.ClickHouseType);
            case NullableValueSpec { Inner: ScalarValueSpec { IsText: true } inner } nullable when IsNative(nullable, "Nullable("):
                return new NativeWritePart(NativeWritePartKind.NullableStrings, inner.TypeName, 0, nullable.ClickHouseType);
            case MapValueSpec map when IsNative(map, "Map(") && IsFlat(map.Key) && IsFlat(map.Value):
                return new NativeWritePart(NativeWritePartKind.Map, map.TypeName, 0, map.ClickHouseType, map);
            case ArrayValueSpec { Dimension: 0 } array when IsNative(array, "Array("):
                return (ElementsOf(array), array.Kind) switch
                {
                    (ArrayElements.Numbers, CollectionKind.Array or CollectionKind.List or CollectionKind.ImmutableArray)
                        => new NativeWritePart(NativeWritePartKind.ArrayNumbers, array.Element.TypeName, 0, array.ClickHouseType),
                    (ArrayElements.Strings, CollectionKind.Array or CollectionKind.List)
                        => new NativeWritePart(NativeWritePartKind.ArrayStrings, array.Element.TypeName, 0, array.ClickHouseType),
                    _ => null,
                };
            default:
                return null;
        }

        static bool IsNative(ValueSpec spec, string prefix) => spec.ClickHouseType.StartsWith(prefix, System.StringComparison.Ordinal);

        // A String, or a fixed-width value in its RowBinary bytes, as the runtime's NativeWrittenParts takes a map's keys and values.
        static bool IsFlat(ValueSpec spec) => spec is ScalarValueSpec scalar && (scalar.IsText || ScalarCode.FixedWidth(scalar) is not null)
            && !spec.ClickHouseType.Contains("Nullable(");
    }

    /// <summary>Every column's write, in schema order.</summary>
    private List<NativeRowWrite> NativeRowWrites()
    {
        var writes = new List<NativeRowWrite>();
        int column = 0;
        var fields = _spec.Row.Fields;
        for (int index = 0; index < fields.Count; index++)
        {
            FieldSpec field = fields[index];
            string member = "row." + Identifier(field.MemberName);
            if (field.Value is NestedValueSpec nested)
            {
                for (int k = 0; k < nested.Row.Fields.Count; k++)
                {
                    string write = _columnMethods[index]!.NestedWrites![k];
                    writes.Add(new NativeRowWrite(column++, NestedArrayHint(field, nested.Row.Fields[k]), null, null, names => EmitWriteNestedNativeValue(field, nested, write, member, names)));
                }
                continue;
            }
            if (field.Value is ScalarValueSpec scalar && ScalarCode.FixedWidth(scalar) is { } fixedWidth)
            {
                writes.Add(new NativeRowWrite(column++, field.LocalName, fixedWidth, member, null));
                continue;
            }
            ColumnMethods? methods = _columnMethods[index];
            if ((methods is null || field.Value is MapValueSpec) && NativeWritePartOf(field.Value) is { } part)
            {
                writes.Add(new NativeRowWrite(column++, field.LocalName, null, member, null, part));
                continue;
            }
            writes.Add(new NativeRowWrite(column++, field.LocalName, null, null, names => EmitWriteColumn(field, methods, member, names)));
        }
        return writes;
    }

    /// <summary>One pass over the rows writing the columns of <paramref name="writes"/>.</summary>
    private void EmitNativePass(List<NativeRowWrite> writes)
    {
        var names = new LocalNames("columns", "rows", "row", "writer");
        var locals = new string[writes.Count];
        var partLocals = new string[writes.Count][];
        for (int w = 0; w < writes.Count; w++)
        {
            NativeRowWrite write = writes[w];
            if (write.Part is { } part)
            {
                partLocals[w] = EmitDeclareNativeParts(write, part, names);
                continue;
            }
            locals[w] = names.Take(write.Hint + "Column");
            _code.WriteLine(write.FixedWidth is { } fixedWidth
                ? $"global::System.Span<byte> {locals[w]} = columns.Span({Number(write.Column)}, {FixedWidthBytes(fixedWidth)});"
                : $"{WriterType} {locals[w]} = columns.Writer({Number(write.Column)});");
        }
        EmitFor("rows.Length", index =>
        {
            _code.WriteLine($"{_spec.Row.TypeName} row = rows[{index}];");
            for (int w = 0; w < writes.Count; w++)
            {
                NativeRowWrite write = writes[w];
                if (write.FixedWidth is { } fixedWidth)
                {
                    _code.WriteLine(FixedWidthStore(fixedWidth, locals[w], index, write.Member!, typed: false) + ";");
                    continue;
                }
                if (write.Part is { Kind: NativeWritePartKind.Map } mapPart)
                {
                    EmitWriteNativeMapParts(mapPart.Map!, write, partLocals[w], index, names);
                    continue;
                }
                if (write.Part is { } part)
                {
                    _code.WriteLine(NativePartWrite(part, partLocals[w], index, write.Member!) + ";");
                    continue;
                }
                EmitWriteToColumn(locals[w], () => write.Write!(names));
            }
        });
        for (int w = 0; w < writes.Count; w++)
        {
            if (writes[w].Part is { } part)
            {
                EmitAdvanceNativeParts(writes[w], part, partLocals[w]);
                continue;
            }
            _code.WriteLine(writes[w].FixedWidth is { } fixedWidth
                ? $"columns.Advance({Number(writes[w].Column)}, {FixedWidthBytes(fixedWidth)});"
                : $"{locals[w]}.Flush();");
        }
    }

    /// <summary>
    /// Declares a column's parts and returns their locals: its null map or counts (a span), then its values (a span or
    /// a writer), its elements (a writer), or a map's keys and values (two writers).
    /// </summary>
    private string[] EmitDeclareNativeParts(NativeRowWrite write, NativeWritePart part, LocalNames names)
    {
        string column = Number(write.Column);
        bool isNullable = IsNullablePart(part);
        string first = names.Take(write.Hint + (isNullable ? "Nulls" : "Counts"));
        _code.WriteLine($"global::System.Span<byte> {first} = columns.Span({column}, {FirstPartBytes(part)});");
        if (part.Kind == NativeWritePartKind.NullableNumbers)
        {
            string values = names.Take(write.Hint + "Values");
            _code.WriteLine($"global::System.Span<byte> {values} = columns.PartSpan({column}, 1, rows.Length * {Number(part.ValueSize)});");
            return [first, values];
        }
        string[] writers = part.Kind == NativeWritePartKind.Map
            ? [names.Take(write.Hint + "Keys"), names.Take(write.Hint + "Values")]
            : [names.Take(write.Hint + (isNullable ? "Values" : "Elements"))];
        for (int i = 0; i < writers.Length; i++)
        {
            _code.WriteLine($"{WriterType} {writers[i]} = columns.PartWriter({column}, {Number(i + 1)});");
        }
        return [first, .. writers];
    }

    /// <summary>A null map and values; else counts and elements (or a map's keys and values).</summary>
    private static bool IsNullablePart(NativeWritePart part) => part.Kind is NativeWritePartKind.NullableNumbers or NativeWritePartKind.NullableStrings;

    /// <summary>The bytes of a run's first part: a null map's byte, or a count's UInt64, a row.</summary>
    private static string FirstPartBytes(NativeWritePart part) => IsNullablePart(part) ? "rows.Length" : "rows.Length * 8";

    /// <summary>
    /// A row's map written into its column's parts: its entry count, then each entry's key and value into the keys'
    /// and the values' writers, as the RowBinary writer writes them (<see cref="EmitWriteMap"/>).
    /// </summary>
    private void EmitWriteNativeMapParts(MapValueSpec map, NativeRowWrite write, string[] parts, string index, LocalNames names)
    {
        using (_code.OpenBlock())
        {
            string local = EnsureLocal(map, write.Member!, write.Hint + "Map", names);
            _code.WriteLine($"global::System.Buffers.Binary.BinaryPrimitives.WriteUInt64LittleEndian({parts[0]}.Slice({index} * 8), (ulong){local}.Count);");
            EmitForEachEntry(map, local, write.Hint, names, pair =>
            {
                EmitWriteToColumn(parts[1], () => EmitWriteValue(map.Key, pair + ".Key", write.Hint + "Key", names));
                EmitWriteToColumn(parts[2], () => EmitWriteValue(map.Value, pair + ".Value", write.Hint + "Value", names));
            });
        }
    }

    /// <summary>A row's value written into its column's parts by one call.</summary>
    private static string NativePartWrite(NativeWritePart part, string[] parts, string index, string member)
    {
        string type = Literal(part.ClickHouseType);
        return part.Kind switch
        {
            NativeWritePartKind.NullableNumbers => $"{RuntimeSupport}.WriteNullablePart<{part.Element}>({parts[0]}, {parts[1]}, {index}, {member})",
            NativeWritePartKind.NullableStrings => $"{RuntimeSupport}.WriteNullableStringPart({parts[0]}, ref {parts[1]}, {index}, {member})",
            NativeWritePartKind.ArrayNumbers => $"{RuntimeSupport}.WriteArrayPart<{part.Element}>({parts[0]}, ref {parts[1]}, {index}, {member}, {type})",
            _ => $"{RuntimeSupport}.WriteStringsPart({parts[0]}, ref {parts[1]}, {index}, {member}, {type})",
        };
    }

    /// <summary>Counts a run's parts of a column as written: the spans advanced, the writers flushed.</summary>
    private void EmitAdvanceNativeParts(NativeRowWrite write, NativeWritePart part, string[] parts)
    {
        string column = Number(write.Column);
        _code.WriteLine($"columns.Advance({column}, {FirstPartBytes(part)});");
        if (part.Kind == NativeWritePartKind.NullableNumbers)
        {
            _code.WriteLine($"columns.AdvancePart({column}, 1, rows.Length * {Number(part.ValueSize)});");
            return;
        }
        for (int i = 1; i < parts.Length; i++)
        {
            _code.WriteLine($"{parts[i]}.Flush();");
        }
    }

    /// <summary>
    /// The store of row <paramref name="index"/>'s value of a fixed-width column into its span: with
    /// <paramref name="typed"/>, an element of a span of its stored type where it has one (one bounds check), else its
    /// bytes at their offset. A column's own loop stores typed (ClickBench's <c>hits</c> row, 100,000 rows: 42.6 to 43.3
    /// ms against 45.1 to 46.2); the pass over many columns does not (the wide row: 33.0 to 35.9 ms against 30.3 to
    /// 31.7, a span of its own type for each column costing the loop more than the bounds checks it saves).
    /// </summary>
    private static string FixedWidthStore(FixedWidthCode fixedWidth, string span, string index, string member, bool typed)
    {
        string value = fixedWidth.Conversion is { } conversion ? conversion.Convert(member) : member;
        if (typed && fixedWidth is { Stored: { } stored, ByteSize: > 1 })
        {
            return $"{span}[{index}] = {RuntimeSupport}.LittleEndian({stored.ToElement(value)})";
        }
        string at = fixedWidth.ByteSize == 1 ? index : $"{index} * {Number(fixedWidth.ByteSize)}";
        return fixedWidth.StoreAt(span, at, $"{span}.Slice({at})", value);
    }

    /// <summary>The bytes of a run's values of a fixed-width column.</summary>
    private static string FixedWidthBytes(FixedWidthCode fixedWidth)
        => fixedWidth.ByteSize == 1 ? "rows.Length" : $"rows.Length * {Number(fixedWidth.ByteSize)}";

    /// <summary>
    /// A row's value written into its column's writer <paramref name="local"/>: one statement naming it, or, where the
    /// write is more (or names the writer otherwise), a block in which <c>writer</c> refers to it.
    /// </summary>
    private void EmitWriteToColumn(string local, System.Action write)
    {
        int mark = _code.Length;
        write();
        string[] lines = _code.CutLines(mark);
        if (lines.Length == 1)
        {
            string statement = lines[0].Trim();
            if (statement.StartsWith("writer.", System.StringComparison.Ordinal))
            {
                statement = local + statement.Substring("writer".Length);
            }
            statement = statement.Replace("ref writer", "ref " + local);
            if (!s_writerVariable.IsMatch(statement))
            {
                _code.WriteLine(statement);
                return;
            }
        }
        _code.WriteLine("{");
        _code.Indent();
        _code.WriteLine($"ref {WriterType} writer = ref {local};");
        _code.Unindent();
        foreach (string line in lines)
        {
            _code.WriteCut("    " + line + "\n");
        }
        _code.WriteLine("}");
    }

    /// <summary>One row's value of a <c>name.field</c> column of a Nested field: that field of every element of its collection.</summary>
    private void EmitWriteNestedNativeValue(FieldSpec field, NestedValueSpec nested, string write, string member, LocalNames names)
    {
        if (NestedNativeWriteLine(nested, write, member) is { } statement)
        {
            _code.WriteLine(statement);
            return;
        }
        string collection = EmitCollectionLocal(nested, nested.Kind, member, field.LocalName, names);
        _code.WriteLine($"{_spec.ColumnsClass}.{write}(ref writer, {collection});");
    }

    /// <summary>
    /// A row's value of a <c>name.field</c> column as one statement when its collection is a reference, checked for null
    /// where it is passed; else null (the collection needs a local first).
    /// </summary>
    private string? NestedNativeWriteLine(NestedValueSpec nested, string write, string member)
        => nested.Kind != CollectionKind.ImmutableArray && nested.IsReferenceType
            ? $"{_spec.ColumnsClass}.{write}(ref writer, {OrNullValueError(nested, member)});"
            : null;

    /// <summary>The write of a field without column methods when it is one statement, else null.</summary>
    private string? OneLineWrite(FieldSpec field, string member)
    {
        int mark = _code.Length;
        EmitWriteValue(field.Value, member, field.LocalName, new LocalNames("writer", "column", "rows", "row"));
        string[] lines = _code.CutLines(mark);
        return lines.Length == 1 ? lines[0].Trim() : null;
    }

    /// <summary>A column whose write is one statement per row: its loop on one line.</summary>
    private void EmitForEachRowLine(string statement)
        => _code.WriteLine($"foreach ({_spec.Row.TypeName} row in rows) {statement}");

    private void EmitForEachRow(System.Action body)
    {
        _code.WriteLine($"foreach ({_spec.Row.TypeName} row in rows)");
        using (_code.OpenBlock())
        {
            body();
        }
    }

    /// <summary>A fixed-width column: every row's value stored into one span, then one Advance.</summary>
    private void EmitWriteFixedWidthColumn(FieldSpec field, FixedWidthCode fixedWidth)
    {
        string bytes = FixedWidthBytes(fixedWidth);
        _code.WriteLine(fixedWidth is { Stored: { } stored, ByteSize: > 1 }
            ? $"global::System.Span<{stored.ElementType}> span = {MemoryMarshal}.Cast<byte, {stored.ElementType}>(writer.GetSpan({bytes}));"
            : $"global::System.Span<byte> span = writer.GetSpan({bytes});");
        EmitFor("rows.Length", index => _code.WriteLine(FixedWidthStore(fixedWidth, "span", index, $"rows[{index}].{Identifier(field.MemberName)}", typed: true) + ";"));
        _code.WriteLine($"writer.Advance({bytes});");
    }

    /// <summary>
    /// Native's reader: a reader per column over its values in RowBinary (or, for a fixed-width column, its span), and
    /// for each row every column's next value, then the constructor.
    /// </summary>
    private void EmitReadNative()
    {
        _code.WriteLine($"static void {_interface}.ReadNative(ref {NativeColumnsType} columns, global::System.Span<{_spec.Row.TypeName}> rows)");
        using (_code.OpenBlock())
        {
            var names = new LocalNames("columns", "rows");
            var fields = _spec.Row.Fields;
            var sources = new List<NativeSource>[fields.Count];
            int plainTexts = 0;
            for (int i = 0; i < fields.Count; i++)
            {
                plainTexts += IsPlainText(i) ? 1 : 0;
            }
            bool textColumnAtATime = plainTexts > InlinedStrings;
            int column = 0;
            for (int i = 0; i < fields.Count; i++)
            {
                sources[i] = new List<NativeSource>();
                if (fields[i].Value is NestedValueSpec nested)
                {
                    foreach (FieldSpec subField in nested.Row.Fields)
                    {
                        sources[i].Add(EmitNativeSource(column++, NestedArrayHint(fields[i], subField), fixedWidth: null, names));
                    }
                    continue;
                }
                if (fields[i].Value is MapValueSpec map && NativeMapPartOf(map.Key) is { } keyPart && NativeMapPartOf(map.Value) is { } valuePart
                    && map.ClickHouseType.StartsWith("Map(", System.StringComparison.Ordinal))
                {
                    sources[i].Add(EmitNativeMapSource(column++, fields[i].LocalName, keyPart, valuePart, names));
                    continue;
                }
                if (NativePartsOf(fields[i].Value) is { } parts)
                {
                    sources[i].Add(EmitNativePartsSource(column++, fields[i].LocalName, parts, names));
                    continue;
                }
                FixedWidthCode? loadable = fields[i].Value is ScalarValueSpec scalar && ScalarCode.FixedWidth(scalar) is { CanLoad: true, LoadNeedsPosition: false } load ? load : null;
                bool cachedStrings = _columnMethods[i] is null && fields[i].Value is ScalarValueSpec { Encoding: ScalarEncoding.String, Holder: ScalarHolder.Natural, CacheStrings: true };
                bool stringValues = textColumnAtATime && IsPlainText(i);
                sources[i].Add(EmitNativeSource(column++, fields[i].LocalName, loadable, names, cachedStrings, stringValues));
            }

            EmitFor("rows.Length", index =>
            {
                _code.WriteLine($"columns.CurrentRow = {index};");
                var values = new string[fields.Count];
                int textReads = 0;
                for (int i = 0; i < fields.Count; i++)
                {
                    values[i] = EmitReadNativeValue(fields[i], i, sources[i], index, names, ref textReads);
                }
                _code.WriteLine($"rows[{index}] = {Construct(_spec.Row, values)};");
            });
        }
    }

    /// <summary>
    /// Whether field <paramref name="field"/> is a <c>string</c> read from a plain String column. A row of more than
    /// <see cref="InlinedStrings"/> of them reads each one's batch of values in a loop of its own before the rows
    /// (<c>NativeColumns.StringValues</c>): row by row, each value went to another column's string cache and decoding
    /// (`hits`, 25 such columns, streamed from memory: 81 to 84 ms a row at a time, 72 to 73 ms a column at a time; six
    /// of its String columns and two numbers, 26.7 to 28.1 against 26.2 to 26.3 ms; `web_visits`, one, 40 to 41 ms
    /// against 42 to 43).
    /// </summary>
    private bool IsPlainText(int field) => _columnMethods[field] is null && _spec.Row.Fields[field].Value is ScalarValueSpec { IsText: true, CacheStrings: false };

    /// <summary>
    /// Declares the reader (or span) of one column, and says how its values are read. A String column read through the
    /// string cache (LowCardinality, or CacheStrings) gets the block's strings, which take a LowCardinality column's rows
    /// from its dictionary.
    /// </summary>
    private NativeSource EmitNativeSource(int column, string hint, FixedWidthCode? fixedWidth, LocalNames names, bool cachedStrings = false, bool stringValues = false)
    {
        string local = names.Take(hint + "Column");
        if (cachedStrings)
        {
            _code.WriteLine($"global::ClickHouse.RowBinary.NativeStrings {local} = columns.Strings({Number(column)});");
            return new NativeSource(column, local, FixedWidth: null, CachedStrings: true);
        }
        if (stringValues)
        {
            _code.WriteLine($"global::System.ReadOnlySpan<string> {local} = columns.StringValues({Number(column)}, rows.Length);");
            return new NativeSource(column, local, FixedWidth: null, StringValues: true);
        }
        _code.WriteLine(fixedWidth switch
        {
            null => $"{ReaderType} {local} = columns.Reader({Number(column)});",
            { Element: { } element } => $"global::System.ReadOnlySpan<{element.ElementType}> {local} = columns.Values<{element.ElementType}>({Number(column)});",
            _ => $"global::System.ReadOnlySpan<byte> {local} = columns.Values({Number(column)});",
        });
        return new NativeSource(column, local, fixedWidth);
    }

    /// <summary>
    /// How a Nullable or Array field is read from its column's parts as Native lays them out (a null map and values,
    /// offsets and elements), where that is a span or a reader of flat values; else null (its values in RowBinary).
    /// </summary>
    private static NativeParts? NativePartsOf(ValueSpec value)
    {
        switch (value)
        {
            case NullableValueSpec { IsNullableValueType: true, Inner: ScalarValueSpec inner } nullable
                when IsNative(nullable, "Nullable(") && ScalarCode.FixedWidth(inner) is { CanLoad: true, LoadNeedsPosition: false, Element: { } element }:
                return new NativeParts(NativePartsKind.NullableValues, element, inner);
            case NullableValueSpec { IsNullableValueType: true, Inner: ScalarValueSpec inner } nullable
                when IsNative(nullable, "Nullable(") && ScalarCode.FixedWidth(inner) is { CanLoad: true, LoadNeedsPosition: false } bytes:
                return new NativeParts(NativePartsKind.NullableBytes, Element: null, inner, bytes);
            case NullableValueSpec { Inner: ScalarValueSpec { IsText: true } inner } nullable when IsNative(nullable, "Nullable("):
                return new NativeParts(NativePartsKind.NullableStrings, Element: null, inner);
            case ArrayValueSpec { Dimension: 0, Element: ScalarValueSpec inner } array
                when IsNative(array, "Array(") && ScalarCode.FixedWidth(inner) is { Element: { } element }
                    && element.ElementType == inner.TypeName && element.FromElement("value") == "value":
                return new NativeParts(NativePartsKind.ArrayValues, element, inner, Collection: array.Kind);
            case ArrayValueSpec { Dimension: 0, Element: ScalarValueSpec { IsText: true, CacheStrings: false } inner } array
                when IsNative(array, "Array("):
                return new NativeParts(NativePartsKind.ArrayStrings, Element: null, inner, Collection: array.Kind);
            default:
                return null;
        }

        static bool IsNative(ValueSpec spec, string prefix) => spec.ClickHouseType.StartsWith(prefix, System.StringComparison.Ordinal);
    }

    /// <summary>How a Map's keys or values are read from their column: a span of typed elements, or a reader of Strings; else null.</summary>
    private static NativeMapPart? NativeMapPartOf(ValueSpec value) => value switch
    {
        ScalarValueSpec { IsText: true } text => new NativeMapPart(text, Element: null, Size: "-1"),
        ScalarValueSpec scalar when ScalarCode.FixedWidth(scalar) is { ByteSize: var size, Element: { } element } => new NativeMapPart(scalar, element, Number(size)),
        _ => null,
    };

    /// <summary>Declares a Map column's parts: its offsets, and its keys and values, each a span or a reader.</summary>
    private NativeSource EmitNativeMapSource(int column, string hint, NativeMapPart key, NativeMapPart value, LocalNames names)
    {
        string parts = names.Take(hint + "Parts");
        string offsets = names.Take(hint + "Offsets");
        string keys = names.Take(hint + "Keys");
        string values = names.Take(hint + "Values");
        _code.WriteLine($"global::ClickHouse.RowBinary.NativeMapParts {parts} = columns.Map({Number(column)}, {key.Size}, {value.Size});");
        _code.WriteLine($"global::ClickHouse.RowBinary.NativeOffsets {offsets} = {parts}.Offsets;");
        _code.WriteLine(key.Element is { } keyElement
            ? $"global::System.ReadOnlySpan<{keyElement.ElementType}> {keys} = {parts}.Keys<{keyElement.ElementType}>();"
            : $"{ReaderType} {keys} = {parts}.KeyReader();");
        _code.WriteLine(value.Element is { } valueElement
            ? $"global::System.ReadOnlySpan<{valueElement.ElementType}> {values} = {parts}.Values<{valueElement.ElementType}>();"
            : $"{ReaderType} {values} = {parts}.ValueReader();");
        string? at = null;
        if (key.Element is not null && value.Element is not null)
        {
            // Both spans: a duplicate key's message gives the column's offset.
            at = names.Take(hint + "At");
            _code.WriteLine($"long {at} = {parts}.Offset;");
        }
        return new NativeSource(column, keys, FixedWidth: null, PartsMap: offsets, MapParts: new NativeMapSource(key, value, values, at));
    }

    /// <summary>
    /// A row's map from its column's parts: its entries' count from the offsets, each key and value from the keys and the
    /// values, into a dictionary (a repeated key an error, as in RowBinary) or a list of pairs.
    /// </summary>
    private void EmitReadNativeMap(FieldSpec field, NativeSource source, string index, LocalNames names, string local)
    {
        var map = (MapValueSpec)field.Value;
        NativeMapSource parts = source.MapParts!;
        string hint = field.LocalName;
        _code.WriteLine($"columns.CurrentColumn = {Number(source.Column)};");
        string? start = null;
        if (parts.Key.Element is not null || parts.Value.Element is not null)
        {
            start = names.Take(hint + "Start");
            _code.WriteLine($"int {start} = {source.PartsMap}.Start({index});");
        }
        string count = names.Take(hint + "Count");
        _code.WriteLine($"int {count} = {source.PartsMap}.Count({index});");
        string pairType = $"global::System.Collections.Generic.KeyValuePair<{map.Key.TypeName}, {map.Value.TypeName}>";
        string localType = map.Kind == MapKind.KeyValuePairList
            ? $"global::System.Collections.Generic.List<{pairType}>"
            : $"global::System.Collections.Generic.Dictionary<{map.Key.TypeName}, {map.Value.TypeName}>";
        _code.WriteLine($"{localType} {local} = new({count});");
        EmitFor(count, entry =>
        {
            string key = NativeMapRead(parts.Key, source.Local, start, entry);
            string value = NativeMapRead(parts.Value, parts.Values, start, entry);
            if (map.Kind == MapKind.KeyValuePairList)
            {
                _code.WriteLine($"{local}.Add(new {pairType}({key}, {value}));");
                return;
            }
            string keyLocal = names.Take(hint + "Key");
            _code.WriteLine($"{map.Key.TypeName} {keyLocal} = {key};");
            _code.WriteLine($"if (!{local}.TryAdd({keyLocal}, {value}))");
            using (_code.OpenBlock())
            {
                string shownKey = map.Key.TypeName == "string" ? keyLocal : map.Key.IsReferenceType ? $"{keyLocal}?.ToString()" : $"{keyLocal}.ToString()";
                string offset = parts.At ?? (parts.Key.Element is null ? $"{source.Local}.Offset" : $"{parts.Values}.Offset");
                _code.WriteLine($"throw {RuntimeSupport}.DuplicateMapKey({shownKey}, {Literal(map.ClickHouseType)}, {offset});");
            }
        });
    }

    /// <summary>The read of a Map's next key or value: its element at the entry's place, or the reader's next String.</summary>
    private string NativeMapRead(NativeMapPart part, string local, string? start, string entry)
        => part.Element is { } element
            ? element.FromElement($"{local}[{start} + {entry}]")
            : s_readerVariable.Replace(OneCallRead(part.Value), local);

    /// <summary>Declares the parts of a Nullable or Array column: its values (a span or a reader) and its null map or offsets.</summary>
    private NativeSource EmitNativePartsSource(int column, string hint, NativeParts parts, LocalNames names)
    {
        string local = names.Take(hint + "Column");
        string map = names.Take(hint + (parts.Kind is NativePartsKind.NullableValues or NativePartsKind.NullableBytes or NativePartsKind.NullableStrings ? "Nulls" : "Offsets"));
        // The out argument is a local of its own, copied once: a local whose address is taken stays in memory at
        // every use in the method (the wide row's Native read: 69 ms with the null maps and offsets declared as out arguments, 61 ms copied).
        string taken = names.Take(map + "Taken");
        string n = Number(column);
        bool nullable = parts.Kind is NativePartsKind.NullableValues or NativePartsKind.NullableBytes or NativePartsKind.NullableStrings;
        string mapType = nullable ? "global::System.ReadOnlySpan<byte>" : "global::ClickHouse.RowBinary.NativeOffsets";
        _code.WriteLine(parts.Kind switch
        {
            NativePartsKind.NullableValues => $"global::System.ReadOnlySpan<{parts.Element!.ElementType}> {local} = columns.NullableValues<{parts.Element.ElementType}>({n}, out {mapType} {taken});",
            NativePartsKind.NullableBytes => $"global::System.ReadOnlySpan<byte> {local} = columns.NullableBytes({n}, {Number(parts.FixedWidth!.ByteSize)}, out {mapType} {taken});",
            NativePartsKind.NullableStrings => $"{ReaderType} {local} = columns.NullableStrings({n}, out {mapType} {taken});",
            NativePartsKind.ArrayValues => $"global::System.ReadOnlySpan<{parts.Element!.ElementType}> {local} = columns.ArrayValues<{parts.Element.ElementType}>({n}, out {mapType} {taken});",
            _ => $"{ReaderType} {local} = columns.ArrayStrings({n}, out {mapType} {taken});",
        });
        _code.WriteLine($"{mapType} {map} = {taken};");
        return new NativeSource(column, local, FixedWidth: null, Parts: parts, PartsMap: map);
    }

    /// <summary>The read of a row's value from its column's parts (see <see cref="NativePartsOf"/>).</summary>
    private string NativePartsRead(FieldSpec field, NativeSource source, string index, ref int textReads)
    {
        NativeParts parts = source.Parts!;
        string map = source.PartsMap!;
        switch (parts.Kind)
        {
            case NativePartsKind.NullableValues:
                return $"{map}[{index}] != 0 ? default({field.Value.TypeName}) : {parts.Element!.FromElement($"{source.Local}[{index}]")}";
            case NativePartsKind.NullableBytes:
                FixedWidthCode fixedWidth = parts.FixedWidth!;
                string at = fixedWidth.ByteSize == 1 ? index : $"{index} * {Number(fixedWidth.ByteSize)}";
                return $"{map}[{index}] != 0 ? default({field.Value.TypeName}) : {fixedWidth.LoadAt(source.Local, at, $"{source.Local}.Slice({at})", position: "")}";
            case NativePartsKind.NullableStrings:
                _code.WriteLine($"columns.CurrentColumn = {Number(source.Column)};");
                string read = s_readerVariable.Replace(OutOfLineTextRead(parts.Inner, ref textReads) ?? OneCallRead(parts.Inner), source.Local);
                return $"{map}[{index}] != 0 ? {RuntimeSupport}.SkipNullString(ref {source.Local}) : {read}";
            case NativePartsKind.ArrayValues:
                string elements = $"{source.Local}.Slice({map}.Start({index}), {map}.Count({index}))";
                return AsCollection(parts.Collection, parts.Collection == CollectionKind.List ? $"{RuntimeSupport}.ToList({elements})" : $"{elements}.ToArray()");
            default:
                _code.WriteLine($"columns.CurrentColumn = {Number(source.Column)};");
                string count = $"{map}.Count({index})";
                return AsCollection(parts.Collection, parts.Collection == CollectionKind.List
                    ? $"{RuntimeSupport}.ReadStringList(ref {source.Local}, {count})"
                    : $"{RuntimeSupport}.ReadStrings(ref {source.Local}, {count})");
        }
    }

    /// <summary>An array (or, for a List, the list) made into the member's collection: an ImmutableArray wraps the array.</summary>
    private static string AsCollection(CollectionKind kind, string made)
        => kind == CollectionKind.ImmutableArray ? $"global::System.Runtime.InteropServices.ImmutableCollectionsMarshal.AsImmutableArray({made})" : made;

    /// <summary>Reads a field's next value into a local, and returns the local.</summary>
    private string EmitReadNativeValue(FieldSpec field, int fieldIndex, List<NativeSource> sources, string index, LocalNames names, ref int textReads)
    {
        string local = names.Take(field.LocalName);
        ColumnMethods? methods = _columnMethods[fieldIndex];
        if (field.Value is NestedValueSpec nested)
        {
            var arrays = new string[sources.Count];
            for (int k = 0; k < sources.Count; k++)
            {
                _code.WriteLine($"columns.CurrentColumn = {Number(sources[k].Column)};");
                arrays[k] = names.Take(NestedArrayHint(field, nested.Row.Fields[k]));
                _code.WriteLine($"{NestedColumnArray(nested.Row.Fields[k]).TypeName} {arrays[k]} = {_spec.ColumnsClass}.{methods!.NestedReads![k]}(ref {sources[k].Local});");
            }
            _code.WriteLine($"{field.Value.TypeName} {local} = {_spec.ColumnsClass}.{methods!.Read}(ref {sources[0].Local}, {string.Join(", ", arrays)});");
            return local;
        }

        NativeSource source = sources[0];
        string read;
        if (source.MapParts is not null)
        {
            EmitReadNativeMap(field, source, index, names, local);
            return local;
        }
        if (source.Parts is not null)
        {
            read = NativePartsRead(field, source, index, ref textReads);
        }
        else if (source.CachedStrings)
        {
            _code.WriteLine($"columns.CurrentColumn = {Number(source.Column)};");
            read = $"{source.Local}.ReadCachedString()";
        }
        else if (source.StringValues)
        {
            read = $"{source.Local}[{index}]";
        }
        else if (source.FixedWidth is { Element: { } element })
        {
            read = element.FromElement($"{source.Local}[{index}]");
        }
        else if (source.FixedWidth is { } fixedWidth)
        {
            string at = fixedWidth.ByteSize == 1 ? index : $"{index} * {Number(fixedWidth.ByteSize)}";
            read = fixedWidth.LoadAt(source.Local, at, $"{source.Local}.Slice({at})", position: "");
        }
        else
        {
            _code.WriteLine($"columns.CurrentColumn = {Number(source.Column)};");
            read = methods is null
                ? s_readerVariable.Replace(OutOfLineTextRead(field.Value, ref textReads) ?? OneCallRead(field.Value), source.Local)
                : $"{_spec.ColumnsClass}.{methods.Read}(ref {source.Local})";
        }
        _code.WriteLine($"{field.Value.TypeName} {local} = {read};");
        return local;
    }

    /// <summary>Where a column's values are read from: a reader, the span of a fixed-width column, or the block's strings.</summary>
    /// <param name="Parts">How a Nullable or Array column is read from its parts, or null.</param>
    /// <param name="PartsMap">The local of those parts' null map or offsets.</param>
    /// <param name="MapParts">How a Map column's keys and values are read, or null; <paramref name="Local"/> is then its keys.</param>
    /// <param name="StringValues">A String column's values decoded a column at a time before the rows (<c>NativeColumns.StringValues</c>).</param>
    private sealed record NativeSource(int Column, string Local, FixedWidthCode? FixedWidth, bool CachedStrings = false, NativeParts? Parts = null, string? PartsMap = null,
        NativeMapSource? MapParts = null, bool StringValues = false);

    /// <summary>A Map's keys or values: a span of typed elements (<paramref name="Element"/>), or a reader of Strings.</summary>
    /// <param name="Size">The size a key or value takes, as the runtime is told it: bytes, or -1 for a String.</param>
    private sealed record NativeMapPart(ScalarValueSpec Value, ElementLoad? Element, string Size);

    /// <param name="Values">The local of the values.</param>
    /// <param name="At">The local of the column's offset, for messages, when neither keys nor values are a reader.</param>
    private sealed record NativeMapSource(NativeMapPart Key, NativeMapPart Value, string Values, string? At);

    /// <summary>The parts of a Nullable or Array column a generated reader reads in place.</summary>
    private enum NativePartsKind
    {
        /// <summary>A null map and fixed-width values, a placeholder under each NULL: <c>columns.NullableValues&lt;T&gt;</c>.</summary>
        NullableValues,

        /// <summary>A null map and fixed-width values loaded from their bytes, a placeholder under each NULL: <c>columns.NullableBytes</c>.</summary>
        NullableBytes,

        /// <summary>A null map and Strings, an empty one under each NULL: <c>columns.NullableStrings</c>.</summary>
        NullableStrings,

        /// <summary>Offsets and fixed-width elements: <c>columns.ArrayValues&lt;T&gt;</c>.</summary>
        ArrayValues,

        /// <summary>Offsets and String elements: <c>columns.ArrayStrings</c>.</summary>
        ArrayStrings,
    }

    /// <param name="Element">The fixed-width value's element load, for <see cref="NativePartsKind.NullableValues"/> and <see cref="NativePartsKind.ArrayValues"/>.</param>
    /// <param name="Inner">The Nullable's inner value, or the Array's element.</param>
    /// <param name="FixedWidth">The fixed-width value's load from its bytes, for <see cref="NativePartsKind.NullableBytes"/>.</param>
    /// <param name="Collection">The member's collection, for an Array.</param>
    private sealed record NativeParts(NativePartsKind Kind, ElementLoad? Element, ScalarValueSpec Inner, FixedWidthCode? FixedWidth = null,
        CollectionKind Collection = CollectionKind.Array);
}
