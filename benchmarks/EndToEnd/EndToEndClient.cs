namespace ClickHouse.RowBinary.Benchmarks.EndToEnd;

/// <summary>
/// The library's own HTTP client, pointed at the benchmark server with the same credentials, in RowBinary both ways
/// (the format the end-to-end suites compare with hand-written RowBinary and the stand-ins; EndToEndFormatBenchmarks
/// names its format per request).
/// </summary>
public static class EndToEndClient
{
    public static ClickHouseClient Create(ClickHouseEndpoint endpoint) => new(new ClickHouseClientOptions
    {
        Endpoint = endpoint.Url,
        User = endpoint.User,
        Password = endpoint.Password,
        WireFormat = ClickHouseWireFormat.RowBinary,
    });
}
