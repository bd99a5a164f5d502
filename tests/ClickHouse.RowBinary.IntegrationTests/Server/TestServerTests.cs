namespace ClickHouse.RowBinary.IntegrationTests.Server;

/// <summary>The test infrastructure reads <c>CLICKHOUSE_URL</c> as the client does: a list of URLs, of which the server tests use the first.</summary>
public sealed class TestServerTests
{
    [Fact]
    public void The_server_tests_take_the_first_URL_of_a_list()
    {
        Assert.Equal("http://ch-1:8123", TestServer.FirstUrl("http://ch-1:8123, http://ch-2:8123,http://ch-3:8123"));
        Assert.Equal("http://ch-1:8123", TestServer.FirstUrl("http://ch-1:8123"));
        Assert.Null(TestServer.FirstUrl(""));
        Assert.Null(TestServer.FirstUrl(null));
        Assert.Equal(new Uri("http://ch-1:8123/"), new Uri(TestServer.FirstUrl("http://ch-1:8123,http://ch-2:8123")!));
    }
}
