using System.Buffers;

namespace ClickHouse.RowBinary.Tests.Conformance;

/// <summary>
/// Every value of values.json both ways: decoding the bytes gives the value ClickHouse printed (compared through
/// toString()'s rendering), consumes every byte, and encoding that value gives the bytes exactly.
/// </summary>
public class ValueVectorTests
{
    public static TheoryData<int> VectorIndexes()
    {
        var data = new TheoryData<int>();
        for (int i = 0; i < GoldenVectors.Values.Count; i++)
        {
            data.Add(i);
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(VectorIndexes))]
    public void Vector_decodes_to_the_printed_value_and_encodes_to_the_same_bytes(int index)
    {
        ValueVector vector = GoldenVectors.Values[index];
        string? failure = Check(vector);
        Assert.True(failure is null, $"{vector}: {failure}");
    }

    [Fact]
    public void The_theory_covers_every_vector_of_values_json()
    {
        Assert.Equal(GoldenVectors.ExpectedValueCount, VectorIndexes().Count);
    }

    /// <summary>Null when the vector holds both ways, else what went wrong.</summary>
    internal static string? Check(ValueVector vector)
    {
        ClickHouseType type = ClickHouseType.Parse(vector.Type);
        byte[] bytes = Convert.FromHexString(vector.Hex);

        var reader = new RowBinaryReader(bytes);
        object? value;
        try
        {
            value = ClickHouseValueCodec.Read(ref reader, type);
        }
        catch (RowBinaryException e)
        {
            return "decoding failed: " + e.Message;
        }
        if (!reader.IsEnd)
        {
            return $"decoding left {reader.Remaining} of {bytes.Length} bytes unread";
        }

        string text = ClickHouseText.Format(type, value);
        if (text != vector.Text)
        {
            return $"decoded value prints as \"{text}\", ClickHouse printed \"{vector.Text}\"";
        }

        var buffer = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(buffer);
        try
        {
            ClickHouseValueCodec.Write(ref writer, type, value);
        }
        catch (RowBinaryException e)
        {
            return "encoding failed: " + e.Message;
        }
        writer.Flush();
        string encoded = Convert.ToHexString(buffer.WrittenSpan).ToLowerInvariant();
        return encoded == vector.Hex ? null : $"encoded as {encoded}, ClickHouse wrote {vector.Hex}";
    }
}
