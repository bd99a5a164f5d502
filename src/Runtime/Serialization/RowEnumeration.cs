using System;

namespace ClickHouse.RowBinary;

/// <summary>What the enumerators of rows (<see cref="RowBinaryRows{T, TDecoder}"/>, <see cref="NativeRows{T}"/>) share.</summary>
internal static class RowEnumeration
{
    /// <summary>
    /// The error of an enumerator used after its disposal, which ended its read: opening the stream again would send a
    /// query again (or read on from wherever a caller's stream stands).
    /// </summary>
    public static ObjectDisposedException Disposed()
        => new("IAsyncEnumerator", "This enumerator of rows was disposed, which ended its read (and its request): it reads nothing more. " +
            "Enumerate the rows again (GetAsyncEnumerator, await foreach) for a new read; for a query, that sends it again.");
}
