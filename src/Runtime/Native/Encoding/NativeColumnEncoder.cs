using System;

namespace ClickHouse.RowBinary;

/// <summary>
/// Writes one column of a Native block from its values in RowBinary, the form the generated writers write: each
/// value is taken apart into the column's streams (null maps, array offsets, dictionaries, discriminators, nested
/// columns), which are written out, state first, once the block's values are in. Its streams are pooled: dispose it
/// to return them.
/// </summary>
internal abstract class NativeColumnEncoder : IDisposable
{
    protected NativeColumnEncoder(ClickHouseType type)
    {
        Type = type;
    }

    /// <summary>The type the column is written as.</summary>
    public ClickHouseType Type { get; }

    /// <summary>Takes the next value from its RowBinary encoding.</summary>
    public abstract void Add(ref RowBinaryReader values);

    /// <summary>Takes the next <paramref name="count"/> values (an array's elements).</summary>
    public virtual void AddMany(ref RowBinaryReader values, int count)
    {
        for (int i = 0; i < count; i++)
        {
            Add(ref values);
        }
    }

    /// <summary>Takes the type's default value: the placeholder ClickHouse keeps under a NULL.</summary>
    public abstract void AddDefault();

    /// <summary>Writes the state ClickHouse reads before the data, for this type and the types nested in it.</summary>
    public virtual void WritePrefix(ref RowBinaryWriter output)
    {
    }

    /// <summary>Writes the values taken since the last <see cref="Clear"/>.</summary>
    public abstract void WriteData(ref RowBinaryWriter output);

    /// <summary>Forgets the values taken, keeping the buffers for the next block.</summary>
    public abstract void Clear();

    /// <summary>Returns the pooled buffers of this encoder and of the encoders nested in it.</summary>
    public abstract void Dispose();

    /// <summary>The encoder of a column of <paramref name="type"/>.</summary>
    /// <param name="type">The column's type.</param>
    /// <param name="depth">How deeply the type is nested in a Dynamic's types, for the cap on nesting.</param>
    public static NativeColumnEncoder For(ClickHouseType type, int depth = 0)
    {
        if (depth > ClickHouseValueCodec.MaxReadDepth)
        {
            throw new RowBinaryException($"The type {type} is nested more than {ClickHouseValueCodec.MaxReadDepth} levels deep.", clickHouseType: type.ToString());
        }
        ClickHouseType layout = NativeLayout.Expand(type);
        switch (layout.Kind)
        {
            case ClickHouseTypeKind.String:
                return new StringColumnEncoder(type);
            case ClickHouseTypeKind.Nullable:
                return new NullableColumnEncoder(type, For(layout.Arguments[0], depth + 1));
            case ClickHouseTypeKind.LowCardinality:
                return new LowCardinalityColumnEncoder(type);
            case ClickHouseTypeKind.Array:
                return new ArrayColumnEncoder(type, For(layout.Arguments[0], depth + 1));
            case ClickHouseTypeKind.Tuple when layout.Arguments.Count == 0:
            case ClickHouseTypeKind.Nothing:
                return new PlaceholderColumnEncoder(type);
            case ClickHouseTypeKind.Tuple:
                var elements = new NativeColumnEncoder[layout.Arguments.Count];
                for (int i = 0; i < elements.Length; i++)
                {
                    elements[i] = For(layout.Arguments[i], depth + 1);
                }
                return new TupleColumnEncoder(type, elements);
            case ClickHouseTypeKind.Variant:
            case ClickHouseTypeKind.Geometry:
                return new VariantColumnEncoder(type, VariantArms(layout, depth));
            case ClickHouseTypeKind.QBit:
                return new QBitColumnEncoder(type);
            case ClickHouseTypeKind.Dynamic:
                return new DynamicColumnEncoder(type, depth);
            case ClickHouseTypeKind.Json:
                return new JsonColumnEncoder(type, depth);
            default:
                int size = layout.ByteSize;
                if (size <= 0)
                {
                    throw new NotSupportedException($"No Native layout is known for {type}.");
                }
                return new FixedWidthColumnEncoder(type, size);
        }
    }

    /// <summary>The encoders of a Variant's arms (or Geometry's), in discriminator order.</summary>
    private static NativeColumnEncoder[] VariantArms(ClickHouseType variant, int depth)
    {
        byte[] discriminators = NativeLayout.Discriminators(variant);
        var arms = new NativeColumnEncoder[discriminators.Length];
        for (int i = 0; i < arms.Length; i++)
        {
            arms[discriminators[i]] = For(variant.Arguments[i], depth + 1);
        }
        return arms;
    }
}
