using System.Net;

namespace ClickHouse.RowBinary.Tests.Conformance;

/// <summary>
/// Every value of values.json through the paths that read a result without a row type: a column of that type, two
/// rows, answered by an in-memory server. The data reader's values are of the column's field type, and as
/// <see cref="ClickHouseDynamic"/> print as ClickHouse printed them; value lists and the scalar read the same bytes.
/// Two rows prove that each reader consumes exactly the value's bytes.
/// </summary>
public class NaturalReaderVectorTests
{
    [Theory]
    [MemberData(nameof(ValueVectorTests.VectorIndexes), MemberType = typeof(ValueVectorTests))]
    public async Task A_result_without_a_row_type_reads_the_vector(int index)
    {
        ValueVector vector = GoldenVectors.Values[index];
        ClickHouseType type = ClickHouseType.Parse(vector.Type);
        using ClickHouseClient client = Answering(vector);

        await using (ClickHouseDataReader reader = await client.ExecuteReaderAsync("SELECT v"))
        {
            Type fieldType = reader.GetFieldType(0);
            for (int row = 0; row < 2; row++)
            {
                Assert.True(await reader.ReadAsync(), $"{vector}: row {row} is missing");
                object value = GetValue(reader, vector);
                Assert.True(value is DBNull || fieldType.IsInstanceOfType(value), $"{vector}: GetValue gave {value.GetType()}, the field type is {fieldType}");
                ClickHouseDynamic dynamic = reader.GetFieldValue<ClickHouseDynamic>(0);
                Assert.Equal(vector.Text, Print(type, dynamic));
            }
            Assert.False(await reader.ReadAsync(), $"{vector}: a third row");
        }

        List<object?> values = await client.QueryValuesAsync<object?>("SELECT v");
        Assert.Equal(2, values.Count);
        Assert.Equal(values[0] is null, values[1] is null);
        ClickHouseDynamic scalar = await client.QueryScalarAsync<ClickHouseDynamic>("SELECT v");
        Assert.Equal(vector.Text, Print(type, scalar));
    }

    // A Dynamic or Variant column reads as the ClickHouseDynamic the codec gives; any other as its value inside one.
    private static string Print(ClickHouseType type, ClickHouseDynamic value)
        => ClickHouseText.Format(type, type.Kind is ClickHouseTypeKind.Dynamic or ClickHouseTypeKind.Variant ? value : value.Value);

    // A String that is not UTF-8 is the documented error of a string getter; its bytes read as byte[].
    private static object GetValue(ClickHouseDataReader reader, ValueVector vector)
    {
        try
        {
            return reader.GetValue(0);
        }
        catch (RowBinaryException e) when (e.Message.Contains("not valid UTF-8", StringComparison.Ordinal))
        {
            Assert.NotEmpty(reader.GetFieldValue<byte[]>(0));
            return reader.GetFieldType(0) == typeof(string) ? "" : throw new Xunit.Sdk.XunitException($"{vector}: {e.Message}");
        }
    }

    private static ClickHouseClient Answering(ValueVector vector)
    {
        var body = new MemoryStream();
        var writer = new BinaryWriter(body);
        writer.Write((byte)1);
        writer.Write("v");
        writer.Write(vector.Type);
        byte[] value = Convert.FromHexString(vector.Hex);
        writer.Write(value);
        writer.Write(value);
        writer.Flush();
        return new ClickHouseClient(
            new HttpClient(new FixedAnswer(body.ToArray())),
            new ClickHouseClientOptions { Endpoint = new Uri("http://in-memory-clickhouse:8123/") });
    }

    private sealed class FixedAnswer(byte[] body) : HttpMessageHandler
    {
        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
            => Task.FromResult(new HttpResponseMessage(HttpStatusCode.OK) { Content = new ByteArrayContent(body) });
    }
}
