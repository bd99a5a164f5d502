using System;
using System.Buffers;
using System.Text.Json;
using ClickHouse.RowBinary.Benchmarks.Data;

namespace ClickHouse.RowBinary.Benchmarks.StandIns;

/// <summary>
/// Stand-in for "no library": <c>web_visits</c> as JSONEachRow written with System.Text.Json's
/// <see cref="Utf8JsonWriter"/>, reused across batches, one object per line.
/// </summary>
public sealed class JsonEachRowWriter
{
    private static readonly JsonEncodedText s_day = JsonEncodedText.Encode("day");
    private static readonly JsonEncodedText s_pageUrl = JsonEncodedText.Encode("page_url");
    private static readonly JsonEncodedText s_countryId = JsonEncodedText.Encode("country_id");
    private static readonly JsonEncodedText s_browserId = JsonEncodedText.Encode("browser_id");
    private static readonly JsonEncodedText s_deviceId = JsonEncodedText.Encode("device_id");
    private static readonly JsonEncodedText s_osId = JsonEncodedText.Encode("os_id");
    private static readonly JsonEncodedText s_visits = JsonEncodedText.Encode("visits");

    private readonly Utf8JsonWriter _json = new(new ArrayBufferWriter<byte>(1), new JsonWriterOptions { SkipValidation = true });

    public void Write(IBufferWriter<byte> output, ReadOnlySpan<WebVisit> rows)
    {
        Span<byte> date = stackalloc byte[10];
        foreach (ref readonly WebVisit row in rows)
        {
            // One root value per writer state: Reset starts the next line without a separator.
            _json.Reset(output);
            _json.WriteStartObject();
            row.Day.TryFormat(date, out _, "yyyy-MM-dd", System.Globalization.CultureInfo.InvariantCulture);
            _json.WriteString(s_day, date);
            _json.WriteString(s_pageUrl, row.PageUrl);
            _json.WriteNumber(s_countryId, row.CountryId);
            _json.WriteNumber(s_browserId, row.BrowserId);
            _json.WriteNumber(s_deviceId, row.DeviceId);
            _json.WriteNumber(s_osId, row.OsId);
            _json.WriteNumber(s_visits, row.Visits);
            _json.WriteEndObject();
            _json.Flush();
            output.GetSpan(1)[0] = (byte)'\n';
            output.Advance(1);
        }
    }
}
