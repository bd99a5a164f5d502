using System.Text.Json;
using System.Text.Json.Nodes;

namespace ClickHouse.RowBinary;

public ref partial struct RowBinaryReader
{
    /// <summary>
    /// Reads a value of the JSON type (<c>JSON</c>, default parameters) and returns it as the compact JSON text
    /// ClickHouse prints: paths sorted and nested back into objects.
    /// </summary>
    public string ReadJson() => JsonColumnReader.Read(ref this, KnownTypes.Json, 0);

    /// <summary>Reads a value of <paramref name="jsonType"/> (which knows the typed paths) as JSON text.</summary>
    public string ReadJson(ClickHouseType jsonType) => ReadJson(jsonType, 0);

    internal string ReadJson(ClickHouseType jsonType, int depth)
    {
        System.ArgumentNullException.ThrowIfNull(jsonType);
        return JsonColumnReader.Read(ref this, jsonType, depth);
    }

    /// <summary>Reads a JSON value as a <see cref="JsonNode"/>.</summary>
    public JsonNode ReadJsonNode() => JsonNode.Parse(ReadJsonTree(KnownTypes.Json))!;

    /// <summary>Reads a value of <paramref name="jsonType"/> as a <see cref="JsonNode"/>.</summary>
    public JsonNode ReadJsonNode(ClickHouseType jsonType) => JsonNode.Parse(ReadJsonTree(jsonType))!;

    /// <summary>Reads a JSON value as a <see cref="JsonDocument"/> (dispose it when done).</summary>
    public JsonDocument ReadJsonDocument() => JsonDocument.Parse(ReadJsonTree(KnownTypes.Json));

    /// <summary>Reads a value of <paramref name="jsonType"/> as a <see cref="JsonDocument"/> (dispose it when done).</summary>
    public JsonDocument ReadJsonDocument(ClickHouseType jsonType) => JsonDocument.Parse(ReadJsonTree(jsonType));

    /// <summary>The JSON text of a value, checked to be a tree JsonNode and JsonDocument can hold.</summary>
    private string ReadJsonTree(ClickHouseType jsonType)
    {
        long offset = Offset;
        string json = ReadJson(jsonType, 0);
        JsonTreeCheck.Check(json, offset, jsonType.ToString());
        return json;
    }
}
