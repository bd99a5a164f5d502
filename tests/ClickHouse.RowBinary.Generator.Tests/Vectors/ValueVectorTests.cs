using System.Text.Json;
using ClickHouse.RowBinary.Generator.Tests.Infrastructure;
using ClickHouse.RowBinary.Generator.Tests.Rows;

namespace ClickHouse.RowBinary.Generator.Tests.Vectors;

/// <summary>
/// Every vector of values.json through the generated code of single-column row types declared as a user would
/// (Rows/ValueVectorRows.cs): reading the bytes gives the value ClickHouse printed (every vector, composites, floats
/// and time zones included, rendered by the one shared ClickHouseText), and writing it back gives the same bytes.
/// </summary>
public class ValueVectorTests
{
    public static TheoryData<int, string, string, string, string> Vectors()
    {
        var data = new TheoryData<int, string, string, string, string>();
        using JsonDocument document = SharedFiles.LoadVector("values.json");
        int index = 0;
        foreach (JsonElement vector in document.RootElement.GetProperty("vectors").EnumerateArray())
        {
            data.Add(index++, vector.GetProperty("type").GetString()!, vector.GetProperty("expr").GetString()!, vector.GetProperty("hex").GetString()!, vector.GetProperty("text").GetString()!);
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(Vectors))]
    public void Vector_round_trips_through_every_row_type_that_maps_it(int index, string type, string expr, string hex, string text)
    {
        byte[] bytes = Convert.FromHexString(hex);
        ValueVectorCodec[] codecs = ValueVectorRows.All.Where(codec => codec.ClickHouseType == type).ToArray();
        Assert.NotEmpty(codecs);

        foreach (ValueVectorCodec codec in codecs)
        {
            if (codec.HoldsText && text.Contains('\uFFFD', StringComparison.Ordinal))
            {
                // Not UTF-8: reading it as text would lose bytes, so it is an error that says to map byte[].
                RowBinaryException error = Assert.Throws<RowBinaryException>(() => codec.Run(bytes));
                Assert.Contains("byte[]", error.Message, StringComparison.Ordinal);
                continue;
            }

            ValueVectorRoundTrip result = codec.Run(bytes);
            Assert.True(result.BytesRead == bytes.Length, $"{codec} (vector {index}, {expr}): read {result.BytesRead} of {bytes.Length} bytes.");
            Assert.True(hex == Convert.ToHexStringLower(result.Written), $"{codec} (vector {index}, {expr}): wrote {Convert.ToHexStringLower(result.Written)}, expected {hex}.");
            Assert.Equal(ClickHouseType.Parse(type).ToString(), Assert.Single(result.Schema.Columns).Type);
            string rendered = ClickHouseText.Format(type, result.Value);
            Assert.True(text == rendered, $"{codec} (vector {index}, {expr}): decoded {rendered}, ClickHouse printed {text}.");
        }
    }

    [Fact]
    public void Every_vector_type_has_a_row_type_and_every_row_type_a_vector()
    {
        using JsonDocument document = SharedFiles.LoadVector("values.json");
        var vectorTypes = document.RootElement.GetProperty("vectors").EnumerateArray().Select(v => v.GetProperty("type").GetString()!).ToHashSet();
        var rowTypes = ValueVectorRows.All.Select(codec => codec.ClickHouseType).ToHashSet();
        Assert.Empty(vectorTypes.Except(rowTypes));
        Assert.Empty(rowTypes.Except(vectorTypes));
    }
}
