using System.Collections.Generic;
using ClickHouse.RowBinary.Generator.Model;

namespace ClickHouse.RowBinary.Generator.Emitting;

internal sealed partial class Emitter
{
    /// <summary>
    /// True when a column can go into a run written into one reserved span: a fixed-width scalar or a text String,
    /// </summary>
    private static bool IsSpanWritable(FieldSpec field)
        => field.Value is ScalarValueSpec scalar
            && (scalar.IsText || ScalarCode.FixedWidth(scalar) is not null);

    /// <summary>
    /// Writes consecutive columns into one span: first every conversion that can fail (with the column named),
    /// then one reservation for the fixed bytes plus the most bytes each string can take, stores at known offsets,
    /// and one Advance. A row whose strings could need more than <c>MaxRowReservation</c> bytes reserves exactly
    /// what they take instead of three bytes a char.
    /// </summary>
    private void EmitWriteRun(List<FieldSpec> run, int firstColumn, LocalNames names, ref int textWrites)
    {
        var values = new string[run.Count];
        var maxBytes = new List<string>();
        var texts = new List<string>();
        int fixedBytes = 0;
        for (int i = 0; i < run.Count; i++)
        {
            var scalar = (ScalarValueSpec)run[i].Value;
            string member = "row." + Identifier(run[i].MemberName);
            if (scalar.IsText)
            {
                values[i] = names.Take(run[i].LocalName);
                string bytes = names.Take(run[i].LocalName + "MaxBytes");
                _code.WriteLine($"writer.CurrentColumn = {Number(firstColumn + i)};");
                _code.WriteLine($"string? {values[i]} = {member};");
                _code.WriteLine($"int {bytes} = {ScalarCode.RowBinaryPrimitives}.MaxStringBytes({values[i]});");
                maxBytes.Add(bytes);
                texts.Add(values[i]);
                continue;
            }

            FixedWidthCode fixedWidth = ScalarCode.FixedWidth(scalar)!;
            fixedBytes += fixedWidth.ByteSize;
            if (fixedWidth.Conversion is not { } conversion)
            {
                values[i] = member;
                continue;
            }
            values[i] = names.Take(run[i].LocalName);
            _code.WriteLine($"writer.CurrentColumn = {Number(firstColumn + i)};");
            _code.WriteLine($"{conversion.ConvertedTypeName} {values[i]} = {conversion.Convert(member)};");
        }

        string span = names.Take("span");
        if (maxBytes.Count == 0)
        {
            _code.WriteLine($"global::System.Span<byte> {span} = writer.GetSpan({Number(fixedBytes)});");
            EmitStores(run, values, span, position: null, ref textWrites);
            _code.WriteLine($"writer.Advance({Number(fixedBytes)});");
            return;
        }

        string reserve = names.Take("reserve");
        _code.WriteLine($"int {reserve} = {Number(fixedBytes)} + {string.Join(" + ", maxBytes)};");
        _code.WriteLine($"if ({reserve} > {ScalarCode.RowBinaryPrimitives}.MaxRowReservation)");
        using (_code.OpenBlock())
        {
            _code.WriteLine($"{reserve} = {RuntimeSupport}.ExactRunBytes({Number(fixedBytes)}, {string.Join(", ", texts)});");
        }
        _code.WriteLine($"global::System.Span<byte> {span} = writer.GetSpan({reserve});");
        string position = names.Take("position");
        int tail = EmitStores(run, values, span, position, ref textWrites);
        _code.WriteLine(tail == 0 ? $"writer.Advance({position});" : $"writer.Advance({position} + {Number(tail)});");
    }

    /// <summary>
    /// Stores the run's values into <paramref name="span"/>: at constant offsets up to the first string, then
    /// after <paramref name="position"/>, the bytes written so far. Returns the bytes stored after the last
    /// string (after <paramref name="position"/>), or the whole run's when it has no string. The method's strings after
    /// its first <see cref="InlinedStrings"/> (<paramref name="textWrites"/> counts them) are written out of line.
    /// </summary>
    private int EmitStores(List<FieldSpec> run, string[] values, string span, string? position, ref int textWrites)
    {
        bool positionDeclared = false;
        int offset = 0;
        for (int i = 0; i < run.Count; i++)
        {
            var scalar = (ScalarValueSpec)run[i].Value;
            if (scalar.IsText)
            {
                string writeString = textWrites++ < InlinedStrings ? $"{ScalarCode.RowBinaryPrimitives}.WriteString" : $"{RuntimeSupport}.WriteStringOutOfLine";
                string written = $"{writeString}({SliceAt(span, offset)}, {values[i]})";
                _code.WriteLine(positionDeclared
                    ? $"{position} += {(offset == 0 ? "" : Number(offset) + " + ")}{written};"
                    : $"int {position} = {(offset == 0 ? "" : Number(offset) + " + ")}{written};");
                positionDeclared = true;
                offset = 0;
                continue;
            }
            FixedWidthCode fixedWidth = ScalarCode.FixedWidth(scalar)!;
            string store = fixedWidth.StoreAt(span, At(offset), SliceAt(span, offset), values[i]);
            _code.WriteLine(store + ";");
            offset += fixedWidth.ByteSize;
        }
        return offset;

        string At(int at) => positionDeclared ? (at == 0 ? position! : $"{position} + {Number(at)}") : Number(at);

        string SliceAt(string target, int at) => !positionDeclared && at == 0 ? target : $"{target}.Slice({At(at)})";
    }
}
