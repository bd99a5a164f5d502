using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>An external table of <c>[ClickHouseRow]</c> rows, written by the generated writer.</summary>
internal sealed class RowExternalTable<T> : ClickHouseExternalTable
    where T : IClickHouseRow<T>
{
    private readonly IEnumerable<T>? _rows;
    private readonly IAsyncEnumerable<T>? _asyncRows;

    public RowExternalTable(string name, IEnumerable<T>? rows, IAsyncEnumerable<T>? asyncRows)
        : base(name, [.. T.Schema.Columns.Select(c => new ExternalTableColumn(c.Name, c.Type))])
    {
        _rows = rows;
        _asyncRows = asyncRows;
    }

    internal override bool CanBeWrittenAgain => IsCollection(_rows);

    internal override async Task<long> WriteRowsAsync(Stream stream, CancellationToken cancellationToken)
    {
        long written = 0;
        Action<long> rowsSent = rows => written = rows;
        try
        {
            if (_rows is not null)
            {
                await RowBinarySerializer.WriteAsync(stream, _rows, RowBinaryFormat.RowBinary, rowsSent, cancellationToken).ConfigureAwait(false);
            }
            else
            {
                await RowBinarySerializer.WriteAsync(stream, _asyncRows!, RowBinaryFormat.RowBinary, rowsSent, cancellationToken).ConfigureAwait(false);
            }
        }
        catch (RowBinaryException e)
        {
            throw InThisTable(e);
        }
        catch (ArgumentException e) when (e.ParamName == "rows")
        {
            // A null row.
            throw new ArgumentException($"External table '{Name}': {e.Message}", e);
        }
        return written;
    }
}
