using System.Buffers;
using ClickHouse.RowBinary.Tests.Serialization.Rows;
using ClickHouse.RowBinary.Tests.Serialization.Streams;

namespace ClickHouse.RowBinary.Tests.Serialization;

/// <summary>RowBinaryWithNamesAndTypes headers checked against the row type: by name, in any order, with types that give the same bytes.</summary>
public class HeaderCheckTests
{
    private static readonly byte[] WebVisitRows = TableVectors.RowBinary("web_visits");

    [Fact]
    public void MissingColumn_IsAMismatchNamingColumnTypeAndFix()
    {
        var columns = HeaderBytes.ColumnsOf(ClickHouseRowSchema.Of<WebVisit>()).Where(c => c.Name != "visits");
        byte[] data = HeaderBytes.With(columns);

        var exception = Assert.Throws<RowBinarySchemaMismatchException>(() => RowBinarySerializer.ReadList<WebVisit>(data, RowBinaryFormat.RowBinaryWithNamesAndTypes));

        RowBinaryColumnMismatch mismatch = Assert.Single(exception.Mismatches);
        Assert.Equal(new RowBinaryColumnMismatch("visits", RowBinaryColumnMismatchKind.MissingFromData, "UInt64", null, mismatch.Description), mismatch);
        Assert.Contains("Column 'visits' (UInt64) of WebVisit.Visits is not in the data", exception.Message, StringComparison.Ordinal);
        Assert.Contains("Add it to the query's column list, or mark the member [ClickHouseIgnore]", exception.Message, StringComparison.Ordinal);
        Assert.StartsWith("The columns of the RowBinaryWithNamesAndTypes data do not match WebVisit:", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ExtraColumn_IsAMismatchThatSaysIgnoreIsNotTheFix()
    {
        var columns = HeaderBytes.ColumnsOf(ClickHouseRowSchema.Of<WebVisit>()).Append(("referrer", "Nullable(String)"));
        byte[] data = HeaderBytes.With(columns);

        var exception = Assert.Throws<RowBinarySchemaMismatchException>(() => RowBinarySerializer.ReadList<WebVisit>(data, RowBinaryFormat.RowBinaryWithNamesAndTypes));

        RowBinaryColumnMismatch mismatch = Assert.Single(exception.Mismatches);
        Assert.Equal(RowBinaryColumnMismatchKind.NotInRowType, mismatch.Kind);
        Assert.Equal(("referrer", null, "Nullable(String)"), (mismatch.Column, mismatch.ExpectedType, mismatch.ActualType));
        Assert.Contains("Column 'referrer' (Nullable(String)) is in the data, but WebVisit has no member for it", exception.Message, StringComparison.Ordinal);
        Assert.Contains("Select only the row type's columns ((`day`, `page_url`, `country_id`, `browser_id`, `device_id`, `os_id`, `visits`))", exception.Message, StringComparison.Ordinal);
        Assert.Contains("[ClickHouseColumn(\"referrer\")]", exception.Message, StringComparison.Ordinal);
        Assert.Contains("[ClickHouseIgnore] does not skip columns of the data", exception.Message, StringComparison.Ordinal);
        Assert.Equal("Nullable(String)", exception.ClickHouseType);
    }

    [Fact]
    public void WrongType_IsAMismatchNamingExpectedAndActualTypeAndBothFixes()
    {
        var columns = HeaderBytes.ColumnsOf(ClickHouseRowSchema.Of<WebVisit>()).Select(c => c.Name == "country_id" ? (c.Name, "UInt32") : c);
        byte[] data = HeaderBytes.With(columns, WebVisitRows);

        var exception = Assert.Throws<RowBinarySchemaMismatchException>(() => RowBinarySerializer.ReadList<WebVisit>(data, RowBinaryFormat.RowBinaryWithNamesAndTypes));

        RowBinaryColumnMismatch mismatch = Assert.Single(exception.Mismatches);
        Assert.Equal(("country_id", RowBinaryColumnMismatchKind.TypeMismatch, "UInt16", "UInt32"), (mismatch.Column, mismatch.Kind, mismatch.ExpectedType, mismatch.ActualType));
        Assert.Contains("Column 'country_id': WebVisit.CountryId expects UInt16, but the data has UInt32.", exception.Message, StringComparison.Ordinal);
        Assert.Contains("CAST(`country_id` AS UInt16) AS `country_id`", exception.Message, StringComparison.Ordinal);
        Assert.Contains("[ClickHouseColumn(\"country_id\", Type = \"UInt32\")]", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void UnparsableType_IsAMismatchThatQuotesTheParserError()
    {
        var columns = HeaderBytes.ColumnsOf(ClickHouseRowSchema.Of<WebVisit>()).Select(c => c.Name == "visits" ? (c.Name, "Array(UInt64") : c);
        byte[] data = HeaderBytes.With(columns);

        var exception = Assert.Throws<RowBinarySchemaMismatchException>(() => RowBinarySerializer.ReadList<WebVisit>(data, RowBinaryFormat.RowBinaryWithNamesAndTypes));

        Assert.Equal(RowBinaryColumnMismatchKind.TypeMismatch, Assert.Single(exception.Mismatches).Kind);
        Assert.Contains("but the data has Array(UInt64, which cannot be parsed (Invalid ClickHouse type 'Array(UInt64'", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void SeveralProblems_AreAllListedInOneException()
    {
        (string, string)[] columns = [("page_url", "String"), ("day", "Date32"), ("page_url", "String"), ("extra", "UInt8"), ("country_id", "UInt16"), ("browser_id", "UInt8"), ("device_id", "UInt8")];
        byte[] data = HeaderBytes.With(columns);

        var exception = Assert.Throws<RowBinarySchemaMismatchException>(() => RowBinarySerializer.ReadList<WebVisit>(data, RowBinaryFormat.RowBinaryWithNamesAndTypes));

        Assert.Equal(
            [
                ("day", RowBinaryColumnMismatchKind.TypeMismatch),
                ("page_url", RowBinaryColumnMismatchKind.DuplicateInData),
                ("extra", RowBinaryColumnMismatchKind.NotInRowType),
                ("os_id", RowBinaryColumnMismatchKind.MissingFromData),
                ("visits", RowBinaryColumnMismatchKind.MissingFromData),
            ],
            exception.Mismatches.Select(m => (m.Column, m.Kind)));
        Assert.Contains("Column 'page_url' appears more than once in the data", exception.Message, StringComparison.Ordinal);
        Assert.Equal(6, exception.Message.Split('\n').Length);
    }

    [Fact]
    public async Task Mismatch_IsThrownBeforeTheFirstRow()
    {
        // The rows after the header are garbage: a mismatch must be found before any of them is read.
        var columns = HeaderBytes.ColumnsOf(ClickHouseRowSchema.Of<Tick>()).Where(c => c.Name != "label");
        byte[] data = HeaderBytes.With(columns, [0xFF, 0xFF, 0xFF]);
        var yielded = new List<Tick>();

        await Assert.ThrowsAsync<RowBinarySchemaMismatchException>(async () =>
        {
            await foreach (Tick tick in RowBinarySerializer.ReadAsync<Tick>(new MemoryStream(data), RowBinaryFormat.RowBinaryWithNamesAndTypes))
            {
                yielded.Add(tick);
            }
        });
        Assert.Empty(yielded);
    }

    [Fact]
    public async Task ReorderedColumns_AreMatchedByName()
    {
        Tick[] ticks = [TickRows.Create(1), TickRows.Create(7) with { Label = "seven" }, TickRows.Create(9)];
        (string, string)[] columns = [("label", "String"), ("status", Tick.StatusType), ("value", "Nullable(Float64)"), ("id", "UInt64"), ("at", "DateTime('UTC')")];
        byte[] data = HeaderBytes.With(columns, [.. ticks.Select(EncodeReordered)]);

        List<Tick> fromSpan = RowBinarySerializer.ReadList<Tick>(data, RowBinaryFormat.RowBinaryWithNamesAndTypes);
        List<Tick> fromStream = await RowBinarySerializer.ReadListAsync<Tick>(ChunkedReadStream.OneByteAtATime(data), RowBinaryFormat.RowBinaryWithNamesAndTypes);

        Assert.Equal(ticks, fromSpan);
        Assert.Equal(ticks, fromStream);
    }

    [Fact]
    public void GetColumnOrder_IsNullForTheSchemaOrderAndThePermutationOtherwise()
    {
        RowBinaryHeader inOrder = RowBinaryHeader.FromSchema(ClickHouseRowSchema.Of<Tick>());
        var reordered = new RowBinaryHeader(["label", "status", "value", "id", "at"], ["String", Tick.StatusType, "Nullable(Float64)", "UInt64", "DateTime('UTC')"]);

        Assert.Null(RowBinaryHeaderChecker.GetColumnOrder<Tick>(inOrder));
        Assert.Equal([4, 3, 2, 0, 1], RowBinaryHeaderChecker.GetColumnOrder<Tick>(reordered)!);
    }

    [Fact]
    public void HarmlessTypeDifferences_AreAccepted()
    {
        // The data's at has another time zone (not in the bytes), label is LowCardinality, status has its labels renamed.
        (string, string)[] columns = [("id", "SimpleAggregateFunction(max, UInt64)"), ("at", "DateTime('Asia/Tokyo')"), ("value", "Nullable(Float64)"), ("status", "Enum8('fine' = 1, 'broken' = 2)"), ("label", "LowCardinality(String)")];
        Tick tick = TickRows.Create(5) with { Label = "x" };
        var row = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(row, [tick]);

        List<Tick> rows = RowBinarySerializer.ReadList<Tick>(HeaderBytes.With(columns, row.WrittenSpan.ToArray()), RowBinaryFormat.RowBinaryWithNamesAndTypes);

        Assert.Equal([tick], rows);
    }

    [Theory]
    [InlineData("String", "LowCardinality(String)")]
    [InlineData("LowCardinality(String)", "String")]
    [InlineData("Nullable(String)", "LowCardinality(Nullable(String))")]
    [InlineData("Array(String)", "Array(LowCardinality(String))")]
    [InlineData("Map(String, Array(UInt64))", "Map(LowCardinality(String), Array(SimpleAggregateFunction(sum, UInt64)))")]
    [InlineData("UInt64", "SimpleAggregateFunction(sum, UInt64)")]
    [InlineData("DateTime", "DateTime('Europe/Berlin')")]
    [InlineData("DateTime('UTC')", "DateTime('Asia/Tokyo')")]
    [InlineData("DateTime64(3)", "DateTime64(3, 'UTC')")]
    [InlineData("Nullable(DateTime64(6, 'UTC'))", "Nullable(DateTime64(6, 'America/New_York'))")]
    [InlineData("Tuple(a UInt8, b String)", "Tuple(x UInt8, y LowCardinality(String))")]
    [InlineData("Tuple(UInt8, String)", "Tuple(a UInt8, b String)")]
    [InlineData("Enum8('a' = 1, 'b' = 2)", "Enum8('b' = 2, 'a' = 1)")]
    [InlineData("Enum16('a' = 1, 'b' = 1000)", "Enum16('x' = 1000, 'y' = 1)")]
    [InlineData("Decimal(18, 4)", "Decimal64(4)")]
    [InlineData("Array(Tuple(id UInt32, tags Array(LowCardinality(String))))", "Array(Tuple(UInt32, Array(String)))")]
    [InlineData("QBit(Float32, 16)", "QBit(Float32, 16, 8)")]
    [InlineData("Array(QBit(BFloat16, 24, 8))", "Array(QBit(BFloat16, 24))")]
    [InlineData("Geometry", "Geometry")]
    [InlineData("Map(String, MultiPoint)", "Map(LowCardinality(String), MultiPoint)")]
    public void IsCompatible_AcceptsTypesWithTheSameBytes(string expected, string actual)
        => Assert.True(RowBinaryHeaderChecker.IsCompatible(expected, actual));

    [Theory]
    [InlineData("Int32", "Int64")]
    [InlineData("Int32", "UInt32")]
    [InlineData("DateTime64(3)", "DateTime64(6)")]
    [InlineData("DateTime", "DateTime64(0)")]
    [InlineData("Date", "Date32")]
    [InlineData("Nullable(UInt8)", "UInt8")]
    [InlineData("UInt8", "Nullable(UInt8)")]
    [InlineData("Decimal(18, 4)", "Decimal(18, 5)")]
    [InlineData("Decimal(9, 4)", "Decimal(18, 4)")]
    [InlineData("Enum8('a' = 1)", "Enum16('a' = 1)")]
    [InlineData("Enum8('a' = 1, 'b' = 2)", "Enum8('a' = 1, 'b' = 3)")]
    [InlineData("Enum8('a' = 1, 'b' = 2)", "Enum8('a' = 1)")]
    [InlineData("String", "FixedString(3)")]
    [InlineData("FixedString(3)", "FixedString(4)")]
    [InlineData("Tuple(UInt8, String)", "Tuple(UInt8)")]
    [InlineData("Array(UInt8)", "Array(Nullable(UInt8))")]
    [InlineData("Map(String, UInt8)", "Map(String, UInt16)")]
    [InlineData("LowCardinality(String)", "LowCardinality(Nullable(String))")]
    [InlineData("QBit(Float32, 16)", "QBit(Float32, 8)")]
    [InlineData("QBit(Float32, 2)", "QBit(BFloat16, 2)")]
    [InlineData("QBit(Float64, 2)", "Array(Float64)")]
    [InlineData("Nullable(QBit(Float32, 2))", "QBit(Float32, 2)")]
    [InlineData("Geometry", "Variant(LineString, MultiLineString, MultiPolygon, Point, Polygon, Ring)")]
    public void IsCompatible_RejectsTypesWhoseBytesDiffer(string expected, string actual)
        => Assert.False(RowBinaryHeaderChecker.IsCompatible(expected, actual));

    /// <summary>A ring is not a line nor a set of points: each geo type fits only itself, as before MultiPoint came.</summary>
    [Theory]
    [InlineData("MultiPoint", "Ring")]
    [InlineData("MultiPoint", "Array(Point)")]
    [InlineData("Ring", "LineString")]
    [InlineData("Polygon", "MultiLineString")]
    public void IsCompatible_KeepsGeoTypesApartWhereTheirBytesAgree(string expected, string actual)
        => Assert.False(RowBinaryHeaderChecker.IsCompatible(expected, actual));

    private static byte[] EncodeReordered(Tick tick)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(output);
        writer.WriteString(tick.Label);
        writer.WriteInt8((sbyte)tick.Status);
        writer.WriteNullMarker(tick.Value is null);
        if (tick.Value is double value)
        {
            writer.WriteFloat64(value);
        }
        writer.WriteUInt64(tick.Id);
        writer.WriteDateTime(tick.At);
        writer.Flush();
        return output.WrittenSpan.ToArray();
    }
}
