using System.Globalization;
using System.IO;
using System.Text.Json;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

public sealed partial class ClickHouseClient
{
    /// <summary>The database unqualified names refer to, as the options named it (null: the user's default).</summary>
    internal string? DefaultDatabase => _database;

    /// <summary>The user requests are sent as, as the options named it.</summary>
    internal string? DefaultUser => _user;

    /// <summary>
    /// Runs a statement to its end and returns the rows it wrote, as the server's <c>X-ClickHouse-Summary</c> header
    /// says (INSERT ... SELECT); null where the server sends no summary (ClickHouse before 20.x).
    /// </summary>
    internal async Task<long?> ExecuteForWrittenRowsAsync(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken)
    {
        await using ClickHouseResponseStream body = await SendQueryAsync(sql, options, cancellationToken).ConfigureAwait(false);
        await body.CopyToAsync(Stream.Null, cancellationToken).ConfigureAwait(false);
        return WrittenRows(body.ResponseHeader("X-ClickHouse-Summary"));
    }

    /// <summary><c>written_rows</c> of a summary such as <c>{"read_rows":"0","written_rows":"10",...}</c>; null when absent or malformed.</summary>
    internal static long? WrittenRows(string? summary)
    {
        if (summary is null)
        {
            return null;
        }
        try
        {
            using JsonDocument document = JsonDocument.Parse(summary);
            return document.RootElement.TryGetProperty("written_rows", out JsonElement value)
                && long.TryParse(value.ValueKind == JsonValueKind.String ? value.GetString() : value.GetRawText(), NumberStyles.None, CultureInfo.InvariantCulture, out long rows)
                ? rows
                : null;
        }
        catch (JsonException)
        {
            return null;
        }
    }
}
