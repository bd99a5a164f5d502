using System.Buffers;
using System.Collections;
using System.Reflection;
using System.Runtime.Loader;
using System.Text;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace ClickHouse.RowBinary.Generator.Tests.Infrastructure;

/// <summary>A schema to prove: a name for messages and a SELECT whose rows ClickHouse encodes.</summary>
internal sealed record OracleSchema(string Name, string Select);

/// <summary>What became of the schemas: rejected with a CHRB diagnostic, failed (broken code or bytes), or proven.</summary>
internal sealed record SchemaRoundTripReport(int Proven, IReadOnlyList<string> Unsupported, IReadOnlyList<string> Failures, string Timings);

/// <summary>
/// Proves schemas end to end in a few oracle calls and one compilation: ClickHouse 26.9 encodes each SELECT's rows in
/// RowBinary and RowBinaryWithNamesAndTypes, and in Native both as the SELECT sends them and as it writes the same rows
/// read from their RowBinary bytes; a [ClickHouseRow] type is written from the header's column types; the generator
/// compiles them all in memory; each type reads the oracle's bytes and writes them back, byte for byte, in every
/// format; and ClickHouse reads the Native and the RowBinaryWithDefaults the type wrote as the rows it wrote itself. A shape the generator rejects
/// must be a CHRB diagnostic: any other error or warning in the compilation is a failure naming the schema.
/// </summary>
internal static class OracleSchemaRoundTrip
{
    private const string Namespace = "OracleSchemas";
    private static readonly Regex s_schemaIndex = new(@"(?:Input|Schema)(\d+)\b", RegexOptions.CultureInvariant);

    /// <param name="memberTypes">Picks each column's C# member type (by default the first exact mapping).</param>
    public static SchemaRoundTripReport Run(IReadOnlyList<OracleSchema> schemas, MemberTypeFor? memberTypes = null)
    {
        memberTypes ??= new MemberTypeFor();
        var failures = new List<string>();
        var unsupported = new List<string>();
        var stopwatch = System.Diagnostics.Stopwatch.StartNew();
        using var files = new OracleFiles();
        SchemaBytes?[] bytes = QueryOracle(schemas);
        QueryNative(schemas, bytes, files);
        TimeSpan oracle = stopwatch.Elapsed;

        var sources = new string?[schemas.Count];
        for (int i = 0; i < schemas.Count; i++)
        {
            try
            {
                sources[i] = RowTypeSource(i, bytes[i]!.Columns, memberTypes);
            }
            catch (Exception e) when (e is NotSupportedException or ClickHouseTypeParseException)
            {
                failures.Add(Describe(schemas[i], bytes[i], e.Message));
            }
        }

        // Compile; drop the schemas with diagnostics and compile again, so that one run reports every defect.
        GeneratorResult result;
        while (true)
        {
            result = GeneratorHarness.Run(GeneratorHarness.CreateCompilation(sources.Select(s => s ?? "").ToArray()));
            var dropped = new HashSet<int>();
            foreach (Diagnostic diagnostic in result.GeneratorDiagnostics.Where(d => d.Severity == DiagnosticSeverity.Error))
            {
                int index = SchemaIndex(diagnostic);
                if (dropped.Add(index))
                {
                    string message = $"{diagnostic.Id}: {diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture)}";
                    if (diagnostic.Id.StartsWith("CHRB", StringComparison.Ordinal))
                    {
                        unsupported.Add(Describe(schemas[index], bytes[index], message));
                    }
                    else
                    {
                        failures.Add(Describe(schemas[index], bytes[index], "the generator failed: " + message));
                    }
                }
            }
            foreach (Diagnostic diagnostic in result.CompilationDiagnostics)
            {
                int index = SchemaIndex(diagnostic);
                if (dropped.Add(index))
                {
                    failures.Add(Describe(schemas[index], bytes[index], $"the generated code does not compile cleanly: {diagnostic}"));
                }
            }
            if (dropped.Count == 0)
            {
                break;
            }
            foreach (int index in dropped)
            {
                sources[index] = null;
            }
        }

        TimeSpan compile = stopwatch.Elapsed - oracle;
        using var image = new MemoryStream();
        Microsoft.CodeAnalysis.Emit.EmitResult emitted = result.Output.Emit(image);
        if (!emitted.Success)
        {
            throw new InvalidOperationException("The compilation without diagnostics failed to emit: " + string.Join(Environment.NewLine, emitted.Diagnostics));
        }

        int proven = 0;
        var written = new WrittenBytes?[schemas.Count];
        var context = new AssemblyLoadContext("oracle schemas", isCollectible: true);
        try
        {
            image.Position = 0;
            Assembly assembly = context.LoadFromStream(image);
            for (int i = 0; i < schemas.Count; i++)
            {
                if (sources[i] is null)
                {
                    continue;
                }
                string? failure = RoundTrip(assembly.GetType($"{Namespace}.Schema{i}", throwOnError: true)!, bytes[i]!, out written[i]);
                failure = failure is null ? null : failure + Environment.NewLine + "  as the row type" + Environment.NewLine + sources[i];
                if (failure is null)
                {
                    proven++;
                }
                else
                {
                    failures.Add(Describe(schemas[i], bytes[i], failure));
                }
            }
        }
        finally
        {
            context.Unload();
        }
        TimeSpan roundTrip = stopwatch.Elapsed - oracle - compile;
        foreach ((int i, string format) in ParseBack(written, bytes, files))
        {
            failures.Add(Describe(schemas[i], bytes[i], $"ClickHouse reads the {format} the row type wrote as other rows than those it wrote itself"));
            proven--;
        }
        return new SchemaRoundTripReport(proven, unsupported, failures,
            $"oracle {oracle.TotalSeconds:F1} s, generator and compilation {compile.TotalSeconds:F1} s, round trips {roundTrip.TotalSeconds:F1} s, parse back {(stopwatch.Elapsed - oracle - compile - roundTrip).TotalSeconds:F1} s");
    }

    /// <summary>Each schema's columns as ClickHouse 26.9 names their types (as <c>system.columns</c> does), in one oracle call.</summary>
    public static IReadOnlyList<(string Name, string Type)>[] Columns(IReadOnlyList<OracleSchema> schemas)
        => [.. QueryOracle(schemas).Select(bytes => bytes!.Columns)];

    private sealed record SchemaBytes(IReadOnlyList<(string Name, string Type)> Columns, byte[] RowBinary, byte[] WithNamesAndTypes)
    {
        /// <summary>The rows in Native as the SELECT sends them.</summary>
        public byte[] NativeSent { get; set; } = [];

        /// <summary>The rows in Native as ClickHouse writes them read from their RowBinary bytes (defaults under NULL).</summary>
        public byte[] NativeWritten { get; set; } = [];
    }

    /// <summary>What a row type wrote for ClickHouse to read back: Native, and RowBinaryWithDefaults (no column marked).</summary>
    private sealed record WrittenBytes(byte[] Native, byte[] WithDefaults);

    /// <summary>A folder the oracle writes Native files into and reads them from, deleted at the end.</summary>
    private sealed class OracleFiles : IDisposable
    {
        public string Directory { get; } = System.IO.Directory.CreateTempSubdirectory("chrb-native-").FullName;

        public string Path(string name) => System.IO.Path.Combine(Directory, name);

        public void Dispose() => System.IO.Directory.Delete(Directory, recursive: true);
    }

    /// <summary>The settings of every statement: those native.json was written with, and Nullable tuples.</summary>
    private static string NativeSettings => NativeVectors.Settings + ", allow_experimental_nullable_tuple_type = 1";

    /// <summary>
    /// Oracle calls for all schemas at once: each SELECT into a Native file, and each schema's RowBinary bytes (read as
    /// the header's columns) into another; then every file, read back as bytes.
    /// </summary>
    private static void QueryNative(IReadOnlyList<OracleSchema> schemas, SchemaBytes?[] bytes, OracleFiles files)
    {
        var statements = new List<string>();
        for (int i = 0; i < schemas.Count; i++)
        {
            File.WriteAllBytes(files.Path($"{i}.rowbinary"), bytes[i]!.RowBinary);
            string structure = string.Join(", ", bytes[i]!.Columns.Select(c => $"{ClickHouseIdentifier.Quote(c.Name)} {c.Type}"));
            statements.Add($"INSERT INTO FUNCTION file({Sql.Quote(files.Path($"{i}.sent.native"))}, 'Native') {schemas[i].Select}");
            statements.Add($"INSERT INTO FUNCTION file({Sql.Quote(files.Path($"{i}.written.native"))}, 'Native') " +
                $"SELECT * FROM file({Sql.Quote(files.Path($"{i}.rowbinary"))}, 'RowBinary', {Sql.Quote(structure)})");
        }
        foreach ((string name, byte[] content) in ReadFiles(files, statements, "*.native"))
        {
            string[] parts = name.Split('.');
            SchemaBytes schema = bytes[int.Parse(parts[0], System.Globalization.CultureInfo.InvariantCulture)]!;
            if (parts[1] == "sent")
            {
                schema.NativeSent = content;
            }
            else
            {
                schema.NativeWritten = content;
            }
        }
    }

    /// <summary>
    /// ClickHouse reads the Native each row type wrote and the Native it wrote itself from the same rows, and the
    /// RowBinaryWithDefaults the row type wrote and the RowBinary the SELECT sent, and prints each as JSON; returns the
    /// schemas, and the format, whose two readings differ.
    /// </summary>
    private static IEnumerable<(int Schema, string Format)> ParseBack(WrittenBytes?[] written, SchemaBytes?[] bytes, OracleFiles files)
    {
        var selects = new List<string>();
        for (int i = 0; i < written.Length; i++)
        {
            if (written[i] is null)
            {
                continue;
            }
            File.WriteAllBytes(files.Path($"{i}.ours.native"), written[i]!.Native);
            foreach (string kind in new[] { "ours", "written" })
            {
                selects.Add($"SELECT {Sql.Quote($"{i}.{kind}")} AS f, groupArray(formatRowNoNewline('JSONEachRow', *)) AS r FROM file({Sql.Quote(files.Path($"{i}.{kind}.native"))}, 'Native')");
            }
            File.WriteAllBytes(files.Path($"{i}.ours.withdefaults"), written[i]!.WithDefaults);
            string structure = Sql.Quote(string.Join(", ", bytes[i]!.Columns.Select(c => $"{ClickHouseIdentifier.Quote(c.Name)} {c.Type}")));
            foreach ((string kind, string file, string format) in new[] { ("defaults", "ours.withdefaults", "RowBinaryWithDefaults"), ("rowbinary", "rowbinary", "RowBinary") })
            {
                selects.Add($"SELECT {Sql.Quote($"{i}.{kind}")} AS f, groupArray(formatRowNoNewline('JSONEachRow', *)) AS r FROM file({Sql.Quote(files.Path($"{i}.{file}"))}, '{format}', {structure})");
            }
        }
        if (selects.Count == 0)
        {
            yield break;
        }
        var rows = new Dictionary<string, List<string>>();
        foreach (string batch in Batches(selects, " UNION ALL "))
        {
            var reader = new RowBinaryReader(OracleProcess.Query($"{batch} SETTINGS {NativeSettings}", "RowBinary"));
            while (!reader.IsEnd)
            {
                string file = reader.ReadString();
                int count = reader.ReadLength("rows");
                var json = new List<string>(count);
                for (int r = 0; r < count; r++)
                {
                    json.Add(Encoding.UTF8.GetString(reader.ReadStringBytes()));
                }
                rows[file] = json;
            }
        }
        for (int i = 0; i < written.Length; i++)
        {
            if (written[i] is null)
            {
                continue;
            }
            if (!rows[$"{i}.ours"].SequenceEqual(rows[$"{i}.written"]))
            {
                yield return (i, "Native");
            }
            if (!rows[$"{i}.defaults"].SequenceEqual(rows[$"{i}.rowbinary"]))
            {
                yield return (i, "RowBinaryWithDefaults");
            }
        }
    }

    /// <summary>Runs the statements, then returns every file matching <paramref name="pattern"/> and its bytes.</summary>
    private static IEnumerable<(string Name, byte[] Content)> ReadFiles(OracleFiles files, List<string> statements, string pattern)
    {
        foreach (string batch in Batches(statements, "; "))
        {
            OracleProcess.Query($"SET {NativeSettings}; {batch}; SELECT 1 SETTINGS max_threads = 1", "RowBinary");
        }
        // The oracle adds its own settings to a SETTINGS clause at the end.
        byte[] answer = OracleProcess.Query($"SELECT _file, * FROM file({Sql.Quote(files.Path(pattern))}, 'RawBLOB') SETTINGS {NativeSettings}", "RowBinary");
        var reader = new RowBinaryReader(answer);
        var result = new List<(string, byte[])>();
        while (!reader.IsEnd)
        {
            result.Add((reader.ReadString(), reader.ReadStringBytes()));
        }
        return result;
    }

    /// <summary>The parts joined in texts short enough to be one argument of a process (Linux takes 128 KiB).</summary>
    private static IEnumerable<string> Batches(List<string> parts, string separator)
    {
        const int MaxLength = 64 * 1024;
        var batch = new StringBuilder();
        foreach (string part in parts)
        {
            if (batch.Length > 0 && batch.Length + separator.Length + part.Length > MaxLength)
            {
                yield return batch.ToString();
                batch.Clear();
            }
            batch.Append(batch.Length > 0 ? separator : "").Append(part);
        }
        if (batch.Length > 0)
        {
            yield return batch.ToString();
        }
    }

    /// <summary>
    /// One oracle call for all schemas: per row, the schema's index, the row as RowBinary and the row as
    /// RowBinaryWithNamesAndTypes (the header, then the same row), all from ClickHouse's <c>formatRow</c>.
    /// </summary>
    private static SchemaBytes?[] QueryOracle(IReadOnlyList<OracleSchema> schemas)
    {
        string sql = string.Join(" UNION ALL ", schemas.Select((schema, i) =>
            $"SELECT toUInt32({i}) AS s, formatRow('RowBinary', *) AS rb, formatRow('RowBinaryWithNamesAndTypes', *) AS wnat FROM ({schema.Select})"))
            + " SETTINGS allow_experimental_nullable_tuple_type = 1";
        byte[] answer = OracleProcess.Query(sql, "RowBinary");

        var rows = new List<(byte[] RowBinary, byte[] WithNamesAndTypes)>[schemas.Count];
        var reader = new RowBinaryReader(answer);
        while (!reader.IsEnd)
        {
            int index = checked((int)reader.ReadUInt32());
            (rows[index] ??= []).Add((reader.ReadStringBytes(), reader.ReadStringBytes()));
        }

        var result = new SchemaBytes?[schemas.Count];
        for (int i = 0; i < schemas.Count; i++)
        {
            if (rows[i] is not { Count: > 0 } schemaRows)
            {
                throw new InvalidOperationException($"The oracle gave no rows for schema {schemas[i].Name}: {schemas[i].Select}");
            }
            byte[] header = schemaRows[0].WithNamesAndTypes[..^schemaRows[0].RowBinary.Length];
            foreach ((byte[] rowBinary, byte[] withNamesAndTypes) in schemaRows)
            {
                Assert.Equal(Convert.ToHexString([.. header, .. rowBinary]), Convert.ToHexString(withNamesAndTypes));
            }
            byte[] body = schemaRows.SelectMany(r => r.RowBinary).ToArray();
            result[i] = new SchemaBytes(ReadHeader(header), body, [.. header, .. body]);
        }
        return result;
    }

    private static List<(string Name, string Type)> ReadHeader(byte[] header)
    {
        var reader = new RowBinaryReader(header);
        int count = reader.ReadLength("column count");
        var names = new string[count];
        for (int i = 0; i < count; i++)
        {
            names[i] = reader.ReadString();
        }
        var columns = new List<(string, string)>(count);
        for (int i = 0; i < count; i++)
        {
            columns.Add((names[i], reader.ReadString()));
        }
        return columns;
    }

    private static string RowTypeSource(int index, IReadOnlyList<(string Name, string Type)> columns, MemberTypeFor memberTypes)
    {
        var source = new StringBuilder();
        source.AppendLine($"namespace {Namespace};");
        source.AppendLine("[global::ClickHouse.RowBinary.ClickHouseRow]");
        source.AppendLine($"public partial class Schema{index}");
        source.AppendLine("{");
        for (int c = 0; c < columns.Count; c++)
        {
            string memberType = memberTypes.ClickHouse(ClickHouseType.Parse(columns[c].Type));
            source.AppendLine($"    [global::ClickHouse.RowBinary.ClickHouseColumn({Literal(columns[c].Name)}, Type = {Literal(columns[c].Type)})]");
            source.AppendLine($"    public {memberType} M{c} {{ get; set; }} = default!;");
        }
        source.AppendLine("}");
        return source.ToString();
    }

    /// <summary>
    /// Reads the oracle's bytes in every format and writes the rows back: null when every byte matches. The Native the
    /// row type wrote is handed out for ClickHouse to read back.
    /// </summary>
    private static string? RoundTrip(Type rowType, SchemaBytes bytes, out WrittenBytes? writtenBack)
    {
        writtenBack = null;
        foreach ((RowBinaryFormat format, byte[] expected) in new[] { (RowBinaryFormat.RowBinary, bytes.RowBinary), (RowBinaryFormat.RowBinaryWithNamesAndTypes, bytes.WithNamesAndTypes) })
        {
            string step = "reading";
            try
            {
                IList rows = ReadList(rowType, expected, format);
                step = "writing";
                byte[] written = Write(rowType, rows, format);
                if (!written.AsSpan().SequenceEqual(expected))
                {
                    int at = written.AsSpan().CommonPrefixLength(expected);
                    return $"{format}: the {rows.Count} rows written back differ from the oracle's bytes at offset {at} of {expected.Length}"
                        + $"{Environment.NewLine}  expected {Convert.ToHexString(expected)}{Environment.NewLine}  written  {Convert.ToHexString(written)}";
                }
            }
            catch (TargetInvocationException e) when (e.InnerException is not null)
            {
                return $"{format}: {step} threw {e.InnerException.GetType().Name}: {e.InnerException.Message}{Environment.NewLine}  bytes {Convert.ToHexString(expected)}";
            }
        }
        string? failure = NativeRoundTrip(rowType, bytes, out byte[]? nativeWritten);
        if (failure is null)
        {
            IList rows = ReadList(rowType, bytes.RowBinary, RowBinaryFormat.RowBinary);
            failure = WriteAllocation(rowType, bytes, rows);
            writtenBack = failure is null ? new WrittenBytes(nativeWritten!, Write(rowType, rows, RowBinaryFormat.RowBinaryWithDefaults)) : null;
        }
        return failure;
    }

    /// <summary>
    /// Native both ways: the rows the SELECT sent, read and written as RowBinary, give the oracle's RowBinary bytes; the
    /// rows of the RowBinary bytes, written as Native, give the Native ClickHouse writes for them.
    /// </summary>
    private static string? NativeRoundTrip(Type rowType, SchemaBytes bytes, out byte[]? nativeWritten)
    {
        nativeWritten = null;
        string step = "reading the Native the SELECT sent";
        try
        {
            IList fromNative = (IList)typeof(OracleSchemaRoundTrip).GetMethod(nameof(ReadNative), BindingFlags.NonPublic | BindingFlags.Static)!
                .MakeGenericMethod(rowType).Invoke(null, [bytes.NativeSent])!;
            byte[] rowBinary = Write(rowType, fromNative, RowBinaryFormat.RowBinary);
            if (!rowBinary.AsSpan().SequenceEqual(bytes.RowBinary))
            {
                return $"Native: the {fromNative.Count} rows read from the Native the SELECT sent, written as RowBinary, differ from its RowBinary at offset {rowBinary.AsSpan().CommonPrefixLength(bytes.RowBinary)}"
                    + $"{Environment.NewLine}  Native   {Convert.ToHexString(bytes.NativeSent)}{Environment.NewLine}  expected {Convert.ToHexString(bytes.RowBinary)}{Environment.NewLine}  written  {Convert.ToHexString(rowBinary)}";
            }
            step = "writing Native";
            IList rows = ReadList(rowType, bytes.RowBinary, RowBinaryFormat.RowBinary);
            byte[] native = (byte[])typeof(OracleSchemaRoundTrip).GetMethod(nameof(WriteNative), BindingFlags.NonPublic | BindingFlags.Static)!
                .MakeGenericMethod(rowType).Invoke(null, [rows])!;
            if (!native.AsSpan().SequenceEqual(bytes.NativeWritten))
            {
                return $"Native: the {rows.Count} rows written differ from ClickHouse's Native at offset {native.AsSpan().CommonPrefixLength(bytes.NativeWritten)} of {bytes.NativeWritten.Length}"
                    + $"{Environment.NewLine}  expected {Convert.ToHexString(bytes.NativeWritten)}{Environment.NewLine}  written  {Convert.ToHexString(native)}";
            }
            nativeWritten = native;
            return null;
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            return $"Native: {step} threw {e.InnerException.GetType().Name}: {e.InnerException.Message}{Environment.NewLine}  bytes {Convert.ToHexString(bytes.NativeSent)}";
        }
    }

    /// <summary>
    /// Writing rows allocates nothing per row: the oracle's rows, repeated to <see cref="AllocationRows"/> and to twice as
    /// many, are written as RowBinary, each size after a first write of it (which compiles and fills caches); the larger
    /// write may allocate a byte a row more, not an object a row (24 bytes at least). JSON and Dynamic are the exception
    /// docs/type-mapping.md states: a JSON value is a document parsed as it is written, and the Dynamic values drawn
    /// hold arrays and maps of objects (ClickHouseDynamicTests checks the Dynamic scalars).
    /// Native writes are measured by the benchmarks (FormatBenchmarks): their buffers come from the shared pool, which
    /// the tests running beside this one drain, so that a miss there would fail this test now and then.
    /// </summary>
    private static string? WriteAllocation(Type rowType, SchemaBytes bytes, IList rows)
    {
        if (bytes.Columns.Any(column => column.Type.Contains("JSON", StringComparison.Ordinal) || column.Type.Contains("Dynamic", StringComparison.Ordinal)))
        {
            return null;
        }
        if (rows.Count == 0)
        {
            return null;
        }
        try
        {
            (long fewer, long more) = ((long, long))typeof(OracleSchemaRoundTrip).GetMethod(nameof(AllocatedByWrites), BindingFlags.NonPublic | BindingFlags.Static)!
                .MakeGenericMethod(rowType).Invoke(null, [rows])!;
            if (more - fewer > AllocationRows)
            {
                return $"RowBinary: writing {AllocationRows} rows allocated {fewer} bytes and {2 * AllocationRows} rows {more} (at most {AllocationRows} more allowed): a value allocates as it is written";
            }
            return null;
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            return $"writing the rows again threw {e.InnerException.GetType().Name}: {e.InnerException.Message}";
        }
    }

    private const int AllocationRows = 4096;

    private static (long Fewer, long More) AllocatedByWrites<T>(IList rows)
        where T : IClickHouseRow<T>
    {
        var source = (List<T>)rows;
        var repeated = new T[2 * Math.Max(AllocationRows, source.Count)];
        for (int i = 0; i < repeated.Length; i++)
        {
            repeated[i] = source[i % source.Count];
        }
        var buffer = new ArrayBufferWriter<byte>();
        // The least of three writes after the first: the runtime makes some structures once, on whichever write
        // first needs them.
        long Measure(ReadOnlySpan<T> block)
        {
            long least = long.MaxValue;
            for (int pass = 0; pass < 4; pass++)
            {
                buffer.ResetWrittenCount();
                long before = GC.GetAllocatedBytesForCurrentThread();
                RowBinarySerializer.Write(buffer, block);
                long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
                least = pass == 0 ? least : Math.Min(least, allocated);
            }
            return least;
        }
        long more = Measure(repeated);
        long fewer = Measure(repeated.AsSpan(0, repeated.Length / 2));
        return (fewer, more);
    }

    private static List<T> ReadNative<T>(byte[] data)
        where T : IClickHouseRow<T>
        => NativeSerializer.ReadList<T>(data);

    private static byte[] WriteNative<T>(IList rows)
        where T : IClickHouseRow<T>
    {
        var buffer = new ArrayBufferWriter<byte>();
        NativeSerializer.Write(buffer, (List<T>)rows);
        return buffer.WrittenSpan.ToArray();
    }

    // Spans cannot pass through reflection: the sequence overload reads the same bytes.
    private static IList ReadList(Type rowType, byte[] data, RowBinaryFormat format)
        => (IList)typeof(RowBinarySerializer).GetMethods()
            .Single(m => m.Name == nameof(RowBinarySerializer.ReadList) && m.GetParameters().Length == 2 && m.GetParameters()[0].ParameterType == typeof(ReadOnlySequence<byte>))
            .MakeGenericMethod(rowType)
            .Invoke(null, [new ReadOnlySequence<byte>(data), format])!;

    private static byte[] Write(Type rowType, IList rows, RowBinaryFormat format)
    {
        var buffer = new ArrayBufferWriter<byte>();
        typeof(RowBinarySerializer).GetMethods()
            .Single(m => m.Name == nameof(RowBinarySerializer.Write) && m.GetParameters()[1].ParameterType.Name == "IEnumerable`1")
            .MakeGenericMethod(rowType)
            .Invoke(null, [buffer, rows, format]);
        return buffer.WrittenSpan.ToArray();
    }

    private static int SchemaIndex(Diagnostic diagnostic)
    {
        string path = diagnostic.Location.GetLineSpan().Path ?? "";
        Match match = s_schemaIndex.Match(path);
        return match.Success
            ? int.Parse(match.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture)
            : throw new InvalidOperationException($"A diagnostic outside any schema's sources: {diagnostic}");
    }

    private static string Describe(OracleSchema schema, SchemaBytes? bytes, string problem)
    {
        string columns = bytes is null ? "" : " (" + string.Join(", ", bytes.Columns.Select(c => $"{c.Name} {c.Type}")) + ")";
        return $"schema {schema.Name}{columns}{Environment.NewLine}  from {schema.Select}{Environment.NewLine}  {problem}";
    }

    private static string Literal(string value) => SymbolDisplay.FormatLiteral(value, quote: true);
}
