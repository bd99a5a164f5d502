using System.Runtime.CompilerServices;

namespace ClickHouse.RowBinary;

/// <summary>
/// Reads the values of one column of a result as one .NET type, chosen once the column's ClickHouse type is known
/// (from a RowBinaryWithNamesAndTypes header): how scalars, tuples and the data reader's getters
/// read without a row type. <see cref="ClickHouseValueReaders"/> makes them.
/// </summary>
internal abstract class ClickHouseValueReader(ClickHouseType column)
{
    /// <summary>The column's ClickHouse type, as the header gave it.</summary>
    public ClickHouseType Column { get; } = column;

    /// <summary>Reads one value, boxed: how an array's elements are read when their .NET type is known only at run time.</summary>
    public abstract object? ReadBoxed(ref RowBinaryReader reader);

    /// <summary>
    /// When the value's RowBinary bytes are exactly its .NET memory on this machine (an integer or float read as
    /// the same type), its size: an array of them is then read with one copy. Else 0.
    /// </summary>
    public virtual int RawSize => 0;

    /// <summary>A value whose bytes are its memory (<see cref="RawSize"/> &gt; 0), boxed straight from where it lies.</summary>
    public abstract object BoxRaw(byte[] bytes, int index);
}

/// <summary>A <see cref="ClickHouseValueReader"/> that hands out values as <typeparamref name="T"/> without boxing.</summary>
internal abstract class ClickHouseValueReader<T>(ClickHouseType column) : ClickHouseValueReader(column)
{
    public abstract T Read(ref RowBinaryReader reader);

    public override object? ReadBoxed(ref RowBinaryReader reader) => Read(ref reader);

    public override object BoxRaw(byte[] bytes, int index) => Unsafe.ReadUnaligned<T>(ref bytes[index])!;
}

/// <summary>The typed face of a reader that reads boxed values (arrays, enums or nullables known only at run time).</summary>
internal sealed class UnboxingValueReader<T>(ClickHouseValueReader inner) : ClickHouseValueReader<T>(inner.Column)
{
    public override T Read(ref RowBinaryReader reader) => (T)inner.ReadBoxed(ref reader)!;

    public override object? ReadBoxed(ref RowBinaryReader reader) => inner.ReadBoxed(ref reader);

    public override object BoxRaw(byte[] bytes, int index) => inner.BoxRaw(bytes, index);
}
