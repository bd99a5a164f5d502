using System;
using System.Buffers;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// Reads a stream of Native blocks: the bytes arrive into a buffer until a whole block is there, then its rows are
/// built a few at a time (<see cref="NativeLayout.BatchRows"/>), as the caller takes them, so that they die young as
/// RowBinary's do.
/// A block cut by what has arrived is scanned on from where the cut stopped it (<see cref="NativeColumnDecoder.TryResumeScan"/>)
/// once <see cref="ReadStep"/> more has arrived, or sooner when the stream pauses with more bytes than before (so rows
/// are not held back waiting for the next block); reads ask for no more than that, so little of the next block is read
/// with the end of one (it moves to the front of the array once the block is read).
/// Memory is bounded by one block's bytes and a batch of rows.
/// </summary>
internal sealed class NativeStreamReader<T> : IDisposable
    where T : IClickHouseRow<T>
{
    private readonly RowBinaryStreamBuffer _buffer;

    /// <summary>
    /// The bytes a read asks for at least past those held when a block is not whole yet: its scan resumes at the column
    /// it could not finish, so small steps cost little scanning twice, and few bytes of the next block are read before
    /// the block ends (and moved to the front of the buffer once it does).
    /// </summary>
    internal const int ReadStep = 256 * 1024;

    private readonly NativeBlockReader<T> _blocks;
    private T[] _rows = [];
    private int _count;
    private long _offset;
    /// <summary>The bytes of the block being read, consumed once its last row is read.</summary>
    private int _blockBytes;
    private long _minimum;
    private long _preferred;

    /// <param name="stream">The Native blocks.</param>
    /// <param name="strings">What earlier reads of the row type found in its String columns (a client's); none for a read on its own.</param>
    public NativeStreamReader(Stream stream, StringCacheMemory? strings = null)
    {
        _buffer = new RowBinaryStreamBuffer(stream);
        _blocks = new NativeBlockReader<T>(strings);
    }

    /// <summary>The rows read last.</summary>
    public ReadOnlySpan<T> Rows => _rows.AsSpan(0, _count);

    /// <summary>
    /// Hands out row <paramref name="index"/> of the rows read last and lets go of it, so that a row the caller is done
    /// with is not kept alive (and promoted by a collection) until the next batch replaces it.
    /// </summary>
    public T Take(int index)
    {
        T row = _rows[index];
        _rows[index] = default!;
        return row;
    }

    /// <summary>
    /// Reads the next rows, at most <see cref="NativeLayout.BatchRows"/>: of the block being read, or of the next block
    /// with rows once it has arrived. Returns false at the end of the stream.
    /// </summary>
    /// <exception cref="RowBinaryException">The data is not valid Native, ends inside a block, or a value cannot be read.</exception>
    public async ValueTask<bool> ReadRowsAsync(CancellationToken cancellationToken)
    {
        while (true)
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (_blocks.RowsLeft > 0 || TryScanBlock())
            {
                if (_blocks.RowsLeft > 0)
                {
                    ReadBatch();
                    return true;
                }
                continue;
            }
            if (_buffer.IsCompleted)
            {
                _buffer.ThrowIfFailed();
                return false;
            }
            await _buffer.FillAsync(_minimum, _preferred, cancellationToken, stopAtPreferred: true).ConfigureAwait(false);
        }
    }

    /// <summary>Scans a block from the bytes held, if they hold a whole one; a block of no rows is consumed at once.</summary>
    private bool TryScanBlock()
    {
        ReadOnlySpan<byte> data = _buffer.Data.FirstSpan;
        _count = 0;
        if (data.IsEmpty)
        {
            // A step, not the whole array: an array grown for a large block would otherwise take most of the next
            // block in one read, all of it moved to the front once the block is read.
            _minimum = 0;
            _preferred = ReadStep;
            return false;
        }
        var input = new NativeInput(data, _offset, isFinal: _buffer.IsCompleted && !_buffer.Failed);
        if (!_blocks.TryScan(ref input, out _))
        {
            _minimum = data.Length + 1L;
            _preferred = PreferredAfterCut(data.Length, _blocks.ResumeAt ?? 0);
            return false;
        }
        _blockBytes = input.Position;
        if (_blocks.RowsLeft == 0)
        {
            ConsumeBlock();
        }
        return true;
    }

    /// <summary>
    /// The bytes to hold before scanning a cut block again: <see cref="ReadStep"/> more, or as many more as the column
    /// the scan could not finish (from <paramref name="cutColumnStart"/>) has so far, which a resumed scan of a layout
    /// that cannot go on from its cut (Variant, Dynamic, JSON) walks again: a column of many MB is then walked
    /// a few times over, not once for every step.
    /// </summary>
    internal static long PreferredAfterCut(int held, int cutColumnStart) => held + (long)Math.Max(ReadStep, held - cutColumnStart);

    /// <summary>Builds the next rows of the block being read, and lets its bytes go after its last.</summary>
    private void ReadBatch()
    {
        int rows = Math.Min(NativeLayout.BatchRows, _blocks.RowsLeft);
        if (_rows.Length < rows)
        {
            ReturnRows();
            _rows = ArrayPool<T>.Shared.Rent(NativeLayout.BatchRows);
        }
        else
        {
            // The rows handed out before are the caller's now: the pool's array must not keep them alive.
            Array.Clear(_rows, rows, _count > rows ? _count - rows : 0);
        }
        _blocks.Read(_buffer.Data.FirstSpan, _offset, _rows.AsSpan(0, rows));
        _count = rows;
        if (_blocks.RowsLeft == 0)
        {
            ConsumeBlock();
        }
    }

    private void ConsumeBlock()
    {
        _buffer.Consume(_blockBytes);
        _buffer.MoveToFront();
        _offset += _blockBytes;
        _blockBytes = 0;
    }

    public void Dispose()
    {
        _buffer.Dispose();
        _blocks.Release();
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
