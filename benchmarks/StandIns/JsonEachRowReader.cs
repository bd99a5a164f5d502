using System;
using System.Buffers.Text;
using System.Collections.Generic;
using System.Text.Json;
using ClickHouse.RowBinary.Benchmarks.Data;

namespace ClickHouse.RowBinary.Benchmarks.StandIns;

/// <summary>
/// Stand-in for "no library": <c>web_visits</c> parsed from JSONEachRow (what <c>SELECT ... FORMAT JSONEachRow</c>
/// returns) with System.Text.Json's <see cref="Utf8JsonReader"/>, property names matched as UTF-8.
/// UInt64 may arrive quoted (older servers quote 64-bit integers by default) or bare.
/// </summary>
public static class JsonEachRowReader
{
    private static readonly JsonReaderOptions s_options = new() { AllowMultipleValues = true };

    /// <summary>Reads every object of a complete block.</summary>
    public static void ReadAll(ReadOnlySpan<byte> data, List<WebVisit> destination)
    {
        var json = new Utf8JsonReader(data, s_options);
        while (json.Read())
        {
            destination.Add(ReadObject(ref json));
        }
    }

    /// <summary>Reads the complete lines at the start of <paramref name="data"/>; returns the bytes consumed.</summary>
    public static int ReadCompleteLines(ReadOnlySpan<byte> data, List<WebVisit> destination)
    {
        int end = data.LastIndexOf((byte)'\n');
        if (end < 0)
        {
            return 0;
        }
        ReadAll(data.Slice(0, end + 1), destination);
        return end + 1;
    }

    private static WebVisit ReadObject(ref Utf8JsonReader json)
    {
        if (json.TokenType != JsonTokenType.StartObject)
        {
            throw new JsonException($"Expected an object at byte {json.TokenStartIndex}, found {json.TokenType}.");
        }
        var row = new WebVisit { PageUrl = "" };
        while (json.Read() && json.TokenType == JsonTokenType.PropertyName)
        {
            if (json.ValueTextEquals("day"u8))
            {
                json.Read();
                row.Day = IsoDate.Parse(json.ValueSpan);
            }
            else if (json.ValueTextEquals("page_url"u8))
            {
                json.Read();
                row.PageUrl = json.GetString()!;
            }
            else if (json.ValueTextEquals("country_id"u8))
            {
                json.Read();
                row.CountryId = json.GetUInt16();
            }
            else if (json.ValueTextEquals("browser_id"u8))
            {
                json.Read();
                row.BrowserId = json.GetByte();
            }
            else if (json.ValueTextEquals("device_id"u8))
            {
                json.Read();
                row.DeviceId = json.GetByte();
            }
            else if (json.ValueTextEquals("os_id"u8))
            {
                json.Read();
                row.OsId = json.GetByte();
            }
            else if (json.ValueTextEquals("visits"u8))
            {
                json.Read();
                row.Visits = json.TokenType == JsonTokenType.String ? ParseQuotedUInt64(json.ValueSpan) : json.GetUInt64();
            }
            else
            {
                json.Read();
                json.Skip();
            }
        }
        return row;
    }

    private static ulong ParseQuotedUInt64(ReadOnlySpan<byte> text)
        => Utf8Parser.TryParse(text, out ulong value, out int used) && used == text.Length
            ? value
            : throw new JsonException("A quoted UInt64 is not a number.");
}
