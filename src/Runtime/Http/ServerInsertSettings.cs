using System;
using System.Collections.Generic;
using System.Globalization;

namespace ClickHouse.RowBinary;

/// <summary>
/// What a server's <c>system.settings</c> says about INSERTs: whether it has <c>insert_deduplication_token</c>
/// (ClickHouse 22.2 and later), and the settings that decide how many rows of an INSERT body it parses into one block
/// and commits before reading on; whether <see cref="CancelOnClientClose"/> would stop this client's queries there; and
/// whether it batches INSERTs itself (<see cref="AsyncInsert"/>). Asked once per endpoint (<see cref="ServerSettingsCache"/>);
/// empty when it could not be.
/// </summary>
internal sealed class ServerInsertSettings(IReadOnlyDictionary<string, string> values)
{
    public const string DeduplicationToken = "insert_deduplication_token";

    /// <summary>Server-side batching (ClickHouse 21.11 and later), with <see cref="WaitForAsyncInsert"/>.</summary>
    public const string AsyncInsert = "async_insert";

    /// <summary>Acknowledges an async insert only once its rows are in the table.</summary>
    public const string WaitForAsyncInsert = "wait_for_async_insert";

    /// <summary>Deduplicates async inserts into Replicated tables (ClickHouse 22.x and later).</summary>
    public const string AsyncInsertDeduplicate = "async_insert_deduplicate";

    /// <summary>
    /// Stops a query when its HTTP client goes away, but only one the server runs read-only: its HTTP handler watches the
    /// connection only when the query's <c>readonly</c> setting is above 0, which a GET sets and a POST (this client's
    /// requests) does not. Not in 18.16.
    /// </summary>
    public const string CancelOnClientClose = "cancel_http_readonly_queries_on_client_close";

    /// <summary>The user's <c>readonly</c> level (0, 1 or 2), from its settings profile.</summary>
    public const string ReadOnly = "readonly";

    /// <summary>
    /// The rows of a block when nothing says otherwise: ClickHouse's default <c>max_insert_block_size</c> is 1,048,449 in
    /// current versions and 1,048,576 in old ones (18.16); the smaller is the safe assumption.
    /// </summary>
    public const long DefaultBlockRows = 1_048_449;

    /// <summary>The settings asked for, in the order of the question.</summary>
    public static readonly string[] Names =
    [
        DeduplicationToken, "max_insert_block_size", "max_insert_block_size_rows", "max_insert_block_size_bytes",
        "min_insert_block_size_rows", "min_insert_block_size_bytes", "input_format_max_block_size_bytes", CancelOnClientClose, ReadOnly,
        AsyncInsert, WaitForAsyncInsert, AsyncInsertDeduplicate,
    ];

    /// <summary>Nothing known: the server could not be asked.</summary>
    public static readonly ServerInsertSettings None = new(new Dictionary<string, string>());

    /// <summary>The question, with literal names: servers before 19.11 have no query parameters.</summary>
    public static string Query => $"SELECT name, value FROM system.settings WHERE name IN ('{string.Join("', '", Names)}') FORMAT TabSeparated";

    /// <summary>Whether the server has <c>insert_deduplication_token</c>; null when it could not be asked.</summary>
    public bool? HasDeduplicationToken => values.Count == 0 ? null : values.ContainsKey(DeduplicationToken);

    /// <summary>
    /// Whether sending <see cref="CancelOnClientClose"/> would stop a query whose client went away: the server has the
    /// setting, and runs this user's POST queries read-only yet lets them change settings (<c>readonly=2</c>). With
    /// <c>readonly=0</c> (the default) the server ignores it for POST requests; with <c>readonly=1</c> it refuses any
    /// setting sent. False when the server could not be asked.
    /// </summary>
    public bool StopsQueriesOnClientClose => values.ContainsKey(CancelOnClientClose) && values.GetValueOrDefault(ReadOnly) == "2";

    /// <summary>Whether the server batches INSERTs itself (<see cref="AsyncInsert"/> and <see cref="WaitForAsyncInsert"/>); null when it could not be asked.</summary>
    public bool? HasAsyncInsert => values.Count == 0 ? null : values.ContainsKey(AsyncInsert) && values.ContainsKey(WaitForAsyncInsert);

    /// <summary>Whether the server has <see cref="AsyncInsertDeduplicate"/>.</summary>
    public bool HasAsyncInsertDeduplicate => values.ContainsKey(AsyncInsertDeduplicate);

    /// <summary>Reads the answer to <see cref="Query"/>: a name and a value, tab-separated, per line.</summary>
    public static ServerInsertSettings Parse(string answer)
    {
        var values = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (string line in answer.Split('\n', StringSplitOptions.RemoveEmptyEntries))
        {
            string[] parts = line.Split('\t', 2);
            if (Array.IndexOf(Names, parts[0]) >= 0)
            {
                values[parts[0]] = parts.Length > 1 ? parts[1] : "";
            }
        }
        return new ServerInsertSettings(values);
    }

    /// <summary>
    /// How the server cuts an INSERT body into the blocks it commits one by one, with the request's settings
    /// (<paramref name="sent"/>, later ones first) over the server's.
    /// </summary>
    public InsertBlockSize BlockSize(params IEnumerable<KeyValuePair<string, string>>?[] sent)
    {
        long? Setting(string name) => this.Setting(sent, name);

        long rows = Setting("max_insert_block_size") is > 0 and long maxRows ? maxRows : DefaultBlockRows;
        if (Setting("max_insert_block_size_rows") is > 0 and long maxRowsNew)
        {
            rows = Math.Min(rows, maxRowsNew);
        }
        bool bytesMayCut = Setting("max_insert_block_size_bytes") > 0 || Setting("input_format_max_block_size_bytes") > 0;
        if (values.ContainsKey("max_insert_block_size_rows"))
        {
            // Servers with this setting also emit a parsed block once both minimums are reached (0 takes no part).
            long minRows = Setting("min_insert_block_size_rows") ?? 0;
            long minBytes = Setting("min_insert_block_size_bytes") ?? 0;
            if (minRows > 0 && minRows < rows && minBytes == 0)
            {
                rows = minRows;
            }
            else if ((minRows > 0 && minRows < rows) || (minRows == 0 && minBytes > 0))
            {
                bytesMayCut = true;
            }
        }
        return new InsertBlockSize(rows, bytesMayCut);
    }

    /// <summary>
    /// How the server commits an INSERT body of Native blocks: it takes each block whole, gathers blocks until they hold
    /// <c>min_insert_block_size_rows</c> rows or <c>min_insert_block_size_bytes</c> bytes, and commits them together (its
    /// <c>max_insert_block_size</c> cuts only row formats).
    /// </summary>
    public InsertBlockSize NativeBlockSize(params IEnumerable<KeyValuePair<string, string>>?[] sent)
    {
        long? minRows = Setting(sent, "min_insert_block_size_rows");
        long? minBytes = Setting(sent, "min_insert_block_size_bytes");
        return new InsertBlockSize(minRows ?? DefaultBlockRows, BytesMayCut: minBytes is not 0, Native: true)
        {
            NativeMinBytes = minBytes ?? DefaultMinBlockBytes,
        };
    }

    /// <summary>ClickHouse's default <c>min_insert_block_size_bytes</c> (256 MiB), in every version.</summary>
    public const long DefaultMinBlockBytes = 256L * 1024 * 1024;

    private long? Setting(IEnumerable<KeyValuePair<string, string>>?[] sent, string name)
    {
        foreach (IEnumerable<KeyValuePair<string, string>>? settings in sent)
        {
            foreach (KeyValuePair<string, string> setting in settings ?? [])
            {
                if (setting.Key == name)
                {
                    return Number(setting.Value);
                }
            }
        }
        return values.TryGetValue(name, out string? value) ? Number(value) : null;
    }

    private static long? Number(string value)
        => long.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out long number) ? number : null;
}

/// <summary>How a server cuts an INSERT body into the blocks it commits one by one.</summary>
/// <param name="Rows">
/// A block is committed at the latest when it holds this many rows; for <paramref name="Native"/> blocks, the server
/// commits the blocks it has gathered once they hold this many rows (<c>min_insert_block_size_rows</c>).
/// </param>
/// <param name="BytesMayCut">A byte limit may end a block earlier: then any row sent may already be committed.</param>
/// <param name="Native">The body is Native blocks, which the server takes whole and gathers rather than cuts.</param>
internal readonly record struct InsertBlockSize(long Rows, bool BytesMayCut, bool Native = false)
{
    /// <summary>For <see cref="Native"/> blocks: the bytes (in the server's memory) at which it commits the blocks gathered.</summary>
    public long NativeMinBytes { get; init; }

    /// <summary>
    /// At most how many of <paramref name="rowsSent"/> rows (<paramref name="bytesSent"/> bytes, before compression) the
    /// server may have committed before the body broke off.
    /// </summary>
    public long MayHaveCommitted(long rowsSent, long bytesSent)
    {
        if (!Native)
        {
            return BytesMayCut ? rowsSent : rowsSent / Rows * Rows;
        }
        // Native rows sent are whole blocks, and any of them may be in a group the server has committed once a group can
        // have reached either minimum (a minimum of 0 takes no part; both 0 commit every block).
        bool rowsReached = Rows > 0 && rowsSent >= Rows;
        bool bytesReached = BytesMayCut && ServerBytesAtMost(bytesSent) >= NativeMinBytes;
        return rowsReached || bytesReached || (Rows == 0 && !BytesMayCut) ? rowsSent : 0;
    }

    /// <summary>
    /// The most the server can count for blocks of <paramref name="bytesSent"/> bytes on the wire: every value takes a
    /// byte or more there and at most 8 more in memory (a string's offset), and a column's memory may be allocated up
    /// to twice what it holds.
    /// </summary>
    private static long ServerBytesAtMost(long bytesSent) => 2 * 9 * bytesSent;
}
