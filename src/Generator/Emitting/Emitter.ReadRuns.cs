using System.Collections.Generic;
using ClickHouse.RowBinary.Generator.Model;

namespace ClickHouse.RowBinary.Generator.Emitting;

internal sealed partial class Emitter
{
    /// <summary>True when a column can be loaded from a span at a known offset.</summary>
    private static bool IsSpanReadable(FieldSpec field)
        => field.Value is ScalarValueSpec scalar && ScalarCode.FixedWidth(scalar) is { CanLoad: true };

    /// <summary>
    /// Reads consecutive fixed-width columns from one span when they lie in the current segment; otherwise (the
    /// run crosses a segment or the data ends in it) reads them one by one, which reports errors exactly as a
    /// lone column does. Returns the locals that hold the values.
    /// </summary>
    private string[] EmitReadRun(List<FieldSpec> run, int firstColumn, LocalNames names)
    {
        var locals = new string[run.Count];
        int runBytes = 0;
        bool needsPosition = false;
        for (int i = 0; i < run.Count; i++)
        {
            locals[i] = names.Take(run[i].LocalName);
            _code.WriteLine($"{run[i].Value.TypeName} {locals[i]};");
            FixedWidthCode fixedWidth = ScalarCode.FixedWidth((ScalarValueSpec)run[i].Value)!;
            runBytes += fixedWidth.ByteSize;
            needsPosition |= fixedWidth.LoadNeedsPosition;
        }

        string start = "";
        if (needsPosition)
        {
            start = names.Take("runOffset");
            _code.WriteLine($"long {start} = reader.Offset;");
        }
        string span = names.Take("run");
        _code.WriteLine($"if (reader.TryReadSpan({Number(runBytes)}, out global::System.ReadOnlySpan<byte> {span}))");
        using (_code.OpenBlock())
        {
            int offset = 0;
            for (int i = 0; i < run.Count; i++)
            {
                FixedWidthCode fixedWidth = ScalarCode.FixedWidth((ScalarValueSpec)run[i].Value)!;
                if (fixedWidth.LoadNeedsPosition)
                {
                    // Only a load that validates can fail: name its column.
                    _code.WriteLine($"reader.CurrentColumn = {Number(firstColumn + i)};");
                }
                string load = fixedWidth.LoadAt(
                    span,
                    Number(offset),
                    offset == 0 ? span : $"{span}.Slice({Number(offset)})",
                    offset == 0 ? start : $"{start} + {Number(offset)}");
                _code.WriteLine($"{locals[i]} = {load};");
                offset += fixedWidth.ByteSize;
            }
        }
        // The value-by-value path is a local function, so that the row's hot path stays small enough to inline.
        string slowPath = names.Take("ReadRun" + Number(_readRunFallbacks.Count + 1) + "ValueByValue");
        var outArguments = new string[run.Count];
        for (int i = 0; i < run.Count; i++)
        {
            outArguments[i] = "out " + locals[i];
        }
        _code.WriteLine("else");
        using (_code.OpenBlock())
        {
            _code.WriteLine($"{slowPath}(ref reader, {string.Join(", ", outArguments)});");
        }
        _readRunFallbacks.Add(() => EmitReadRunValueByValue(run, firstColumn, locals, slowPath));
        return locals;
    }

    private void EmitReadRunValueByValue(List<FieldSpec> run, int firstColumn, string[] locals, string name)
    {
        var parameters = new string[run.Count];
        for (int i = 0; i < run.Count; i++)
        {
            parameters[i] = $"out {run[i].Value.TypeName} {locals[i]}";
        }
        _code.WriteLine();
        _code.WriteLine("[global::System.Runtime.CompilerServices.MethodImpl(global::System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]");
        _code.WriteLine($"static void {name}(ref {ReaderType} reader, {string.Join(", ", parameters)})");
        using (_code.OpenBlock())
        {
            for (int i = 0; i < run.Count; i++)
            {
                _code.WriteLine($"reader.CurrentColumn = {Number(firstColumn + i)};");
                _code.WriteLine($"{locals[i]} = {ScalarCode.Read((ScalarValueSpec)run[i].Value, _spec.SupportClass)};");
            }
        }
    }
}
