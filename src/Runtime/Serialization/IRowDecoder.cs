namespace ClickHouse.RowBinary;

/// <summary>
/// How the rows of one stream become values of <typeparamref name="T"/>: the check of a RowBinaryWithNamesAndTypes
/// header, the read of one row, and the columns that error messages name. Implemented by structs that the row loops
/// take as generic arguments, so that a generated row type's read is called directly, as if written out there.
/// </summary>
internal interface IRowDecoder<T>
{
    /// <summary>The columns, indexed as <see cref="RowBinaryReader.CurrentColumn"/> names them while a row is read.</summary>
    ClickHouseRowSchema Schema { get; }

    /// <summary>Checks the header of the data and reads the rows that follow in its column order.</summary>
    /// <exception cref="RowBinarySchemaMismatchException">The header does not fit; thrown before any row.</exception>
    void Accept(RowBinaryHeader header);

    /// <summary>Reads one row, setting <see cref="RowBinaryReader.CurrentColumn"/> before each column.</summary>
    T Read(ref RowBinaryReader reader);
}
