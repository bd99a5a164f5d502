using System.Text.Json;
using ClickHouse.RowBinary.Tests.Oracle;
using ClickHouse.RowBinary.Tests.Serialization.Rows;

namespace ClickHouse.RowBinary.Tests.Serialization;

/// <summary>ClickHouse 26.9 itself (the offline oracle) accepts what the serializer writes, and writes what it reads.</summary>
public class OracleTests
{
    private const string TickStructure = "id UInt64, at DateTime('UTC'), value Nullable(Float64), status Enum8('ok' = 1, 'failed' = 2), label String DEFAULT 'server default'";

    [OracleFact]
    public async Task ClickHouse_ParsesWhatWriteAsyncWrites_InEveryFormat()
    {
        Tick[] ticks = [TickRows.Create(0) with { Label = "zero" }, TickRows.Create(1) with { Label = "ünïcödé" }, TickRows.Create(2) with { Label = "" }];
        string[] expected =
        [
            """{"id":0,"at":"2025-01-01 00:00:00","value":null,"status":"failed","label":"zero"}""",
            """{"id":1,"at":"2025-01-01 00:00:01","value":0.5,"status":"ok","label":"ünïcödé"}""",
            """{"id":2,"at":"2025-01-01 00:00:02","value":1,"status":"ok","label":""}""",
        ];

        foreach (RowBinaryFormat format in new[] { RowBinaryFormat.RowBinary, RowBinaryFormat.RowBinaryWithNamesAndTypes, RowBinaryFormat.RowBinaryWithDefaults })
        {
            using var stream = new MemoryStream();
            await RowBinarySerializer.WriteAsync(stream, ticks, format);

            string[] rows = OracleProcess.Parse(TickStructure, format.ToString(), stream.ToArray());

            // UseServerDefault sends the C# default (null or empty) as "use the default": row 2's "" becomes the table's.
            string[] expectedInFormat = format == RowBinaryFormat.RowBinaryWithDefaults
                ? [expected[0], expected[1], expected[2].Replace("\"label\":\"\"", "\"label\":\"server default\"", StringComparison.Ordinal)]
                : expected;
            Assert.Equal(expectedInFormat, rows);
        }
    }

    [OracleFact]
    public void ClickHouse_FillsTheDefaultForALabelLeftToTheServer()
    {
        using var stream = new MemoryStream();
        RowBinarySerializer.WriteAsync(stream, [TickRows.Create(4) with { Label = null }], RowBinaryFormat.RowBinaryWithDefaults).GetAwaiter().GetResult();

        string[] rows = OracleProcess.Parse(TickStructure, "RowBinaryWithDefaults", stream.ToArray());

        Assert.Equal("server default", JsonDocument.Parse(Assert.Single(rows)).RootElement.GetProperty("label").GetString());
    }

    [OracleFact]
    public void ReadList_ClickHouseOutputWithReorderedColumnsAndLowCardinality_GivesTheRows()
    {
        byte[] data = OracleProcess.Query(
            "SELECT toLowCardinality('') AS label, CAST(if(number % 3 = 0, 'failed', 'ok') AS Enum8('ok' = 1, 'failed' = 2)) AS status, " +
            "if(number % 7 = 0, NULL, number * 0.5) AS value, number AS id, toDateTime('2025-01-01 00:00:00', 'UTC') + number AS at FROM numbers(1000)",
            "RowBinaryWithNamesAndTypes");

        List<Tick> rows = RowBinarySerializer.ReadList<Tick>(data, RowBinaryFormat.RowBinaryWithNamesAndTypes);

        Assert.Equal(TickRows.Sequence(1000), rows);
    }

    [OracleFact]
    public void ReadList_ClickHouseOutputWithAnotherDateTimePrecision_IsAMismatch()
    {
        byte[] data = OracleProcess.Query(
            "SELECT toDateTime64('2025-03-01 10:00:00', 6, 'UTC') AS ts",
            "RowBinaryWithNamesAndTypes");

        var exception = Assert.Throws<RowBinarySchemaMismatchException>(() => RowBinarySerializer.ReadList<Event>(data, RowBinaryFormat.RowBinaryWithNamesAndTypes));

        Assert.Contains("Column 'ts': Event.Ts expects DateTime64(3, 'UTC'), but the data has DateTime64(6, 'UTC').", exception.Message, StringComparison.Ordinal);
        Assert.Equal(9, exception.Mismatches.Count);
    }
}
