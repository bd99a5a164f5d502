using System.Reflection;
using System.Runtime.Loader;
using ClickHouse.RowBinary.Generator.Tests.Infrastructure;
using ClickHouse.RowBinary.Tool;
using Microsoft.CodeAnalysis;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.Generator.Tests;

/// <summary>
/// <c>clickhouse-rowbinary scaffold</c>'s records compile through the generator and fit their tables exactly: over the
/// random schemas (columns as ClickHouse 26.9 names them) and over a table of the local server's types.
/// </summary>
public class ScaffoldTests(ITestOutputHelper output)
{
    private const string Namespace = "Scaffolded";

    [OracleFact]
    public async Task The_records_of_the_random_schemas_compile_and_fit_their_tables()
    {
        int seed = RandomSchemaTests.Seed();
        output.WriteLine($"seed {seed} (set CHRB_RANDOM_SCHEMA_SEED={seed} to replay)");
        List<OracleSchema> schemas = RandomSchemas.Draw(new Random(seed));
        IReadOnlyList<(string Name, string Type)>[] columns = OracleSchemaRoundTrip.Columns(schemas);
        var tables = new Dictionary<string, IReadOnlyList<(string Name, string Type)>>();
        for (int i = 0; i < schemas.Count; i++)
        {
            tables[$"t{i}"] = columns[i];
        }

        (Assembly? assembly, List<string> rejected, List<string> failures, AssemblyLoadContext context) = Compile(tables, schemas.Select(s => s.Name).ToList());
        try
        {
            using var client = new ClickHouseClient(new HttpClient(new DescribedTables(tables)), new ClickHouseClientOptions { Endpoint = new Uri("http://described:8123/") });
            int proven = 0;
            for (int i = 0; i < schemas.Count && assembly is not null; i++)
            {
                if (assembly.GetType($"{Namespace}.T{i}Row") is not { } rowType)
                {
                    continue;
                }
                string? failure = await FitsAsync(client, rowType, $"t{i}", columns[i]);
                if (failure is null)
                {
                    proven++;
                }
                else
                {
                    failures.Add($"{schemas[i].Name}: {failure}");
                }
            }

            output.WriteLine($"{schemas.Count} schemas: {proven} scaffolded, compiled and fitting, {rejected.Count} rejected with a CHRB diagnostic, {failures.Count} failed");
            rejected.ForEach(r => output.WriteLine("rejected: " + r));
            Assert.True(failures.Count == 0, string.Join(Environment.NewLine, failures));
            Assert.True(proven >= schemas.Count * 9 / 10, $"only {proven} of {schemas.Count} scaffolded records were proven");
        }
        finally
        {
            context.Unload();
        }
    }

    [ServerNamedFact]
    public async Task A_table_of_the_local_servers_types_scaffolds_to_a_record_the_server_finds_fitting()
    {
        var options = ClickHouseClientOptions.FromEnvironment();
        using var client = new ClickHouseClient(options);
        string database = $"scaffold_{DateTime.UtcNow:yyyyMMddHHmmss}_{Random.Shared.Next(100_000):D5}";
        var lowCardinality = new ClickHouseQueryOptions();
        foreach (string setting in (await client.QueryTextAsync(
            "SELECT name FROM system.settings WHERE name IN ('allow_experimental_low_cardinality_type', 'allow_suspicious_low_cardinality_types') FORMAT TabSeparated"))
            .Split('\n', StringSplitOptions.RemoveEmptyEntries))
        {
            lowCardinality.Settings[setting] = "1";
        }
        await client.ExecuteAsync($"CREATE DATABASE {database}");
        try
        {
            await client.ExecuteAsync($"""
                CREATE TABLE {database}.every_type (
                    i8 Int8, i16 Int16, i32 Int32, i64 Int64, u8 UInt8, u16 UInt16, u32 UInt32, u64 UInt64, f32 Float32, f64 Float64,
                    s String, fs FixedString(3), d Date, dt DateTime, dt_tz DateTime('Asia/Tokyo'), dec9 Decimal(9, 2), dec18 Decimal(18, 4),
                    dec38 Decimal(38, 10), uuid UUID, e8 Enum8('a' = 1, 'b c' = 2), e16 Enum16('LOW' = -1, 'HIGH' = 1000),
                    ns Nullable(String), ni Nullable(Int64), lc LowCardinality(String), arr Array(Nullable(UInt16)), arr2 Array(Array(String)),
                    tup Tuple(UInt8, String), nest Nested(k String, v Float64), `weird name-1` UInt8, `class` String,
                    with_default UInt32 DEFAULT 7, computed UInt32 MATERIALIZED u32 + 1, alias UInt32 ALIAS u32 * 2
                ) ENGINE = MergeTree ORDER BY tuple()
                """, lowCardinality);
            IReadOnlyList<ClickHouseTableColumn> columns = await client.DescribeTableAsync("every_type", database);
            string source = RowTypeScaffolder.Render(columns, $"`{database}`.`every_type`", Namespace, "EveryTypeRow");
            output.WriteLine(source);

            GeneratorResult result = GeneratorHarness.Run(source);
            Assert.Empty(result.GeneratorDiagnostics);
            Assert.Empty(result.CompilationDiagnostics);
            (Assembly assembly, AssemblyLoadContext context) = Load(result.Output);
            try
            {
                Type rowType = assembly.GetType($"{Namespace}.EveryTypeRow", throwOnError: true)!;
                IReadOnlyList<(string Name, string Type)> sent = [.. columns.Where(c => !c.IsComputed).Select(c => (c.Name, c.Type))];
                Assert.Null(await FitsAsync(client, rowType, "every_type", sent, database));
            }
            finally
            {
                context.Unload();
            }
            Assert.Contains("[ClickHouseColumn(\"weird name-1\", Type = \"UInt8\")]", source);
            Assert.Contains("public required string E8 { get; init; }", source); // 'b c' is no C# name: the label stays a string
            Assert.Contains("public required E16Kind E16 { get; init; }", source);
            Assert.Contains("public string? Ns { get; init; }", source);
            Assert.Contains("// `computed` UInt32 is left out: it is MATERIALIZED", source);
        }
        finally
        {
            await client.ExecuteAsync($"DROP DATABASE IF EXISTS {database}");
        }
    }

    /// <summary>Null when the row type's schema is the table's, column for column, and the insert check finds nothing to refuse.</summary>
    private static async Task<string?> FitsAsync(ClickHouseClient client, Type rowType, string table, IReadOnlyList<(string Name, string Type)> columns,
        string? database = null)
    {
        var schema = (ClickHouseRowSchema)typeof(ClickHouseRowSchema).GetMethod(nameof(ClickHouseRowSchema.Of))!.MakeGenericMethod(rowType).Invoke(null, null)!;
        (string, string)[] scaffolded = [.. schema.Columns.Select(c => (c.Name, c.Type))];
        if (!scaffolded.SequenceEqual(columns))
        {
            return $"the record's columns ({string.Join(", ", scaffolded)}) are not the table's ({string.Join(", ", columns)})";
        }
        var options = new ClickHouseInsertOptions { Database = database };
        var validation = (Task<IReadOnlyList<RowBinaryColumnMismatch>>)typeof(ClickHouseClient).GetMethod(nameof(ClickHouseClient.ValidateTableAsync))!
            .MakeGenericMethod(rowType).Invoke(client, [table, options, CancellationToken.None])!;
        IReadOnlyList<RowBinaryColumnMismatch> mismatches = await validation;
        return mismatches.Count == 0 ? null : "the insert check refuses it: " + string.Join("; ", mismatches.Select(m => m.Description));
    }

    /// <summary>Scaffolds every table, compiles them in one compilation (dropping the ones the generator rejects) and loads the result.</summary>
    private static (Assembly? Assembly, List<string> Rejected, List<string> Failures, AssemblyLoadContext Context) Compile(
        Dictionary<string, IReadOnlyList<(string Name, string Type)>> tables, List<string> names)
    {
        var rejected = new List<string>();
        var failures = new List<string>();
        string?[] sources = [.. tables.Select(t => RowTypeScaffolder.Render(
            [.. t.Value.Select(c => new ClickHouseTableColumn(c.Name, c.Type, ""))], t.Key, Namespace, char.ToUpperInvariant(t.Key[0]) + t.Key[1..] + "Row"))];
        GeneratorResult result;
        while (true)
        {
            result = GeneratorHarness.Run(GeneratorHarness.CreateCompilation(sources.Select(s => s ?? "").ToArray()));
            var dropped = new HashSet<int>();
            foreach (Diagnostic diagnostic in result.GeneratorDiagnostics.Where(d => d.Severity == DiagnosticSeverity.Error).Concat(result.CompilationDiagnostics))
            {
                string file = diagnostic.Location.SourceTree?.FilePath
                    ?? throw new InvalidOperationException($"{diagnostic.Id} points at no scaffolded file: {diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture)}");
                int index = int.Parse(file.Replace("Input", "", StringComparison.Ordinal).Replace(".cs", "", StringComparison.Ordinal),
                    System.Globalization.CultureInfo.InvariantCulture);
                if (dropped.Add(index))
                {
                    string message = $"{names[index]}: {diagnostic.Id}: {diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture)}";
                    (diagnostic.Id.StartsWith("CHRB", StringComparison.Ordinal) ? rejected : failures).Add(message + Environment.NewLine + sources[index]);
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
        (Assembly assembly, AssemblyLoadContext context) = Load(result.Output);
        return (assembly, rejected, failures, context);
    }

    private static (Assembly Assembly, AssemblyLoadContext Context) Load(Compilation compilation)
    {
        using var image = new MemoryStream();
        Microsoft.CodeAnalysis.Emit.EmitResult emitted = compilation.Emit(image);
        Assert.True(emitted.Success, string.Join(Environment.NewLine, emitted.Diagnostics));
        image.Position = 0;
        var context = new AssemblyLoadContext("scaffolded records", isCollectible: true);
        return (context.LoadFromStream(image), context);
    }
}
