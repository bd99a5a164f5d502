using System.Collections.Generic;
using System.Text;
using System.Text.Json;

namespace ClickHouse.RowBinary;

/// <summary>
/// Checks the JSON text of a value before it becomes a <see cref="System.Text.Json.Nodes.JsonNode"/> or a
/// <see cref="JsonDocument"/>, so that a value those cannot hold fails during the read, naming the offset, rather
/// than later on first access: ClickHouse prints paths <c>a</c> and <c>a.b</c> as the key <c>a</c> twice in one
/// object (so do Maps with repeated keys), and a path of many segments nests deeper than they parse by default.
/// </summary>
internal static class JsonTreeCheck
{
    /// <summary>System.Text.Json's default depth: the tree read also serializes with default options.</summary>
    public const int MaxDepth = 64;

    public static void Check(string json, long offset, string clickHouseType)
    {
        var reader = new Utf8JsonReader(Encoding.UTF8.GetBytes(json), new JsonReaderOptions { MaxDepth = int.MaxValue });
        var keys = new Stack<HashSet<string>>();
        var path = new List<string>();
        string? pendingKey = null;
        while (reader.Read())
        {
            switch (reader.TokenType)
            {
                case JsonTokenType.StartObject:
                case JsonTokenType.StartArray:
                    if (reader.CurrentDepth + 1 > MaxDepth)
                    {
                        ThrowHelper.ThrowInvalid(offset, clickHouseType, $"the value nests more than {MaxDepth} levels deep (at '{string.Join('.', path)}'), more than JsonNode and JsonDocument parse; read the column as string to get its text.");
                    }
                    if (reader.TokenType == JsonTokenType.StartObject)
                    {
                        keys.Push(new HashSet<string>(System.StringComparer.Ordinal));
                    }
                    path.Add(pendingKey ?? "[]");
                    pendingKey = null;
                    break;
                case JsonTokenType.EndObject:
                case JsonTokenType.EndArray:
                    if (reader.TokenType == JsonTokenType.EndObject)
                    {
                        keys.Pop();
                    }
                    path.RemoveAt(path.Count - 1);
                    break;
                case JsonTokenType.PropertyName:
                    string key = reader.GetString()!;
                    if (!keys.Peek().Add(key))
                    {
                        string at = path.Count > 1 ? string.Join('.', path.GetRange(1, path.Count - 1)) + "." + key : key;
                        ThrowHelper.ThrowInvalid(offset, clickHouseType, $"the key '{at}' occurs twice in one object (JSON paths such as 'a' and 'a.b' both holding values, or a Map with a repeated key): JsonNode and JsonDocument cannot hold it; read the column as string to get its text.");
                    }
                    pendingKey = key;
                    break;
                default:
                    pendingKey = null;
                    break;
            }
        }
    }
}
