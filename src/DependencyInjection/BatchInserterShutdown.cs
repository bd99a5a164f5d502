using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace ClickHouse.RowBinary.DependencyInjection;

/// <summary>Drains a registered batch inserter when the host stops, before the container disposes anything.</summary>
internal sealed class BatchInserterShutdown<T>(System.IServiceProvider services) : IHostedService where T : IClickHouseRow<T>
{
    public Task StartAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    /// <summary>Sends what was accepted; the host's shutdown timeout (<paramref name="cancellationToken"/>) ends the wait, not the sending.</summary>
    public Task StopAsync(CancellationToken cancellationToken)
        => services.GetRequiredService<ClickHouseBatchInserter<T>>().DisposeAsync().AsTask().WaitAsync(cancellationToken);
}
