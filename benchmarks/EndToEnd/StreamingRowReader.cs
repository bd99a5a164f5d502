using System;
using System.Collections.Generic;
using System.IO;
using System.Threading.Tasks;
using ClickHouse.RowBinary.Benchmarks.Data;

namespace ClickHouse.RowBinary.Benchmarks.EndToEnd;

/// <summary>
/// Reads a response body the way a careful engineer does it without a library: fill a buffer, parse the complete
/// rows in it, move the cut-off row to the front, read more. The buffer is the caller's, reused across requests;
/// a row larger than the buffer grows it.
/// </summary>
public static class StreamingRowReader
{
    /// <summary>Parses the complete rows at the start of the data into the list; returns the bytes consumed.</summary>
    public delegate int ParseCompleteRows(ReadOnlySpan<byte> data, List<WebVisit> destination);

    /// <returns>The buffer, grown if a row needed it.</returns>
    public static async Task<byte[]> ReadAllAsync(Stream body, byte[] buffer, ParseCompleteRows parse, List<WebVisit> destination)
    {
        int filled = 0;
        while (true)
        {
            if (filled == buffer.Length)
            {
                Array.Resize(ref buffer, buffer.Length * 2);
            }
            int read = await body.ReadAsync(buffer.AsMemory(filled)).ConfigureAwait(false);
            if (read == 0)
            {
                if (filled != 0)
                {
                    throw new InvalidDataException($"The response ends with {filled} bytes that are not a complete row (a server error message?).");
                }
                return buffer;
            }
            filled += read;
            int consumed = parse(buffer.AsSpan(0, filled), destination);
            buffer.AsSpan(consumed, filled - consumed).CopyTo(buffer);
            filled -= consumed;
        }
    }
}
