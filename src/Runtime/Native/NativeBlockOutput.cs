using System;
using System.Buffers;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// Native blocks on their way to a stream, column by column, with the rows sent so far. A column whose data is its
/// buffers as they are (staged by the generated writer, or a flat column of a batch's transcoding) goes to the stream
/// piece by piece, pieces of at least <see cref="DirectWriteBytes"/> as they are; everything else is gathered in a
/// pooled buffer, sent whenever it holds <see cref="FlushThreshold"/> bytes (between columns) and at the end of a block.
/// </summary>
internal sealed class NativeBlockOutput<T>(Stream stream, NativeBlockWriter<T> blocks, Action<long>? rowsSent) : IDisposable
    where T : IClickHouseRow<T>
{
    /// <summary>Bytes gathered in the pooled buffer before they go to the stream, between columns (as RowBinarySerializer, 128 KiB).</summary>
    private const int FlushThreshold = 128 * 1024;

    /// <summary>
    /// A column's buffer at least this large goes to the stream as it is, saving a copy of most of a block's bytes; smaller
    /// ones are gathered, so that a block of many small columns is not many small writes.
    /// </summary>
    private const int DirectWriteBytes = 16 * 1024;

    /// <summary>Starts small (a one-row insert or a small batch needs no more) and grows towards <see cref="FlushThreshold"/>.</summary>
    private readonly PooledBufferWriter _buffer = new(DirectWriteBytes);
    private long _written;

    /// <summary>The writer whose blocks this sends (owned: disposed with this).</summary>
    public NativeBlockWriter<T> Blocks => blocks;

    /// <summary>Writes the block staged or transcoded last, if it has rows, column by column.</summary>
    public async ValueTask WriteBlockAsync(CancellationToken cancellationToken)
    {
        int rows = blocks.StagedRows;
        if (rows == 0)
        {
            return;
        }
        WriteBlockHeader();
        for (int column = 0; column < blocks.ColumnCount; column++)
        {
            cancellationToken.ThrowIfCancellationRequested();
            WriteColumnHeader(column);
            NativeStagedData data = blocks.StagedData(column);
            if (data.Count == 0)
            {
                WriteEncodedData(column);
            }
            for (int piece = 0; piece < data.Count; piece++)
            {
                await WriteAsync(data[piece], cancellationToken).ConfigureAwait(false);
            }
            if (_buffer.WrittenCount >= FlushThreshold)
            {
                await SendAsync(cancellationToken).ConfigureAwait(false);
            }
        }
        await SendAsync(cancellationToken).ConfigureAwait(false);
        _written += rows;
        rowsSent?.Invoke(_written);
    }

    public void Dispose()
    {
        _buffer.Dispose();
        blocks.Dispose();
    }

    /// <summary>A piece of a column: at least <see cref="DirectWriteBytes"/> to the stream as it is (after what the buffer holds), else into the buffer.</summary>
    private async ValueTask WriteAsync(ReadOnlyMemory<byte> piece, CancellationToken cancellationToken)
    {
        if (piece.Length < DirectWriteBytes)
        {
            _buffer.Write(piece.Span);
            return;
        }
        await SendAsync(cancellationToken).ConfigureAwait(false);
        await stream.WriteAsync(piece, cancellationToken).ConfigureAwait(false);
    }

    private async ValueTask SendAsync(CancellationToken cancellationToken)
    {
        if (_buffer.WrittenCount == 0)
        {
            return;
        }
        await stream.WriteAsync(_buffer.WrittenMemory, cancellationToken).ConfigureAwait(false);
        _buffer.Clear();
    }

    private void WriteBlockHeader()
    {
        var writer = new RowBinaryWriter(_buffer);
        blocks.WriteBlockHeader(ref writer);
        writer.Flush();
    }

    private void WriteColumnHeader(int column)
    {
        var writer = new RowBinaryWriter(_buffer);
        blocks.WriteColumnHeader(ref writer, column);
        writer.Flush();
    }

    private void WriteEncodedData(int column)
    {
        var writer = new RowBinaryWriter(_buffer);
        blocks.WriteEncodedData(ref writer, column);
        writer.Flush();
    }
}
