using System.Diagnostics;
using System.Net;
using ClickHouse.RowBinary.IntegrationTests.Rows;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.IntegrationTests.Server;

/// <summary>Failures against a real server: errors mid-result, bad credentials, cancelled and abandoned reads.</summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class ServerErrorTests(ClickHouseServerFixture server, ITestOutputHelper output)
{
    [ServerFact]
    public async Task An_error_in_the_middle_of_a_result_is_a_server_exception_after_only_real_rows()
    {
        ulong expected = 0;
        var error = await Assert.ThrowsAsync<ClickHouseServerException>(async () =>
        {
            await foreach (NumberRow row in server.Client.QueryAsync<NumberRow>(
                "SELECT number, throwIf(number = 3000000) AS thrown FROM numbers(5000000)"))
            {
                // A row made of error text would break the sequence.
                Assert.Equal(new NumberRow(expected, 0), row);
                expected++;
            }
        });

        output.WriteLine($"{expected:N0} rows, then: {error.Message}");
        Assert.Equal(395, error.Code); // FUNCTION_THROW_IF_VALUE_IS_NON_ZERO
        Assert.Equal(HttpStatusCode.OK, error.StatusCode);
        Assert.Contains("throwIf", error.ServerMessage);
        Assert.InRange(expected, 1UL, 3_000_000UL);
    }

    [ServerFact]
    public async Task A_wrong_password_is_an_authentication_error()
    {
        ClickHouseClientOptions options = TestServer.CreateOptions();
        options.Password = "not-the-password";
        using var client = new ClickHouseClient(options);

        var error = await Assert.ThrowsAsync<ClickHouseServerException>(() => client.ExecuteAsync("SELECT 1"));

        output.WriteLine(error.Message);
        Assert.True(error.IsAuthenticationFailure, error.Message);
        // UNKNOWN_USER (a server without the configured user), WRONG_PASSWORD (old servers), REQUIRED_PASSWORD (a user
        // with no password given one, ClickHouse 26.9), AUTHENTICATION_FAILED.
        Assert.Contains(error.Code, new[] { 192, 193, 194, 516 });
        Assert.Contains(error.StatusCode, new[] { HttpStatusCode.Unauthorized, HttpStatusCode.Forbidden, HttpStatusCode.InternalServerError });
        Assert.StartsWith("ClickHouse authentication failed", error.Message);
        Assert.DoesNotContain("not-the-password", error.Message);
    }

    [ServerFact]
    public async Task Cancelling_a_read_stops_it_promptly_and_the_client_goes_on()
    {
        using var cancellation = new CancellationTokenSource();
        var sinceCancel = new Stopwatch();
        long rows = 0;

        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
        {
            await foreach (CountRow row in server.Client.QueryAsync<CountRow>("SELECT number FROM system.numbers", cancellation.Token))
            {
                if (++rows == 200_000)
                {
                    cancellation.Cancel();
                    sinceCancel.Start();
                }
            }
        });

        output.WriteLine($"stopped {sinceCancel.Elapsed.TotalMilliseconds:N0} ms after cancelling, at row {rows:N0}");
        // Prompt, against an endless read; the bound leaves room for a starved machine.
        Assert.InRange(sinceCancel.Elapsed, TimeSpan.Zero, TimeSpan.FromSeconds(5));
        Assert.Equal("1\n", await server.Client.QueryTextAsync("SELECT 1"));
    }

    [ServerFact]
    public async Task Cancelling_before_the_server_answers_stops_promptly()
    {
        using var cancellation = new CancellationTokenSource(TimeSpan.FromMilliseconds(200));
        var clock = Stopwatch.StartNew();

        // Tens of seconds of work and not a byte before its end (the client kills it on the server once cancelled).
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => server.Client.QueryTextAsync("SELECT sum(number) FROM numbers(20000000000)", cancellation.Token));

        Assert.InRange(clock.Elapsed, TimeSpan.Zero, TimeSpan.FromSeconds(5));
        Assert.Equal("1\n", await server.Client.QueryTextAsync("SELECT 1"));
    }

    [ServerFact]
    public async Task Leaving_a_read_early_ends_the_request_and_the_client_goes_on()
    {
        var clock = Stopwatch.StartNew();
        long rows = 0;
        await foreach (CountRow row in server.Client.QueryAsync<CountRow>("SELECT number FROM system.numbers"))
        {
            if (++rows == 100_000)
            {
                break;
            }
        }

        Assert.InRange(clock.Elapsed, TimeSpan.Zero, TimeSpan.FromSeconds(10));
        Assert.Equal("1\n", await server.Client.QueryTextAsync("SELECT 1"));
    }

    [ServerFact]
    public async Task A_timeout_names_itself()
    {
        using ClickHouseClient impatient = server.CreateClient(o => o.Timeout = TimeSpan.FromMilliseconds(300));

        var error = await Assert.ThrowsAsync<TimeoutException>(() => impatient.QueryTextAsync("SELECT sleep(2)"));

        Assert.Contains("did not answer within", error.Message);
    }

    [ServerFact]
    public async Task An_unknown_table_is_a_server_error_before_any_data()
    {
        // Unchecked: checked, the client finds no such table before sending (InsertSchemaCheckTests).
        var error = await Assert.ThrowsAsync<ClickHouseServerException>(
            () => server.Client.InsertAsync("no_such_table", WebVisit.Generate(1000), new ClickHouseInsertOptions { CheckSchema = false }));

        Assert.Equal(60, error.Code); // UNKNOWN_TABLE
        Assert.NotEqual(HttpStatusCode.OK, error.StatusCode);
        Assert.Contains("no_such_table", error.ServerMessage);
    }
}
