using System.Buffers;
using ClickHouse.RowBinary.Generator.Tests.Hostile;
using ClickHouse.RowBinary.Generator.Tests.Rows;

namespace ClickHouse.RowBinary.Generator.Tests.Fuzz;

/// <summary>
/// A row type read through every public entry point of <see cref="RowBinarySerializer"/> (a span, a sequence of
/// segments, and a stream that hands out a few bytes at a time) and of <see cref="NativeSerializer"/> (a span, a
/// stream into a list, a stream row by row).
/// </summary>
internal sealed record RowTarget(string Name, IReadOnlyList<ClickHouseColumnInfo> Columns, Action<byte[], RowBinaryFormat, int> Read, Action<byte[], int> ReadNative)
{
    /// <summary>How many ways <see cref="Read"/> reads: span, sequence, stream.</summary>
    public const int Modes = 3;

    /// <summary>Every single-column row type of the value vectors (each type family, each C# mapping), the tables' row
    /// types, and the rows of the hostile-bytes tests.</summary>
    public static readonly RowTarget[] All =
    [
        For<UInt8Row>(),
        For<UInt16Row>(),
        For<UInt32Row>(),
        For<UInt64Row>(),
        For<UInt128Row>(),
        For<UInt256Row>(),
        For<Int8Row>(),
        For<Int16Row>(),
        For<Int32Row>(),
        For<Int64Row>(),
        For<Int128Row>(),
        For<Int256Row>(),
        For<Float32Row>(),
        For<Float64Row>(),
        For<BFloat16Row>(),
        For<BoolRow>(),
        For<StringRow>(),
        For<StringBytesRow>(),
        For<StringMemoryRow>(),
        For<FixedString1Row>(),
        For<FixedString1TextRow>(),
        For<FixedString8Row>(),
        For<FixedString8TextRow>(),
        For<DateRow>(),
        For<DateAsDateTimeRow>(),
        For<Date32Row>(),
        For<DateTimeRow>(),
        For<DateTimeOffsetRow>(),
        For<DateTimeTokyoRow>(),
        For<DateTime64P0Row>(),
        For<DateTime64P3Row>(),
        For<DateTime64P3RawRow>(),
        For<DateTime64P6AmsterdamRow>(),
        For<DateTime64P9RawRow>(),
        For<Decimal32Row>(),
        For<Decimal64Row>(),
        For<Decimal18Row>(),
        For<Decimal128Row>(),
        For<Decimal256Row>(),
        For<UuidRow>(),
        For<IPv4Row>(),
        For<IPv4NumberRow>(),
        For<IPv6Row>(),
        For<Enum8Row>(),
        For<Enum8LabelRow>(),
        For<Enum8NumberRow>(),
        For<Enum16Row>(),
        For<Enum16NumberRow>(),
        For<NullableUInt32Row>(),
        For<NullableStringRow>(),
        For<NullableDecimal64Row>(),
        For<LowCardinalityStringRow>(),
        For<LowCardinalityNullableStringRow>(),
        For<LowCardinalityFixedStringRow>(),
        For<ArrayUInt8Row>(),
        For<ArrayUInt8ListRow>(),
        For<ArrayStringRow>(),
        For<ArrayStringListRow>(),
        For<ArrayStringReadOnlyListRow>(),
        For<ArrayStringImmutableRow>(),
        For<ArrayNullableInt32Row>(),
        For<ArrayArrayUInt16Row>(),
        For<ArrayArrayUInt16ListsRow>(),
        For<ArrayLowCardinalityStringRow>(),
        For<TupleUInt8StringRow>(),
        For<TupleNamedRow>(),
        For<TupleNamedValueTupleRow>(),
        For<TupleOfTupleRow>(),
        For<MapStringUInt64Row>(),
        For<MapStringUInt64PairsRow>(),
        For<MapStringUInt64ReadOnlyRow>(),
        For<MapLowCardinalityRow>(),
        For<MapOfMapRow>(),
        For<VariantStringUInt64ArrayRow>(),
        For<VariantScalarsRow>(),
        For<DynamicRow>(),
        For<JsonTextRow>(),
        For<JsonTreeRow>(),
        For<PointRow>(),
        For<RingRow>(),
        For<LineStringRow>(),
        For<MultiLineStringRow>(),
        For<PolygonRow>(),
        For<MultiPolygonRow>(),
        For<TimeRow>(),
        For<Time64P3Row>(),
        For<Time64P6Row>(),
        For<IntervalSecondRow>(),
        For<IntervalSecondCountRow>(),
        For<IntervalDayRow>(),
        For<SimpleAggregateSumRow>(),
        For<SimpleAggregateAnyLastRow>(),
        For<NullableNothingRow>(),
        For<QBitFloat32Row>(),
        For<QBitFloat32ListRow>(),
        For<QBitFloat32ImmutableRow>(),
        For<QBitBFloat16Row>(),
        For<QBitFloat64Row>(),
        For<QBitFloat64ReadOnlyListRow>(),
        For<QBitInt8Row>(),
        For<QBitWithStrideRow>(),
        For<NullableQBitRow>(),
        For<ArrayQBitRow>(),
        For<MultiPointRow>(),
        For<GeometryRow>(),
        For<GeometryVariantRow>(),
        For<ArrayNothingRow>(),
        For<WebVisit>(),
        For<NestedTableRow>(),
        For<Event>(),
        For<VectorAndShape>(),
        For<HostileDynamicRow>(),
        For<HostileJsonTextRow>(),
        For<HostileJsonNodeRow>(),
        For<HostileJsonDocumentRow>(),
        For<HostileFixedStringRow>(),
        For<HostileQBitRow>(),
    ];

    public override string ToString() => Name;

    /// <summary>The RowBinaryWithNamesAndTypes header of the row type's own columns.</summary>
    public byte[] Header()
    {
        var header = new WireBytes().VarUInt((ulong)Columns.Count);
        foreach (ClickHouseColumnInfo column in Columns)
        {
            header.String(column.Name);
        }
        foreach (ClickHouseColumnInfo column in Columns)
        {
            header.String(column.Type);
        }
        return header.ToArray();
    }

    private static RowTarget For<T>() where T : IClickHouseRow<T>
        => new(typeof(T).Name, T.Schema.Columns, static (bytes, format, mode) =>
        {
            switch (mode)
            {
                case 0:
                    RowBinarySerializer.ReadList<T>(bytes, format);
                    break;
                case 1:
                    RowBinarySerializer.ReadList<T>(SegmentedSequence.InPieces(bytes, 3), format);
                    break;
                default:
                    RowBinarySerializer.ReadListAsync<T>(new OneByteStream(bytes, chunk: 1 + (bytes.Length % 7)), format).GetAwaiter().GetResult();
                    break;
            }
        }, static (bytes, mode) =>
        {
            switch (mode)
            {
                case 0:
                    NativeSerializer.ReadList<T>(bytes);
                    break;
                case 1:
                    NativeSerializer.ReadListAsync<T>(new OneByteStream(bytes, chunk: 1 + (bytes.Length % 7))).GetAwaiter().GetResult();
                    break;
                default:
                    ReadEach(NativeSerializer.ReadAsync<T>(new OneByteStream(bytes, chunk: 1 + (bytes.Length % 5)))).GetAwaiter().GetResult();
                    break;
            }
        });

    private static async Task ReadEach<T>(IAsyncEnumerable<T> rows)
    {
        await foreach (T _ in rows)
        {
        }
    }
}
