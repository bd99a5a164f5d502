using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Net.Http;
using System.Text;
using System.Text.Json;

namespace ClickHouse.RowBinary;

/// <summary>Turns a query's answer into <see cref="ClickHouseQueryProgress"/> reports: at the headers, every MiB, and at the end.</summary>
internal sealed class QueryProgressReporter(IProgress<ClickHouseQueryProgress> progress)
{
    /// <summary>The setting that makes a server send <c>X-ClickHouse-Progress</c> headers.</summary>
    public const string Setting = "send_progress_in_http_headers";

    private const long ReportEvery = 1024 * 1024;

    private ClickHouseServerProgress? _server;
    private long _nextReport = ReportEvery;
    private bool _finished;

    /// <summary>The settings of the request with <see cref="Setting"/> on, unless the caller set it.</summary>
    public static IDictionary<string, string> WithProgressSetting(IDictionary<string, string>? settings)
    {
        var copy = settings is null ? new Dictionary<string, string>(StringComparer.Ordinal) : new Dictionary<string, string>(settings, StringComparer.Ordinal);
        copy.TryAdd(Setting, "1");
        return copy;
    }

    public void Responded(HttpResponseMessage response)
    {
        if (response.Headers.TryGetValues("X-ClickHouse-Progress", out IEnumerable<string>? values) && values.LastOrDefault() is { } last)
        {
            _server = Parse(last);
        }
        progress.Report(new ClickHouseQueryProgress(0, 0, _server));
    }

    public void Delivered(long bytes)
    {
        if (bytes >= _nextReport)
        {
            _nextReport = bytes + ReportEvery;
            progress.Report(new ClickHouseQueryProgress(0, bytes, _server));
        }
    }

    /// <summary>The last report; later calls (the response's disposal after a typed read reported its rows) are ignored.</summary>
    public void Finished(long rows, long bytes)
    {
        if (!_finished)
        {
            _finished = true;
            progress.Report(new ClickHouseQueryProgress(rows, bytes, _server));
        }
    }

    /// <summary>A header such as <c>{"read_rows":"10","read_bytes":"80","total_rows_to_read":"100"}</c>; null when it does not parse.</summary>
    internal static ClickHouseServerProgress? Parse(string header)
    {
        try
        {
            var reader = new Utf8JsonReader(Encoding.UTF8.GetBytes(header));
            long readRows = 0, readBytes = 0, total = 0;
            if (!reader.Read() || reader.TokenType != JsonTokenType.StartObject)
            {
                return null;
            }
            while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
            {
                string name = reader.GetString()!;
                reader.Read();
                string text = reader.TokenType == JsonTokenType.String ? reader.GetString()! : reader.TokenType == JsonTokenType.Number ? reader.GetInt64().ToString(CultureInfo.InvariantCulture) : "0";
                long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out long value);
                switch (name)
                {
                    case "read_rows": readRows = value; break;
                    case "read_bytes": readBytes = value; break;
                    case "total_rows_to_read": total = value; break;
                }
                if (reader.TokenType is JsonTokenType.StartObject or JsonTokenType.StartArray)
                {
                    reader.Skip();
                }
            }
            return new ClickHouseServerProgress(readRows, readBytes, total);
        }
        catch (JsonException)
        {
            return null;
        }
    }
}
