using System.Text;
using System.Text.Json;

namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>
/// The parameter texts the client sends, parsed by ClickHouse 26.9 itself: a server parses <c>param_name</c> values
/// as text in the escaped (TabSeparated) form, so one TabSeparated line of them must give back every value.
/// The server here (18.16) predates query parameters, so this is where their texts are proven.
/// </summary>
public sealed class ParameterOracleTests
{
    [OracleFact]
    public async Task ClickHouse_parses_every_parameter_text_back_to_its_value()
    {
        var handler = new FakeClickHouse(_ => FakeClickHouse.Ok([]));
        using ClickHouseClient client = FakeClickHouse.Client(handler);
        var options = new ClickHouseQueryOptions();
        foreach ((string name, object? value, _) in ParameterCases.All)
        {
            options.Parameters[name] = value;
        }
        await client.ExecuteAsync("SELECT 1", options);
        Dictionary<string, string> sent = Assert.Single(handler.Requests).Parameters;

        string structure = string.Join(", ", ParameterCases.All.Select(c => $"{c.Name} {ParameterCases.Types[c.Name]}"));
        string line = string.Join('\t', ParameterCases.All.Select(c => sent["param_" + c.Name])) + "\n";
        string json = Assert.Single(OracleProcess.Parse(structure, "TabSeparated", Encoding.UTF8.GetBytes(line)));

        using JsonDocument parsed = JsonDocument.Parse(json);
        foreach ((string name, _, _) in ParameterCases.All)
        {
            JsonElement actual = parsed.RootElement.GetProperty(name);
            using JsonDocument expected = JsonDocument.Parse(ParameterCases.Json[name]);
            Assert.True(JsonElement.DeepEquals(expected.RootElement, actual), $"{name}: expected {ParameterCases.Json[name]}, ClickHouse read {actual.GetRawText()}");
        }
    }
}
