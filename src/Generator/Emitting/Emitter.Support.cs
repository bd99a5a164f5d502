namespace ClickHouse.RowBinary.Generator.Emitting;

internal sealed partial class Emitter
{
    /// <summary>The runtime's exception factories and conversions for generated code.</summary>
    internal const string RuntimeSupport = "global::ClickHouse.RowBinary.RowBinaryGeneratedSupport";

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
