namespace ClickHouse.RowBinary;

/// <summary>
/// Reads and writes rows of <see cref="IClickHouseRow{TSelf}"/> types in ClickHouse's Native format, column by column
/// in blocks, from the same generated code as <see cref="RowBinarySerializer"/>: synchronously over buffers, and
/// asynchronously over streams with memory bounded by one block.
/// </summary>
/// <remarks>
/// <para>Native is columnar: a block holds each column's values together, with their name and type. ClickHouse reads
/// and writes it with less work than RowBinary (each column is parsed as a whole, not value by value), which is what
/// makes it faster end to end where the server's work dominates (docs/native-format.md).</para>
/// <para>Blocks are written of <see cref="BlockRows"/> rows, or fewer once their values reach <see cref="BlockBytes"/>
/// bytes (and the last one smaller); blocks read are as the writer made
/// them, and are checked against the bytes given whatever they claim. A block's header (column names and types) is
/// checked against the row type as a RowBinaryWithNamesAndTypes header is: columns by name, in any order.</para>
/// <para>Every error raised by a value names its column and its row (<see cref="RowBinaryException.Column"/>,
/// <see cref="RowBinaryException.Row"/>); a header that does not fit is a <see cref="RowBinarySchemaMismatchException"/>.</para>
/// </remarks>
public static partial class NativeSerializer
{
    /// <summary>
    /// The rows of each block written: 65,536, ClickHouse's own <c>max_block_size</c>. Small blocks cost the server a
    /// header and a type lookup per column each; large ones hold more rows and bytes in memory at once on both sides.
    /// The server gathers an INSERT's blocks into parts of its own size whatever this is.
    /// </summary>
    public const int BlockRows = 65_536;

    /// <summary>
    /// The bytes of values at which a block written ends before <see cref="BlockRows"/> rows: 2 MiB (counted as their
    /// RowBinary bytes, which their Native bytes are close to). Rows of large strings, arrays or documents then make
    /// blocks of fewer rows, so that a writer holds about this much at once however large its rows are; rows of 32 bytes
    /// or less fill <see cref="BlockRows"/> first. Larger blocks cost a reader more (a wide row's columns megabytes
    /// apart) and gained the server nothing measurable.
    /// </summary>
    public const int BlockBytes = 2 * 1024 * 1024;
}
