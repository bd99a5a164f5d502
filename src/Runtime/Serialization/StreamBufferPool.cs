using System.Buffers;

namespace ClickHouse.RowBinary;

/// <summary>
/// The arrays of <see cref="RowBinaryStreamBuffer"/>: up to 1 MiB from the shared pool; larger ones (a Native block
/// is held whole, 5 MB for 8,192 of ClickBench's <c>hits</c> rows) from a pool of their own that every thread sees.
/// </summary>
/// <remarks>
/// The shared pool keeps the last array a thread returned in that thread's own slot, where no other thread finds it.
/// A read's continuations move between threads, so the large arrays a block buffer grows through were returned on one
/// thread and asked for on another: a Native read of <c>hits</c> into a list allocated 0 to 140 MB more than its rows
/// from one read to the next (the 8 to 64 MiB arrays again), and a collection of the large object heap with them.
/// Here at most one array of each size from 2 to 16 MiB stays pooled (30 MiB if a process has read blocks of every
/// size); larger ones are allocated and left to the collector.
/// </remarks>
internal static class StreamBufferPool
{
    private const int SharedPoolLargest = 1024 * 1024;
    private const int LargestPooled = 16 * 1024 * 1024;

    private static readonly ArrayPool<byte> s_large = ArrayPool<byte>.Create(LargestPooled, maxArraysPerBucket: 1);

    public static byte[] Rent(int length) => (length > SharedPoolLargest ? s_large : ArrayPool<byte>.Shared).Rent(length);

    public static void Return(byte[] array) => (array.Length > SharedPoolLargest ? s_large : ArrayPool<byte>.Shared).Return(array);
}
