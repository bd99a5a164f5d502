using System.Diagnostics;
using System.Net;
using System.Net.Http.Json;
using System.Text;
using System.Text.Json;
using ClickHouse.RowBinary.IntegrationTests.Faults;
using ClickHouse.RowBinary.IntegrationTests.Packaging;
using ClickHouse.RowBinary.IntegrationTests.Server;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.IntegrationTests.Samples;

/// <summary>
/// samples/WebApi as a user runs it: built, started on a free port against the server, sent concurrent page views and
/// asked for the statistics, for a few seconds; its console shows the batch INSERT spans with their links.
/// </summary>
[Collection(ClickHouseServerCollection.Name)]
public sealed class WebApiSampleTests(ClickHouseServerFixture server, ITestOutputHelper output)
{
    private const int Views = 200;

    [ServerFact]
    public async Task The_sample_batches_concurrent_page_views_into_few_INSERTs_and_serves_typed_statistics()
    {
        string root = SharedFiles.RepositoryRoot;
        string project = Path.Combine(root, "samples", "WebApi");
        DotnetCommand.Run(output, root, $"build \"{project}\" -c Release");
        int port = LocalPorts.Unused();
        var arguments = new List<string>
        {
            "WebApi.dll", "--urls", $"http://127.0.0.1:{port}",
            $"--ClickHouse:Endpoint={TestServer.Endpoint}", $"--ClickHouse:Database={server.Database}",
        };
        if (TestServer.User is { } user)
        {
            arguments.Add($"--ClickHouse:User={user}");
        }
        if (TestServer.Password is { } password)
        {
            arguments.Add($"--ClickHouse:Password={password}");
        }
        var start = new ProcessStartInfo("dotnet", arguments)
        {
            WorkingDirectory = Path.Combine(project, "bin", "Release", "net10.0"),
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        var console = new StringBuilder();
        using Process sample = Process.Start(start)!;
        sample.OutputDataReceived += (_, line) => { lock (console) { console.AppendLine(line.Data); } };
        sample.ErrorDataReceived += (_, line) => { lock (console) { console.AppendLine(line.Data); } };
        sample.BeginOutputReadLine();
        sample.BeginErrorReadLine();
        try
        {
            using var http = new HttpClient { BaseAddress = new Uri($"http://127.0.0.1:{port}/") };
            await WaitUntilServingAsync(http, sample, console);

            HttpResponseMessage[] views = await Task.WhenAll(Enumerable.Range(0, Views)
                .Select(i => http.PostAsJsonAsync("view", new { page = $"/p/{i % 4}" })));
            Assert.All(views, view => Assert.Equal(HttpStatusCode.NoContent, view.StatusCode));
            using JsonDocument stats = JsonDocument.Parse(await http.GetStringAsync("stats"));

            Assert.Equal(
                [("/p/0", 50UL), ("/p/1", 50UL), ("/p/2", 50UL), ("/p/3", 50UL)],
                stats.RootElement.EnumerateArray().Select(row => (row.GetProperty("page").GetString()!, row.GetProperty("views").GetUInt64())));
        }
        finally
        {
            sample.Kill(entireProcessTree: true);
            await sample.WaitForExitAsync();
        }
        string text;
        lock (console)
        {
            text = console.ToString();
        }
        output.WriteLine(text);
        // Every row was acknowledged before its request answered, in far fewer INSERTs than requests; each INSERT's
        // span is a root linked to the requests it carried (the console exporter prints them).
        int inserts = text.Split("Activity.DisplayName:        INSERT page_views").Length - 1;
        Assert.InRange(inserts, 1, Views / 4);
        Assert.Contains("Activity.Links:", text, StringComparison.Ordinal);
        Assert.Equal($"{Views}", (await server.Client.QueryTextAsync($"SELECT count() FROM `{server.Database}`.page_views")).Trim());
    }

    private static async Task WaitUntilServingAsync(HttpClient http, Process sample, StringBuilder console)
    {
        var waited = Stopwatch.StartNew();
        while (true)
        {
            Assert.False(sample.HasExited, $"The sample exited ({(sample.HasExited ? sample.ExitCode : 0)}):{Environment.NewLine}{console}");
            Assert.True(waited.Elapsed < TimeSpan.FromMinutes(1), $"The sample did not serve within a minute:{Environment.NewLine}{console}");
            try
            {
                (await http.GetAsync("stats")).EnsureSuccessStatusCode();
                return;
            }
            catch (HttpRequestException)
            {
                await Task.Delay(200);
            }
        }
    }
}
