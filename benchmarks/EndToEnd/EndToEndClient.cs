namespace ClickHouse.RowBinary.Benchmarks.EndToEnd;

/// <summary>The library's own HTTP client, pointed at the benchmark server with the same credentials.</summary>
public static class EndToEndClient
{
    public static ClickHouseClient Create(ClickHouseEndpoint endpoint) => new(new ClickHouseClientOptions
    {
        Endpoint = endpoint.Url,
        User = endpoint.User,
        Password = endpoint.Password,
    });
}
