using System;
using System.Collections.Generic;
using System.ComponentModel;
using System.Data;
using System.Data.Common;
using System.Diagnostics.CodeAnalysis;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// A statement run over a <see cref="ClickHouseConnection"/>: one HTTP request. Parameters are ClickHouse's
/// server-side parameters: the SQL names them as <c>{name:Type}</c>, or as <c>@name</c> (what Dapper writes), which
/// becomes <c>{name:Type}</c> with the parameter's type; values never enter the SQL.
/// </summary>
public sealed class ClickHouseCommand : DbCommand
{
    private readonly ClickHouseParameterCollection _parameters = new();
    private ClickHouseConnection? _connection;
    private CancellationTokenSource? _running;
    private ClickHouseDataReader? _reader;
    private CommandType _commandType = CommandType.Text;
    private bool _cancelRequested;

    public ClickHouseCommand()
    {
    }

    public ClickHouseCommand(string commandText, ClickHouseConnection? connection = null)
    {
        CommandText = commandText;
        _connection = connection;
    }

    [AllowNull]
    public override string CommandText { get; set; } = "";

    /// <summary>
    /// Seconds the command may take before it is cancelled (for a reader: until it has the result's columns); 0, the
    /// default, leaves it to <see cref="ClickHouseClientOptions.Timeout"/>.
    /// </summary>
    public override int CommandTimeout { get; set; }

    /// <summary>Only <see cref="CommandType.Text"/>: ClickHouse has no stored procedures.</summary>
    public override CommandType CommandType
    {
        get => _commandType;
        set => _commandType = value == CommandType.Text ? value : throw new NotSupportedException($"ClickHouse runs SQL text only; CommandType.{value} is not supported.");
    }

    public override bool DesignTimeVisible { get; set; }

    public override UpdateRowSource UpdatedRowSource { get; set; }

    /// <summary>ClickHouse settings for this command, e.g. <c>max_execution_time</c> = <c>10</c>.</summary>
    public IDictionary<string, string> Settings { get; } = new Dictionary<string, string>(StringComparer.Ordinal);

    /// <summary>Tables of the application's rows sent with the statement; see <see cref="ClickHouseQueryOptions.ExternalTables"/>.</summary>
    public IList<ClickHouseExternalTable> ExternalTables { get; } = new List<ClickHouseExternalTable>();

    /// <summary>The query id (<c>query_id</c>) of the next execution; the server makes one when null.</summary>
    public string? QueryId { get; set; }

    public new ClickHouseConnection? Connection
    {
        get => _connection;
        set => _connection = value;
    }

    protected override DbConnection? DbConnection
    {
        get => _connection;
        set => _connection = value as ClickHouseConnection ?? (value is null ? null : throw new ArgumentException($"A ClickHouseCommand runs on a ClickHouseConnection, not {value.GetType().Name}."));
    }

    public new ClickHouseParameterCollection Parameters => _parameters;

    protected override DbParameterCollection DbParameterCollection => _parameters;

    /// <summary>Always null: ClickHouse has no transactions over HTTP (see <c>ClickHouseConnection.BeginTransaction</c>).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    protected override DbTransaction? DbTransaction
    {
        get => null;
        set
        {
            if (value is not null)
            {
                throw new NotSupportedException("ClickHouse has no transactions over HTTP; a command cannot run in one.");
            }
        }
    }

    public new ClickHouseParameter CreateParameter() => new();

    protected override DbParameter CreateDbParameter() => CreateParameter();

    /// <summary>Nothing to prepare: the statement travels with each execution.</summary>
    public override void Prepare()
    {
    }

    /// <summary>Aborts the command's request: the running statement, or the reads of the reader it returned.</summary>
    public override void Cancel()
    {
        _cancelRequested = true;
        try
        {
            _running?.Cancel();
        }
        catch (ObjectDisposedException)
        {
            // Finished meanwhile.
        }
        _reader?.Abort();
    }

    /// <summary>
    /// Runs the statement to its end. Returns the rows it wrote where the server says (its <c>X-ClickHouse-Summary</c>
    /// header, sent by ClickHouse 20.x and later: INSERT ... SELECT counts them), else -1.
    /// </summary>
    public override int ExecuteNonQuery() => ExecuteNonQueryAsync(CancellationToken.None).GetAwaiter().GetResult();

    /// <inheritdoc cref="ExecuteNonQuery"/>
    public override async Task<int> ExecuteNonQueryAsync(CancellationToken cancellationToken)
    {
        (ClickHouseClient client, string sql, ClickHouseQueryOptions options) = Prepare(out CancellationTokenSource running, cancellationToken);
        using (running)
        {
            try
            {
                long? written = await client.ExecuteForWrittenRowsAsync(sql, options, running.Token).ConfigureAwait(false);
                return written is { } rows ? (int)Math.Min(rows, int.MaxValue) : -1;
            }
            catch (OperationCanceledException e) when (!cancellationToken.IsCancellationRequested)
            {
                throw Cancelled(e);
            }
        }
    }

    /// <summary>The first column of the first row, as <see cref="ClickHouseDataReader.GetValue"/> gives it; null when there is no row.</summary>
    public override object? ExecuteScalar() => ExecuteScalarAsync(CancellationToken.None).GetAwaiter().GetResult();

    /// <inheritdoc cref="ExecuteScalar"/>
    public override async Task<object?> ExecuteScalarAsync(CancellationToken cancellationToken)
    {
        await using ClickHouseDataReader reader = await ExecuteReaderAsync(CommandBehavior.SingleRow, cancellationToken).ConfigureAwait(false);
        return await reader.ReadAsync(cancellationToken).ConfigureAwait(false) ? reader.GetValue(0) : null;
    }

    public new ClickHouseDataReader ExecuteReader() => ExecuteReader(CommandBehavior.Default);

    public new ClickHouseDataReader ExecuteReader(CommandBehavior behavior) => ExecuteReaderAsync(behavior, CancellationToken.None).GetAwaiter().GetResult();

    public new Task<ClickHouseDataReader> ExecuteReaderAsync(CancellationToken cancellationToken = default) => ExecuteReaderAsync(CommandBehavior.Default, cancellationToken);

    /// <summary>Runs the query and returns a reader of its rows once the columns are known; see <see cref="ClickHouseDataReader"/>.</summary>
    public new async Task<ClickHouseDataReader> ExecuteReaderAsync(CommandBehavior behavior, CancellationToken cancellationToken)
    {
        (ClickHouseClient client, string sql, ClickHouseQueryOptions options) = Prepare(out CancellationTokenSource running, cancellationToken);
        using (running)
        {
            try
            {
                ClickHouseDataReader reader = await client.ExecuteReaderAsync(sql, options, running.Token).ConfigureAwait(false);
                if ((behavior & CommandBehavior.CloseConnection) != 0)
                {
                    reader.Closing = _connection!.Close;
                }
                _reader = reader;
                return reader;
            }
            catch (OperationCanceledException e) when (!cancellationToken.IsCancellationRequested)
            {
                throw Cancelled(e);
            }
        }
    }

    protected override DbDataReader ExecuteDbDataReader(CommandBehavior behavior) => ExecuteReader(behavior);

    protected override async Task<DbDataReader> ExecuteDbDataReaderAsync(CommandBehavior behavior, CancellationToken cancellationToken)
        => await ExecuteReaderAsync(behavior, cancellationToken).ConfigureAwait(false);

    /// <summary>The client, the SQL with its <c>@name</c> placeholders typed, and the options carrying the values.</summary>
    private (ClickHouseClient Client, string Sql, ClickHouseQueryOptions Options) Prepare(out CancellationTokenSource running, CancellationToken cancellationToken)
    {
        ClickHouseConnection connection = _connection ?? throw new InvalidOperationException("The command has no connection.");
        if (connection.State != ConnectionState.Open)
        {
            throw new InvalidOperationException("The connection is not open: call Open (or OpenAsync) first.");
        }
        if (string.IsNullOrWhiteSpace(CommandText))
        {
            throw new InvalidOperationException("The command has no CommandText.");
        }
        var options = new ClickHouseQueryOptions { Database = connection.CommandDatabase, QueryId = QueryId };
        foreach (KeyValuePair<string, string> setting in Settings)
        {
            options.Settings[setting.Key] = setting.Value;
        }
        foreach (ClickHouseExternalTable table in ExternalTables)
        {
            options.ExternalTables.Add(table);
        }
        var types = new Dictionary<string, ClickHouseParameter>(StringComparer.Ordinal);
        foreach (ClickHouseParameter parameter in _parameters)
        {
            if (parameter.ParameterName.Length == 0)
            {
                throw new ArgumentException("A parameter has no name; ClickHouse parameters are named.");
            }
            if (parameter.ClickHouseType is not null)
            {
                // A type given is checked against the value now, whether the SQL names it as @name or {name:Type}.
                ClickHouseParameterTypes.Of(parameter);
            }
            types[parameter.ParameterName] = parameter;
            options.Parameters[parameter.ParameterName] = parameter.Value is DBNull ? null : parameter.Value;
        }
        string sql = ParameterPlaceholders.Rewrite(CommandText, name => types.TryGetValue(name, out ClickHouseParameter? parameter) ? ClickHouseParameterTypes.Of(parameter) : null);
        running = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        if (CommandTimeout > 0)
        {
            running.CancelAfter(TimeSpan.FromSeconds(CommandTimeout));
        }
        _running = running;
        _reader = null;
        _cancelRequested = false;
        return (connection.Client, sql, options);
    }

    private Exception Cancelled(OperationCanceledException e)
        => CommandTimeout > 0 && !_cancelRequested
            ? new TimeoutException($"The command did not complete within its CommandTimeout of {CommandTimeout} s; the request was aborted.", e)
            : e;
}
