using System;
using System.Collections.Generic;
using System.IO;
using System.Net;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// An external table of one column of <typeparamref name="T"/> values. Integers, floats, bool, strings, Guids and
/// DateOnly values in their default ClickHouse type are written as they are; other pairs go through
/// <see cref="ClickHouseValueCodec"/> (a box per value), which converts and range-checks as for parameters.
/// </summary>
internal sealed class ValueExternalTable<T> : ClickHouseExternalTable
{
    private readonly IEnumerable<T>? _values;
    private readonly IAsyncEnumerable<T>? _asyncValues;
    private readonly ClickHouseType _type;
    private readonly string _column;
    private readonly bool _direct;

    public ValueExternalTable(string name, string column, ClickHouseType type, IEnumerable<T>? values, IAsyncEnumerable<T>? asyncValues)
        : base(name, [new ExternalTableColumn(CheckColumn(column), type.ToString())])
    {
        _column = column;
        _type = type;
        _values = values;
        _asyncValues = asyncValues;
        _direct = DefaultType() is { } natural && natural.Equals(type) && IsDirect();
    }

    /// <summary>The type given, parsed, else <typeparamref name="T"/>'s default.</summary>
    public static ClickHouseType ColumnType(string table, string? clickHouseType)
    {
        if (clickHouseType is null)
        {
            return DefaultType() ?? throw new ArgumentException(
                $"External table '{table}': no ClickHouse type follows from {CSharpTypeNames.Of(typeof(T))}; pass the column's type " +
                "(e.g. \"Array(UInt64)\"), or, for a [ClickHouseRow] type, use Create(name, rows).", nameof(clickHouseType));
        }
        try
        {
            return ClickHouseType.Parse(clickHouseType);
        }
        catch (ClickHouseTypeParseException e)
        {
            throw new ArgumentException($"External table '{table}': '{clickHouseType}' is no ClickHouse type: {e.Message}", nameof(clickHouseType), e);
        }
    }

    internal override bool CanBeWrittenAgain => IsCollection(_values);

    internal override async Task<long> WriteRowsAsync(Stream stream, CancellationToken cancellationToken)
    {
        using var buffer = new PooledBufferWriter(RowBinarySerializer.WriteBufferSize);
        long row = 0;
        if (_values is not null)
        {
            foreach (T value in _values)
            {
                cancellationToken.ThrowIfCancellationRequested();
                Write(buffer, value, row++);
                if (buffer.WrittenCount >= RowBinarySerializer.FlushThreshold)
                {
                    await SendAsync(stream, buffer, cancellationToken).ConfigureAwait(false);
                }
            }
        }
        else
        {
            await foreach (T value in _asyncValues!.WithCancellation(cancellationToken).ConfigureAwait(false))
            {
                Write(buffer, value, row++);
                if (buffer.WrittenCount >= RowBinarySerializer.FlushThreshold)
                {
                    await SendAsync(stream, buffer, cancellationToken).ConfigureAwait(false);
                }
            }
        }
        await SendAsync(stream, buffer, cancellationToken).ConfigureAwait(false);
        return row;
    }

    private static async ValueTask SendAsync(Stream stream, PooledBufferWriter buffer, CancellationToken cancellationToken)
    {
        if (buffer.WrittenCount > 0)
        {
            await stream.WriteAsync(buffer.WrittenMemory, cancellationToken).ConfigureAwait(false);
            buffer.Clear();
        }
    }

    private void Write(PooledBufferWriter buffer, T value, long row)
    {
        var writer = new RowBinaryWriter(buffer);
        try
        {
            if (_direct)
            {
                WriteDirect(ref writer, value);
            }
            else
            {
                ClickHouseValueCodec.Write(ref writer, _type, value);
            }
        }
        catch (Exception e) when (RowErrors.IsValueError(e))
        {
            var failure = e as RowBinaryException
                ?? new RowBinaryException($"the value could not be written as {_type}: {e.GetType().Name}: {e.Message}", clickHouseType: _type.ToString(), innerException: e);
            throw InThisTable(failure.AtColumn(_column, row));
        }
        writer.Flush();
    }

    /// <summary>The value in its default type, without a box: the type tests are constants of the JIT's for each T.</summary>
    private static void WriteDirect(ref RowBinaryWriter writer, T value)
    {
        if (typeof(T) == typeof(ulong)) writer.WriteUInt64(Unsafe.As<T, ulong>(ref value));
        else if (typeof(T) == typeof(long)) writer.WriteInt64(Unsafe.As<T, long>(ref value));
        else if (typeof(T) == typeof(uint)) writer.WriteUInt32(Unsafe.As<T, uint>(ref value));
        else if (typeof(T) == typeof(int)) writer.WriteInt32(Unsafe.As<T, int>(ref value));
        else if (typeof(T) == typeof(ushort)) writer.WriteUInt16(Unsafe.As<T, ushort>(ref value));
        else if (typeof(T) == typeof(short)) writer.WriteInt16(Unsafe.As<T, short>(ref value));
        else if (typeof(T) == typeof(byte)) writer.WriteUInt8(Unsafe.As<T, byte>(ref value));
        else if (typeof(T) == typeof(sbyte)) writer.WriteInt8(Unsafe.As<T, sbyte>(ref value));
        else if (typeof(T) == typeof(double)) writer.WriteFloat64(Unsafe.As<T, double>(ref value));
        else if (typeof(T) == typeof(float)) writer.WriteFloat32(Unsafe.As<T, float>(ref value));
        else if (typeof(T) == typeof(bool)) writer.WriteBool(Unsafe.As<T, bool>(ref value));
        else if (typeof(T) == typeof(Guid)) writer.WriteUuid(Unsafe.As<T, Guid>(ref value));
        else if (typeof(T) == typeof(DateOnly)) writer.WriteDate(Unsafe.As<T, DateOnly>(ref value));
        else if (typeof(T) == typeof(string)) writer.WriteString((string?)(object?)value ?? throw ThrowHelper.NullValue("String"));
        else throw new InvalidOperationException($"{typeof(T)} has no direct writer.");
    }

    private static bool IsDirect()
        => typeof(T) == typeof(ulong) || typeof(T) == typeof(long) || typeof(T) == typeof(uint) || typeof(T) == typeof(int)
            || typeof(T) == typeof(ushort) || typeof(T) == typeof(short) || typeof(T) == typeof(byte) || typeof(T) == typeof(sbyte)
            || typeof(T) == typeof(double) || typeof(T) == typeof(float) || typeof(T) == typeof(bool) || typeof(T) == typeof(Guid)
            || typeof(T) == typeof(DateOnly) || typeof(T) == typeof(string);

    /// <summary>The type a member of <typeparamref name="T"/> gets by default in a row type (the README's type mapping).</summary>
    private static ClickHouseType? DefaultType() => DefaultTypeOf(typeof(T));

    private static ClickHouseType? DefaultTypeOf(Type type)
    {
        if (Nullable.GetUnderlyingType(type) is { } underlying)
        {
            return DefaultTypeOf(underlying) is { } inner ? KnownTypes.Get($"Nullable({inner})") : null;
        }
        return type == typeof(ulong) ? KnownTypes.UInt64
            : type == typeof(long) ? KnownTypes.Int64
            : type == typeof(uint) ? KnownTypes.UInt32
            : type == typeof(int) ? KnownTypes.Int32
            : type == typeof(ushort) ? KnownTypes.UInt16
            : type == typeof(short) ? KnownTypes.Int16
            : type == typeof(byte) ? KnownTypes.UInt8
            : type == typeof(sbyte) ? KnownTypes.Int8
            : type == typeof(UInt128) ? KnownTypes.UInt128
            : type == typeof(Int128) ? KnownTypes.Int128
            : type == typeof(BigInteger) ? KnownTypes.Int256
            : type == typeof(double) ? KnownTypes.Float64
            : type == typeof(float) ? KnownTypes.Float32
            : type == typeof(bool) ? KnownTypes.Bool
            : type == typeof(string) || type == typeof(byte[]) ? KnownTypes.String
            : type == typeof(decimal) ? KnownTypes.Get("Decimal(28, 10)")
            : type == typeof(Guid) ? KnownTypes.UUID
            : type == typeof(DateOnly) ? KnownTypes.Get("Date")
            : type == typeof(DateTime) || type == typeof(DateTimeOffset) ? KnownTypes.DateTime64Utc
            : type == typeof(TimeSpan) ? KnownTypes.Time64
            : type == typeof(IPAddress) ? KnownTypes.IPv6
            : null;
    }

    private static string CheckColumn(string column)
    {
        ArgumentException.ThrowIfNullOrEmpty(column);
        return column;
    }
}
