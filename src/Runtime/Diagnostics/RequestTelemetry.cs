using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Diagnostics.Metrics;
using System.Globalization;
using System.Linq;
using System.Net.Http;

namespace ClickHouse.RowBinary;

/// <summary>
/// The span and measurements of one HTTP request to ClickHouse, named after OpenTelemetry's database conventions:
/// a client span <c>{operation} {table}</c> (or the operation alone) with <c>db.system.name=clickhouse</c>,
/// <c>db.operation.name</c>, <c>db.collection.name</c>, <c>db.namespace</c>, <c>server.address</c>, <c>server.port</c>
/// and <c>clickhouse.query_id</c>; <c>db.client.operation.duration</c> until the answer was read to its end; rows and
/// bytes sent and read. It knows nothing of the response: the response body (<see cref="ClickHouseResponseStream"/>)
/// owns the response and reports here, ending this when it is disposed.
/// </summary>
internal sealed class RequestTelemetry : IDisposable
{
    public static readonly Histogram<double> OperationDuration = ClickHouseDiagnostics.Meter.CreateHistogram<double>(
        "db.client.operation.duration", "s", "Duration of requests to ClickHouse, until the answer was read to its end.");

    public static readonly Counter<long> RowsSent = ClickHouseDiagnostics.Meter.CreateCounter<long>(
        "clickhouse.client.rows.sent", "{row}", "Rows sent in INSERTs the server acknowledged.");

    public static readonly Counter<long> BytesSent = ClickHouseDiagnostics.Meter.CreateCounter<long>(
        "clickhouse.client.bytes.sent", "By", "RowBinary bytes sent in INSERTs the server acknowledged, before compression.");

    public static readonly Counter<long> RowsRead = ClickHouseDiagnostics.Meter.CreateCounter<long>(
        "clickhouse.client.rows.read", "{row}", "Rows read from query results.");

    public static readonly Counter<long> BytesRead = ClickHouseDiagnostics.Meter.CreateCounter<long>(
        "clickhouse.client.bytes.read", "By", "Bytes of query results read, after decompression.");

    private readonly Activity? _activity;
    private readonly long _started = Stopwatch.GetTimestamp();
    private TagList _tags;
    private bool _responded;
    private long _bytesRead;
    private Exception? _bodyFailure;
    private Exception? _failure;
    private long _rowsSent;
    private long _bytesSent;
    private bool _completed;
    private QueryProgressReporter? _progress;
    private Func<Exception, bool>? _fallsBackOn;
    private string? _fallback;

    /// <summary>
    /// Starts the request's span, a child of <see cref="Activity.Current"/>; or, when <paramref name="links"/> is given, a
    /// root linked to those contexts, as OpenTelemetry's messaging conventions have it for batches: an INSERT carrying the
    /// rows of many callers.
    /// </summary>
    public RequestTelemetry(string operation, string? collection, string? database, Uri endpoint, string? queryId,
        IEnumerable<KeyValuePair<string, object?>>? extraSpanTags = null, IEnumerable<ActivityLink>? links = null)
    {
        _tags = new TagList
        {
            { "db.system.name", "clickhouse" },
            { "db.operation.name", operation },
            { "server.address", endpoint.Host },
            { "server.port", endpoint.Port },
        };
        if (collection is not null)
        {
            _tags.Add("db.collection.name", collection);
        }
        string name = collection is null ? operation : $"{operation} {collection}";
        if (links is not null)
        {
            // A default parent context means Activity.Current: clear it to start a root.
            Activity.Current = null;
        }
        _activity = ClickHouseDiagnostics.ActivitySource.SafeStartActivity(name, ActivityKind.Client, links);
        if (_activity is { IsAllDataRequested: true })
        {
            foreach (KeyValuePair<string, object?> tag in _tags)
            {
                _activity.SetTag(tag.Key, tag.Value);
            }
            if (database is not null)
            {
                _activity.SetTag("db.namespace", database);
            }
            if (queryId is not null)
            {
                _activity.SetTag("clickhouse.query_id", queryId);
            }
            foreach (KeyValuePair<string, object?> tag in extraSpanTags ?? [])
            {
                _activity.SetTag(tag.Key, tag.Value);
            }
        }
    }

    /// <summary>The operation a statement performs: its first keyword (<c>SELECT</c>, <c>CREATE</c>, ...), upper case.</summary>
    public static string OperationOf(string sql)
    {
        ReadOnlySpan<char> text = sql.AsSpan().TrimStart();
        int length = 0;
        while (length < text.Length && length < 16 && char.IsAsciiLetter(text[length]))
        {
            length++;
        }
        return length == 0 ? "QUERY" : text.Slice(0, length).ToString().ToUpperInvariant();
    }

    /// <summary>Reports the query's progress to <paramref name="progress"/> (see <see cref="ClickHouseQueryOptions.Progress"/>).</summary>
    public void ReportProgressTo(IProgress<ClickHouseQueryProgress>? progress)
        => _progress = progress is null ? null : new QueryProgressReporter(progress);

    /// <summary>The response arrived (its owner disposes it). The server's query id (it makes one when none was sent) tags the span.</summary>
    public void Responded(HttpResponseMessage response)
    {
        _responded = true;
        _progress?.Responded(response);
        if (_activity is not null && response.Headers.TryGetValues("X-ClickHouse-Query-Id", out IEnumerable<string>? ids))
        {
            _activity.SetTag("clickhouse.query_id", ids.FirstOrDefault());
        }
    }

    /// <summary>The bytes of the body handed to the reader so far, told after every read.</summary>
    public void Delivered(long bytes) => _progress?.Delivered(bytes);

    /// <summary>The body was disposed: its bytes handed to the reader, and its failure (a server error, a break) if any.</summary>
    public void BodyEnded(long bytesRead, Exception? failure)
    {
        _bytesRead = bytesRead;
        _bodyFailure = failure;
    }

    public void Sent(long rows, long bytes)
    {
        _rowsSent = rows;
        _bytesSent = bytes;
    }

    public void Failed(Exception failure) => _failure ??= failure;

    /// <summary>
    /// The body is dropped for a new attempt elsewhere (a streamed read that broke off before its first row): the request
    /// failed, and its progress is not reported further, the new attempt's taking over.
    /// </summary>
    public void Dropped(Exception failure)
    {
        _failure ??= failure;
        _progress = null;
    }

    /// <summary>
    /// A failure the client expects and answers by asking again another way (an old server's unknown format): tagged
    /// <c>clickhouse.fallback</c> with that way, so that logs tell it from a failure that reaches the caller.
    /// </summary>
    public void FallsBackOn(Func<Exception, bool> failure, string fallback)
    {
        _fallsBackOn = failure;
        _fallback = fallback;
    }

    /// <summary>Rows of the result a typed read produced, with the bytes of the body read so far.</summary>
    public void Read(long rows, long bytesRead)
    {
        if (rows > 0)
        {
            RowsRead.SafeAdd(rows, _tags);
        }
        _progress?.Finished(rows, bytesRead);
    }

    /// <summary>Ends the request: records the duration and counts, ends the span.</summary>
    public void Dispose()
    {
        if (_completed)
        {
            return;
        }
        _completed = true;
        if (_responded)
        {
            _progress?.Finished(0, _bytesRead);
        }
        Exception? failure = _failure ?? _bodyFailure;
        if (_bytesRead > 0)
        {
            BytesRead.SafeAdd(_bytesRead, _tags);
        }
        if (failure is null && _rowsSent > 0)
        {
            RowsSent.SafeAdd(_rowsSent, _tags);
        }
        if (failure is null && _bytesSent > 0)
        {
            // A raw insert's bytes count even where the server does not say how many rows they made.
            BytesSent.SafeAdd(_bytesSent, _tags);
        }
        TagList tags = _tags;
        if (failure is not null)
        {
            string errorType = ErrorType(failure);
            tags.Add("error.type", errorType);
            if (_activity is not null)
            {
                _activity.SetStatus(ActivityStatusCode.Error, failure.Message);
                _activity.SetTag("error.type", errorType);
                if (failure is ClickHouseServerException { Code: not 0 } server)
                {
                    _activity.SetTag("db.response.status_code", server.Code.ToString(CultureInfo.InvariantCulture));
                }
                if (_fallsBackOn?.Invoke(failure) == true)
                {
                    _activity.SetTag("clickhouse.fallback", _fallback);
                }
            }
        }
        OperationDuration.SafeRecord(Stopwatch.GetElapsedTime(_started).TotalSeconds, tags);
        _activity?.SafeStop();
    }

    /// <summary>The <c>error.type</c> of a failure: ClickHouse's error code, or the exception's type.</summary>
    public static string ErrorType(Exception exception) => exception switch
    {
        ClickHouseServerException { Code: not 0 } server => server.Code.ToString(CultureInfo.InvariantCulture),
        HttpRequestException { HttpRequestError: not HttpRequestError.Unknown } http => http.HttpRequestError.ToString(),
        _ => exception.GetType().FullName ?? exception.GetType().Name,
    };
}
