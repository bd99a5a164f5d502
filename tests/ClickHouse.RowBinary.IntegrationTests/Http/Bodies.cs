using System.Buffers.Binary;
using System.Text;

namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>Crafted result bodies: RowBinary rows, and the error texts three server generations append to them.</summary>
internal static class Bodies
{
    public const string Tag = "PU1FNUFH98QXZ4KW";

    public const string Gen1Old = "Code: 395, e.displayText() = DB::Exception: Value passed to 'throwIf' function is non zero, e.what() = DB::Exception\n";

    public const string Gen1 = "Code: 395. DB::Exception: Value passed to 'throwIf' function is non-zero: while executing 'FUNCTION throwIf(equals(number, 3000000) :: 3) -> throwIf(equals(number, 3000000)) UInt8 : 2'. (FUNCTION_THROW_IF_VALUE_IS_NON_ZERO) (version 24.3.1.2672 (official build))\n";

    public const string Message = "Code: 395. DB::Exception: Value passed to 'throwIf' function is non-zero. (FUNCTION_THROW_IF_VALUE_IS_NON_ZERO) (version 25.11.1.1)";

    /// <summary>24.11 to 25.10: the marker, the text, and then the chunked framing breaks (the caller breaks the stream).</summary>
    public static string Gen2 => $"\r\n__exception__\r\n{Message}\n";

    /// <summary>25.11 and later: the tagged frame, then the framing breaks.</summary>
    public static string Gen3(string message = Message)
        => $"\r\n__exception__\r\n{Tag}\r\n{message}\n{Encoding.UTF8.GetByteCount(message)} {Tag}\r\n__exception__\r\n";

    /// <summary>Rows of <see cref="Rows.NumberRow"/>: number i and a zero byte.</summary>
    public static byte[] NumberRows(int count)
    {
        byte[] body = new byte[count * 9];
        for (int i = 0; i < count; i++)
        {
            BinaryPrimitives.WriteUInt64LittleEndian(body.AsSpan(i * 9), (ulong)i);
        }
        return body;
    }

    /// <summary><paramref name="length"/> bytes drawn from <paramref name="seed"/>.</summary>
    public static byte[] Random(int length, int seed)
    {
        byte[] body = new byte[length];
        new System.Random(seed).NextBytes(body);
        return body;
    }

    /// <summary>The rows in Native blocks, as <see cref="NativeSerializer"/> writes them.</summary>
    public static byte[] Native<T>(IEnumerable<T> rows) where T : IClickHouseRow<T>
    {
        var blocks = new System.Buffers.ArrayBufferWriter<byte>();
        NativeSerializer.Write(blocks, rows);
        return blocks.WrittenSpan.ToArray();
    }

    /// <summary>Rows of <see cref="Rows.TextRow"/>.</summary>
    public static byte[] TextRows(params string[] texts)
    {
        var body = new MemoryStream();
        foreach (string text in texts)
        {
            byte[] bytes = Encoding.UTF8.GetBytes(text);
            body.WriteByte(checked((byte)bytes.Length));
            body.Write(bytes);
        }
        return body.ToArray();
    }

    public static byte[] Concat(params object[] parts)
        => parts.SelectMany(part => part switch
        {
            byte[] bytes => bytes,
            string text => Encoding.UTF8.GetBytes(text),
            _ => throw new ArgumentException("bytes or text", nameof(parts)),
        }).ToArray();
}
