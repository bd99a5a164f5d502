using System;
using System.Buffers;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

public static partial class RowBinarySerializer
{
    /// <summary>Reads every row of a complete block of RowBinary or RowBinaryWithNamesAndTypes data.</summary>
    /// <exception cref="RowBinarySchemaMismatchException">The header does not fit <typeparamref name="T"/>.</exception>
    /// <exception cref="RowBinaryException">A value cannot be read, or the data ends mid-row.</exception>
    public static List<T> ReadList<T>(ReadOnlySpan<byte> data, RowBinaryFormat format)
        where T : IClickHouseRow<T>
    {
        var rows = new List<T>();
        ReadList(data, format, rows);
        return rows;
    }

    /// <summary>
    /// Appends every row of a complete block of data to <paramref name="destination"/> and returns how many were
    /// appended. When a row fails, the rows before it have been appended.
    /// </summary>
    public static int ReadList<T>(ReadOnlySpan<byte> data, RowBinaryFormat format, List<T> destination)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(destination);
        ValidateReadFormat(format);
        var strings = new RowBinaryStringCache();
        try
        {
            var reader = new RowBinaryReader(data, strings);
            GeneratedRowDecoder<T> decoder = ReadHeader<T>(ref reader, format);
            int before = destination.Count;
            long rowIndex = 0;
            long rowStart = RowReading.ReadRows(ref reader, ref decoder, destination, ref rowIndex, out RowReadFailure? failure);
            if (failure is not null)
            {
                // Cold path: a copy of the failed row's bytes lets the failure be told apart from data that ends mid-row.
                var fromRowStart = new ReadOnlySequence<byte>(data.Slice((int)rowStart).ToArray());
                throw RowReading.ToException<T, GeneratedRowDecoder<T>>(failure, rowIndex, rowStart, fromRowStart, isFinalBlock: true, ref decoder);
            }
            return destination.Count - before;
        }
        finally
        {
            strings.Release();
        }
    }

    /// <inheritdoc cref="ReadList{T}(ReadOnlySpan{byte}, RowBinaryFormat)"/>
    public static List<T> ReadList<T>(ReadOnlySequence<byte> data, RowBinaryFormat format)
        where T : IClickHouseRow<T>
    {
        var rows = new List<T>();
        ReadList(data, format, rows);
        return rows;
    }

    /// <inheritdoc cref="ReadList{T}(ReadOnlySpan{byte}, RowBinaryFormat, List{T})"/>
    public static int ReadList<T>(ReadOnlySequence<byte> data, RowBinaryFormat format, List<T> destination)
        where T : IClickHouseRow<T>
    {
        ArgumentNullException.ThrowIfNull(destination);
        ValidateReadFormat(format);
        var strings = new RowBinaryStringCache();
        try
        {
            var reader = new RowBinaryReader(data, isFinalBlock: true, startOffset: 0, strings, stopAtEnd: false);
            GeneratedRowDecoder<T> decoder = ReadHeader<T>(ref reader, format);
            int before = destination.Count;
            long rowIndex = 0;
            long rowStart = RowReading.ReadRows(ref reader, ref decoder, destination, ref rowIndex, out RowReadFailure? failure);
            if (failure is not null)
            {
                throw RowReading.ToException<T, GeneratedRowDecoder<T>>(failure, rowIndex, rowStart, data.Slice(rowStart), isFinalBlock: true, ref decoder);
            }
            return destination.Count - before;
        }
        finally
        {
            strings.Release();
        }
    }

    /// <summary>Reads and checks the header when the format has one: the decoder of the rows that follow.</summary>
    private static GeneratedRowDecoder<T> ReadHeader<T>(ref RowBinaryReader reader, RowBinaryFormat format)
        where T : IClickHouseRow<T>
    {
        var decoder = default(GeneratedRowDecoder<T>);
        if (format == RowBinaryFormat.RowBinaryWithNamesAndTypes)
        {
            decoder.Accept(RowBinaryHeader.Read(ref reader));
        }
        return decoder;
    }
}
