using System.Net;
using ClickHouse.RowBinary.DependencyInjection;
using ClickHouse.RowBinary.IntegrationTests.Faults;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;

namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>Errors that tell the user what to change name it where the options came from: code, environment or configuration.</summary>
public sealed class OptionsSourceHintTests
{
    private const string WrongPassword = "Code: 193, e.displayText() = DB::Exception: Wrong password for user default, e.what() = DB::Exception";

    public static TheoryData<string, string> CredentialSettings => new()
    {
        { "code", "ClickHouseClientOptions.User and ClickHouseClientOptions.Password" },
        { "environment", "the environment variables CLICKHOUSE_USER and CLICKHOUSE_PASSWORD" },
        { "configuration", "the configuration keys ClickHouse:User and ClickHouse:Password" },
    };

    public static TheoryData<string, string> UrlSettings => new()
    {
        { "code", "ClickHouseClientOptions.Endpoint" },
        { "environment", "the environment variable CLICKHOUSE_URL" },
        { "configuration", "the configuration key ClickHouse:Endpoint" },
    };

    [Theory]
    [MemberData(nameof(CredentialSettings))]
    public async Task A_refused_login_names_the_user_and_password_settings_of_the_options_source(string source, string credentials)
    {
        var fake = new FakeClickHouse(_ => FakeClickHouse.Error(HttpStatusCode.Unauthorized, WrongPassword, 193));
        using ServiceProvider provider = Client(source, new Uri("http://fake-clickhouse:8123/"), services => services.ConfigurePrimaryHttpMessageHandler(() => fake));

        ClickHouseServerException error = await Assert.ThrowsAsync<ClickHouseServerException>(
            () => provider.GetRequiredService<ClickHouseClient>().ExecuteAsync("SELECT 1"));

        Assert.StartsWith($"ClickHouse authentication failed (check the user and password: {credentials}) [query id {error.QueryId}]: Code: 193", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(UrlSettings))]
    public async Task A_server_that_cannot_be_reached_names_the_URL_setting_of_the_options_source(string source, string endpoint)
    {
        using ServiceProvider provider = Client(source, new Uri($"http://127.0.0.1:{LocalPorts.Unused()}/"), _ => { });

        HttpRequestException error = await Assert.ThrowsAsync<HttpRequestException>(
            () => provider.GetRequiredService<ClickHouseClient>().ExecuteAsync("SELECT 1"));

        Assert.EndsWith($"Is the server running, and is the URL right ({endpoint})?", error.Message, StringComparison.Ordinal);
    }

    /// <summary>
    /// Credentials in an endpoint URL are refused when the client is made, before any request, log or span could show
    /// them (no request is made): the error names the URL setting and the user and password settings, and quotes the URL without them.
    /// </summary>
    [Theory]
    [MemberData(nameof(UrlSettings))]
    public void An_endpoint_with_a_user_and_password_in_its_URL_is_refused_naming_the_settings_and_never_the_password(string source, string endpoint)
    {
        string user = source switch
        {
            "code" => "ClickHouseClientOptions.User and ClickHouseClientOptions.Password",
            "environment" => "the environment variables CLICKHOUSE_USER and CLICKHOUSE_PASSWORD",
            _ => "the configuration keys ClickHouse:User and ClickHouse:Password",
        };
        using ServiceProvider provider = Client(source, new Uri($"http://admin:s3cret-pw@127.0.0.1:{LocalPorts.Unused()}/"), _ => { });

        ArgumentException error = Assert.Throws<ArgumentException>(() => provider.GetRequiredService<ClickHouseClient>());

        Assert.Contains($"of {endpoint} has a user name or password in its URL", error.Message, StringComparison.Ordinal);
        Assert.Contains($"set {user} instead", error.Message, StringComparison.Ordinal);
        Assert.Contains("'http://***@127.0.0.1:", error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain("s3cret", error.ToString(), StringComparison.Ordinal);
        var endpoints = new ClickHouseClientOptions { Endpoints = { new Uri("http://127.0.0.1:1/"), new Uri("http://u:s3cret@127.0.0.1:2/") } };
        Assert.Contains("of ClickHouseClientOptions.Endpoints has", Assert.Throws<ArgumentException>(() => new ClickHouseClient(endpoints)).Message, StringComparison.Ordinal);
        Assert.Equal("http://***@a:1,https://***@b", EndpointUserInfo.Redacted("http://u:s3cret@a:1,https://s3cret@b"));
    }

    /// <summary>A client registered the way each source is used: options in code, from the environment's names, from a configuration section.</summary>
    private static ServiceProvider Client(string source, Uri endpoint, Action<IHttpClientBuilder> http)
    {
        var services = new ServiceCollection();
        IHttpClientBuilder builder = source switch
        {
            "code" => services.AddClickHouseClient(options => options.Endpoint = endpoint),
            // FromEnvironment sets this source (RequestTests proves it); the variables themselves are not changed here,
            // since tests run in parallel in one process.
            "environment" => services.AddClickHouseClient(options =>
            {
                options.Endpoint = endpoint;
                options.Source = ClickHouseOptionsSource.Environment;
            }),
            _ => services.AddClickHouseClient(new ConfigurationBuilder()
                .AddInMemoryCollection([new KeyValuePair<string, string?>("ClickHouse:Endpoint", endpoint.ToString())]).Build().GetSection("ClickHouse")),
        };
        http(builder);
        return services.BuildServiceProvider();
    }
}
