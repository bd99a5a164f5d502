using System.Buffers;
using ClickHouse.RowBinary.IntegrationTests.Rows;
using ClickHouse.RowBinary.ReplayServer;

namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>
/// zstd and lz4 both ways over real HTTP, against the replay server (which compresses answers as ClickHouse does
/// when a request sets enable_http_compression=1 and names the coding in Accept-Encoding).
/// </summary>
public class ReplayCompressionTests
{
    private static byte[] ResultOf(IEnumerable<WebVisit> rows)
    {
        var buffer = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(buffer, rows, RowBinaryFormat.RowBinaryWithNamesAndTypes);
        return buffer.WrittenSpan.ToArray();
    }

    [Theory]
    [InlineData(ClickHouseCompression.Zstd, "zstd")]
    [InlineData(ClickHouseCompression.Lz4, "lz4")]
    [InlineData(ClickHouseCompression.GZip, "gzip")]
    public async Task Compressed_answers_are_asked_for_and_decoded(ClickHouseCompression compression, string coding)
    {
        byte[] result = ResultOf(WebVisit.Generate(20_000));
        await using var server = new ReplayServer.ReplayServer(_ => new ReplayResponse(result, "RowBinaryWithNamesAndTypes"));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Url, ResponseCompression = compression, WireFormat = ClickHouseWireFormat.RowBinary });

        List<WebVisit> rows = await client.QueryListAsync<WebVisit>("SELECT * FROM web_visits");

        Assert.Equal(WebVisit.Generate(20_000).ToList(), rows);
        ReplayRequest request = Assert.Single(server.Requests);
        Assert.Equal(coding, request.Header("Accept-Encoding"));
        Assert.Equal("1", request.Parameters["enable_http_compression"]);
        Assert.Null(server.Failure);
    }

    [Theory]
    [InlineData(ClickHouseCompression.Zstd, "zstd")]
    [InlineData(ClickHouseCompression.Lz4, "lz4")]
    public async Task Compressed_inserts_carry_the_rows(ClickHouseCompression compression, string coding)
    {
        await using var server = new ReplayServer.ReplayServer(TableSchemaAnswer.Describing(TableColumns.Of<WebVisit>(), _ => ReplayResponse.Empty));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Url, RequestCompression = compression, WireFormat = ClickHouseWireFormat.RowBinary });

        ClickHouseInsertResult inserted = await client.InsertAsync("web_visits", WebVisit.Generate(20_000));

        ReplayRequest request = Assert.Single(server.Requests, r => r.IsInsert);
        Assert.Equal(coding, request.Header("Content-Encoding"));
        Assert.Equal(request.BodyLength, request.Body.Length);
        byte[] plain = BodyDecoder.Decode(request.Body, coding);
        // A modern server checks the header against the table: the rows go as RowBinaryWithNamesAndTypes.
        Assert.EndsWith("FORMAT RowBinaryWithNamesAndTypes", request.Parameters["query"], StringComparison.Ordinal);
        Assert.Equal(ResultOf(WebVisit.Generate(20_000)), plain);
        Assert.Equal(plain.Length, inserted.Bytes);
        Assert.True(request.BodyLength < plain.Length / 2, $"{request.BodyLength} bytes sent for {plain.Length}");
    }
}
