using System;

namespace ClickHouse.RowBinary;

/// <summary>What a probed table schema is cached under: the server asked, the database (empty for the request's default) and the table.</summary>
internal readonly record struct TableSchemaKey(Uri Endpoint, string Database, string Table)
{
    public string QualifiedName => ClickHouseIdentifier.QuoteTable(Database, Table);
}
