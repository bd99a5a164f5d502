
namespace ClickHouse.RowBinary;

/// <summary>
/// Moves a reader past one value of any type without building it: how a data reader finds where each column of a row
/// starts. Lengths and counts are checked against the bytes left, nesting is capped as when reading (see
/// docs/hostile-input.md); Dynamic and JSON values, whose layout only their content says, are read to be passed.
/// </summary>
internal static class ClickHouseValueSkipper
{
    public static void Skip(ref RowBinaryReader reader, ClickHouseType type) => Skip(ref reader, type, 0);

    private static void Skip(ref RowBinaryReader reader, ClickHouseType type, int depth)
    {
        ClickHouseValueCodec.CheckReadDepth(ref reader, depth, type);
        depth++;
        switch (type.Kind)
        {
            case ClickHouseTypeKind.Nothing:
                ThrowHelper.ThrowInvalid(reader.Offset, "Nothing", "the Nothing type has no values; only NULL of Nullable(Nothing) can be read.");
                return;
            case ClickHouseTypeKind.String:
                reader.Skip(reader.ReadLength("String"), "String");
                return;
            case ClickHouseTypeKind.Nullable:
                if (!reader.ReadNullMarker())
                {
                    Skip(ref reader, type.Arguments[0], depth);
                }
                return;
            case ClickHouseTypeKind.LowCardinality:
            case ClickHouseTypeKind.SimpleAggregateFunction:
                Skip(ref reader, type.Arguments[0], depth);
                return;
            case ClickHouseTypeKind.Array:
                SkipElements(ref reader, type, type.Arguments[0], depth);
                return;
            case ClickHouseTypeKind.Tuple:
                foreach (ClickHouseType element in type.Arguments)
                {
                    Skip(ref reader, element, depth);
                }
                return;
            case ClickHouseTypeKind.Map:
                {
                    int count = reader.ReadLength(type.ToString(), 2);
                    for (int i = 0; i < count; i++)
                    {
                        Skip(ref reader, type.Arguments[0], depth);
                        Skip(ref reader, type.Arguments[1], depth);
                    }
                    return;
                }
            case ClickHouseTypeKind.Nested:
                {
                    int count = reader.ReadLength(type.ToString());
                    for (int i = 0; i < count; i++)
                    {
                        foreach (ClickHouseType field in type.Arguments)
                        {
                            Skip(ref reader, field, depth);
                        }
                    }
                    return;
                }
            case ClickHouseTypeKind.Variant:
            case ClickHouseTypeKind.Geometry: // a Variant of the geo types, its arguments in discriminator order
                {
                    byte discriminator = reader.ReadVariantDiscriminator(type.Arguments.Count, type.ToString());
                    if (discriminator != ClickHouseVariantOrder.NullDiscriminator)
                    {
                        Skip(ref reader, type.Arguments[discriminator], depth);
                    }
                    return;
                }
            case ClickHouseTypeKind.Dynamic:
            case ClickHouseTypeKind.Json:
                ClickHouseValueCodec.ReadValue(ref reader, type, depth);
                return;
            case ClickHouseTypeKind.Ring:
            case ClickHouseTypeKind.LineString:
            case ClickHouseTypeKind.MultiPoint:
                reader.Skip(16L * reader.ReadLength(type.ToString(), 16), type.ToString());
                return;
            case ClickHouseTypeKind.Polygon:
            case ClickHouseTypeKind.MultiLineString:
                SkipLines(ref reader, type);
                return;
            case ClickHouseTypeKind.MultiPolygon:
                {
                    int count = reader.ReadLength(type.ToString());
                    for (int i = 0; i < count; i++)
                    {
                        SkipLines(ref reader, type);
                    }
                    return;
                }
            case ClickHouseTypeKind.QBit:
                {
                    int elementSize = type.Arguments[0].ByteSize;
                    int count = reader.ReadQBitLength(type.Dimension, type.ToString(), elementSize);
                    reader.Skip((long)count * elementSize, type.ToString());
                    return;
                }
            default:
                int size = type.ByteSize;
                if (size < 0)
                {
                    throw new RowBinaryException($"Skipping values of {type} is not supported.", reader.Offset, type.ToString());
                }
                reader.Skip(size, type.ToString());
                return;
        }
    }

    private static void SkipElements(ref RowBinaryReader reader, ClickHouseType arrayType, ClickHouseType element, int depth)
    {
        int size = element.Kind == ClickHouseTypeKind.Nothing ? -1 : element.ByteSize;
        // Elements of no bytes (Tuple()) still cost one: no count the data cannot back.
        int count = reader.ReadLength(arrayType.ToString(), size > 0 ? size : 1);
        if (size >= 0)
        {
            reader.Skip((long)count * size, arrayType.ToString());
            return;
        }
        for (int i = 0; i < count; i++)
        {
            Skip(ref reader, element, depth);
        }
    }

    private static void SkipLines(ref RowBinaryReader reader, ClickHouseType type)
    {
        int count = reader.ReadLength(type.ToString());
        for (int i = 0; i < count; i++)
        {
            reader.Skip(16L * reader.ReadLength(type.ToString(), 16), type.ToString());
        }
    }
}
