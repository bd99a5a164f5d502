using System.Globalization;
using System.Net;
using System.Net.Sockets;
using System.Text;
using ClickHouse.RowBinary.IntegrationTests.Batching;
using ClickHouse.RowBinary.IntegrationTests.Server;
using ClickHouse.RowBinary.TestSupport;

namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>
/// What a failed <c>InsertAsync</c> puts on the wire, read from a raw socket: a chunked body without its terminating
/// chunk, whose compressed stream (zlib stored blocks when no compression is set) stops before its end mark; and, with
/// the oracle, that ClickHouse 26.9 refuses such a body for every coding the client sends instead of committing it.
/// </summary>
public sealed class AbortedInsertBodyTests(Xunit.Abstractions.ITestOutputHelper output)
{
    private const int FailAt = 250_000;
    private const string Structure = "id UInt32, name String, code FixedString(4)";

    public static TheoryData<ClickHouseCompression> Compressions => new(Enum.GetValues<ClickHouseCompression>());

    [Theory]
    [MemberData(nameof(Compressions))]
    public async Task A_failed_insert_leaves_a_body_without_its_terminating_chunk_or_its_end_mark(ClickHouseCompression compression)
    {
        CapturedBody failed = await CaptureAsync(compression, Fail(Rows(FailAt)));
        CapturedBody complete = await CaptureAsync(compression, Rows(FailAt));

        Assert.True(failed.Data.Length > 0, "nothing of the body went out before the failure: the test proves nothing");
        Assert.False(failed.Terminated, "the chunked body was ended cleanly");
        Assert.True(complete.Terminated);
        string coding = Coding(compression);
        Assert.Equal(coding, failed.ContentEncoding);
        Assert.Equal(Tables.RowBinaryOf(Rows(FailAt)), ReplayServer.BodyDecoder.Decode(complete.Data, coding));
        if (compression is ClickHouseCompression.None or ClickHouseCompression.GZip)
        {
            Func<byte[], bool> ended = compression == ClickHouseCompression.None ? EndsWithStoredZLibEnd : EndsWithGzipTrailer;
            Assert.True(ended(complete.Data));
            Assert.False(ended(failed.Data), "the compressed stream of a failed insert has its end mark");
        }
    }

    /// <summary>
    /// ClickHouse 26.9's verdict on each body, decoded as the server decodes a request body: the whole one parses to
    /// every row; the cut one fails to decompress (gzip, deflate, Brotli: the end mark is missing). ClickHouse's zstd and
    /// lz4 decoders take a cut stream: rows of one UInt64 (their blocks hold 2^n bytes, so the cut falls between rows)
    /// parse to the rows before the cut. For those codings the guard is the chunked framing the request never ends
    /// (the test above), which every server that reads zstd or lz4 refuses.
    /// </summary>
    [OracleFact]
    public async Task ClickHouse_refuses_the_body_of_a_failed_insert_for_every_coding()
    {
        string directory = Directory.CreateTempSubdirectory("aborted-insert-").FullName;
        try
        {
            foreach (ClickHouseCompression compression in Enum.GetValues<ClickHouseCompression>())
            {
                await AssertRefusedAsync(directory, compression, Rows(FailAt), Structure);
                await AssertRefusedAsync(directory, compression, Enumerable.Range(0, FailAt).Select(i => new WideIdRow((ulong)i)), "id UInt64");
            }
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    private async Task AssertRefusedAsync<T>(string directory, ClickHouseCompression compression, IEnumerable<T> rows, string structure)
        where T : IClickHouseRow<T>
    {
        string coding = Coding(compression);
        CapturedBody failed = await CaptureAsync(compression, Fail(rows));
        CapturedBody complete = await CaptureAsync(compression, rows);
        string cut = Path.Combine(directory, $"{typeof(T).Name}.{compression}.cut");
        string whole = Path.Combine(directory, $"{typeof(T).Name}.{compression}.whole");
        await File.WriteAllBytesAsync(cut, failed.Data);
        await File.WriteAllBytesAsync(whole, complete.Data);

        Assert.Equal(FailAt.ToString(CultureInfo.InvariantCulture),
            Encoding.UTF8.GetString(OracleProcess.Query($"SELECT count() FROM file('{whole}', RowBinary, '{structure}', '{coding}')", "TabSeparated")).Trim());
        string query = $"SELECT count() FROM file('{cut}', RowBinary, '{structure}', '{coding}')";
        if (coding is "zstd" or "lz4")
        {
            if (typeof(T) == typeof(WideIdRow))
            {
                long rowsBeforeTheCut = long.Parse(Encoding.UTF8.GetString(OracleProcess.Query(query, "TabSeparated")).Trim(), CultureInfo.InvariantCulture);
                Assert.InRange(rowsBeforeTheCut, 1, FailAt - 1);
                output.WriteLine($"{typeof(T).Name} {coding}, {failed.Data.Length:N0} of {complete.Data.Length:N0} bytes: the decoder takes the cut stream, {rowsBeforeTheCut:N0} rows");
            }
            return;
        }
        InvalidOperationException refused = Assert.Throws<InvalidOperationException>(() => OracleProcess.Query(query, "TabSeparated"));
        Assert.Matches("Code: (354|448)", refused.Message); // ZLIB_INFLATE_FAILED, BROTLI_READ_FAILED
        output.WriteLine($"{typeof(T).Name} {coding}, {failed.Data.Length:N0} of {complete.Data.Length:N0} bytes: {refused.Message.Split('\n')[0]}");
    }

    private sealed record CapturedBody(string? ContentEncoding, byte[] Data, bool Terminated);

    /// <summary>
    /// Sends the rows to a socket that records the request and answers 200 only once the chunked body ended; returns
    /// the body as it arrived. Rows that end in an exception must fail the insert with it.
    /// </summary>
    private static async Task<CapturedBody> CaptureAsync<T>(ClickHouseCompression compression, IEnumerable<T> rows) where T : IClickHouseRow<T>
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        int port = ((IPEndPoint)listener.LocalEndpoint).Port;
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = new Uri($"http://127.0.0.1:{port}/"), RequestCompression = compression, WireFormat = ClickHouseWireFormat.RowBinary });
        Task<byte[]> received = ReceiveAsync(listener);

        try
        {
            // No schema probe: the socket records one request, the INSERT.
            await client.InsertAsync("events", rows, new ClickHouseInsertOptions { CheckSchema = false });
        }
        catch (RowsFailedException)
        {
        }
        return Parse(await received.WaitAsync(TimeSpan.FromSeconds(30)));
    }

    private static async Task<byte[]> ReceiveAsync(TcpListener listener)
    {
        using TcpClient connection = await listener.AcceptTcpClientAsync();
        NetworkStream stream = connection.GetStream();
        var request = new MemoryStream();
        byte[] buffer = new byte[64 * 1024];
        while (true)
        {
            int read;
            try
            {
                read = await stream.ReadAsync(buffer);
            }
            catch (IOException)
            {
                break; // reset by the client: what arrived is the request
            }
            if (read == 0)
            {
                break;
            }
            request.Write(buffer, 0, read);
            if (request.Length >= 5 && request.GetBuffer().AsSpan(0, (int)request.Length).EndsWith("\r\n0\r\n\r\n"u8))
            {
                await stream.WriteAsync("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"u8.ToArray());
                break;
            }
        }
        return request.ToArray();
    }

    /// <summary>The headers' Content-Encoding, the de-chunked body, and whether the terminating chunk arrived.</summary>
    private static CapturedBody Parse(byte[] request)
    {
        int headEnd = request.AsSpan().IndexOf("\r\n\r\n"u8);
        Assert.True(headEnd > 0, "no request head arrived");
        string[] head = Encoding.ASCII.GetString(request, 0, headEnd).Split("\r\n");
        Assert.Contains(head, line => line.Equals("Transfer-Encoding: chunked", StringComparison.OrdinalIgnoreCase));
        string? encoding = head.FirstOrDefault(line => line.StartsWith("Content-Encoding:", StringComparison.OrdinalIgnoreCase))?["Content-Encoding:".Length..].Trim();
        var body = new MemoryStream();
        int position = headEnd + 4;
        while (true)
        {
            int lineEnd = request.AsSpan(position).IndexOf("\r\n"u8);
            if (lineEnd < 0)
            {
                return new CapturedBody(encoding, body.ToArray(), Terminated: false);
            }
            int size = int.Parse(Encoding.ASCII.GetString(request, position, lineEnd), NumberStyles.HexNumber, CultureInfo.InvariantCulture);
            position += lineEnd + 2;
            if (size == 0)
            {
                return new CapturedBody(encoding, body.ToArray(), Terminated: true);
            }
            int available = Math.Min(size, request.Length - position);
            body.Write(request, position, available);
            position += size + 2;
            if (available < size || position > request.Length)
            {
                return new CapturedBody(encoding, body.ToArray(), Terminated: false);
            }
        }
    }

    /// <summary>Whether a gzip stream ends with its trailer: the length of what it decodes to, in the last four bytes.</summary>
    private static bool EndsWithGzipTrailer(byte[] gzip)
    {
        // .NET's decoder stops quietly at the end of a cut stream: what it yields is the cut body's prefix.
        int decoded = ReplayServer.BodyDecoder.Decode(gzip, "gzip").Length;
        return gzip.Length >= 18 && System.Buffers.Binary.BinaryPrimitives.ReadInt32LittleEndian(gzip.AsSpan(gzip.Length - 4)) == decoded;
    }

    /// <summary>
    /// Whether a zlib stream of stored blocks ends with its end mark: a final empty stored block, then the Adler-32 of
    /// what it decodes to (computed here the plain way, apart from the client's).
    /// </summary>
    private static bool EndsWithStoredZLibEnd(byte[] zlib)
    {
        byte[] decoded = ReplayServer.BodyDecoder.Decode(zlib, "deflate");
        uint a = 1, b = 0;
        foreach (byte value in decoded)
        {
            a = (a + value) % 65521;
            b = (b + a) % 65521;
        }
        return zlib.Length >= 11 && zlib.AsSpan(zlib.Length - 9, 5).SequenceEqual(new byte[] { 0x01, 0x00, 0x00, 0xFF, 0xFF })
            && System.Buffers.Binary.BinaryPrimitives.ReadUInt32BigEndian(zlib.AsSpan(zlib.Length - 4)) == ((b << 16) | a);
    }

    /// <summary>The Content-Encoding an INSERT body travels in: deflate (zlib stored blocks) when the client compresses nothing.</summary>
    private static string Coding(ClickHouseCompression compression) => compression switch
    {
        ClickHouseCompression.GZip => "gzip",
        ClickHouseCompression.None or ClickHouseCompression.Deflate => "deflate",
        ClickHouseCompression.Brotli => "br",
        ClickHouseCompression.Zstd => "zstd",
        _ => "lz4",
    };

    private static IEnumerable<EventRow> Rows(int count) => Enumerable.Range(0, count).Select(i => EventRow.Numbered((uint)i));

    /// <summary>The rows, then the exception a failing source throws.</summary>
    private static IEnumerable<T> Fail<T>(IEnumerable<T> rows)
    {
        foreach (T row in rows)
        {
            yield return row;
        }
        throw new RowsFailedException();
    }

    private sealed class RowsFailedException() : Exception("the rows failed");
}

/// <summary>Rows of 8 bytes: the blocks of zstd and lz4 (2^n bytes) end on a row boundary.</summary>
[ClickHouseRow]
public readonly partial record struct WideIdRow([property: ClickHouseColumn("id")] ulong Id);
