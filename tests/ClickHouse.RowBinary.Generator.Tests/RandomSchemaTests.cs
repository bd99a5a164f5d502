using System.Globalization;
using ClickHouse.RowBinary.Generator.Tests.Infrastructure;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.Generator.Tests;

/// <summary>
/// Random schemas from ClickHouse itself, each compiled through the generator and proven byte for byte against
/// ClickHouse 26.9's own encoding of random rows. Two sources: <c>generateRandomStructure</c> (every family
/// <c>generateRandom</c> fills: integers to 256 bits, floats, decimals, dates, enums, IPs, UUID, FixedString,
/// Array, Tuple, Map, Nested, Nullable, LowCardinality), and this test's own draw of the families it lacks (BFloat16,
/// Time, Time64, Interval, Variant, Dynamic, JSON, geo, one-element and Nullable tuples, SimpleAggregateFunction),
/// nested. The seed is printed; set <c>CHRB_RANDOM_SCHEMA_SEED</c> to replay or explore another one.
/// </summary>
public class RandomSchemaTests(ITestOutputHelper output)
{
    private const int DefaultSeed = 20261123;
    private const int GeneratedStructures = 240;
    private const int DrawnSchemas = 80;
    private const int RowsPerSchema = 3;

    [OracleFact]
    public void Random_schemas_compile_and_round_trip_the_oracle_bytes_in_both_formats()
    {
        int seed = Seed();
        output.WriteLine($"seed {seed} (set CHRB_RANDOM_SCHEMA_SEED={seed} to replay)");
        var random = new Random(seed);
        var schemas = new List<OracleSchema>();

        for (int i = 0; i < GeneratedStructures; i++)
        {
            string structure = $"generateRandomStructure({random.Next(1, 9)}, {random.Next()})";
            schemas.Add(new OracleSchema(structure, $"SELECT * FROM generateRandom({structure}, {random.Next()}, 8, 3) LIMIT {RowsPerSchema}"));
        }
        var types = new RandomClickHouseTypes(random);
        for (int i = 0; i < DrawnSchemas; i++)
        {
            RandomType[] columns = Enumerable.Range(0, random.Next(1, 6)).Select(_ => types.Next()).ToArray();
            string structure = string.Join(", ", columns.Select((c, n) => $"c{n + 1} {c.Source}"));
            string select = string.Join(", ", columns.Select((c, n) => c.NeedsCast ? $"CAST(c{n + 1} AS {c.Type}) AS c{n + 1}" : $"c{n + 1}"));
            schemas.Add(new OracleSchema(
                $"drawn #{i}: " + string.Join(", ", columns.Select((c, n) => $"c{n + 1} {c.Type}")),
                $"SELECT {select} FROM generateRandom({Sql.Quote(structure)}, {random.Next()}, 8, 3) LIMIT {RowsPerSchema}"));
        }

        var stopwatch = System.Diagnostics.Stopwatch.StartNew();
        SchemaRoundTripReport report = OracleSchemaRoundTrip.Run(schemas, new MemberTypeFor(random));
        output.WriteLine($"{schemas.Count} schemas in {stopwatch.Elapsed.TotalSeconds:F1} s: {report.Proven} proven byte for byte, "
            + $"{report.Unsupported.Count} rejected with a CHRB diagnostic, {report.Failures.Count} failed ({report.Timings})");
        foreach (string unsupported in report.Unsupported)
        {
            output.WriteLine("rejected: " + unsupported);
        }

        Assert.True(report.Failures.Count == 0,
            $"seed {seed}: {report.Failures.Count} of {schemas.Count} schemas failed (CHRB_RANDOM_SCHEMA_SEED={seed} replays them):"
            + Environment.NewLine + string.Join(Environment.NewLine, report.Failures));
        Assert.True(report.Proven >= schemas.Count * 9 / 10, $"seed {seed}: only {report.Proven} of {schemas.Count} schemas were proven; the rest were rejected");
    }

    private static int Seed()
        => Environment.GetEnvironmentVariable("CHRB_RANDOM_SCHEMA_SEED") is { Length: > 0 } text
            ? int.Parse(text, CultureInfo.InvariantCulture)
            : DefaultSeed;
}
