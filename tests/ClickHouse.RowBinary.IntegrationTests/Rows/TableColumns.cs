namespace ClickHouse.RowBinary.IntegrationTests.Rows;

/// <summary>A row type's columns as a stand-in server describes its table (<see cref="ReplayServer.TableSchemaAnswer"/>).</summary>
internal static class TableColumns
{
    public static IEnumerable<(string Name, string Type)> Of<T>() where T : IClickHouseRow<T>
        => ClickHouseRowSchema.Of<T>().Columns.Select(c => (c.Name, c.Type));
}
