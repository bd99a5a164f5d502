using System.Net;
using System.Numerics;
using System.Text.Json;
using ClickHouse.RowBinary.ReplayServer;
using ClickHouse.RowBinary.TestSupport;

namespace ClickHouse.RowBinary.IntegrationTests.ExternalTables;

public enum Shade : sbyte
{
    Light = 1,
    Dark = -2,
}

/// <summary>Types Debian's 18.16 cannot take in external data (it has no such type, or the type has a space or a comma).</summary>
[ClickHouseRow]
public sealed partial record ModernExternalRow
{
    [ClickHouseColumn("id")] public ulong Id { get; init; }
    [ClickHouseColumn("display name")] public string DisplayName { get; init; } = "";
    [ClickHouseColumn("i128")] public Int128 I128 { get; init; }
    [ClickHouseColumn("u256", Type = "UInt256")] public BigInteger U256 { get; init; }
    [ClickHouseColumn("flag")] public bool Flag { get; init; }
    [ClickHouseColumn("amount", Type = "Decimal(18, 4)")] public decimal Amount { get; init; }
    [ClickHouseColumn("ts", Type = "DateTime64(3, 'UTC')")] public DateTime Ts { get; init; }
    [ClickHouseColumn("born", Type = "Date32")] public DateOnly Born { get; init; }
    [ClickHouseColumn("shade")] public Shade Shade { get; init; }
    [ClickHouseColumn("v4", Type = "IPv4")] public IPAddress V4 { get; init; } = IPAddress.Any;
    [ClickHouseColumn("v6")] public IPAddress V6 { get; init; } = IPAddress.IPv6Any;
    [ClickHouseColumn("attrs")] public Dictionary<string, ulong> Attrs { get; init; } = [];
    [ClickHouseColumn("pair")] public (string Name, int Score) Pair { get; init; }
    [ClickHouseColumn("took")] public TimeSpan Took { get; init; }
}

/// <summary>
/// External tables as a modern server gets them: the replay server records the multipart body, and ClickHouse 26.9
/// (the oracle) parses each table's part with its structure into the values the application held.
/// </summary>
public sealed class ExternalTableReplayTests
{
    private static readonly ModernExternalRow[] s_rows =
    [
        new()
        {
            Id = 1, DisplayName = "Zoë \"the first\"", I128 = Int128.MinValue, U256 = (BigInteger.One << 256) - 1, Flag = true, Amount = -12.3456m,
            Ts = new DateTime(2025, 1, 2, 3, 4, 5, 678, DateTimeKind.Utc), Born = new DateOnly(1900, 1, 1), Shade = Shade.Dark,
            V4 = IPAddress.Parse("1.2.3.4"), V6 = IPAddress.Parse("2001:db8::1"), Attrs = new() { ["a"] = 1, ["b"] = 2 }, Pair = ("x", -7),
            Took = TimeSpan.FromMilliseconds(1500),
        },
        new() { Id = 2, Born = new DateOnly(2200, 12, 31), Shade = Shade.Light, Ts = DateTime.UnixEpoch, Pair = ("", 0) },
    ];

    [OracleFact]
    public async Task Each_table_part_parses_on_ClickHouse_26_9_into_the_values_the_application_held()
    {
        byte[] probe = OracleProcess.Query("SELECT 1 WHERE 0", "RowBinaryWithNamesAndTypes");
        byte[] answer = OracleProcess.Query("SELECT toUInt64(2) AS n", "RowBinaryWithNamesAndTypes");
        await using var server = new ReplayServer.ReplayServer(request => new ReplayResponse(request.Form.Count > 0 ? answer : probe, "RowBinaryWithNamesAndTypes"));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Url, RequestCompression = ClickHouseCompression.GZip });
        ClickHouseExternalTable table = ClickHouseExternalTable.Create("modern", s_rows);
        var options = new ClickHouseQueryOptions
        {
            ExternalTables = { table, ClickHouseExternalTable.Create("ids", "id", new[] { 1UL, 2UL }) },
        };

        ulong count = await client.QueryScalarAsync<ulong>("SELECT count() FROM modern WHERE id IN ids", options);

        Assert.Equal(2UL, count);
        ReplayRequest request = server.Requests.Single(r => r.Form.Count > 0);
        Assert.Equal("SELECT count() FROM modern WHERE id IN ids\nFORMAT RowBinaryWithNamesAndTypes", request.Query);
        Assert.Null(request.Header("Content-Encoding"));
        Assert.Equal(
            ["modern_structure", "modern_format", "modern", "ids_structure", "ids_format", "ids", "query"],
            request.Form.Select(p => p.Name));
        Assert.Equal("RowBinary", request.Form[1].Text);
        Assert.Equal(table.Structure, request.Form[0].Text);
        Assert.Contains("`display name` String", table.Structure, StringComparison.Ordinal);
        Assert.Contains("amount Decimal(18, 4), ts DateTime64(3, 'UTC')", table.Structure, StringComparison.Ordinal);

        JsonElement[] parsed = [.. OracleProcess.Parse(request.Form[0].Text, "RowBinary", request.Form[2].Content).Select(line => JsonDocument.Parse(line).RootElement)];
        Assert.Equal(2, parsed.Length);
        JsonElement first = parsed[0];
        Assert.Equal("Zoë \"the first\"", first.GetProperty("display name").GetString());
        Assert.Equal(Int128.MinValue.ToString(), Text(first.GetProperty("i128")));
        Assert.Equal(((BigInteger.One << 256) - 1).ToString(), Text(first.GetProperty("u256")));
        Assert.True(first.GetProperty("flag").GetBoolean());
        Assert.Equal(-12.3456, first.GetProperty("amount").GetDouble());
        Assert.Equal("2025-01-02 03:04:05.678", first.GetProperty("ts").GetString());
        Assert.Equal("1900-01-01", first.GetProperty("born").GetString());
        Assert.Equal("2200-12-31", parsed[1].GetProperty("born").GetString());
        Assert.Equal("Dark", first.GetProperty("shade").GetString());
        Assert.Equal("1.2.3.4", first.GetProperty("v4").GetString());
        Assert.Equal("2001:db8::1", first.GetProperty("v6").GetString());
        Assert.Equal(["a=1", "b=2"], first.GetProperty("attrs").EnumerateObject().Select(p => $"{p.Name}={Text(p.Value)}"));
        Assert.Equal("""["x",-7]""", first.GetProperty("pair").GetRawText());
        Assert.Equal("00:00:01.5000000", first.GetProperty("took").GetString());
        Assert.Equal(["1", "2"], OracleProcess.Parse(request.Form[3].Text, "RowBinary", request.Form[5].Content)
            .Select(line => Text(JsonDocument.Parse(line).RootElement.GetProperty("id"))));
        Assert.Null(server.Failure);
    }

    [OracleFact]
    public async Task The_structure_of_a_scalar_table_is_the_given_type_and_its_values_parse_as_that_type()
    {
        byte[] answer = OracleProcess.Query("SELECT 1 WHERE 0", "RowBinaryWithNamesAndTypes");
        await using var server = new ReplayServer.ReplayServer(_ => new ReplayResponse(answer, "RowBinaryWithNamesAndTypes"));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Url });
        DateTime[] times = [new DateTime(2024, 2, 29, 23, 59, 59, 999, DateTimeKind.Utc), DateTime.UnixEpoch.AddTicks(-1)];
        var options = new ClickHouseQueryOptions { ExternalTables = { ClickHouseExternalTable.Create("times", "at", times) } };

        await client.QueryValuesAsync<ulong>("SELECT 1 FROM times WHERE 0", options);

        ReplayRequest request = server.Requests.Single(r => r.Form.Count > 0);
        Assert.Equal("at DateTime64(7, 'UTC')", request.Form[0].Text);
        Assert.Equal(["2024-02-29 23:59:59.9990000", "1969-12-31 23:59:59.9999999"],
            OracleProcess.Parse(request.Form[0].Text, "RowBinary", request.Form[2].Content).Select(line => JsonDocument.Parse(line).RootElement.GetProperty("at").GetString()));
    }

    /// <summary>A value as JSONEachRow writes it: big integers quoted or not, depending on settings.</summary>
    private static string Text(JsonElement value) => value.ValueKind == JsonValueKind.String ? value.GetString()! : value.GetRawText();

    [Fact]
    public async Task A_name_that_is_no_plain_identifier_or_taken_twice_is_an_argument_error_and_nothing_is_sent()
    {
        await using var server = new ReplayServer.ReplayServer(_ => new ReplayResponse([], null));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { Endpoint = server.Url });
        ulong[] ids = [1, 2];

        foreach (string name in new[] { "", "1st", "my table", "ids;DROP", "a`b", "名前", "ids\"x" })
        {
            ArgumentException error = Assert.Throws<ArgumentException>(() => ClickHouseExternalTable.Create(name, "id", ids));
            Assert.Contains("letters, digits and underscores", error.Message, StringComparison.Ordinal);
        }
        ArgumentException noType = Assert.Throws<ArgumentException>(() => ClickHouseExternalTable.Create("objects", "o", new[] { new object() }));
        Assert.Contains("no ClickHouse type follows from", noType.Message, StringComparison.Ordinal);
        Assert.Throws<ArgumentException>(() => ClickHouseExternalTable.Create("ids", "id", ids, "NoSuchType("));
        var twice = new ClickHouseQueryOptions
        {
            ExternalTables = { ClickHouseExternalTable.Create("ids", "id", ids), ClickHouseExternalTable.Create("ids", "other", ids) },
        };

        ArgumentException duplicate = await Assert.ThrowsAsync<ArgumentException>(() => client.QueryTextAsync("SELECT * FROM ids", twice));
        await Assert.ThrowsAsync<ArgumentException>(() => client.QueryScalarAsync<ulong>("SELECT count() FROM ids", twice));

        Assert.Contains("Two external tables are named 'ids'", duplicate.Message, StringComparison.Ordinal);
        Assert.Empty(server.Requests);
    }
}
