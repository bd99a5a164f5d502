using System;
using System.Buffers;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace ClickHouse.RowBinary;

public ref partial struct RowBinaryWriter
{
    /// <summary>
    /// Writes JSON text as a value of the JSON type (<c>JSON</c>, default parameters): the object flattened to
    /// dotted paths, each with its inferred type as ClickHouse infers it (integers Int64, other numbers Float64,
    /// strings String, booleans Bool, arrays <c>Array(Nullable(T))</c> ...); nulls and empty objects are left out.
    /// </summary>
    /// <exception cref="RowBinaryException">The text is not a JSON object, or has a path twice.</exception>
    public void WriteJson(string json) => WriteJson(json, KnownTypes.Json, 0);

    /// <summary>Writes JSON text as a value of <paramref name="jsonType"/>: typed paths in their declared types.</summary>
    public void WriteJson(string json, ClickHouseType jsonType) => WriteJson(json, jsonType, 0);

    /// <summary>Writes a JSON object as a value of the JSON type.</summary>
    public void WriteJson(JsonNode json) => WriteJson(json, KnownTypes.Json, 0);

    /// <summary>Writes a JSON object as a value of <paramref name="jsonType"/>.</summary>
    public void WriteJson(JsonNode json, ClickHouseType jsonType) => WriteJson(json, jsonType, 0);

    /// <summary>Writes a JSON document's root object as a value of the JSON type.</summary>
    public void WriteJson(JsonDocument json) => WriteJson(json, KnownTypes.Json);

    /// <summary>Writes a JSON document's root object as a value of <paramref name="jsonType"/>.</summary>
    public void WriteJson(JsonDocument json, ClickHouseType jsonType)
    {
        ArgumentNullException.ThrowIfNull(json);
        WriteJson(json.RootElement, jsonType, 0);
    }

    /// <summary>Writes a JSON object element as a value of the JSON type.</summary>
    public void WriteJson(JsonElement json) => WriteJson(json, KnownTypes.Json, 0);

    /// <summary>Writes a JSON object element as a value of <paramref name="jsonType"/>.</summary>
    public void WriteJson(JsonElement json, ClickHouseType jsonType) => WriteJson(json, jsonType, 0);

    internal void WriteJson(string json, ClickHouseType jsonType, int depth)
    {
        if (json is null)
        {
            ThrowHelper.ThrowNullValue(jsonType?.ToString() ?? "JSON");
        }
        ArgumentNullException.ThrowIfNull(jsonType);
        JsonDocument document;
        try
        {
            document = JsonDocument.Parse(json);
        }
        catch (JsonException e)
        {
            throw new RowBinaryException($"The text is not valid JSON for a {jsonType} value: {e.Message}", clickHouseType: jsonType.ToString(), innerException: e);
        }
        using (document)
        {
            WriteJson(document.RootElement, jsonType, depth);
        }
    }

    internal void WriteJson(JsonNode json, ClickHouseType jsonType, int depth)
    {
        ArgumentNullException.ThrowIfNull(json);
        ArgumentNullException.ThrowIfNull(jsonType);
        var buffer = new ArrayBufferWriter<byte>();
        using (var jsonWriter = new Utf8JsonWriter(buffer))
        {
            json.WriteTo(jsonWriter);
        }
        using JsonDocument document = JsonDocument.Parse(buffer.WrittenMemory);
        WriteJson(document.RootElement, jsonType, depth);
    }

    internal void WriteJson(JsonElement json, ClickHouseType jsonType, int depth)
    {
        ArgumentNullException.ThrowIfNull(jsonType);
        JsonColumnWriter.Write(ref this, json, jsonType, null, depth);
    }

    internal void WriteJson(JsonObjectValue json, ClickHouseType jsonType, int depth)
        => JsonColumnWriter.Write(ref this, json.Element, jsonType, json.PathPositions, depth);
}
