using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// Rows of the application sent with a query as a table that exists only for that query (ClickHouse's external
/// data): <c>SELECT ... FROM visits WHERE user_id IN ids</c>, or a JOIN with it. The rows travel in RowBinary inside
/// the request body, written as the request goes out, so a table of any size costs the memory of one buffer. Add
/// tables to <see cref="ClickHouseQueryOptions.ExternalTables"/>; every query method sends them. The rows are
/// enumerated each time a query carrying the table is sent.
/// </summary>
public abstract class ClickHouseExternalTable
{
    private readonly ExternalTableColumn[] _columns;

    private protected ClickHouseExternalTable(string name, ExternalTableColumn[] columns)
    {
        CheckName(name);
        Name = name;
        _columns = columns;
        Structure = StructureOf(columns);
    }

    /// <summary>The table's name in the query.</summary>
    public string Name { get; }

    /// <summary>
    /// The columns as the server is told them (<c>NAME_structure</c>): <c>id UInt64, name String</c>. Names that are not
    /// plain identifiers are quoted, which only servers that parse the structure as SQL accept (see docs/external-tables.md).
    /// </summary>
    public string Structure { get; }

    /// <summary>
    /// A table of <typeparamref name="T"/> rows: its columns are the row type's, with their ClickHouse types.
    /// </summary>
    /// <param name="name">The table's name in the query: letters, digits and underscores, not starting with a digit.</param>
    /// <param name="rows">The rows, enumerated each time a query carrying the table is sent.</param>
    /// <exception cref="ArgumentException">The name is not a plain identifier.</exception>
    public static ClickHouseExternalTable Create<T>(string name, IEnumerable<T> rows)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(rows);
        return new RowExternalTable<T>(name, rows, null);
    }

    /// <inheritdoc cref="Create{T}(string, IEnumerable{T})"/>
    public static ClickHouseExternalTable Create<T>(string name, IAsyncEnumerable<T> rows)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(rows);
        return new RowExternalTable<T>(name, null, rows);
    }

    /// <summary>
    /// A table of one column holding <paramref name="values"/>, e.g. ids to filter by:
    /// <c>Create("ids", "id", userIds)</c> for <c>WHERE user_id IN ids</c>.
    /// </summary>
    /// <param name="name">The table's name in the query: letters, digits and underscores, not starting with a digit.</param>
    /// <param name="column">The column's name.</param>
    /// <param name="values">The values, enumerated each time a query carrying the table is sent.</param>
    /// <param name="clickHouseType">The column's ClickHouse type; null for the default of <typeparamref name="T"/> in the
    /// type mapping (<c>ulong</c> UInt64, <c>string</c> String, <c>Guid</c> UUID, <c>DateOnly</c> Date, ...).</param>
    /// <exception cref="ArgumentException">The name is not a plain identifier, the type does not parse, or
    /// <typeparamref name="T"/> has no default ClickHouse type and none is given.</exception>
    public static ClickHouseExternalTable Create<T>(string name, string column, IEnumerable<T> values, string? clickHouseType = null)
    {
        ArgumentNullException.ThrowIfNull(values);
        return new ValueExternalTable<T>(name, column, ValueExternalTable<T>.ColumnType(name, clickHouseType), values, null);
    }

    /// <inheritdoc cref="Create{T}(string, string, IEnumerable{T}, string?)"/>
    public static ClickHouseExternalTable Create<T>(string name, string column, IAsyncEnumerable<T> values, string? clickHouseType = null)
    {
        ArgumentNullException.ThrowIfNull(values);
        return new ValueExternalTable<T>(name, column, ValueExternalTable<T>.ColumnType(name, clickHouseType), null, values);
    }

    /// <summary>The columns, for a description of the table without its rows.</summary>
    internal IReadOnlyList<ExternalTableColumn> Columns => _columns;

    /// <summary>
    /// Writes every row to <paramref name="stream"/> in RowBinary, buffering at most a flush's worth, and returns how
    /// many there were. A row that cannot be written is a <see cref="RowBinaryException"/> naming this table, the
    /// column and the row.
    /// </summary>
    internal abstract Task<long> WriteRowsAsync(Stream stream, CancellationToken cancellationToken);

    /// <summary>
    /// Whether the rows can be written again, as they were, for another attempt of the query: they are a collection
    /// (an array, a list), not a sequence that is consumed or computed anew when enumerated.
    /// </summary>
    internal abstract bool CanBeWrittenAgain { get; }

    /// <summary>Whether <paramref name="rows"/> hold still: enumerating them again gives the same rows.</summary>
    private protected static bool IsCollection<T>(IEnumerable<T>? rows) => rows is ICollection<T> or IReadOnlyCollection<T>;

    /// <summary>The same table with no rows: enough for the server to describe a query that reads it.</summary>
    internal ClickHouseExternalTable WithoutRows() => new EmptyExternalTable(Name, _columns);

    /// <summary>A failure to write a row, placed in this table.</summary>
    private protected RowBinaryException InThisTable(RowBinaryException failure) => failure.InTable(Name);

    /// <summary>A plain identifier: the name is a form field's name and part of <c>NAME_structure</c> and <c>NAME_format</c>.</summary>
    internal static void CheckName(string name)
    {
        ArgumentNullException.ThrowIfNull(name);
        if (!IsPlain(name))
        {
            throw new ArgumentException(
                $"'{name}' cannot name an external table: use letters, digits and underscores, not starting with a digit (the name travels unquoted in the request).",
                nameof(name));
        }
    }

    private static string StructureOf(ExternalTableColumn[] columns)
    {
        var structure = new StringBuilder();
        foreach (ExternalTableColumn column in columns)
        {
            structure.Append(structure.Length == 0 ? "" : ", ").Append(IsPlain(column.Name) ? column.Name : ClickHouseIdentifier.Quote(column.Name))
                .Append(' ').Append(column.Type);
        }
        return structure.ToString();
    }

    /// <summary>
    /// A name that can go unquoted: servers that split the structure at spaces and commas (18.16 to 23.x) take
    /// backquotes as part of a column's name, while those that parse it as SQL need them only around other names.
    /// </summary>
    private static bool IsPlain(string name)
    {
        if (name.Length == 0 || char.IsAsciiDigit(name[0]))
        {
            return false;
        }
        foreach (char c in name)
        {
            if (!char.IsAsciiLetterOrDigit(c) && c != '_')
            {
                return false;
            }
        }
        return true;
    }

    private sealed class EmptyExternalTable(string name, ExternalTableColumn[] columns) : ClickHouseExternalTable(name, columns)
    {
        internal override bool CanBeWrittenAgain => true;

        internal override Task<long> WriteRowsAsync(Stream stream, CancellationToken cancellationToken) => Task.FromResult(0L);
    }
}

/// <summary>One column of an external table: its name and ClickHouse type.</summary>
internal readonly record struct ExternalTableColumn(string Name, string Type);
