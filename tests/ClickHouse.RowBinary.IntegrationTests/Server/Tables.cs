using System.Buffers;

namespace ClickHouse.RowBinary.IntegrationTests.Server;

/// <summary>Tables made from a row type's schema, so that the table and the generated code cannot disagree.</summary>
internal static class Tables
{
    public static string Create<T>(string database, string table, string orderBy = "tuple()", string engine = "MergeTree")
        where T : IClickHouseRow<T>
        => T.Schema.CreateTableStatement(table, new ClickHouseTableOptions
        {
            Database = database,
            Engine = engine,
            OrderBy = engine == "MergeTree" ? orderBy : null,
        });

    /// <summary>SELECT of the row type's columns in schema order (positional RowBinary needs that order).</summary>
    public static string Select<T>(string database, string table, string orderBy)
        where T : IClickHouseRow<T>
        => $"SELECT {string.Join(", ", T.Schema.Columns.Select(c => ClickHouseIdentifier.Quote(c.Name)))} FROM {ClickHouseIdentifier.QuoteTable(database, table)} ORDER BY {orderBy}";

    public static byte[] RowBinaryOf<T>(IEnumerable<T> rows, RowBinaryFormat format = RowBinaryFormat.RowBinary) where T : IClickHouseRow<T>
    {
        var buffer = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(buffer, rows, format);
        return buffer.WrittenSpan.ToArray();
    }

    public static async Task<byte[]> ReadAllAsync(Stream stream)
    {
        var copy = new MemoryStream();
        await stream.CopyToAsync(copy);
        return copy.ToArray();
    }
}
