namespace ClickHouse.RowBinary.Generator.Emitting;

internal sealed partial class Emitter
{
    /// <summary>The runtime's exception factories and conversions for generated code.</summary>
    internal const string RuntimeSupport = "global::ClickHouse.RowBinary.RowBinaryGeneratedSupport";

    /// <summary>
    /// The String columns whose reads a row's <c>Read</c> and <c>ReadNative</c>, and whose writes its <c>Write</c>,
    /// inline; the rest call <c>RowBinaryGeneratedSupport.ReadStringOutOfLine</c> and <c>WriteStringOutOfLine</c>, so
    /// that in a wide row the JIT's inlining budget is left for the cheap reads and stores (docs/performance.md, "Wide
    /// rows and the JIT's inlining budget").
    /// </summary>
    private const int InlinedStrings = 4;

    /// <summary>The file-local class beside the row type: the cached schema and the parsed JSON types.</summary>
    private void EmitSupportClass()
    {
        _code.WriteLine($"file static class {_spec.SupportClass}");
        using (_code.OpenBlock())
        {
            _code.WriteLine($"public static readonly {SchemaType} Schema = new(");
            _code.Indent();
            _code.WriteLine($"{Literal(_spec.Name)},");
            _code.WriteLine($"new {ColumnInfoType}[]");
            _code.WriteLine("{");
            _code.Indent();
            foreach (SchemaColumn column in _columns)
            {
                _code.WriteLine($"new({Literal(column.Name)}, {Literal(column.Type)}, {Literal(column.MemberName)}),");
            }
            _code.Unindent();
            _code.WriteLine("});");
            _code.Unindent();
            EmitJsonTypeFields();
        }
    }
}
