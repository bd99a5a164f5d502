using System.Collections.Concurrent;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>
/// A table's columns as one server described them, whether that server checks a RowBinaryWithNamesAndTypes header
/// against the table, and the insert plan of each row type met, worked out once.
/// </summary>
internal sealed class TableSchema(TableSchemaKey key, IReadOnlyList<ClickHouseTableColumn> columns, bool serverChecksHeader,
    bool serverReadsHeaderWithDefaults)
{
    /// <summary>Row types are a program's own, so this holds a handful of entries, never anything the wire chose.</summary>
    private readonly ConcurrentDictionary<(ClickHouseRowSchema Schema, bool OmittedTakeDefaults), InsertPlan> _plans = new();

    public TableSchemaKey Key { get; } = key;

    /// <summary>The columns in the table's order; empty when the server lists none (no such table, or none visible to the user).</summary>
    public IReadOnlyList<ClickHouseTableColumn> Columns { get; } = columns;

    /// <summary>
    /// The server reads a RowBinaryWithNamesAndTypes INSERT by the header's names and refuses types that differ from the
    /// table's (ClickHouse 21.12 and later: it has <c>input_format_with_types_use_header</c>).
    /// </summary>
    public bool ServerChecksHeader { get; } = serverChecksHeader;

    /// <summary>The server also reads RowBinaryWithNamesAndTypesAndDefaults: the same header before RowBinaryWithDefaults rows.</summary>
    public bool ServerReadsHeaderWithDefaults { get; } = serverReadsHeaderWithDefaults;

    public InsertPlan PlanFor<T>(bool omittedTakeDefaults)
        where T : IClickHouseRow<T>
        => _plans.GetOrAdd((T.Schema, omittedTakeDefaults),
            static (key, table) => InsertSchemaCheck.Plan(key.Schema, RowSchemaCache<T>.Types, table, key.OmittedTakeDefaults), this);
}
