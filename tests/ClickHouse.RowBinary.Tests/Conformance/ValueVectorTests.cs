using System.Buffers;
using Xunit.Abstractions;
using ClickHouse.RowBinary.Types;

namespace ClickHouse.RowBinary.Tests.Conformance;

/// <summary>
/// Every value of values.json both ways: decoding the bytes gives the value ClickHouse printed (compared through
/// toString()'s rendering), consumes every byte, and encoding that value gives the bytes exactly.
/// </summary>
public class ValueVectorTests(ITestOutputHelper output)
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
    public void All_value_vectors_pass()
    {
        IReadOnlyList<ValueVector> vectors = GoldenVectors.Values;
        var failures = new List<string>();
        foreach (ValueVector vector in vectors)
        {
            string? failure = Check(vector);
            if (failure is not null)
            {
                failures.Add($"{vector}: {failure}");
            }
        }
        string summary = $"values: {vectors.Count - failures.Count}/{vectors.Count} passed";
        output.WriteLine(summary);
        Console.WriteLine(summary);
        foreach (string failure in failures)
        {
            output.WriteLine(failure);
        }
        Assert.Equal(GoldenVectors.ExpectedValueCount, vectors.Count);
        Assert.True(failures.Count == 0, summary + Environment.NewLine + string.Join(Environment.NewLine, failures));
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
