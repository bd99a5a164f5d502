using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

public sealed partial class ClickHouseClient
{
    internal const string NativeFormatName = "Native";

    /// <summary>
    /// ClickHouse writes JSON columns in Native as their objects' subcolumns unless told to write them as text, the only
    /// layout the Native readers take (servers with the JSON type have the setting).
    /// </summary>
    private const string NativeJsonAsStringSetting = "output_format_native_write_json_as_string";

    /// <summary>
    /// The rows of each block a typed Native query asks for: MergeTree's granule. A read starts on a block once it has
    /// arrived whole, so smaller blocks bring the first rows sooner, and the reader holds one block's bytes: the server's
    /// own 65,409 rows are 42 MB of ClickBench's <c>hits</c> (the rows themselves are built a batch at a time either
    /// way; docs/native-format.md).
    /// </summary>
    private const string RequestedBlockRows = "8192";

    private const string MaxBlockSizeSetting = "max_block_size";

    /// <summary>
    /// Whether an INSERT of rows of <typeparamref name="T"/> in <paramref name="rowFormat"/> goes as Native: as the request
    /// or the client asks, else (<see cref="ClickHouseClientOptions.WireFormat"/> null) Native where the insert check runs
    /// (<paramref name="checkSchema"/>: blocks then name the table's own types, which old servers read a block's bytes as)
    /// and no column's Native layout depends on the server's version.
    /// </summary>
    internal bool InsertsNative<T>(ClickHouseWireFormat? requested, RowBinaryFormat rowFormat, bool checkSchema, string optionsName)
        where T : IClickHouseRow<T>
    {
        ClickHouseWireFormat? chosen = requested ?? _wireFormat;
        if (chosen is { } format)
        {
            CheckWireFormat(format, optionsName);
        }
        if (rowFormat == RowBinaryFormat.RowBinaryWithDefaults)
        {
            if (requested == ClickHouseWireFormat.Native)
            {
                throw new ArgumentException(
                    "A RowBinaryWithDefaults INSERT is sent as RowBinary: Native has no per-value defaults. Leave WireFormat null, or set Format to RowBinary.",
                    optionsName);
            }
            return false;
        }
        return chosen is null ? checkSchema && !NativeRowTypes<T>.LayoutDependsOnServer : chosen == ClickHouseWireFormat.Native;
    }

    /// <summary>
    /// Whether a typed query asks for Native: not where the caller named a RowBinary format; else as the query or the
    /// client asks, else (<see cref="ClickHouseClientOptions.WireFormat"/> null) Native where no column's Native layout
    /// depends on the server's version.
    /// </summary>
    private bool ReadsNative<T>(ClickHouseQueryOptions? options)
        where T : IClickHouseRow<T>
    {
        if (options?.Format is { } format)
        {
            if (options.WireFormat == ClickHouseWireFormat.Native)
            {
                throw new ArgumentException($"A query reads Native or {format}, not both: set Format or WireFormat.", nameof(options));
            }
            return false;
        }
        ClickHouseWireFormat? chosen = options?.WireFormat ?? _wireFormat;
        return chosen is { } wire ? CheckWireFormat(wire, nameof(options)) == ClickHouseWireFormat.Native : !NativeRowTypes<T>.LayoutDependsOnServer;
    }

    private static ClickHouseWireFormat CheckWireFormat(ClickHouseWireFormat format, string optionsName)
        => format is ClickHouseWireFormat.RowBinary or ClickHouseWireFormat.Native
            ? format
            : throw new ArgumentOutOfRangeException(optionsName, format, "WireFormat is RowBinary or Native.");

    private IAsyncEnumerable<T> QueryNativeAsync<T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken)
        where T : IClickHouseRow<T>
    {
        CheckStreamedQuery(sql, options);
        return new NativeRows<T>(
            async token =>
            {
                ClickHouseResponseStream body = await SendNativeQueryAsync<T>(sql, options, token).ConfigureAwait(false);
                return (body, body);
            },
            ownsStream: true,
            cancellationToken,
            failover: () => FirstRowFailoverFor(sql, options),
            strings: StringCachesOf<T>());
    }

    private async Task<List<T>> QueryNativeListAsync<T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken)
        where T : IClickHouseRow<T>
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(sql);
        ClickHouseResponseStream body = await SendNativeQueryAsync<T>(sql, options, cancellationToken).ConfigureAwait(false);
        await using (body.ConfigureAwait(false))
        {
            try
            {
                List<T> rows = await NativeSerializer.ReadListAsync<T>(body, StringCachesOf<T>(), cancellationToken).ConfigureAwait(false);
                body.RowsRead(rows.Count);
                return rows;
            }
            catch (Exception e)
            {
                body.Failed(e);
                throw;
            }
        }
    }

    private async Task<ClickHouseResponseStream> SendNativeQueryAsync<T>(string sql, ClickHouseQueryOptions? options, CancellationToken cancellationToken)
        where T : IClickHouseRow<T>
    {
        options = WithSettingUnlessSet(options, MaxBlockSizeSetting, RequestedBlockRows);
        if (NativeRowTypes<T>.HasJson)
        {
            options = WithSettingUnlessSet(options, NativeJsonAsStringSetting, "1");
        }
        ClickHouseResponseStream body = await SendQueryAsync(string.Concat(TrimStatementEnd(sql), "\nFORMAT ", NativeFormatName), options, cancellationToken).ConfigureAwait(false);
        body.ReadAheadChunks = ReadAheadStream.NativeChunks;
        return body;
    }

    /// <summary>
    /// <paramref name="options"/>, or a copy with one more setting where neither they nor the client set it (the caller's
    /// options are not changed).
    /// </summary>
    private ClickHouseQueryOptions? WithSettingUnlessSet(ClickHouseQueryOptions? options, string name, string value)
    {
        if ((options?.Settings.ContainsKey(name) ?? false) || HasClientSetting(name))
        {
            return options;
        }
        return WithSetting(options, name, value);
    }

    private static ClickHouseQueryOptions WithSetting(ClickHouseQueryOptions? options, string name, string value)
    {
        ClickHouseQueryOptions copy = options?.Copy() ?? new ClickHouseQueryOptions();
        copy.Settings[name] = value;
        return copy;
    }

    /// <summary>What Native requests of <typeparamref name="T"/> depend on in its column types, worked out once per row type.</summary>
    private static class NativeRowTypes<T>
        where T : IClickHouseRow<T>
    {
        // Not static readonly fields: a broken schema stays a clear exception, not a TypeInitializationException.
        private static bool? s_hasJson;
        private static bool? s_layoutDependsOnServer;

        /// <summary>A column of the row type is JSON or holds JSON: a read asks for it as text.</summary>
        public static bool HasJson => s_hasJson ??= AnyColumnHolds(kind => kind == ClickHouseTypeKind.Json);

        /// <summary>
        /// A column is JSON or Dynamic, or holds one: their Native layouts (serialization versions, flattened or not)
        /// changed between server versions, where their RowBinary did not; such rows go as RowBinary unless asked.
        /// </summary>
        public static bool LayoutDependsOnServer => s_layoutDependsOnServer ??= AnyColumnHolds(kind => kind is ClickHouseTypeKind.Json or ClickHouseTypeKind.Dynamic);

        private static bool AnyColumnHolds(Func<ClickHouseTypeKind, bool> kind) => RowSchemaCache<T>.Types.Any(type => Holds(type, kind));

        private static bool Holds(ClickHouseType type, Func<ClickHouseTypeKind, bool> kind)
            => kind(type.Kind) || type.Arguments.Any(argument => Holds(argument, kind));
    }
}
