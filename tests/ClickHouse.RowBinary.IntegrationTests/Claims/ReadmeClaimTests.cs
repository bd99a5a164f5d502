using System.Globalization;
using System.Runtime.CompilerServices;
using ClickHouse.RowBinary.IntegrationTests.Batching;
using ClickHouse.RowBinary.IntegrationTests.Server;

namespace ClickHouse.RowBinary.IntegrationTests.Claims;

/// <summary>Claims the README makes that no other test proves (docs/claims.md lists where each claim is proven).</summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class ReadmeClaimTests(ClickHouseServerFixture server)
{
    [ServerFact]
    public async Task One_client_serves_concurrent_queries_and_inserts()
    {
        const string table = "claims_thread_safety";
        await server.Client.ExecuteAsync($"DROP TABLE IF EXISTS {ClickHouseIdentifier.QuoteTable(server.Database, table)}");
        await server.Client.ExecuteAsync(Tables.Create<EventRow>(server.Database, table, orderBy: "id"));

        await Task.WhenAll(Enumerable.Range(0, 16).Select(worker => Task.Run(async () =>
        {
            for (int round = 0; round < 5; round++)
            {
                uint first = (uint)(worker * 1_000 + round * 100);
                EventRow[] rows = [.. Enumerable.Range(0, 100).Select(i => EventRow.Numbered(first + (uint)i))];
                Assert.Equal(100, (await server.Client.InsertAsync(table, rows)).Rows);
                List<Rows.CountRow> numbers = await server.Client.QueryListAsync<Rows.CountRow>($"SELECT number FROM system.numbers LIMIT {first % 997 + 1}");
                Assert.Equal(Enumerable.Range(0, (int)(first % 997 + 1)).Select(n => (ulong)n), numbers.Select(n => n.Number));
            }
        })));

        string counts = await server.Client.QueryTextAsync($"SELECT count(), uniqExact(id) FROM {ClickHouseIdentifier.QuoteTable(server.Database, table)}");
        Assert.Equal("8000\t8000", counts.Trim());
    }

    [ServerFact]
    public async Task An_INSERT_timeout_counts_until_every_row_is_sent()
    {
        using ClickHouseClient client = server.CreateClient(o => o.Timeout = TimeSpan.FromSeconds(2));
        const string table = "claims_timeout";
        await server.Client.ExecuteAsync($"DROP TABLE IF EXISTS {ClickHouseIdentifier.QuoteTable(server.Database, table)}");
        await server.Client.ExecuteAsync(Tables.Create<EventRow>(server.Database, table, orderBy: "id"));

        TimeoutException timeout = await Assert.ThrowsAsync<TimeoutException>(() => client.InsertAsync(table, SlowRows(10, TimeSpan.FromMilliseconds(400))));
        Assert.Contains("ClickHouseClientOptions.Timeout", timeout.Message, StringComparison.Ordinal);

        // Well inside the limit even on a loaded machine, where the server's INSERT alone has taken 800 ms.
        Assert.Equal(3, (await client.InsertAsync(table, SlowRows(3, TimeSpan.FromMilliseconds(50)))).Rows);
    }

    private static async IAsyncEnumerable<EventRow> SlowRows(int count, TimeSpan pause, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        for (uint id = 0; id < count; id++)
        {
            await Task.Delay(pause, cancellationToken);
            yield return EventRow.Numbered(id);
        }
    }

    [Fact]
    public void A_Decimal_above_precision_28_read_into_decimal_fails_naming_the_column()
    {
        byte[] fits = Int128Bytes(Int128.Parse("79228162514264337593543950335", CultureInfo.InvariantCulture)); // decimal.MaxValue
        byte[] tooBig = Int128Bytes(Int128.Parse("79228162514264337593543950336", CultureInfo.InvariantCulture));

        Assert.Equal(decimal.MaxValue, RowBinarySerializer.ReadList<WideDecimalRow>(fits, RowBinaryFormat.RowBinary).Single().Amount);
        RowBinaryException error = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.ReadList<WideDecimalRow>(tooBig, RowBinaryFormat.RowBinary));
        Assert.Contains("amount", error.Message, StringComparison.Ordinal);
        Assert.Contains("Decimal(38, 0)", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_Date32_reads_into_DateTime_as_ClickHouse_printed_it()
    {
        foreach ((string Hex, string Text) vector in Vectors("Date32"))
        {
            DateTime day = RowBinarySerializer.ReadList<Date32Row>(Convert.FromHexString(vector.Hex), RowBinaryFormat.RowBinary).Single().Day;
            Assert.Equal(vector.Text, day.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture));
        }
    }

    [Fact]
    public void An_Enum16_reads_as_its_label()
    {
        foreach ((string Hex, string Text) vector in Vectors("Enum16('x' = -32768, 'y' = 1000)"))
        {
            Assert.Equal(vector.Text, RowBinarySerializer.ReadList<EnumLabelRow>(Convert.FromHexString(vector.Hex), RowBinaryFormat.RowBinary).Single().Label);
        }
    }

    [Fact]
    public void A_JSON_column_reads_into_a_JsonDocument_as_ClickHouse_printed_it()
    {
        (string Hex, string Text)[] vectors = [.. Vectors("JSON")];
        Assert.NotEmpty(vectors);
        foreach ((string hex, string text) in vectors)
        {
            using JsonDocumentRow row = RowBinarySerializer.ReadList<JsonDocumentRow>(Convert.FromHexString(hex), RowBinaryFormat.RowBinary).Single();
            using var expected = System.Text.Json.JsonDocument.Parse(text);
            Assert.True(System.Text.Json.JsonElement.DeepEquals(expected.RootElement, row.Document.RootElement), $"{text} read as {row.Document.RootElement}");
        }
    }

    private static byte[] Int128Bytes(Int128 value)
    {
        byte[] bytes = new byte[16];
        System.Buffers.Binary.BinaryPrimitives.WriteInt128LittleEndian(bytes, value);
        return bytes;
    }

    private static IEnumerable<(string Hex, string Text)> Vectors(string type)
    {
        using System.Text.Json.JsonDocument file = TestSupport.SharedFiles.LoadVector("values.json");
        return [.. file.RootElement.GetProperty("vectors").EnumerateArray()
            .Where(v => v.GetProperty("type").GetString() == type)
            .Select(v => (v.GetProperty("hex").GetString()!, v.GetProperty("text").GetString()!))];
    }
}
