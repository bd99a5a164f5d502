using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace ClickHouse.RowBinary.DependencyInjection;

/// <summary>Drains one registered batch inserter (the one for <paramref name="table"/>) when the host stops, before the container disposes anything.</summary>
internal sealed class BatchInserterShutdown<T>(System.IServiceProvider services, string table) : IHostedService where T : IClickHouseRow<T>
{
    public Task StartAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    /// <summary>
    /// Sends what was accepted and waits for the acknowledgements, until the inserter's ShutdownTimeout or the host's
    /// shutdown timeout (<paramref name="cancellationToken"/>): then the rows not acknowledged fail their callers.
    /// </summary>
    public Task StopAsync(CancellationToken cancellationToken)
        => services.GetRequiredKeyedService<ClickHouseBatchInserter<T>>(table).ShutdownAsync(cancellationToken);
}
