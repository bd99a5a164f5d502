using System;

namespace ClickHouse.RowBinary;

/// <summary>
/// Reads one column of a Native block and hands its values on in RowBinary, the form the generated readers read.
/// Native lays a column out in streams (null maps, array offsets, dictionaries, discriminators, each nested column
/// after its parent's): <see cref="Scan"/> finds and checks them all, then <see cref="CopyValue"/> walks them a value
/// at a time. Checks happen in the scan, so a value once scanned copies without failing.
/// </summary>
internal abstract class NativeColumnDecoder
{
    protected NativeColumnDecoder(ClickHouseType type)
    {
        Type = type;
    }

    /// <summary>The type as the block names it.</summary>
    public ClickHouseType Type { get; }

    /// <summary>
    /// Reads the state ClickHouse writes before a column's data, for this type and the types nested in it: dictionary
    /// versions, discriminator modes, the types a Dynamic column holds.
    /// </summary>
    public virtual void ReadPrefix(ref NativeInput input)
    {
    }

    /// <summary><see cref="ReadPrefix"/>, or false when bytes that are not final cut it (as <see cref="TryScan"/> tells a cut).</summary>
    public virtual bool TryReadPrefix(ref NativeInput input)
    {
        ReadPrefix(ref input);
        return true;
    }

    /// <summary>
    /// Finds the data of the next <paramref name="count"/> values, checks that it lies in the bytes given and holds
    /// nothing invalid for the layout, and moves past it. <paramref name="count"/> is at most the bytes left.
    /// </summary>
    public abstract void Scan(ref NativeInput input, int count);

    /// <summary>
    /// <see cref="Scan"/>, or false when the values are cut by the end of bytes that are not final, told without an
    /// exception by the layouts a stream is usually cut in (fixed-width values, Strings, LowCardinality, and Nullable,
    /// Array, Map and Tuple of them); other layouts throw <see cref="RowBinaryNeedMoreDataException"/> as
    /// <see cref="Scan"/> does. After false, the block's reader calls <see cref="TryResumeScan"/> with more bytes.
    /// </summary>
    public virtual bool TryScan(ref NativeInput input, int count)
    {
        Scan(ref input, count);
        return true;
    }

    /// <summary>
    /// <see cref="TryScan"/> again after it said false, with the same bytes and more after them: a decoder that kept
    /// where its values were cut goes on from there (Strings, LowCardinality, and the Nullable, Array, Map and Tuple
    /// columns around them), so that a column arriving in many pieces is walked once; the others scan the column again
    /// from its start. Called only for the column the block's last scan stopped in, and only when that scan got as far
    /// as this column's values, so what a decoder kept is of the same bytes.
    /// </summary>
    public virtual bool TryResumeScan(ref NativeInput input, int count) => TryScan(ref input, count);

    /// <summary><see cref="Scan"/> for a decoder whose scan is its <see cref="TryScan"/>.</summary>
    protected void ScanWhole(ref NativeInput input, int count)
    {
        if (!TryScan(ref input, count))
        {
            throw new RowBinaryNeedMoreDataException();
        }
    }

    /// <summary>Writes the next scanned value in RowBinary; <paramref name="data"/> is what the scan read.</summary>
    public abstract void CopyValue(ReadOnlySpan<byte> data, ref RowBinaryWriter output);

    /// <summary>Writes the next <paramref name="count"/> scanned values in RowBinary (an array's elements).</summary>
    public virtual void CopyValues(ReadOnlySpan<byte> data, int count, ref RowBinaryWriter output)
    {
        for (int i = 0; i < count; i++)
        {
            CopyValue(data, ref output);
        }
    }

    /// <summary>
    /// Whether copying this column's values cannot fail once they are scanned (no text to validate), so that a batch of
    /// them is copied in one <see cref="CopyValues"/> call instead of a call per row, each ready to name its row.
    /// </summary>
    public virtual bool CopiesWithoutChecks => false;

    /// <summary>Moves past the next scanned value (the placeholder under a NULL).</summary>
    public abstract void SkipValue(ReadOnlySpan<byte> data);

    /// <summary>The decoder of a column of <paramref name="type"/>.</summary>
    /// <param name="type">The column's type.</param>
    /// <param name="depth">How deeply the type is nested in a Dynamic's types, for the cap on nesting.</param>
    public static NativeColumnDecoder For(ClickHouseType type, int depth = 0)
    {
        if (depth > ClickHouseValueCodec.MaxReadDepth)
        {
            throw new RowBinaryException($"The type {type} is nested more than {ClickHouseValueCodec.MaxReadDepth} levels deep.", clickHouseType: type.ToString());
        }
        ClickHouseType layout = NativeLayout.Expand(type);
        switch (layout.Kind)
        {
            case ClickHouseTypeKind.String:
                return new StringColumnDecoder(type);
            case ClickHouseTypeKind.Nullable:
                return new NullableColumnDecoder(type, For(layout.Arguments[0], depth + 1));
            case ClickHouseTypeKind.LowCardinality:
                return new LowCardinalityColumnDecoder(type);
            case ClickHouseTypeKind.Array:
                return new ArrayColumnDecoder(type, For(layout.Arguments[0], depth + 1));
            case ClickHouseTypeKind.Tuple when layout.Arguments.Count == 0:
            case ClickHouseTypeKind.Nothing:
                return new PlaceholderColumnDecoder(type);
            case ClickHouseTypeKind.Tuple:
                var elements = new NativeColumnDecoder[layout.Arguments.Count];
                for (int i = 0; i < elements.Length; i++)
                {
                    elements[i] = For(layout.Arguments[i], depth + 1);
                }
                return new TupleColumnDecoder(type, elements);
            case ClickHouseTypeKind.Variant:
            case ClickHouseTypeKind.Geometry:
                return new VariantColumnDecoder(type, VariantArms(layout, depth));
            case ClickHouseTypeKind.QBit:
                return new QBitColumnDecoder(type);
            case ClickHouseTypeKind.Dynamic:
                return new DynamicColumnDecoder(type, depth);
            case ClickHouseTypeKind.Json:
                return new JsonColumnDecoder(type);
            default:
                int size = layout.ByteSize;
                if (size <= 0)
                {
                    throw new NotSupportedException($"No Native layout is known for {type}.");
                }
                return new FixedWidthColumnDecoder(type, size);
        }
    }

    /// <summary>The decoders of a Variant's arms (or Geometry's), in discriminator order.</summary>
    private static NativeColumnDecoder[] VariantArms(ClickHouseType variant, int depth)
    {
        byte[] discriminators = NativeLayout.Discriminators(variant);
        var arms = new NativeColumnDecoder[discriminators.Length];
        for (int i = 0; i < arms.Length; i++)
        {
            arms[discriminators[i]] = For(variant.Arguments[i], depth + 1);
        }
        return arms;
    }
}
