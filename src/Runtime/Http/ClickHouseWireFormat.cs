namespace ClickHouse.RowBinary;

/// <summary>
/// The format typed rows travel in between the client and the server: what <c>InsertAsync</c> sends and what
/// <c>QueryAsync</c>/<c>QueryListAsync</c> of a row type ask for. Both carry the same values; they differ in who does
/// the work (docs/native-format.md).
/// </summary>
public enum ClickHouseWireFormat
{
    /// <summary>
    /// Row by row: <c>RowBinary</c> (with a <c>RowBinaryWithNamesAndTypes</c> header where the server has one). The
    /// only format of <see cref="RowBinaryFormat.RowBinaryWithDefaults"/> inserts.
    /// </summary>
    RowBinary,

    /// <summary>
    /// Column by column in blocks of <see cref="NativeSerializer.BlockRows"/> rows (<c>FORMAT Native</c>), each block
    /// naming its columns and types: ClickHouse reads and writes it with less work than RowBinary, and results are
    /// checked against the row type by name on every server.
    /// </summary>
    Native,
}
