using System;
using System.Buffers;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// Reads a stream of Native blocks a block at a time: the bytes arrive into a buffer until a whole block is there,
/// then its rows are read. A block cut by what has arrived is scanned again from the column it could not finish, once
/// the buffer has doubled, or sooner when the stream pauses with more bytes than before (so rows are not held back
/// waiting for the next block). Memory is bounded by one block: its bytes and its rows.
/// </summary>
internal sealed class NativeStreamReader<T> : IDisposable
    where T : IClickHouseRow<T>
{
    private readonly RowBinaryStreamBuffer _buffer;
    private readonly NativeBlockReader<T> _blocks = new();
    private T[] _rows = [];
    private int _count;
    private long _offset;
    private long _minimum;
    private long _preferred;

    public NativeStreamReader(Stream stream)
    {
        _buffer = new RowBinaryStreamBuffer(stream);
    }

    /// <summary>The rows of the block read last.</summary>
    public ReadOnlySpan<T> Rows => _rows.AsSpan(0, _count);

    /// <summary>Reads the next block with rows: returns false at the end of the stream.</summary>
    /// <exception cref="RowBinaryException">The data is not valid Native, ends inside a block, or a value cannot be read.</exception>
    public async ValueTask<bool> ReadBlockAsync(CancellationToken cancellationToken)
    {
        while (true)
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (TryReadBlock())
            {
                if (_count > 0)
                {
                    return true;
                }
                continue;
            }
            if (_buffer.IsCompleted)
            {
                _buffer.ThrowIfFailed();
                return false;
            }
            await _buffer.FillAsync(_minimum, _preferred, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Reads a block from the bytes held, if they hold a whole one.</summary>
    private bool TryReadBlock()
    {
        ReadOnlySpan<byte> data = _buffer.Data.FirstSpan;
        _count = 0;
        if (data.IsEmpty)
        {
            _minimum = 0;
            _preferred = 0;
            return false;
        }
        var input = new NativeInput(data, _offset, isFinal: _buffer.IsCompleted && !_buffer.Failed);
        int rows;
        try
        {
            rows = _blocks.Scan(ref input);
        }
        catch (RowBinaryNeedMoreDataException)
        {
            _minimum = data.Length + 1L;
            _preferred = 2L * data.Length;
            return false;
        }
        if (_rows.Length < rows)
        {
            ReturnRows();
            _rows = ArrayPool<T>.Shared.Rent(rows);
        }
        _blocks.Read(data, _offset, _rows.AsSpan(0, rows));
        _count = rows;
        _buffer.Consume(input.Position);
        _offset += input.Position;
        return true;
    }

    public void Dispose()
    {
        _buffer.Dispose();
        ReturnRows();
    }

    private void ReturnRows()
    {
        if (_rows.Length > 0)
        {
            ArrayPool<T>.Shared.Return(_rows, clearArray: true);
            _rows = [];
        }
        _count = 0;
    }
}
