using System.Buffers;
using System.Text.RegularExpressions;
using ClickHouse.RowBinary.Generator.Tests.Infrastructure;

namespace ClickHouse.RowBinary.Generator.Tests;

/// <summary>A row of more String columns than its <c>Read</c> and <c>Write</c> inline: the fifth on go out of line.</summary>
[ClickHouseRow]
public partial record ManyStringsRow(
    [property: ClickHouseColumn("s1")] string S1,
    [property: ClickHouseColumn("id")] uint Id,
    [property: ClickHouseColumn("s2")] string S2,
    [property: ClickHouseColumn("s3")] string S3,
    [property: ClickHouseColumn("s4")] string S4,
    [property: ClickHouseColumn("raw")] byte[] Raw,
    [property: ClickHouseColumn("s5")] string S5,
    [property: ClickHouseColumn("s6", CacheStrings = true)] string S6,
    [property: ClickHouseColumn("s7")] string? S7);

/// <summary>
/// Wide rows leave the JIT's inlining budget to the cheap reads and stores: every String column after the fourth is
/// read through <c>RowBinaryGeneratedSupport.ReadStringOutOfLine</c> and written through <c>WriteStringOutOfLine</c>
/// (docs/performance.md, "Wide rows and the JIT's inlining budget"), with the same values, bytes and errors.
/// </summary>
public class OutOfLineStringTests
{
    private static readonly ManyStringsRow[] s_rows =
    [
        new("a", 1, "b", "c", "d", [1, 2], "e", "repeated", "g"),
        new("", 2, "ünïcødé ✓", new string('x', 300), "", [], "f", "repeated", null),
        new("x", uint.MaxValue, "y", "z", "w", [255], new string('é', 200), "other", "last"),
    ];

    [Fact]
    public void The_first_four_string_columns_are_read_and_written_inline_and_the_rest_out_of_line_and_Native_reads_them_a_column_at_a_time()
    {
        GeneratorResult result = GeneratorHarness.Run("""
            using System;
            using ClickHouse.RowBinary;
            [ClickHouseRow]
            public partial record Wide(
                [property: ClickHouseColumn("s1")] string S1, [property: ClickHouseColumn("s2")] string S2,
                [property: ClickHouseColumn("n")] int N, [property: ClickHouseColumn("raw")] byte[] Raw,
                [property: ClickHouseColumn("s3")] string S3, [property: ClickHouseColumn("s4")] string S4,
                [property: ClickHouseColumn("s5")] string S5, [property: ClickHouseColumn("s6", CacheStrings = true)] string S6);
            """);

        Assert.Empty(result.CompilationDiagnostics);
        string source = Assert.Single(result.Sources).Value;
        string[] reads = source.Split("static global::Wide global::ClickHouse.RowBinary.IClickHouseRow<global::Wide>.Read(");
        Assert.Equal(3, reads.Length);
        foreach (string read in reads.Skip(1))
        {
            string body = read[..read.IndexOf("\n    }\n", StringComparison.Ordinal)];
            Assert.Equal(4, Regex.Count(body, @"reader\.ReadString\(\)"));
            Assert.Equal(1, Regex.Count(body, @"RowBinaryGeneratedSupport\.ReadStringOutOfLine\(ref reader\)"));
            Assert.Equal(1, Regex.Count(body, @"RowBinaryGeneratedSupport\.ReadCachedStringOutOfLine\(ref reader\)"));
            Assert.Equal(1, Regex.Count(body, @"reader\.ReadStringBytes\(\)"));
        }
        string write = source.Split("static void global::ClickHouse.RowBinary.IClickHouseRow<global::Wide>.Write(")[1];
        write = write[..write.IndexOf("\n    }\n", StringComparison.Ordinal)];
        Assert.Equal(4, Regex.Count(write, @"RowBinaryPrimitives\.WriteString\("));
        Assert.Equal(2, Regex.Count(write, @"RowBinaryGeneratedSupport\.WriteStringOutOfLine\("));
        string readNative = source.Split("static void global::ClickHouse.RowBinary.IClickHouseRow<global::Wide>.ReadNative(")[1];
        readNative = readNative[..readNative.IndexOf("\n    }\n", StringComparison.Ordinal)];
        // Native decodes each plain String column's batch of values in a loop of its own, before the rows: no read per row.
        Assert.Equal(5, Regex.Count(readNative, @"ReadOnlySpan<string> s\dColumn = columns\.StringValues\(\d, rows\.Length\);"));
        Assert.Equal(0, Regex.Count(readNative, @"ReadString(OutOfLine)?\("));
        // Native reads a cached String column from the block's strings (a LowCardinality column's from its dictionary): a call either way.
        Assert.Equal(1, Regex.Count(readNative, @"NativeStrings s6Column = columns\.Strings\(7\);"));
        Assert.Equal(1, Regex.Count(readNative, @"s6Column\.ReadCachedString\(\)"));
    }

    [Fact]
    public void Rows_read_out_of_line_from_Native_are_the_rows_written()
    {
        var buffer = new ArrayBufferWriter<byte>();
        NativeSerializer.Write(buffer, s_rows);

        List<ManyStringsRow> read = NativeSerializer.ReadList<ManyStringsRow>(buffer.WrittenSpan);

        Assert.Equal(s_rows.Select(Describe), read.Select(Describe));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(300)]
    [InlineData(599)]
    public async Task Invalid_text_in_a_String_column_read_a_column_at_a_time_names_its_column_and_row(int badRow)
    {
        // Native decodes a batch's values of each String column before it builds the rows: the error must still name
        // the column and the row, in a list and in a stream, and no row of the batch is handed out with it.
        ManyStringsRow[] rows = [.. Enumerable.Range(0, 600).Select(i => new ManyStringsRow("a" + i, (uint)i, "b", i == badRow ? "MARKER" : "c" + i, "d", [], "e", "f", null))];
        var buffer = new ArrayBufferWriter<byte>();
        NativeSerializer.Write(buffer, rows);
        byte[] bytes = buffer.WrittenSpan.ToArray();
        int marker = bytes.AsSpan().IndexOf("MARKER"u8);
        Assert.True(marker > 0);
        bytes[marker + 2] = 0xFF;

        var listError = Assert.Throws<RowBinaryException>(() => NativeSerializer.ReadList<ManyStringsRow>(bytes));
        Assert.StartsWith($"Column 's3', row {badRow}: ", listError.Message, StringComparison.Ordinal);

        int streamed = 0;
        var streamError = await Assert.ThrowsAsync<RowBinaryException>(async () =>
        {
            await foreach (ManyStringsRow row in NativeSerializer.ReadAsync<ManyStringsRow>(new MemoryStream(bytes)))
            {
                Assert.Equal("a" + streamed, row.S1);
                streamed++;
            }
        });
        Assert.StartsWith($"Column 's3', row {badRow}: ", streamError.Message, StringComparison.Ordinal);
        Assert.Equal(badRow / NativeLayout.BatchRows * NativeLayout.BatchRows, streamed);
    }

    [Fact]
    public void Rows_written_out_of_line_are_the_bytes_of_their_values_written_one_by_one()
    {
        var expected = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(expected);
        foreach (ManyStringsRow row in s_rows)
        {
            writer.WriteString(row.S1);
            writer.WriteUInt32(row.Id);
            writer.WriteString(row.S2);
            writer.WriteString(row.S3);
            writer.WriteString(row.S4);
            writer.WriteString(row.Raw.AsSpan());
            writer.WriteString(row.S5);
            writer.WriteString(row.S6);
            writer.WriteNullMarker(row.S7 is null);
            if (row.S7 is not null)
            {
                writer.WriteString(row.S7);
            }
        }
        writer.Flush();
        var written = new ArrayBufferWriter<byte>();

        RowBinarySerializer.Write(written, s_rows, RowBinaryFormat.RowBinary);

        Assert.Equal(expected.WrittenSpan.ToArray(), written.WrittenSpan.ToArray());
    }

    [Fact]
    public void Rows_read_out_of_line_are_the_rows_written_in_schema_order_and_in_another_order()
    {
        var buffer = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(buffer, s_rows, RowBinaryFormat.RowBinaryWithNamesAndTypes);
        byte[] data = buffer.WrittenSpan.ToArray();

        List<ManyStringsRow> read = RowBinarySerializer.ReadList<ManyStringsRow>(data, RowBinaryFormat.RowBinaryWithNamesAndTypes);

        Assert.Equal(s_rows.Select(Describe), read.Select(Describe));
        Assert.Same(read[0].S6, read[1].S6);

        // The same values behind a header that lists the columns in reverse: the column-order read.
        var reversed = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(reversed);
        string[] names = ["s7", "s6", "s5", "raw", "s4", "s3", "s2", "id", "s1"];
        string[] types = ["Nullable(String)", "String", "String", "String", "String", "String", "String", "UInt32", "String"];
        writer.WriteLength(names.Length);
        foreach (string text in names.Concat(types))
        {
            writer.WriteString(text);
        }
        foreach (ManyStringsRow row in s_rows)
        {
            writer.WriteNullMarker(row.S7 is null);
            if (row.S7 is not null)
            {
                writer.WriteString(row.S7);
            }
            writer.WriteString(row.S6);
            writer.WriteString(row.S5);
            writer.WriteString(row.Raw.AsSpan());
            writer.WriteString(row.S4);
            writer.WriteString(row.S3);
            writer.WriteString(row.S2);
            writer.WriteUInt32(row.Id);
            writer.WriteString(row.S1);
        }
        writer.Flush();

        Assert.Equal(s_rows.Select(Describe), RowBinarySerializer.ReadList<ManyStringsRow>(reversed.WrittenSpan, RowBinaryFormat.RowBinaryWithNamesAndTypes).Select(Describe));
    }

    [Fact]
    public void Invalid_UTF_8_in_a_column_read_out_of_line_names_that_column()
    {
        var buffer = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(buffer, [s_rows[0] with { S5 = "??" }], RowBinaryFormat.RowBinary);
        byte[] data = buffer.WrittenSpan.ToArray();
        // S5's two bytes become a lone continuation byte and an overlong lead.
        int at = data.AsSpan().IndexOf("??"u8);
        data[at] = 0x80;
        data[at + 1] = 0xC0;

        var exception = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.ReadList<ManyStringsRow>(data, RowBinaryFormat.RowBinary));

        Assert.Equal("s5", exception.Column);
        Assert.Equal(0, exception.Row);
        Assert.Equal(at, exception.Offset);
    }

    private static string Describe(ManyStringsRow row)
        => string.Join("|", row.S1, row.Id, row.S2, row.S3, row.S4, Convert.ToHexString(row.Raw), row.S5, row.S6, row.S7 ?? "NULL");
}
