namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>
/// What servers answer the client's question about their INSERT settings (<c>SELECT name, value FROM system.settings
/// WHERE name IN (...) FORMAT TabSeparated</c>), recorded: ClickHouse 26.9 from the oracle
/// (<c>oracle query "SELECT name, value FROM system.settings WHERE name IN (...)" TabSeparated</c>, checked against it by
/// <c>ServerSettingsTests</c>), ClickHouse 18.16 from Debian's server with curl.
/// </summary>
internal static class RecordedSettings
{
    public const string ClickHouse26_9 =
        "max_insert_block_size\t1048449\nmax_insert_block_size_rows\t1048449\nmax_insert_block_size_bytes\t0\nmin_insert_block_size_rows\t1048449\n"
        + "min_insert_block_size_bytes\t268402944\nasync_insert_deduplicate\t0\nasync_insert\t1\nwait_for_async_insert\t1\ninsert_deduplication_token\t\n"
        + "input_format_max_block_size_bytes\t0\n";

    public const string ClickHouse18_16 = "max_insert_block_size\t1048576\nmin_insert_block_size_rows\t1048576\nmin_insert_block_size_bytes\t268435456\n";

    /// <summary>Whether a request is the client's question about the settings.</summary>
    public static bool IsQuestion(string sql) => sql.StartsWith("SELECT name, value FROM system.settings", StringComparison.Ordinal);
}
