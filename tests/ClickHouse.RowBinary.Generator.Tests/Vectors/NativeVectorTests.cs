using System.Buffers;
using ClickHouse.RowBinary.Generator.Tests.Rows;

namespace ClickHouse.RowBinary.Generator.Tests.Vectors;

/// <summary>
/// Every value of values.json and every table of tables.json as ClickHouse 26.9 writes it in Native (native.json),
/// through the generated Native reader and writer of the row types that map it: reading gives the value ClickHouse
/// printed (for a table, the rows RowBinary gives), and writing it back gives ClickHouse's bytes.
/// </summary>
public class NativeVectorTests
{
    public static TheoryData<int> Values()
    {
        var data = new TheoryData<int>();
        for (int i = 0; i < NativeVectors.Values.Count; i++)
        {
            data.Add(i);
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(Values))]
    public void Value_reads_and_writes_as_ClickHouse_writes_it_in_Native(int index)
    {
        NativeVector vector = NativeVectors.Values[index];
        ValueVectorCodec[] codecs = ValueVectorRows.All.Where(codec => codec.ClickHouseType == vector.Type).ToArray();
        Assert.NotEmpty(codecs);
        string text = ClickHouseTextOf(index);
        foreach (ValueVectorCodec codec in codecs)
        {
            if (codec.HoldsText && text.Contains('\uFFFD', StringComparison.Ordinal))
            {
                RowBinaryException error = Assert.Throws<RowBinaryException>(() => codec.RunNative(vector.Sent));
                Assert.Contains("byte[]", error.Message, StringComparison.Ordinal);
                continue;
            }
            ValueVectorRoundTrip result = codec.RunNative(vector.Sent);
            string rendered = ClickHouseText.Format(vector.Type, result.Value);
            Assert.True(text == rendered, $"{codec} ({vector}): decoded {rendered}, ClickHouse printed {text}.");
            Assert.True(Convert.ToHexStringLower(vector.Written) == Convert.ToHexStringLower(result.Written),
                $"{codec} ({vector}): wrote{Environment.NewLine}  {Convert.ToHexStringLower(result.Written)}, ClickHouse wrote{Environment.NewLine}  {Convert.ToHexStringLower(vector.Written)}");
        }
    }

    [Fact]
    public void Web_visits_read_and_write_as_ClickHouse_writes_them_in_Native()
        => AssertTable<WebVisit>("web_visits", (left, right) => Assert.Equal(left, right));

    [Fact]
    public void Nested_columns_read_and_write_as_flattened_arrays_in_Native()
        => AssertTable<NestedTableRow>("nested_flattened", (left, right) =>
        {
            Assert.Equal(left.Id, right.Id);
            Assert.Equal(left.N, right.N);
        });

    [Fact]
    public void Events_read_and_write_as_ClickHouse_writes_them_in_Native()
        => AssertTable<Event>("events", (left, right) =>
        {
            Assert.Equal(left.Id, right.Id);
            Assert.Equal(left.Timestamp, right.Timestamp);
            Assert.Equal(left.UserId, right.UserId);
            Assert.Equal(left.Kind, right.Kind);
            Assert.Equal(left.Tags, right.Tags);
            Assert.Equal(left.Properties, right.Properties);
            Assert.Equal(left.Amount, right.Amount);
            Assert.Equal(left.Ip, right.Ip);
            Assert.Equal(left.Flag, right.Flag);
        });

    [Fact]
    public void Native_vectors_are_the_values_and_tables_of_the_other_vector_files()
    {
        using System.Text.Json.JsonDocument values = SharedFiles.LoadVector("values.json");
        Assert.Equal(
            values.RootElement.GetProperty("vectors").EnumerateArray().Select(v => (v.GetProperty("type").GetString(), v.GetProperty("expr").GetString())),
            NativeVectors.Values.Select(v => ((string?)v.Type, (string?)v.Expression)));
        Assert.Equal(TableVectors.All.Select(t => t.Name), NativeVectors.Tables.Select(t => t.Name));
    }

    /// <summary>Reads the table's Native bytes into the rows its RowBinary bytes give, and writes them back to ClickHouse's bytes.</summary>
    private static void AssertTable<T>(string table, Action<T, T> assertEqual)
        where T : IClickHouseRow<T>
    {
        NativeVector native = NativeVectors.Table(table);
        List<T> expected = RowBinarySerializer.ReadList<T>(TableVectors.RowBinary(table), RowBinaryFormat.RowBinary);
        List<T> actual = NativeSerializer.ReadList<T>(native.Sent);
        Assert.Equal(expected.Count, actual.Count);
        for (int i = 0; i < expected.Count; i++)
        {
            assertEqual(expected[i], actual[i]);
        }
        var buffer = new ArrayBufferWriter<byte>();
        NativeSerializer.Write(buffer, expected);
        Assert.Equal(Convert.ToHexStringLower(native.Written), Convert.ToHexStringLower(buffer.WrittenSpan));
    }

    private static string ClickHouseTextOf(int index)
    {
        using System.Text.Json.JsonDocument values = SharedFiles.LoadVector("values.json");
        return values.RootElement.GetProperty("vectors")[index].GetProperty("text").GetString()!;
    }
}
