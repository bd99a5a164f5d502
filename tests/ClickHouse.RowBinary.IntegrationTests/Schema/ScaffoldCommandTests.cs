using ClickHouse.RowBinary.IntegrationTests.Server;
using ClickHouse.RowBinary.Tool;

namespace ClickHouse.RowBinary.IntegrationTests.Schema;

/// <summary>
/// <c>clickhouse-rowbinary scaffold</c> as a user runs it, against the real server: the record it prints, and the exit
/// codes and messages of what goes wrong. (That the records compile and fit, over every type: the generator tests.)
/// </summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class ScaffoldCommandTests(ClickHouseServerFixture server)
{
    [ServerFact]
    public async Task Scaffold_prints_the_record_of_a_table_from_the_server_it_is_pointed_at()
    {
        await server.Client.ExecuteAsync("CREATE TABLE scaffold_views (day Date, `page-url` String, visits UInt64, note Nullable(String), v UInt8 MATERIALIZED 1) ENGINE = Memory");

        (int exit, string printed, string errors) = await RunAsync(
            "scaffold", "--table", "scaffold_views", "--database", server.Database, "--namespace", "Analytics", "--url", server.Client.Endpoint.ToString(),
            "--user", TestServer.User ?? "default", "--password", TestServer.Password ?? "");

        Assert.Equal((0, ""), (exit, errors));
        Assert.Contains("namespace Analytics;", printed);
        Assert.Contains("[ClickHouseRow]\npublic sealed partial record ScaffoldViewsRow\n{", printed);
        Assert.Contains("    [ClickHouseColumn(\"page-url\", Type = \"String\")]\n    public required string PageUrl { get; init; }", printed);
        Assert.Contains("    [ClickHouseColumn(\"visits\", Type = \"UInt64\")]\n    public required ulong Visits { get; init; }", printed);
        Assert.Contains("    public string? Note { get; init; }", printed);
        Assert.Contains("// `v` UInt8 is left out: it is MATERIALIZED", printed);
        Assert.DoesNotContain("public required byte V ", printed);
    }

    [ServerFact]
    public async Task A_table_that_does_not_exist_and_a_server_that_does_not_answer_exit_with_1_and_say_why()
    {
        (int missingExit, _, string missing) = await RunAsync("scaffold", "--table", "no_such_table", "--database", server.Database,
            "--url", server.Client.Endpoint.ToString(), "--user", TestServer.User ?? "default", "--password", TestServer.Password ?? "");
        (int downExit, _, string down) = await RunAsync("scaffold", "--table", "t", "--url", "http://127.0.0.1:1/");

        Assert.Equal(1, missingExit);
        Assert.Contains($"lists no column of `{server.Database}`.`no_such_table`", missing);
        Assert.Equal(1, downExit);
        Assert.Contains("cannot describe `t`", down);
    }

    [Fact]
    public async Task A_command_line_it_cannot_use_exits_with_2_and_the_usage()
    {
        Assert.Equal(2, (await RunAsync()).Exit);
        (int noTable, _, string noTableError) = await RunAsync("scaffold", "--database", "x");
        (int unknown, _, string unknownError) = await RunAsync("scaffold", "--table", "t", "--colour", "red");
        (int badRecord, _, string badRecordError) = await RunAsync("scaffold", "--table", "t", "--record", "not a name");

        Assert.Equal((2, 2, 2), (noTable, unknown, badRecord));
        Assert.Contains("--table is required", noTableError);
        Assert.Contains("Usage: clickhouse-rowbinary scaffold --table NAME", noTableError);
        Assert.Contains("unknown option '--colour'", unknownError);
        Assert.Contains("--record 'not a name' is not a C# identifier", badRecordError);
        Assert.Equal(0, (await RunAsync("--help")).Exit);
    }

    private static async Task<(int Exit, string Output, string Error)> RunAsync(params string[] args)
    {
        var output = new StringWriter { NewLine = "\n" };
        var error = new StringWriter { NewLine = "\n" };
        int exit = await ScaffoldCommand.RunAsync(args, output, error);
        return (exit, output.ToString(), error.ToString());
    }
}
