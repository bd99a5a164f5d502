using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>Reads one JSON column value in RowBinary and renders it as the JSON text ClickHouse prints.</summary>
internal static class JsonColumnReader
{
    public static string Read(ref RowBinaryReader reader, ClickHouseType type, int depth)
    {
        ClickHouseValueCodec.CheckReadDepth(ref reader, depth, type);
        depth++;
        JsonColumnLayout layout = JsonColumnLayout.For(type);
        // Each path takes at least two bytes: its length and a type code or value byte.
        int count = reader.ReadLength(type.ToString(), minElementSize: 2);
        var paths = new List<ClickHouseJsonText.PathValue>(count);
        for (int i = 0; i < count; i++)
        {
            string path = reader.ReadString();
            if (layout.TryGetTypedPath(path, out ClickHouseType typed))
            {
                paths.Add(new ClickHouseJsonText.PathValue(path, typed, ClickHouseValueCodec.ReadValue(ref reader, typed, depth)));
                continue;
            }
            ClickHouseDynamic value = reader.ReadDynamic(depth);
            if (!value.IsNull)
            {
                paths.Add(new ClickHouseJsonText.PathValue(path, value.Type!, value.Value));
            }
        }
        return ClickHouseJsonText.RenderObject(paths);
    }
}
