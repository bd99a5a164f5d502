using System;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>What header checks need of a row type, worked out once per type: column indexes by name and parsed types.</summary>
internal static class RowSchemaCache<T>
    where T : IClickHouseRow<T>
{
    // Built on first use rather than in a static constructor, so that a broken schema is a clear exception
    // each time and not a TypeInitializationException. A race only builds twice.
    private static Dictionary<string, int>? s_indexByName;
    private static ClickHouseType[]? s_types;

    private static ClickHouseRowSchema Schema => T.Schema;

    /// <summary>Schema index by column name; ClickHouse names are case-sensitive.</summary>
    public static Dictionary<string, int> IndexByName => s_indexByName ??= BuildIndex();

    /// <summary>The parsed type of each schema column.</summary>
    public static ClickHouseType[] Types => s_types ??= ParseTypes();

    private static Dictionary<string, int> BuildIndex()
    {
        var index = new Dictionary<string, int>(Schema.Columns.Count, StringComparer.Ordinal);
        for (int i = 0; i < Schema.Columns.Count; i++)
        {
            if (!index.TryAdd(Schema.Columns[i].Name, i))
            {
                throw new InvalidOperationException($"{Schema.RowTypeName} declares the column '{Schema.Columns[i].Name}' twice; each column name must be unique.");
            }
        }
        return index;
    }

    private static ClickHouseType[] ParseTypes()
    {
        var types = new ClickHouseType[Schema.Columns.Count];
        for (int i = 0; i < types.Length; i++)
        {
            ClickHouseColumnInfo column = Schema.Columns[i];
            try
            {
                types[i] = ClickHouseType.Parse(column.Type);
            }
            catch (ClickHouseTypeParseException exception)
            {
                throw new InvalidOperationException(
                    $"{Schema.RowTypeName} declares column '{column.Name}' with the type '{column.Type}', which cannot be parsed: {exception.Message}",
                    exception);
            }
        }
        return types;
    }
}
