using System.Text;
using ClickHouse.RowBinary.IntegrationTests.Rows;

namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>
/// A streamed query (<c>QueryAsync</c>: typed rows as RowBinary or Native, value tuples) outside its enumeration: its
/// arguments are checked by the call itself, before anything is sent, and an enumerator once disposed reads nothing
/// more (it does not send the query again).
/// </summary>
public sealed class StreamedQueryCallTests
{
    private const string Numbers = "SELECT number, 0 AS thrown FROM numbers(3)";

    public static TheoryData<string> Apis => ["RowBinary", "Native", "Tuples"];

    [Theory]
    [MemberData(nameof(Apis))]
    public async Task An_enumerator_used_after_DisposeAsync_throws_ObjectDisposedException_and_sends_nothing(string api)
    {
        var handler = new FakeClickHouse(_ => FakeClickHouse.Ok(Answer(api)));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        object enumerator = api switch
        {
            "RowBinary" => await FirstThenDisposed(client.QueryAsync<NumberRow>(Numbers, new ClickHouseQueryOptions { Format = RowBinaryFormat.RowBinary }), r => r.Number),
            "Native" => await FirstThenDisposed(client.QueryAsync<NumberRow>(Numbers, new ClickHouseQueryOptions { WireFormat = ClickHouseWireFormat.Native }), r => r.Number),
            "Tuples" => await FirstThenDisposed(client.QueryAsync<ulong, byte>(Numbers), r => r.Item1),
            _ => throw new ArgumentOutOfRangeException(nameof(api), api, null),
        };

        ObjectDisposedException error = await Assert.ThrowsAsync<ObjectDisposedException>(() => MoveNextAsync(enumerator));
        Assert.Contains("disposed", error.Message, StringComparison.Ordinal);
        Assert.Single(handler.Requests);
    }

    [Theory]
    [MemberData(nameof(Apis))]
    public void QueryAsync_checks_its_sql_when_called_before_anything_is_sent(string api)
    {
        var handler = new FakeClickHouse(_ => FakeClickHouse.Ok(Answer(api)));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        foreach (string? sql in new[] { null, "", " \n\t" })
        {
            Assert.ThrowsAny<ArgumentException>(() => Query(client, api, sql!, new ClickHouseQueryOptions()));
        }
        Assert.Empty(handler.Requests);
    }

    [Theory]
    [MemberData(nameof(Apis))]
    public void QueryAsync_checks_its_options_when_called_before_anything_is_sent(string api)
    {
        var handler = new FakeClickHouse(_ => FakeClickHouse.Ok(Answer(api)));
        using ClickHouseClient client = FakeClickHouse.Client(handler);
        var unsendable = new ClickHouseQueryOptions { Parameters = { ["b"] = new byte[] { 1 } } };
        var reservedHeader = new ClickHouseQueryOptions { Headers = { ["Authorization"] = "Basic eDp5" } };

        Assert.Contains("Query parameter 'b'", Assert.Throws<ArgumentException>(() => Query(client, api, "SELECT {b:String}", unsendable)).Message, StringComparison.Ordinal);
        Assert.Contains("Authorization", Assert.Throws<ArgumentException>(() => Query(client, api, Numbers, reservedHeader)).Message, StringComparison.Ordinal);
        Assert.Empty(handler.Requests);
    }

    [Fact]
    public void A_typed_QueryAsync_checks_the_format_it_is_asked_for_when_called()
    {
        var handler = new FakeClickHouse(_ => FakeClickHouse.Ok(Bodies.NumberRows(3)));
        using ClickHouseClient client = FakeClickHouse.Client(handler);

        ArgumentException error = Assert.Throws<ArgumentException>(
            () => client.QueryAsync<NumberRow>(Numbers, new ClickHouseQueryOptions { Format = RowBinaryFormat.RowBinaryWithDefaults }));

        Assert.Contains("RowBinaryWithDefaults", error.Message, StringComparison.Ordinal);
        Assert.Empty(handler.Requests);
    }

    /// <summary>The enumerable of one streamed API, not enumerated.</summary>
    private static object Query(ClickHouseClient client, string api, string sql, ClickHouseQueryOptions options) => api switch
    {
        "RowBinary" => client.QueryAsync<NumberRow>(sql, options),
        "Native" => client.QueryAsync<NumberRow>(sql, WithNative(options)),
        "Tuples" => client.QueryAsync<ulong, byte>(sql, options),
        _ => throw new ArgumentOutOfRangeException(nameof(api), api, null),
    };

    private static ClickHouseQueryOptions WithNative(ClickHouseQueryOptions options)
    {
        options.WireFormat = ClickHouseWireFormat.Native;
        return options;
    }

    /// <summary>Reads the first row (number 0), disposes the enumerator and returns it.</summary>
    private static async Task<IAsyncEnumerator<T>> FirstThenDisposed<T>(IAsyncEnumerable<T> rows, Func<T, ulong> number)
    {
        IAsyncEnumerator<T> enumerator = rows.GetAsyncEnumerator();
        Assert.True(await enumerator.MoveNextAsync());
        Assert.Equal(0ul, number(enumerator.Current));
        await enumerator.DisposeAsync();
        return enumerator;
    }

    private static Task MoveNextAsync(object enumerator) => enumerator switch
    {
        IAsyncEnumerator<NumberRow> rows => rows.MoveNextAsync().AsTask(),
        IAsyncEnumerator<(ulong, byte)> tuples => tuples.MoveNextAsync().AsTask(),
        _ => throw new ArgumentException(enumerator.GetType().Name, nameof(enumerator)),
    };

    /// <summary>Three rows of (number UInt64, thrown UInt8), as each API asks for them.</summary>
    private static byte[] Answer(string api) => api switch
    {
        "Native" => Bodies.Native(Enumerable.Range(0, 3).Select(i => new NumberRow((ulong)i, 0))),
        "Tuples" => Bodies.Concat(NamesAndTypes(("number", "UInt64"), ("thrown", "UInt8")), Bodies.NumberRows(3)),
        _ => Bodies.NumberRows(3),
    };

    /// <summary>A RowBinaryWithNamesAndTypes header.</summary>
    private static byte[] NamesAndTypes(params (string Name, string Type)[] columns)
    {
        var header = new List<byte> { (byte)columns.Length };
        foreach (string text in columns.Select(c => c.Name).Concat(columns.Select(c => c.Type)))
        {
            header.Add((byte)text.Length);
            header.AddRange(Encoding.UTF8.GetBytes(text));
        }
        return [.. header];
    }
}
