using System.Text.Json;
using ClickHouse.RowBinary.Generator.Tests.Infrastructure;
using ClickHouse.RowBinary.Generator.Tests.Rows;
using ClickHouse.RowBinary.Types;

namespace ClickHouse.RowBinary.Generator.Tests.Vectors;

/// <summary>
/// Every vector of values.json through the generated code of single-column row types declared as a user would
/// (Rows/ValueVectorRows.cs): reading the bytes gives the value ClickHouse printed, and writing it back gives the
/// same bytes.
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
            if (ClickHouseText.Format(result.Value, type) is string rendered)
            {
                Assert.True(text == rendered, $"{codec} (vector {index}, {expr}): decoded {rendered}, ClickHouse printed {text}.");
            }
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

public class ValueVectorCoverageTests
{
    /// <summary>Guards the value check above against a formatter that quietly renders nothing.</summary>
    [Fact]
    public void Scalar_vectors_are_compared_with_the_text_ClickHouse_printed()
    {
        using JsonDocument document = SharedFiles.LoadVector("values.json");
        var checkedTypes = new SortedSet<string>(StringComparer.Ordinal);
        foreach (JsonElement vector in document.RootElement.GetProperty("vectors").EnumerateArray())
        {
            string type = vector.GetProperty("type").GetString()!;
            string text = vector.GetProperty("text").GetString()!;
            foreach (ValueVectorCodec codec in ValueVectorRows.All.Where(c => c.ClickHouseType == type && !(c.HoldsText && text.Contains('\uFFFD', StringComparison.Ordinal))))
            {
                if (ClickHouseText.Format(codec.Run(Convert.FromHexString(vector.GetProperty("hex").GetString()!)).Value, type) is not null)
                {
                    checkedTypes.Add(type);
                }
            }
        }
        string[] expected =
        [
            "UInt8", "UInt64", "UInt128", "UInt256", "Int8", "Int128", "Int256", "Bool", "String", "FixedString(8)", "Date", "Date32",
            "DateTime", "DateTime64(3, 'UTC')", "Decimal32(2)", "Decimal128(10)", "Decimal256(20)", "UUID", "IPv4", "IPv6",
            "Enum8('a' = -128, 'b' = 0, 'c' = 127)", "Enum16('x' = -32768, 'y' = 1000)", "Nullable(UInt32)", "Nullable(String)",
            "Nullable(Decimal64(3))", "LowCardinality(String)", "LowCardinality(Nullable(String))", "Time", "Time64(3)", "Time64(6)",
            "IntervalSecond", "IntervalDay", "SimpleAggregateFunction(sum, UInt64)", "Nullable(Nothing)",
        ];
        Assert.Empty(expected.Except(checkedTypes));
    }
}
