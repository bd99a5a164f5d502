using System.Text.Json;
using System.Text.Json.Nodes;
using ClickHouse.RowBinary.Types;

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
    public JsonNode ReadJsonNode() => JsonNode.Parse(ReadJson())!;

    /// <summary>Reads a value of <paramref name="jsonType"/> as a <see cref="JsonNode"/>.</summary>
    public JsonNode ReadJsonNode(ClickHouseType jsonType) => JsonNode.Parse(ReadJson(jsonType))!;

    /// <summary>Reads a JSON value as a <see cref="JsonDocument"/> (dispose it when done).</summary>
    public JsonDocument ReadJsonDocument() => JsonDocument.Parse(ReadJson());

    /// <summary>Reads a value of <paramref name="jsonType"/> as a <see cref="JsonDocument"/> (dispose it when done).</summary>
    public JsonDocument ReadJsonDocument(ClickHouseType jsonType) => JsonDocument.Parse(ReadJson(jsonType));
}
