using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

/// <summary>
/// The RowBinary bytes of the rows one INSERT will carry, in pooled segments, and the one task every caller whose rows
/// it holds awaits.
/// </summary>
internal sealed class InsertBatch
{
    private readonly PooledSegmentStream _rows = new();
    private readonly TaskCompletionSource _acknowledged = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private PooledSegmentStream? _framed;
    private byte[]? _framedHeader;
    private NativeBatchBody? _framedNative;
    private List<ActivityLink>? _links;

    public InsertBatch(long sequence, long openedAt)
    {
        Sequence = sequence;
        OpenedAt = openedAt;
    }

    /// <summary>The batch's number within its inserter, from 1: part of its deduplication token.</summary>
    public long Sequence { get; }

    /// <summary>When the first row arrived (a <see cref="TimeProvider"/> timestamp).</summary>
    public long OpenedAt { get; }

    public int Rows { get; private set; }

    /// <summary>RowBinary bytes, before framing.</summary>
    public long Bytes => _rows.Length;

    /// <summary>Completes when the server acknowledged the INSERT, or fails with what finally stopped it.</summary>
    public Task Acknowledged => _acknowledged.Task;

    /// <summary>Whether the batch's attempts carry its deduplication token: decided by its first attempt, null before.</summary>
    public bool? SendsToken { get; set; }

    /// <summary>Whether an attempt may have reached the server (one that could not even connect did not).</summary>
    public bool MayHaveLanded { get; set; }

    /// <summary>OpenTelemetry's default limit of links per span, which this batch keeps to.</summary>
    public const int MaxLinks = 128;

    /// <summary>The trace contexts of the calls whose rows this batch carries, the first <see cref="MaxLinks"/>: its INSERT spans link to them.</summary>
    public IReadOnlyList<ActivityLink> Links => _links ?? (IReadOnlyList<ActivityLink>)[];

    /// <summary>Links the batch to the context of a call whose rows it took, unless there is none or it is the last one linked.</summary>
    public void Link(ActivityContext caller)
    {
        if (caller == default || _links?.Count >= MaxLinks || (_links is { Count: > 0 } links && links[^1].Context == caller))
        {
            return;
        }
        (_links ??= []).Add(new ActivityLink(caller));
    }

    /// <summary>Appends the bytes of <paramref name="rows"/> whole rows.</summary>
    public void Append(ReadOnlySpan<byte> bytes, int rows)
    {
        _rows.Write(bytes);
        Rows += rows;
    }

    /// <summary>
    /// The body every attempt sends, made once: the rows framed as <see cref="CompressionStreams.FrameInsert"/>
    /// does, sent with its length. A dropped connection can cut it anywhere: a cut compressed stream fails to
    /// decompress, and with a Content-Length every cut loses bytes of that stream (with chunked encoding a cut could
    /// drop only the final empty chunk). So an attempt is all or nothing, and a retry duplicates nothing.
    /// <paramref name="header"/> (a RowBinaryWithNamesAndTypes header, or none) goes before the rows; with
    /// <paramref name="native"/>, the rows go as Native blocks instead. A retry to a server that wants another header
    /// or other block types frames the body again.
    /// </summary>
    public async Task<PooledSegmentStream> FramedAsync(ClickHouseCompression compression, ReadOnlyMemory<byte> header, NativeBatchBody? native = null)
    {
        if (_framed is null || !header.Span.SequenceEqual(_framedHeader) || !NativeBatchBody.SameBlocks(native, _framedNative))
        {
            _framed?.Dispose();
            _framed = null;
            var framed = new PooledSegmentStream();
            Stream compressor = CompressionStreams.FrameInsert(framed, compression);
            await using (compressor.ConfigureAwait(false))
            {
                if (native is null)
                {
                    await compressor.WriteAsync(header).ConfigureAwait(false);
                    await _rows.CopyToAsync(compressor, default).ConfigureAwait(false);
                }
                else
                {
                    await native.WriteAsync(_rows, Rows, compressor).ConfigureAwait(false);
                }
            }
            _framed = framed;
            _framedHeader = header.ToArray();
            _framedNative = native;
        }
        return _framed;
    }

    /// <summary>Tells every caller how the INSERT ended, then returns the segments to the pool.</summary>
    public void Settle(Exception? failure)
    {
        if (failure is null)
        {
            _acknowledged.TrySetResult();
        }
        else
        {
            _acknowledged.TrySetException(failure);
        }
        _rows.Dispose();
        _framed?.Dispose();
    }
}
