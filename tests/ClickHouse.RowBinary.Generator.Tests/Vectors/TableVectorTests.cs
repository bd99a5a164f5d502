using System.Buffers;
using System.Globalization;
using System.Net;
using System.Text.Json;
using ClickHouse.RowBinary.Generator.Tests.Infrastructure;
using ClickHouse.RowBinary.Generator.Tests.Rows;

namespace ClickHouse.RowBinary.Generator.Tests.Vectors;

/// <summary>
/// The four tables of tables.json through the generated code of row types declared as a user would
/// (Rows/TableRows.cs): RowBinarySerializer reads both encodings into the rows ClickHouse printed, and writes the
/// rows back to exactly the bytes ClickHouse sent, header included.
/// </summary>
public class TableVectorTests
{
    [Fact]
    public void Web_visits_read_and_write_as_ClickHouse_sends_them()
    {
        TableVector table = TableVectors.Get("web_visits");
        List<WebVisit> expected = table.Rows.Select(row => new WebVisit(
            DateOnly.ParseExact(row.GetProperty("day").GetString()!, "yyyy-MM-dd", CultureInfo.InvariantCulture),
            row.GetProperty("page_url").GetString()!,
            row.GetProperty("country_id").GetUInt16(),
            row.GetProperty("browser_id").GetByte(),
            row.GetProperty("device_id").GetByte(),
            row.GetProperty("os_id").GetByte(),
            row.GetProperty("visits").GetUInt64())).ToList();

        AssertTable(table, expected, (left, right) => Assert.Equal(left, right));
    }

    [Fact]
    public void Nested_columns_read_and_write_as_flattened_arrays()
    {
        TableVector table = TableVectors.Get("nested_flattened");
        List<NestedTableRow> expected = table.Rows.Select(row => new NestedTableRow
        {
            Id = row.GetProperty("id").GetUInt32(),
            N = row.GetProperty("n.a").EnumerateArray().Zip(row.GetProperty("n.b").EnumerateArray(), (a, b) => new NestedPair(a.GetByte(), b.GetString()!)).ToList(),
        }).ToList();

        AssertTable(table, expected, (left, right) =>
        {
            Assert.Equal(left.Id, right.Id);
            Assert.Equal(left.N, right.N);
        });
    }

    [Fact]
    public void Events_read_and_write_as_ClickHouse_sends_them()
    {
        TableVector table = TableVectors.Get("events");
        List<Event> expected = table.Rows.Select(row => new Event
        {
            Id = Guid.Parse(row.GetProperty("id").GetString()!),
            Timestamp = DateTime.SpecifyKind(DateTime.ParseExact(row.GetProperty("ts").GetString()!, "yyyy-MM-dd HH:mm:ss.fff", CultureInfo.InvariantCulture), DateTimeKind.Utc),
            UserId = row.GetProperty("user_id").ValueKind == JsonValueKind.Null ? null : row.GetProperty("user_id").GetUInt64(),
            Kind = row.GetProperty("kind").GetString()!,
            Tags = row.GetProperty("tags").EnumerateArray().Select(tag => tag.GetString()!).ToList(),
            Properties = row.GetProperty("props").EnumerateObject().ToDictionary(p => p.Name, p => p.Value.GetString()!),
            Amount = row.GetProperty("amount").GetDecimal(),
            Ip = IPAddress.Parse(row.GetProperty("ip").GetString()!),
            Flag = row.GetProperty("flag").GetBoolean(),
        }).ToList();

        AssertTable(table, expected, (left, right) =>
        {
            Assert.Equal(left.Id, right.Id);
            Assert.Equal(left.Timestamp, right.Timestamp);
            Assert.Equal(DateTimeKind.Utc, right.Timestamp.Kind);
            Assert.Equal(left.UserId, right.UserId);
            Assert.Equal(left.Kind, right.Kind);
            Assert.Equal(left.Tags, right.Tags);
            Assert.Equal(left.Properties, right.Properties);
            Assert.Equal(left.Amount, right.Amount);
            Assert.Equal(left.Ip, right.Ip);
            Assert.Equal(left.Flag, right.Flag);
        });
    }

    [Fact]
    public void Vectors_and_shapes_read_and_write_as_ClickHouse_sends_them()
    {
        TableVector table = TableVectors.Get("vectors_and_shapes");
        // JSON does not say which geo type a shape is: the table's SELECT made NULL, a Point, a LineString, a Polygon.
        Func<JsonElement, ClickHouseGeometry>[] shapes =
        [
            _ => ClickHouseGeometry.Null,
            json => ClickHouseGeometry.FromPoint(Point(json)),
            json => ClickHouseGeometry.FromLineString(Points(json)),
            json => ClickHouseGeometry.FromPolygon([.. json.EnumerateArray().Select(Points)]),
        ];
        List<VectorAndShape> expected = table.Rows.Select((row, i) => new VectorAndShape(
            row.GetProperty("id").GetUInt32(),
            [.. row.GetProperty("embedding").EnumerateArray().Select(x => x.GetSingle())],
            Points(row.GetProperty("stops")),
            shapes[i](row.GetProperty("shape")))).ToList();

        AssertTable(table, expected, (left, right) =>
        {
            Assert.Equal(left.Id, right.Id);
            Assert.Equal(left.Embedding, right.Embedding);
            Assert.Equal(left.Stops, right.Stops);
            Assert.Equal(left.Shape, right.Shape);
            Assert.Equal(left.Shape.Kind, right.Shape.Kind);
        });

        static (double X, double Y) Point(JsonElement json) => (json[0].GetDouble(), json[1].GetDouble());

        static (double X, double Y)[] Points(JsonElement json) => [.. json.EnumerateArray().Select(Point)];
    }

    /// <summary>
    /// Reads both encodings (the header is checked against the generated schema) and compares with the rows
    /// ClickHouse printed; writes those rows in both formats and compares with ClickHouse's bytes.
    /// </summary>
    private static void AssertTable<T>(TableVector table, List<T> expected, Action<T, T> assertEqual)
        where T : IClickHouseRow<T>
    {
        byte[] rowBinary = table.RowBinary;
        byte[] withNamesAndTypes = table.WithNamesAndTypes;

        foreach ((byte[] data, RowBinaryFormat format) in new[] { (rowBinary, RowBinaryFormat.RowBinary), (withNamesAndTypes, RowBinaryFormat.RowBinaryWithNamesAndTypes) })
        {
            List<T> actual = RowBinarySerializer.ReadList<T>(data, format);
            Assert.Equal(expected.Count, actual.Count);
            for (int i = 0; i < expected.Count; i++)
            {
                assertEqual(expected[i], actual[i]);
            }
        }

        Assert.Equal(Convert.ToHexStringLower(rowBinary), Convert.ToHexStringLower(Write(expected, RowBinaryFormat.RowBinary)));
        Assert.Equal(Convert.ToHexStringLower(withNamesAndTypes), Convert.ToHexStringLower(Write(expected, RowBinaryFormat.RowBinaryWithNamesAndTypes)));
    }

    private static byte[] Write<T>(List<T> rows, RowBinaryFormat format)
        where T : IClickHouseRow<T>
    {
        var buffer = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(buffer, rows, format);
        return buffer.WrittenSpan.ToArray();
    }

}
