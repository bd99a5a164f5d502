using System.Buffers;

namespace ClickHouse.RowBinary.Tests.Native;

/// <summary>Rows written by <c>NativeSerializer.Write</c> into one array: the Native bytes the tests read back.</summary>
internal static class NativeBytes
{
    public static byte[] Write<T>(IEnumerable<T> rows)
        where T : IClickHouseRow<T>
    {
        var buffer = new ArrayBufferWriter<byte>();
        NativeSerializer.Write(buffer, rows);
        return buffer.WrittenSpan.ToArray();
    }
}
