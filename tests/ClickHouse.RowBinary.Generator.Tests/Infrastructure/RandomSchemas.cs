namespace ClickHouse.RowBinary.Generator.Tests.Infrastructure;

/// <summary>
/// The random schemas the generator is proven on (docs/random-schemas.md): 240 of ClickHouse's
/// <c>generateRandomStructure</c> and 80 of <see cref="RandomClickHouseTypes"/>, each a SELECT of 3 random rows.
/// </summary>
internal static class RandomSchemas
{
    private const int GeneratedStructures = 240;
    private const int DrawnSchemas = 80;
    private const int RowsPerSchema = 3;

    public static List<OracleSchema> Draw(Random random)
    {
        var schemas = new List<OracleSchema>();
        for (int i = 0; i < GeneratedStructures; i++)
        {
            string structure = $"generateRandomStructure({random.Next(1, 9)}, {random.Next()})";
            schemas.Add(new OracleSchema(structure, $"SELECT * FROM generateRandom({structure}, {random.Next()}, 8, 3) LIMIT {RowsPerSchema}"));
        }
        var types = new RandomClickHouseTypes(random);
        for (int i = 0; i < DrawnSchemas; i++)
        {
            RandomType[] columns = Enumerable.Range(0, random.Next(1, 6)).Select(n => n == 0 ? types.Covering(i) : types.Next()).ToArray();
            string structure = string.Join(", ", columns.Select((c, n) => $"c{n + 1} {c.Source}"));
            string select = string.Join(", ", columns.Select((c, n) => c.NeedsCast ? $"{c.Select($"c{n + 1}")} AS c{n + 1}" : $"c{n + 1}"));
            schemas.Add(new OracleSchema(
                $"drawn #{i}: " + string.Join(", ", columns.Select((c, n) => $"c{n + 1} {c.Type}")),
                $"SELECT {select} FROM generateRandom({Sql.Quote(structure)}, {random.Next()}, 8, 3) LIMIT {RowsPerSchema}"));
        }
        return schemas;
    }
}
