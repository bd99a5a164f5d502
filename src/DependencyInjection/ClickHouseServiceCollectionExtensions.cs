using System;
using System.Collections.Generic;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Threading;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;

namespace ClickHouse.RowBinary.DependencyInjection;

/// <summary>Registers ClickHouse.RowBinary's client and batch inserters in an <see cref="IServiceCollection"/>.</summary>
public static class ClickHouseServiceCollectionExtensions
{
    /// <summary>The name of the <see cref="HttpClient"/> the client gets from <see cref="IHttpClientFactory"/>: configure it further with the returned builder.</summary>
    public const string HttpClientName = "ClickHouse.RowBinary";

    /// <summary>
    /// Registers one <see cref="ClickHouseClient"/> (a singleton: it is thread-safe) configured in code, over an
    /// <see cref="HttpClient"/> from <see cref="IHttpClientFactory"/>. Its requests are logged through the registered
    /// <c>ILoggerFactory</c> (category <c>ClickHouse.RowBinary</c>): each at Debug, failed batch inserter attempts at
    /// Information, an endpoint going down at Warning, other failures at Warning (expected ones and cancellations at Debug).
    /// </summary>
    /// <returns>The named HttpClient's builder, to add handlers, a proxy or certificates.</returns>
    public static IHttpClientBuilder AddClickHouseClient(this IServiceCollection services, Action<ClickHouseClientOptions> configure)
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(configure);
        services.Configure(configure);
        return AddClient(services);
    }

    /// <summary>
    /// Registers one <see cref="ClickHouseClient"/> whose options come from a configuration section, e.g.
    /// <c>{"Endpoint": "http://localhost:8123", "User": "writer", "Settings": {"max_threads": "4"}}</c>;
    /// <paramref name="configure"/> may add to them.
    /// </summary>
    /// <inheritdoc cref="AddClickHouseClient(IServiceCollection, Action{ClickHouseClientOptions})"/>
    public static IHttpClientBuilder AddClickHouseClient(this IServiceCollection services, IConfiguration section, Action<ClickHouseClientOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(section);
        services.Configure<ClickHouseClientOptions>(options => ClickHouseClientOptionsBinder.Bind(section, options));
        if (configure is not null)
        {
            services.Configure(configure);
        }
        return AddClient(services);
    }

    /// <summary>
    /// Registers a <see cref="ClickHouseBatchInserter{T}"/> for <paramref name="table"/> as a singleton over the
    /// registered <see cref="ClickHouseClient"/>, keyed by the table name (inject it with
    /// <c>[FromKeyedServices("table")]</c>); while a row type has one table, it is also registered without a key. Each
    /// table of one row type has its own inserter; registering a table twice for one row type is an error. When the host
    /// stops, each inserter stops accepting rows, sends every row it accepted and waits for the acknowledgements, until
    /// its <see cref="ClickHouseBatchInserterOptions.ShutdownTimeout"/> or the host's shutdown timeout: then the rows not
    /// acknowledged fail their callers with <see cref="ClickHouseInsertUnacknowledgedException"/>.
    /// </summary>
    public static IServiceCollection AddClickHouseBatchInserter<T>(this IServiceCollection services, string table,
        Action<ClickHouseBatchInserterOptions>? configure = null)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentException.ThrowIfNullOrEmpty(table);
        List<string> tables = [.. services.Where(d => d.ServiceType == typeof(ClickHouseBatchInserter<T>) && d.IsKeyedService && d.ServiceKey is string)
            .Select(d => (string)d.ServiceKey!)];
        if (tables.Contains(table, StringComparer.Ordinal))
        {
            throw new InvalidOperationException(
                $"A ClickHouseBatchInserter<{typeof(T).Name}> for the table '{table}' is registered already: each table has one inserter, registered once.");
        }
        services.AddKeyedSingleton(table, (provider, _) =>
        {
            var options = new ClickHouseBatchInserterOptions();
            configure?.Invoke(options);
            return provider.GetRequiredService<ClickHouseClient>().CreateBatchInserter<T>(table, options);
        });
        tables.Add(table);
        services.RemoveAll<ClickHouseBatchInserter<T>>();
        if (tables.Count == 1)
        {
            services.AddSingleton(provider => provider.GetRequiredKeyedService<ClickHouseBatchInserter<T>>(table));
        }
        else
        {
            string names = string.Join(", ", tables.Select(name => $"'{name}'"));
            services.AddSingleton<ClickHouseBatchInserter<T>>(_ => throw new InvalidOperationException(
                $"ClickHouseBatchInserter<{typeof(T).Name}> is registered for the tables {names}: ask for one by its table, e.g. [FromKeyedServices(\"{tables[0]}\")]."));
        }
        services.AddSingleton<IHostedService>(provider => new BatchInserterShutdown<T>(provider, table));
        return services;
    }

    private static IHttpClientBuilder AddClient(IServiceCollection services)
    {
        services.AddSingleton(provider => new ClickHouseRequestLog(provider.GetService<Microsoft.Extensions.Logging.ILoggerFactory>()
            ?? Microsoft.Extensions.Logging.Abstractions.NullLoggerFactory.Instance));
        services.AddSingleton(provider => new ClickHouseEventLog(provider.GetService<Microsoft.Extensions.Logging.ILoggerFactory>()
            ?? Microsoft.Extensions.Logging.Abstractions.NullLoggerFactory.Instance));
        services.AddSingleton(provider =>
        {
            // Logging starts with the first client (category ClickHouse.RowBinary; ClickHouseRequestLog says what goes at which level).
            provider.GetRequiredService<ClickHouseRequestLog>();
            provider.GetRequiredService<ClickHouseEventLog>();
            return new ClickHouseClient(
                provider.GetRequiredService<IHttpClientFactory>().CreateClient(HttpClientName),
                provider.GetRequiredService<IOptions<ClickHouseClientOptions>>().Value);
        });
        return services.AddHttpClient(HttpClientName)
            // ClickHouseClientOptions.Timeout applies per request; the factory's 100 s default would cut long reads.
            .ConfigureHttpClient(http => http.Timeout = Timeout.InfiniteTimeSpan)
            .ConfigurePrimaryHttpMessageHandler(() => new SocketsHttpHandler
            {
                // The client decompresses results itself, as they stream.
                AutomaticDecompression = DecompressionMethods.None,
                // The client is a singleton: its connections follow DNS changes by living no longer than this.
                PooledConnectionLifetime = TimeSpan.FromMinutes(5),
            });
    }
}
