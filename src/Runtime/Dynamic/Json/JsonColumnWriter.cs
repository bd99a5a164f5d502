using System;
using System.Collections.Generic;
using System.Text.Json;

namespace ClickHouse.RowBinary;

/// <summary>
/// Writes one JSON column value in RowBinary: a varint path count, then every typed path (sorted, each present,
/// defaulted when missing) with its value in the path's own encoding, then every other path with its value in
/// the Dynamic encoding (type header, then value). Paths go in the order ClickHouse itself writes them for the same
/// JSON (see <see cref="UnorderedMapOrder"/>), although ClickHouse reads them in any order.
/// </summary>
internal static class JsonColumnWriter
{
    public static void Write(ref RowBinaryWriter writer, JsonElement root, ClickHouseType type, Dictionary<string, int>? pathPositions, int depth)
    {
        if (depth > ClickHouseValueCodec.MaxDynamicDepth)
        {
            throw new RowBinaryException($"JSON values nest more than {ClickHouseValueCodec.MaxDynamicDepth} levels deep.", clickHouseType: type.ToString());
        }
        JsonColumnLayout layout = JsonColumnLayout.For(type);
        List<KeyValuePair<string, JsonElement>> leaves = layout.Flatten(root);

        var typedValues = new Dictionary<string, JsonElement>(StringComparer.Ordinal);
        var dynamicLeaves = new List<KeyValuePair<string, JsonElement>>(leaves.Count);
        foreach (KeyValuePair<string, JsonElement> leaf in leaves)
        {
            if (layout.TryGetTypedPath(leaf.Key, out _))
            {
                typedValues[leaf.Key] = leaf.Value;
            }
            else
            {
                dynamicLeaves.Add(leaf);
            }
        }
        Dictionary<string, int> positions = pathPositions ?? layout.PathPositions(dynamicLeaves.ConvertAll(static leaf => leaf.Key));
        dynamicLeaves.Sort((a, b) => positions[a.Key].CompareTo(positions[b.Key]));

        writer.WriteVarUInt((ulong)(layout.TypedPaths.Length + dynamicLeaves.Count));
        foreach (KeyValuePair<string, ClickHouseType> typed in layout.TypedPaths)
        {
            writer.WriteString(typed.Key);
            try
            {
                object? value = typedValues.TryGetValue(typed.Key, out JsonElement element)
                    ? JsonValueConverter.Convert(element, typed.Value, typed.Key)
                    : ClickHouseValueCodec.DefaultValue(typed.Value);
                ClickHouseValueCodec.WriteValue(ref writer, typed.Value, value, depth);
            }
            catch (RowBinaryException e) when (!e.Message.Contains($"'{typed.Key}'", StringComparison.Ordinal))
            {
                throw new RowBinaryException($"JSON path '{typed.Key}' ({typed.Value}): {e.Message}", clickHouseType: type.ToString(), innerException: e);
            }
        }
        foreach (KeyValuePair<string, JsonElement> leaf in dynamicLeaves)
        {
            writer.WriteString(leaf.Key);
            ClickHouseType inferred = JsonShape.Infer(leaf.Value, leaf.Key).ToType(layout.NestedObjectType, isElement: false);
            ClickHouseBinaryTypeCodec.Write(ref writer, inferred);
            ClickHouseValueCodec.WriteValue(ref writer, inferred, JsonValueConverter.Convert(leaf.Value, inferred, leaf.Key), depth);
        }
    }
}
