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
/// nested. Every schema goes both ways in RowBinary, RowBinaryWithNamesAndTypes and Native, and ClickHouse reads the
/// Native written back. The seed is printed; set <c>CHRB_RANDOM_SCHEMA_SEED</c> to replay or explore another one.
/// </summary>
public class RandomSchemaTests(ITestOutputHelper output)
{
    private const int DefaultSeed = 20261123;

    [OracleFact]
    public void Random_schemas_compile_and_round_trip_the_oracle_bytes_in_every_format()
    {
        int seed = Seed();
        output.WriteLine($"seed {seed} (set CHRB_RANDOM_SCHEMA_SEED={seed} to replay)");
        var random = new Random(seed);
        List<OracleSchema> schemas = RandomSchemas.Draw(random);

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

    [Fact]
    public void The_drawn_schemas_hold_every_family_generateRandom_lacks()
    {
        string drawn = string.Join("\n", RandomSchemas.Draw(new Random(Seed())).Select(schema => schema.Name).Where(name => name.StartsWith("drawn", StringComparison.Ordinal)));

        string[] missing = [.. new[]
        {
            "BFloat16", "Time", "Time64(", "Interval", "Variant(", "Dynamic", "JSON", "Point", "Ring", "LineString", "Polygon", "MultiLineString",
            "MultiPolygon", "MultiPoint", "Geometry", "QBit(Float32", "QBit(BFloat16", "QBit(Float64", "QBit(Int8", "SimpleAggregateFunction(",
            "Array(QBit(", "Nullable(Tuple(",
        }.Where(family => !drawn.Contains(family, StringComparison.Ordinal))];

        Assert.True(missing.Length == 0, $"seed {Seed()}: no drawn schema has {string.Join(", ", missing)}");
        Assert.Matches(@"(Tuple|Map)\([^\n]*QBit\(", drawn);
    }

    internal static int Seed()
        => Environment.GetEnvironmentVariable("CHRB_RANDOM_SCHEMA_SEED") is { Length: > 0 } text
            ? int.Parse(text, CultureInfo.InvariantCulture)
            : DefaultSeed;
}
