using System.Net;
using System.Text;
using System.Text.Json;
using ClickHouse.RowBinary.Generator.Tests.Hostile;

namespace ClickHouse.RowBinary.Generator.Tests.Fuzz;

/// <summary>
/// A result read without a row type, through a client whose server is an in-memory handler answering with hostile
/// bytes: as a modern server (the RowBinaryWithNamesAndTypes body), or as an old one (no such format: the columns from a
/// DESCRIBE answer or a TabSeparatedWithNamesAndTypes header, then plain RowBinary).
/// </summary>
internal static class ResultTargets
{
    /// <summary>Modern server, old server answering DESCRIBE, old server answering a header probe (a SHOW statement).</summary>
    public const int Modes = 3;

    /// <summary>Every reader of results without a row type, with a few element types each.</summary>
    public static readonly (string Name, Func<ClickHouseClient, string, Task> Read)[] Readers =
    [
        ("QueryScalarAsync<object>", static (c, sql) => Scalar(c.QueryScalarAsync<object>(sql))),
        ("QueryScalarAsync<ClickHouseDynamic>", static (c, sql) => Scalar(c.QueryScalarAsync<ClickHouseDynamic>(sql))),
        ("QueryValuesAsync<object>", static (c, sql) => c.QueryValuesAsync<object>(sql)),
        ("QueryValuesAsync<string?>", static (c, sql) => c.QueryValuesAsync<string?>(sql)),
        ("QueryValuesAsync<long?>", static (c, sql) => c.QueryValuesAsync<long?>(sql)),
        ("QueryValuesAsync<DateTime>", static (c, sql) => c.QueryValuesAsync<DateTime>(sql)),
        ("QueryValuesAsync<decimal>", static (c, sql) => c.QueryValuesAsync<decimal>(sql)),
        ("QueryValuesAsync<ulong[]>", static (c, sql) => c.QueryValuesAsync<ulong[]>(sql)),
        ("QueryValuesAsync<string?[]>", static (c, sql) => c.QueryValuesAsync<string?[]>(sql)),
        ("QueryListAsync<object, object>", static (c, sql) => c.QueryListAsync<object, object>(sql)),
        ("QueryAsync<string, ulong, object>", static async (c, sql) =>
        {
            await foreach ((string, ulong, object) _ in c.QueryAsync<string, ulong, object>(sql))
            {
            }
        }),
        ("ExecuteReaderAsync", static async (c, sql) =>
        {
            await using ClickHouseDataReader reader = await c.ExecuteReaderAsync(sql);
            while (await reader.ReadAsync())
            {
                for (int i = 0; i < reader.FieldCount; i++)
                {
                    _ = reader.IsDBNull(i) ? null : reader.GetValue(i);
                    _ = reader.GetFieldValue<ClickHouseDynamic>(i);
                }
            }
        }),
    ];

    /// <summary>A scalar of a result with no rows is the documented InvalidOperationException, not a failure to read.</summary>
    private static async Task Scalar<T>(Task<T> scalar)
    {
        try
        {
            await scalar;
        }
        catch (InvalidOperationException e) when (e.Message.StartsWith("The query returned no rows", StringComparison.Ordinal))
        {
        }
    }

    /// <summary>A result's columns and rows: the header bytes and the rows' bytes, apart, so that each mode can send them its way.</summary>
    public static (byte[] Header, byte[] Rows) Split(IReadOnlyList<string> types, byte[] rows)
    {
        var header = new WireBytes().VarUInt((ulong)types.Count);
        for (int i = 0; i < types.Count; i++)
        {
            header.String($"c{i}");
        }
        foreach (string type in types)
        {
            header.String(type);
        }
        return (header.ToArray(), rows);
    }

    /// <summary>Reads the result with <paramref name="reader"/> from a server that answers in <paramref name="mode"/>.</summary>
    public static void Read(int reader, int mode, byte[] header, byte[] rows)
    {
        var handler = new Answers(mode, header, rows);
        using var client = new ClickHouseClient(new HttpClient(handler), new ClickHouseClientOptions { Endpoint = new Uri("http://fuzz-clickhouse:8123/") });
        Readers[reader].Read(client, mode == 2 ? "SHOW TABLES" : "SELECT columns").GetAwaiter().GetResult();
    }

    /// <summary>What a server of each mode answers; an old server's column list is the header's, as JSON or as text.</summary>
    private sealed class Answers(int mode, byte[] header, byte[] rows) : HttpMessageHandler
    {
        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            string sql = Encoding.UTF8.GetString(await request.Content!.ReadAsByteArrayAsync(cancellationToken));
            if (sql.EndsWith("FORMAT RowBinaryWithNamesAndTypes", StringComparison.Ordinal))
            {
                return mode == 0
                    ? Ok([.. header, .. rows])
                    : Error(HttpStatusCode.BadRequest, "Code: 73, e.displayText() = DB::Exception: Unknown format RowBinaryWithNamesAndTypes, e.what() = DB::Exception");
            }
            if (sql.StartsWith("DESCRIBE TABLE", StringComparison.Ordinal))
            {
                return mode == 1
                    ? Ok(Described(header))
                    : Error(HttpStatusCode.BadRequest, "Code: 62, e.displayText() = DB::Exception: Syntax error, e.what() = DB::Exception");
            }
            return sql.EndsWith("FORMAT TabSeparatedWithNamesAndTypes", StringComparison.Ordinal) ? Ok(HeaderLines(header)) : Ok(rows);
        }

        private static HttpResponseMessage Ok(byte[] body) => new(HttpStatusCode.OK) { Content = new ByteArrayContent(body) };

        private static HttpResponseMessage Error(HttpStatusCode status, string text) => new(status) { Content = new StringContent(text) };

        /// <summary>The header's names and types as DESCRIBE's JSONCompact; bytes that are no header give text that is no JSON table.</summary>
        private static byte[] Described(byte[] header)
        {
            if (Columns(header) is not { } known)
            {
                return header;
            }
            return JsonSerializer.SerializeToUtf8Bytes(new Dictionary<string, string[][]>
            {
                ["data"] = [.. known.Names.Select((name, i) => new[] { name, known.Types[i], "", "" })],
            });
        }

        private static byte[] HeaderLines(byte[] header)
            => Columns(header) is { } known ? Encoding.UTF8.GetBytes($"{string.Join('\t', known.Names)}\n{string.Join('\t', known.Types)}\n") : header;

        private static (string[] Names, string[] Types)? Columns(byte[] header)
        {
            try
            {
                var reader = new RowBinaryReader(header);
                RowBinaryHeader parsed = RowBinaryHeader.Read(ref reader);
                return ([.. parsed.Names], [.. parsed.Types]);
            }
            catch (RowBinaryException)
            {
                return null;
            }
        }
    }
}
