using System;
using System.Collections.Generic;
using System.IO;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary.Tool;

/// <summary>
/// <c>clickhouse-rowbinary scaffold --table NAME [--database D] [--namespace N] [--record NAME] [--url URL] [--user U]
/// [--password P]</c>: prints the <c>[ClickHouseRow]</c> record of a table, asking the server the client would use
/// (<c>CLICKHOUSE_URL</c>, <c>CLICKHOUSE_USER</c>, <c>CLICKHOUSE_PASSWORD</c>, <c>CLICKHOUSE_DATABASE</c>, or the options).
/// </summary>
internal static class ScaffoldCommand
{
    public const string Usage = """
        Usage: clickhouse-rowbinary scaffold --table NAME [options]

        Prints a [ClickHouseRow] partial record for a ClickHouse table: every column with its exact type.

        Options:
          --table NAME       the table (required)
          --database NAME    its database (default: CLICKHOUSE_DATABASE, else the user's default)
          --namespace NAME   the namespace of the record (default: none)
          --record NAME      the record's name (default: the table's name in PascalCase, then "Row")
          --url URL          the server's HTTP interface (default: CLICKHOUSE_URL, else http://localhost:8123)
          --user NAME        the user (default: CLICKHOUSE_USER)
          --password TEXT    the password (default: CLICKHOUSE_PASSWORD)
        """;

    /// <returns>0 when the record was printed; 1 when the server could not describe the table; 2 for a bad command line.</returns>
    public static async Task<int> RunAsync(string[] args, TextWriter output, TextWriter error, CancellationToken cancellationToken = default)
    {
        if (args.Length == 0 || args[0] is "-h" or "--help" or "help")
        {
            await output.WriteLineAsync(Usage).ConfigureAwait(false);
            return args.Length == 0 ? 2 : 0;
        }
        if (args[0] != "scaffold")
        {
            await error.WriteLineAsync($"clickhouse-rowbinary: unknown command '{args[0]}'.\n\n{Usage}").ConfigureAwait(false);
            return 2;
        }
        if (!TryParseOptions(args.AsSpan(1), out Dictionary<string, string> options, out string? problem))
        {
            await error.WriteLineAsync($"clickhouse-rowbinary: {problem}\n\n{Usage}").ConfigureAwait(false);
            return 2;
        }
        ClickHouseClientOptions clientOptions;
        try
        {
            clientOptions = ClickHouseClientOptions.FromEnvironment();
            if (options.TryGetValue("url", out string? url))
            {
                clientOptions.Endpoints.Clear();
                clientOptions.Endpoint = Uri.TryCreate(url, UriKind.Absolute, out Uri? endpoint)
                    ? endpoint
                    : throw new ArgumentException($"--url '{url}' is not an absolute http:// or https:// URL.");
            }
        }
        catch (ArgumentException e)
        {
            await error.WriteLineAsync($"clickhouse-rowbinary: {e.Message}").ConfigureAwait(false);
            return 2;
        }
        clientOptions.User = options.GetValueOrDefault("user", clientOptions.User ?? "");
        clientOptions.Password = options.GetValueOrDefault("password", clientOptions.Password ?? "");
        clientOptions.User = clientOptions.User.Length == 0 ? null : clientOptions.User;
        clientOptions.Password = clientOptions.Password.Length == 0 ? null : clientOptions.Password;
        string table = options["table"];
        string? database = options.GetValueOrDefault("database", clientOptions.Database ?? "");
        database = string.IsNullOrEmpty(database) ? null : database;
        string recordName = options.GetValueOrDefault("record") ?? CSharpNames.Pascal(table, "Table") + "Row";
        if (!CSharpNames.IsIdentifier(recordName))
        {
            await error.WriteLineAsync($"clickhouse-rowbinary: --record '{recordName}' is not a C# identifier.").ConfigureAwait(false);
            return 2;
        }

        IReadOnlyList<ClickHouseTableColumn> columns;
        try
        {
            using var client = new ClickHouseClient(clientOptions);
            columns = await client.DescribeTableAsync(table, database, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is ClickHouseServerException or HttpRequestException or TimeoutException or RowBinaryException or ArgumentException)
        {
            await error.WriteLineAsync($"clickhouse-rowbinary: cannot describe {ClickHouseIdentifier.QuoteTable(database, table)}: {e.Message}").ConfigureAwait(false);
            return 1;
        }
        if (columns.Count == 0)
        {
            await error.WriteLineAsync(
                $"clickhouse-rowbinary: {clientOptions.Endpoint} lists no column of {ClickHouseIdentifier.QuoteTable(database, table)}: " +
                "the table does not exist there (check --database and --table), or the user may not see its columns.").ConfigureAwait(false);
            return 1;
        }
        await output.WriteAsync(RowTypeScaffolder.Render(columns, ClickHouseIdentifier.QuoteTable(database, table), options.GetValueOrDefault("namespace"), recordName))
            .ConfigureAwait(false);
        return 0;
    }

    private static bool TryParseOptions(ReadOnlySpan<string> args, out Dictionary<string, string> options, out string? problem)
    {
        options = new Dictionary<string, string>(StringComparer.Ordinal);
        problem = null;
        for (int i = 0; i < args.Length; i++)
        {
            string name = args[i];
            if (name is not ("--table" or "--database" or "--namespace" or "--record" or "--url" or "--user" or "--password"))
            {
                problem = $"unknown option '{name}'.";
                return false;
            }
            if (i + 1 >= args.Length)
            {
                problem = $"{name} needs a value.";
                return false;
            }
            options[name[2..]] = args[++i];
        }
        if (!options.TryGetValue("table", out string? table) || table.Length == 0)
        {
            problem = "--table is required.";
            return false;
        }
        return true;
    }
}
