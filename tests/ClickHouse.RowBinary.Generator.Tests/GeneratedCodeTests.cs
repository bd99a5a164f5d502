using System.Buffers;
using ClickHouse.RowBinary.Generator.Tests.Rows;

namespace ClickHouse.RowBinary.Generator.Tests;

/// <summary>What the generated code does beyond the vectors: columns in header order, defaults, and bad input.</summary>
public class GeneratedCodeTests
{
    private static readonly WebVisit[] s_visits =
    [
        new(new DateOnly(2025, 1, 1), "https://example.com/a", 1, 2, 3, 4, 5),
        new(new DateOnly(2025, 1, 2), "https://example.com/b", 65535, 255, 0, 7, ulong.MaxValue),
    ];

    [Fact]
    public void Columns_in_another_order_are_read_by_name_from_the_header()
    {
        // The header lists the columns in reverse, and each row follows it.
        string[] names = ["visits", "os_id", "device_id", "browser_id", "country_id", "page_url", "day"];
        string[] types = ["UInt64", "UInt8", "UInt8", "UInt8", "UInt16", "String", "Date"];
        byte[] data = Encode((ref RowBinaryWriter writer) =>
        {
            writer.WriteLength(names.Length);
            foreach (string name in names.Concat(types))
            {
                writer.WriteString(name);
            }
            foreach (WebVisit visit in s_visits)
            {
                writer.WriteUInt64(visit.Visits);
                writer.WriteUInt8(visit.OsId);
                writer.WriteUInt8(visit.DeviceId);
                writer.WriteUInt8(visit.BrowserId);
                writer.WriteUInt16(visit.CountryId);
                writer.WriteString(visit.PageUrl);
                writer.WriteDate(visit.Day);
            }
        });

        Assert.Equal(s_visits, RowBinarySerializer.ReadList<WebVisit>(data, RowBinaryFormat.RowBinaryWithNamesAndTypes));
    }

    [Fact]
    public void Read_with_a_column_order_fills_every_member_from_its_column()
    {
        byte[] data = Encode((ref RowBinaryWriter writer) =>
        {
            writer.WriteString(s_visits[1].PageUrl);
            writer.WriteUInt64(s_visits[1].Visits);
            writer.WriteDate(s_visits[1].Day);
            writer.WriteUInt8(s_visits[1].OsId);
            writer.WriteUInt8(s_visits[1].DeviceId);
            writer.WriteUInt8(s_visits[1].BrowserId);
            writer.WriteUInt16(s_visits[1].CountryId);
        });
        var reader = new RowBinaryReader(data);

        WebVisit visit = ReadInOrder<WebVisit>(ref reader, [1, 6, 0, 5, 4, 3, 2]);

        Assert.Equal(s_visits[1], visit);
        Assert.True(reader.IsEnd);
    }

    [Fact]
    public void A_column_order_naming_no_column_is_an_error()
    {
        var exception = Assert.Throws<ArgumentOutOfRangeException>(() =>
        {
            var reader = new RowBinaryReader(new byte[16]);
            ReadInOrder<WebVisit>(ref reader, [7]);
        });
        Assert.Contains("column 7", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Nested_arrays_of_different_lengths_are_an_error_naming_both_columns()
    {
        byte[] data = Encode((ref RowBinaryWriter writer) =>
        {
            writer.WriteUInt32(1);
            writer.WriteLength(2);
            writer.WriteUInt8(1);
            writer.WriteUInt8(2);
            writer.WriteLength(1);
            writer.WriteString("x");
        });

        var exception = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.ReadList<NestedTableRow>(data, RowBinaryFormat.RowBinary));

        Assert.Equal("n.b", exception.Column);
        Assert.Equal(0, exception.Row);
        Assert.Contains("'n.b' has 1 elements but 'n.a' has 2", exception.Message, StringComparison.Ordinal);
        Assert.Equal("Nested(a UInt8, b String)", exception.ClickHouseType);
    }

    [Fact]
    public void Writing_a_Nested_column_writes_one_array_per_field()
    {
        var row = new NestedTableRow { Id = 7, N = [new NestedPair(1, "x"), new NestedPair(2, "yz")] };

        byte[] written = Encode((ref RowBinaryWriter writer) => WriteRow(ref writer, row));

        Assert.Equal("07000000" + "02" + "0102" + "02" + "0178" + "02797a", Convert.ToHexStringLower(written));
    }

    [Fact]
    public void An_enum_value_outside_the_declared_labels_is_an_error_both_ways()
    {
        var read = Assert.Throws<RowBinaryException>(() => ValueVectorCodec.RoundTrip<Enum8Row>([0x05]));
        Assert.Contains("Enum8('a' = -128, 'b' = 0, 'c' = 127)", read.Message, StringComparison.Ordinal);
        Assert.Contains("5 is not one of its values", read.Message, StringComparison.Ordinal);
        Assert.Equal(0, read.Offset);

        var write = Assert.Throws<RowBinaryException>(() => Encode((ref RowBinaryWriter writer) => WriteRow(ref writer, new Enum8Row((Letter)5))));
        Assert.Contains("'5' is not one of the values of Enum8", write.Message, StringComparison.Ordinal);

        var label = Assert.Throws<RowBinaryException>(() => Encode((ref RowBinaryWriter writer) => WriteRow(ref writer, new Enum8LabelRow("d"))));
        Assert.Contains("'d' is not one of the values", label.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void An_unknown_variant_discriminator_is_an_error()
    {
        var exception = Assert.Throws<RowBinaryException>(() => ValueVectorCodec.RoundTrip<VariantStringUInt64ArrayRow>([0x07]));
        Assert.Contains("the discriminator 7 names no variant type", exception.Message, StringComparison.Ordinal);
        Assert.Equal("Variant(Array(UInt8), String, UInt64)", exception.ClickHouseType);
    }

    [Fact]
    public void Variant_arms_are_written_with_the_discriminator_of_their_type_in_name_order()
    {
        byte[] array = Encode((ref RowBinaryWriter writer) => WriteRow(ref writer, new VariantStringUInt64ArrayRow(ClickHouseVariant<string, ulong, byte[]>.From2([1, 2]))));
        byte[] text = Encode((ref RowBinaryWriter writer) => WriteRow(ref writer, new VariantStringUInt64ArrayRow("str")));
        byte[] none = Encode((ref RowBinaryWriter writer) => WriteRow(ref writer, new VariantStringUInt64ArrayRow(ClickHouseVariant<string, ulong, byte[]>.Null)));

        Assert.Equal("00020102", Convert.ToHexStringLower(array));
        Assert.Equal("0103737472", Convert.ToHexStringLower(text));
        Assert.Equal("ff", Convert.ToHexStringLower(none));
    }

    [Fact]
    public void A_repeated_map_key_is_kept_by_a_list_and_an_error_for_a_dictionary()
    {
        byte[] repeated = Encode((ref RowBinaryWriter writer) =>
        {
            writer.WriteLength(2);
            writer.WriteString("k");
            writer.WriteUInt8(1);
            writer.WriteString("k");
            writer.WriteUInt8(2);
        });
        byte[] data = [.. repeated, .. repeated];

        var exception = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.ReadList<MapRows>(data, RowBinaryFormat.RowBinary));

        Assert.Equal("map", exception.Column);
        Assert.Contains("the key 'k' appears more than once", exception.Message, StringComparison.Ordinal);
        Assert.Contains("List<KeyValuePair<TKey, TValue>>", exception.Message, StringComparison.Ordinal);
        var pairsOnly = new RowBinaryReader(repeated);
        Assert.Equal([new("k", 1), new("k", 2)], ReadInOrder<MapRows>(ref pairsOnly, [0]).Pairs);
    }

    [Fact]
    public void A_null_collection_is_an_error_naming_the_column_and_row_not_an_empty_array()
    {
        var rows = new[] { new Event { Kind = "a" }, new Event { Kind = "b", Tags = null! } };

        var exception = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.Write(new ArrayBufferWriter<byte>(), rows));

        Assert.Equal("tags", exception.Column);
        Assert.Equal(1, exception.Row);
        Assert.Contains("A null value cannot be written as Array(String)", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void With_defaults_a_marker_byte_precedes_each_column_and_1_asks_for_the_server_default()
    {
        byte[] defaults = Encode((ref RowBinaryWriter writer) => WriteRowWithDefaults(ref writer, new Defaults { Id = 5 }));
        byte[] values = Encode((ref RowBinaryWriter writer) => WriteRowWithDefaults(ref writer, new Defaults { Id = 5, Name = "n", Score = -1, Tags = ["t"] }));

        Assert.Equal("00" + "05000000" + "01" + "01" + "01", Convert.ToHexStringLower(defaults));
        Assert.Equal("00" + "05000000" + "00" + "00016e" + "00" + "ffffffff" + "00" + "010174", Convert.ToHexStringLower(values));
    }

    [Fact]
    public void Without_defaults_columns_that_may_defer_to_the_server_write_their_values_even_when_empty()
    {
        byte[] written = Encode((ref RowBinaryWriter writer) => WriteRow(ref writer, new Defaults { Id = 5, Name = "", Score = 0, Tags = [] }));

        Assert.Equal("05000000" + "0000" + "00000000" + "00", Convert.ToHexStringLower(written));
    }

    [Fact]
    public void A_struct_is_built_through_its_constructor_and_its_settable_members()
    {
        var reading = new Reading(3, "temperature") { Count = 12, Status = Letter.c };

        byte[] written = Encode((ref RowBinaryWriter writer) => WriteRow(ref writer, reading));
        var reader = new RowBinaryReader(written);
        Reading read = ReadRow<Reading>(ref reader);

        Assert.Equal((3, "temperature", 12L, Letter.c), (read.Event, read.Label, read.Count, read.Status));
        Assert.Equal(["event", "label", "count", "status"], SchemaOf<Reading>().Columns.Select(c => c.Name));
    }

    [Fact]
    public void A_TimeSpan_interval_that_is_not_a_whole_number_of_units_is_an_error()
    {
        var exception = Assert.Throws<RowBinaryException>(() => Encode((ref RowBinaryWriter writer) => WriteRow(ref writer, new IntervalSecondRow(TimeSpan.FromMilliseconds(1500)))));
        Assert.Contains("not a whole number of units of IntervalSecond", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_value_in_an_always_NULL_column_is_an_error()
    {
        Assert.Throws<RowBinaryException>(() => Encode((ref RowBinaryWriter writer) => WriteRow(ref writer, new NullableNothingRow(1))));
        var read = Assert.Throws<RowBinaryException>(() => ValueVectorCodec.RoundTrip<NullableNothingRow>([0x00]));
        Assert.Contains("holds only NULL", read.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void The_schema_lists_the_columns_in_order_with_canonical_types_and_the_members()
    {
        ClickHouseRowSchema schema = SchemaOf<Event>();

        Assert.Equal("Event", schema.RowTypeName);
        Assert.Equal(
            ["id UUID Id", "ts DateTime64(3, 'UTC') Timestamp", "user_id Nullable(UInt64) UserId", "kind LowCardinality(String) Kind", "tags Array(String) Tags",
             "props Map(String, String) Properties", "amount Decimal(18, 4) Amount", "ip IPv6 Ip", "flag Bool Flag"],
            schema.Columns.Select(c => $"{c.Name} {c.Type} {c.MemberName}"));
        Assert.Equal("(`id`, `n.a`, `n.b`)", SchemaOf<NestedTableRow>().ColumnList);
    }

    private delegate void WriteAction(ref RowBinaryWriter writer);

    private static byte[] Encode(WriteAction write)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(buffer);
        write(ref writer);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    private static void WriteRow<T>(ref RowBinaryWriter writer, T row) where T : IClickHouseRow<T> => T.Write(ref writer, row);

    private static void WriteRowWithDefaults<T>(ref RowBinaryWriter writer, T row) where T : IClickHouseRow<T> => T.WriteWithDefaults(ref writer, row);

    private static T ReadRow<T>(ref RowBinaryReader reader) where T : IClickHouseRow<T> => T.Read(ref reader);

    private static T ReadInOrder<T>(ref RowBinaryReader reader, int[] columnOrder) where T : IClickHouseRow<T> => T.Read(ref reader, columnOrder);

    private static ClickHouseRowSchema SchemaOf<T>() where T : IClickHouseRow<T> => T.Schema;
}
