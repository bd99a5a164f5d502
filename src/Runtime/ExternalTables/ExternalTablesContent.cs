using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Security.Cryptography;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// A query with external tables: a multipart form with, for each table, its <c>NAME_structure</c> and
/// <c>NAME_format</c> fields and then its rows as a file part written as the request goes out (chunked, never
/// buffered whole), and last the <c>query</c> field. The query comes last so that a body cut short (a row that could
/// not be written aborts the request) never carries one: the server runs nothing with part of a table.
/// </summary>
internal sealed class ExternalTablesContent : HttpContent, IRowBinaryContent
{
    private readonly string _sql;
    private readonly IReadOnlyList<ClickHouseExternalTable> _tables;
    private readonly string _boundary;
    private bool _started;

    /// <exception cref="ArgumentException">Two tables have the same name.</exception>
    public ExternalTablesContent(string sql, IList<ClickHouseExternalTable> tables)
    {
        CheckNames(tables);
        _sql = sql;
        _tables = [.. tables];
        // Random, so that no row's bytes can end a part early: the server looks for "\r\n--" + boundary in the data.
        _boundary = "ClickHouseRowBinary" + Convert.ToHexString(RandomNumberGenerator.GetBytes(24));
        Headers.ContentType = new MediaTypeHeaderValue("multipart/form-data") { Parameters = { new NameValueHeaderValue("boundary", _boundary) } };
    }

    /// <summary>Checks that no table is null and that no two share a name.</summary>
    /// <exception cref="ArgumentException">Two tables have the same name.</exception>
    public static void CheckNames(IList<ClickHouseExternalTable> tables)
    {
        var names = new HashSet<string>(StringComparer.Ordinal);
        foreach (ClickHouseExternalTable table in tables)
        {
            ArgumentNullException.ThrowIfNull(table, nameof(ClickHouseQueryOptions.ExternalTables));
            if (!names.Add(table.Name))
            {
                throw new ArgumentException($"Two external tables are named '{table.Name}'; each table of a query needs a name of its own.", nameof(tables));
            }
        }
    }

    /// <summary>The rows of every table written by the last send.</summary>
    public long RowsWritten { get; private set; }

    /// <summary>The bytes of the body written by the last send.</summary>
    public long BytesWritten { get; private set; }

    public Exception? WriteFailure { get; private set; }

    /// <summary>
    /// Whether another attempt of the query (on another endpoint) may send the tables again: nothing of them was
    /// enumerated yet (the connection failed before the body), or every table's rows are a collection that gives the
    /// same rows again. A sequence consumed by enumerating it (an async stream, a generator) goes once.
    /// </summary>
    public bool MayBeSentAgain => !_started || _tables.All(table => table.CanBeWrittenAgain);

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context)
        => SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        _started = true;
        WriteFailure = null;
        RowsWritten = 0;
        var counter = new CountingWriteStream(stream);
        try
        {
            foreach (ClickHouseExternalTable table in _tables)
            {
                await WriteFieldAsync(counter, table.Name + "_structure", table.Structure, cancellationToken).ConfigureAwait(false);
                await WriteFieldAsync(counter, table.Name + "_format", nameof(RowBinaryFormat.RowBinary), cancellationToken).ConfigureAwait(false);
                await WriteTextAsync(counter,
                    $"--{_boundary}\r\nContent-Disposition: form-data; name=\"{table.Name}\"; filename=\"{table.Name}\"\r\nContent-Type: application/octet-stream\r\n\r\n",
                    cancellationToken).ConfigureAwait(false);
                RowsWritten += await table.WriteRowsAsync(counter, cancellationToken).ConfigureAwait(false);
                await WriteTextAsync(counter, "\r\n", cancellationToken).ConfigureAwait(false);
            }
            await WriteFieldAsync(counter, "query", _sql, cancellationToken).ConfigureAwait(false);
            await WriteTextAsync(counter, $"--{_boundary}--\r\n", cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            WriteFailure = e;
            throw;
        }
        finally
        {
            BytesWritten = counter.BytesWritten;
        }
    }

    private Task WriteFieldAsync(Stream stream, string name, string value, CancellationToken cancellationToken)
        => WriteTextAsync(stream, $"--{_boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n", cancellationToken);

    private static Task WriteTextAsync(Stream stream, string text, CancellationToken cancellationToken)
        => stream.WriteAsync(Encoding.UTF8.GetBytes(text), cancellationToken).AsTask();

    protected override bool TryComputeLength(out long length)
    {
        length = 0;
        return false;
    }
}
