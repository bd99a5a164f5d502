using System.Runtime.CompilerServices;
using ClickHouse.RowBinary.Compression;

namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>zstd and lz4 come from the companion package, registered once for the whole test assembly.</summary>
public sealed class CompressionCodecsTests
{
    [ModuleInitializer]
    internal static void RegisterZstdAndLz4() => ClickHouseCompressionCodecs.Register();

    [Theory]
    [InlineData(ClickHouseCompression.Zstd)]
    [InlineData(ClickHouseCompression.Lz4)]
    public void The_companion_package_makes_zstd_and_lz4_available_and_only_they_are_registered(ClickHouseCompression compression)
    {
        Assert.True(ClickHouseCompressionRegistry.IsAvailable(compression));
        using var client = new ClickHouseClient(new ClickHouseClientOptions { RequestCompression = compression, ResponseCompression = compression });
        Assert.Throws<ArgumentOutOfRangeException>(() => ClickHouseCompressionRegistry.Register(ClickHouseCompression.GZip, s => s, s => s));
    }
}
