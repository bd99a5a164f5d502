using System.Collections.Generic;
using ClickHouse.RowBinary.Generator.Model;

namespace ClickHouse.RowBinary.Generator.Emitting;

internal sealed partial class Emitter
{
    /// <summary>
    /// On every column method: each is called from one or two places, and inlined they run as fast as the code they
    /// replaced did written out in Write and Read (called, the wide row's 250,000-row insert took 25% longer).
    /// </summary>
    private const string AggressiveInlining = "[global::System.Runtime.CompilerServices.MethodImpl(global::System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]";

    /// <summary>The methods that write and read one non-scalar field: a value, or the columns of a Nested.</summary>
    private sealed class ColumnMethods
    {
        public ColumnMethods(string? write, string read)
        {
            Write = write;
            Read = read;
        }

        /// <summary>Writes the value; for a Nested, null (see <see cref="NestedWrites"/>).</summary>
        public string? Write { get; }

        /// <summary>Reads the value; for a Nested, builds the collection from its column arrays.</summary>
        public string Read { get; }

        /// <summary>For a Nested: writes one <c>name.field</c> column from the collection.</summary>
        public string[]? NestedWrites { get; init; }

        /// <summary>For a Nested: reads one <c>name.field</c> column's array.</summary>
        public string[]? NestedReads { get; init; }
    }

    /// <summary>Names the column methods of every non-scalar field, in field order; null for a scalar.</summary>
    private static ColumnMethods?[] NameColumnMethods(RowShape row)
    {
        var names = new LocalNames();
        var methods = new ColumnMethods?[row.Fields.Count];
        for (int i = 0; i < methods.Length; i++)
        {
            FieldSpec field = row.Fields[i];
            string member = field.MemberName.TrimStart('@');
            switch (field.Value)
            {
                case var value when IsOneCall(value):
                    break;
                case NestedValueSpec nested:
                    var writes = new string[nested.Row.Fields.Count];
                    var reads = new string[writes.Length];
                    for (int k = 0; k < writes.Length; k++)
                    {
                        string subMember = nested.Row.Fields[k].MemberName.TrimStart('@');
                        writes[k] = names.Take("Write" + member + subMember);
                        reads[k] = names.Take("Read" + member + subMember);
                    }
                    methods[i] = new ColumnMethods(write: null, read: names.Take("Create" + member)) { NestedWrites = writes, NestedReads = reads };
                    break;
                default:
                    methods[i] = new ColumnMethods(names.Take("Write" + member), names.Take("Read" + member));
                    break;
            }
        }
        return methods;
    }

    /// <summary>
    /// The nested class that holds one writer and one reader per non-scalar column: Write, WriteWithDefaults and
    /// Native's writer share the writer, Read, Read(columnOrder) and ReadNative the reader, so that each column's
    /// code is emitted once. It is nested in the row type so that it reaches whatever the row type's members reach.
    /// </summary>
    private void EmitColumnMethods()
    {
        _code.WriteLine($"private static class {_spec.ColumnsClass}");
        using (_code.OpenBlock())
        {
            bool first = true;
            int column = 0;
            for (int i = 0; i < _spec.Row.Fields.Count; i++)
            {
                FieldSpec field = _spec.Row.Fields[i];
                ColumnMethods? methods = _columnMethods[i];
                if (methods is null)
                {
                    column++;
                    continue;
                }
                if (!first)
                {
                    _code.WriteLine();
                }
                first = false;
                if (field.Value is NestedValueSpec nested)
                {
                    EmitNestedColumnMethods(field, nested, methods, column);
                    column += nested.Row.Fields.Count;
                    continue;
                }
                EmitWriteMethod(methods.Write!, field.Value, field.LocalName, body: (value, names) => EmitWriteValue(field.Value, value, field.LocalName, names));
                _code.WriteLine();
                EmitReadMethod(methods.Read, field.Value.TypeName, names => EmitRead(field.Value, field.LocalName, names, targetTyped: true));
                column++;
            }
        }
    }

    private bool HasColumnMethods()
    {
        foreach (ColumnMethods? methods in _columnMethods)
        {
            if (methods is not null)
            {
                return true;
            }
        }
        return false;
    }

    private void EmitNestedColumnMethods(FieldSpec field, NestedValueSpec nested, ColumnMethods methods, int firstColumn)
    {
        // The collection was checked for null before its first column.
        var collection = nested with { TypeName = NonNullable(nested), IsReferenceType = false };
        for (int k = 0; k < nested.Row.Fields.Count; k++)
        {
            FieldSpec subField = nested.Row.Fields[k];
            EmitWriteMethod(methods.NestedWrites![k], collection, field.LocalName, body: (value, names) => EmitWriteNestedColumn(nested, subField, value, names));
            _code.WriteLine();
        }
        for (int k = 0; k < nested.Row.Fields.Count; k++)
        {
            ArrayValueSpec array = NestedColumnArray(nested.Row.Fields[k]);
            EmitReadMethod(methods.NestedReads![k], array.TypeName, names => EmitRead(array, NestedArrayHint(field, nested.Row.Fields[k]), names, targetTyped: true));
            _code.WriteLine();
        }

        var names = new LocalNames("reader");
        var arrays = new string[nested.Row.Fields.Count];
        var parameters = new List<string> { $"ref {ReaderType} reader" };
        for (int k = 0; k < arrays.Length; k++)
        {
            arrays[k] = names.Take(NestedArrayHint(field, nested.Row.Fields[k]));
            parameters.Add($"{NestedColumnArray(nested.Row.Fields[k]).TypeName} {arrays[k]}");
        }
        _code.WriteLine($"public static {NonNullable(nested)} {methods.Read}({string.Join(", ", parameters)})");
        using (_code.OpenBlock())
        {
            _code.WriteLine($"return {EmitNestedZip(field, nested, arrays, firstColumn, names)};");
        }
    }

    private void EmitWriteMethod(string name, ValueSpec value, string hint, System.Action<string, LocalNames> body)
    {
        var names = new LocalNames("writer");
        string parameter = names.Take(hint);
        _code.WriteLine(AggressiveInlining);
        _code.WriteLine($"public static void {name}(ref {WriterType} writer, {value.TypeName} {parameter})");
        using (_code.OpenBlock())
        {
            body(parameter, names);
        }
    }

    private void EmitReadMethod(string name, string typeName, System.Func<LocalNames, string> read)
    {
        _code.WriteLine(AggressiveInlining);
        string signature = $"public static {typeName} {name}(ref {ReaderType} reader)";
        int mark = _code.Length;
        _code.Indent();
        string value = read(new LocalNames("reader"));
        _code.Unindent();
        string statements = _code.Cut(mark);
        if (statements.Length == 0)
        {
            _code.WriteLine($"{signature} => {value};");
            return;
        }
        _code.WriteLine(signature);
        using (_code.OpenBlock())
        {
            _code.WriteCut(statements);
            _code.WriteLine($"return {value};");
        }
    }
}
