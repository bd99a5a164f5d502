using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Net;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary.ReplayServer;

/// <summary>Reads HTTP/1.1 requests off one connection: the head, then the body (Content-Length or chunked), which
/// is counted and kept up to <see cref="ReplayServer.MaxRecordedBody"/> bytes.</summary>
internal sealed class RequestReader(Stream stream)
{
    private const int MaxHeadLength = 1024 * 1024;
    private readonly byte[] _buffer = new byte[256 * 1024];
    private int _start;
    private int _end;

    /// <summary>The next request, or null when the client closed the connection between requests.</summary>
    public async Task<ReplayRequest?> ReadRequestAsync(CancellationToken cancellationToken)
    {
        string? requestLine = await ReadLineAsync(cancellationToken, endOk: true).ConfigureAwait(false);
        if (requestLine is null)
        {
            return null;
        }
        string[] parts = requestLine.Split(' ');
        if (parts.Length != 3)
        {
            throw new InvalidDataException($"Not an HTTP request line: {requestLine}");
        }
        var headers = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        int headLength = requestLine.Length;
        while (await ReadLineAsync(cancellationToken, endOk: false).ConfigureAwait(false) is { Length: > 0 } line)
        {
            headLength += line.Length;
            if (headLength > MaxHeadLength)
            {
                throw new InvalidDataException("The request head is longer than 1 MiB.");
            }
            int colon = line.IndexOf(':', StringComparison.Ordinal);
            headers[line[..colon].Trim()] = line[(colon + 1)..].Trim();
        }
        if (headers.TryGetValue("Expect", out string? expect) && expect.Equals("100-continue", StringComparison.OrdinalIgnoreCase))
        {
            await stream.WriteAsync("HTTP/1.1 100 Continue\r\n\r\n"u8.ToArray(), cancellationToken).ConfigureAwait(false);
        }
        var body = new MemoryStream();
        long bodyLength = headers.TryGetValue("Transfer-Encoding", out string? transfer) && transfer.Contains("chunked", StringComparison.OrdinalIgnoreCase)
            ? await ReadChunkedAsync(body, cancellationToken).ConfigureAwait(false)
            : headers.TryGetValue("Content-Length", out string? length)
                ? await ReadBodyAsync(long.Parse(length, CultureInfo.InvariantCulture), body, cancellationToken).ConfigureAwait(false)
                : 0;
        Dictionary<string, string> parameters = ParseQueryString(parts[1]);
        string query = parameters.TryGetValue("query", out string? urlQuery) ? urlQuery : "";
        byte[] bodyBytes = body.ToArray();
        IReadOnlyList<FormPart>? form = headers.TryGetValue("Content-Type", out string? contentType)
            && contentType.StartsWith("multipart/form-data", StringComparison.OrdinalIgnoreCase)
            && bodyLength == bodyBytes.Length
                ? FormPart.Parse(bodyBytes, contentType[(contentType.IndexOf("boundary=", StringComparison.Ordinal) + "boundary=".Length)..].Trim('"'))
                : null;
        if (form is not null)
        {
            // External data: the query is the URL's followed by the form's query field, as ClickHouse joins them.
            query += string.Concat(form.Where(p => p.Name == "query" && p.FileName is null).Select(p => p.Text));
        }
        else if (bodyBytes.Length > 0 && !query.TrimStart().StartsWith("INSERT", StringComparison.OrdinalIgnoreCase))
        {
            // The body is the query (or its end); an INSERT's data follows the statement's first line.
            string? encoding = headers.TryGetValue("Content-Encoding", out string? coding) ? coding : null;
            bool complete = bodyLength == bodyBytes.Length;
            byte[]? plain = complete ? (encoding is null ? bodyBytes : BodyDecoder.Decode(bodyBytes, encoding))
                : BodyDecoder.DecodePrefix(bodyBytes, encoding ?? "", 64 * 1024);
            string bodyText = Encoding.UTF8.GetString(plain ?? []);
            if (bodyText.TrimStart().StartsWith("INSERT", StringComparison.OrdinalIgnoreCase) && bodyText.IndexOf('\n', StringComparison.Ordinal) is int newline and >= 0)
            {
                bodyText = bodyText[..newline];
            }
            query = query.Length == 0 ? bodyText : query + " " + bodyText;
        }
        return new ReplayRequest(parts[0], parts[1], headers, query, parameters, bodyLength, bodyBytes) { Form = form ?? [] };
    }

    private static Dictionary<string, string> ParseQueryString(string target)
    {
        var parameters = new Dictionary<string, string>(StringComparer.Ordinal);
        int question = target.IndexOf('?', StringComparison.Ordinal);
        if (question < 0)
        {
            return parameters;
        }
        foreach (string pair in target[(question + 1)..].Split('&', StringSplitOptions.RemoveEmptyEntries))
        {
            int equals = pair.IndexOf('=', StringComparison.Ordinal);
            string name = WebUtility.UrlDecode(equals < 0 ? pair : pair[..equals]);
            parameters[name] = equals < 0 ? "" : WebUtility.UrlDecode(pair[(equals + 1)..]);
        }
        return parameters;
    }

    private async Task<long> ReadChunkedAsync(MemoryStream body, CancellationToken cancellationToken)
    {
        long total = 0;
        while (true)
        {
            string sizeLine = await ReadLineAsync(cancellationToken, endOk: false).ConfigureAwait(false) ?? "";
            int semicolon = sizeLine.IndexOf(';', StringComparison.Ordinal);
            long size = long.Parse(semicolon < 0 ? sizeLine : sizeLine[..semicolon], NumberStyles.HexNumber, CultureInfo.InvariantCulture);
            if (size == 0)
            {
                // Trailers, then the empty line.
                while (await ReadLineAsync(cancellationToken, endOk: false).ConfigureAwait(false) is { Length: > 0 })
                {
                }
                return total;
            }
            total += await ReadBodyAsync(size, body, cancellationToken).ConfigureAwait(false);
            await ReadLineAsync(cancellationToken, endOk: false).ConfigureAwait(false);
        }
    }

    private async Task<long> ReadBodyAsync(long length, MemoryStream body, CancellationToken cancellationToken)
    {
        long left = length;
        while (left > 0)
        {
            if (_start == _end && !await FillAsync(cancellationToken).ConfigureAwait(false))
            {
                throw new EndOfStreamException("The connection closed inside a request body.");
            }
            int take = (int)Math.Min(left, _end - _start);
            int keep = (int)Math.Min(take, Math.Max(0, ReplayServer.MaxRecordedBody - body.Length));
            body.Write(_buffer, _start, keep);
            _start += take;
            left -= take;
        }
        return length;
    }

    private async Task<string?> ReadLineAsync(CancellationToken cancellationToken, bool endOk)
    {
        while (true)
        {
            int newline = Array.IndexOf(_buffer, (byte)'\n', _start, _end - _start);
            if (newline >= 0)
            {
                int end = newline > _start && _buffer[newline - 1] == '\r' ? newline - 1 : newline;
                string line = Encoding.Latin1.GetString(_buffer, _start, end - _start);
                _start = newline + 1;
                return line;
            }
            if (_end - _start == _buffer.Length)
            {
                throw new InvalidDataException("A request line is longer than the read buffer.");
            }
            if (!await FillAsync(cancellationToken).ConfigureAwait(false))
            {
                return endOk && _start == _end ? null : throw new EndOfStreamException("The connection closed inside a request head.");
            }
        }
    }

    private async Task<bool> FillAsync(CancellationToken cancellationToken)
    {
        if (_start > 0)
        {
            Buffer.BlockCopy(_buffer, _start, _buffer, 0, _end - _start);
            _end -= _start;
            _start = 0;
        }
        int read = await stream.ReadAsync(_buffer.AsMemory(_end), cancellationToken).ConfigureAwait(false);
        _end += read;
        return read > 0;
    }
}
