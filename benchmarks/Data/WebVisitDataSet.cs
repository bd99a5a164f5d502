using System;
using System.Buffers;
using System.Collections.Concurrent;
using System.Linq;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using ClickHouse.RowBinary.Benchmarks.HandWritten;
using ClickHouse.RowBinary.Benchmarks.StandIns;

namespace ClickHouse.RowBinary.Benchmarks.Data;

/// <summary>
/// <see cref="WebVisitGenerator"/> rows and their encodings, built once per row count and process. Encodings are
/// made lazily, so a suite pays only for the formats it reads.
/// </summary>
public sealed class WebVisitDataSet
{
    private static readonly ConcurrentDictionary<int, WebVisitDataSet> s_sets = new();
    private static readonly ConcurrentDictionary<int, long> s_rowBinarySizes = new();

    private byte[]? _rowBinary;
    private byte[]? _tabSeparated;
    private byte[]? _jsonEachRow;

    private WebVisitDataSet(WebVisit[] rows) => Rows = rows;

    public WebVisit[] Rows { get; }

    /// <summary>The rows in RowBinary, as a server sends them for <c>SELECT ... FORMAT RowBinary</c>.</summary>
    public byte[] RowBinary => _rowBinary ??= Encode(output => WebVisitSpanWriter.Write(output, Rows));

    /// <summary>The rows in TabSeparated, as a server sends them.</summary>
    public byte[] TabSeparated => _tabSeparated ??= Encode(output => TsvUtf8FormatterWriter.Write(output, Rows));

    /// <summary>The rows in JSONEachRow as ClickHouse 26.9 prints them: slashes escaped, UInt64 unquoted.</summary>
    public byte[] JsonEachRow => _jsonEachRow ??= EncodeClickHouseJson(Rows);

    public static WebVisitDataSet Get(int rows) => s_sets.GetOrAdd(rows, count => new WebVisitDataSet(WebVisitGenerator.Generate(count).ToArray()));

    /// <summary>The RowBinary size of <paramref name="rows"/> rows, computed without keeping them.</summary>
    public static long RowBinarySize(int rows) => s_rowBinarySizes.GetOrAdd(rows, count =>
        WebVisitGenerator.Generate(count).Sum(row =>
        {
            int urlBytes = Encoding.UTF8.GetByteCount(row.PageUrl);
            return (long)WebVisit.FixedWidthBytes + VarInt.Size((uint)urlBytes) + urlBytes;
        }));

    private static byte[] Encode(Action<ArrayBufferWriter<byte>> write)
    {
        var output = new ArrayBufferWriter<byte>();
        write(output);
        return output.WrittenSpan.ToArray();
    }

    private static byte[] EncodeClickHouseJson(WebVisit[] rows)
    {
        var output = new ArrayBufferWriter<byte>();
        var options = new JsonWriterOptions { SkipValidation = true, Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };
        using var json = new Utf8JsonWriter(output, options);
        foreach (WebVisit row in rows)
        {
            json.Reset(output);
            json.WriteStartObject();
            json.WriteString("day", row.Day.ToString("yyyy-MM-dd", System.Globalization.CultureInfo.InvariantCulture));
            json.WritePropertyName("page_url");
            // ClickHouse escapes '/' (output_format_json_escape_forward_slashes), which costs a reader an unescape.
            string escaped = JsonEncodedText.Encode(row.PageUrl, JavaScriptEncoder.UnsafeRelaxedJsonEscaping).ToString().Replace("/", "\\/", StringComparison.Ordinal);
            json.WriteRawValue("\"" + escaped + "\"", skipInputValidation: true);
            json.WriteNumber("country_id", row.CountryId);
            json.WriteNumber("browser_id", row.BrowserId);
            json.WriteNumber("device_id", row.DeviceId);
            json.WriteNumber("os_id", row.OsId);
            json.WriteNumber("visits", row.Visits);
            json.WriteEndObject();
            json.Flush();
            output.Write("\n"u8);
        }
        return output.WrittenSpan.ToArray();
    }
}
