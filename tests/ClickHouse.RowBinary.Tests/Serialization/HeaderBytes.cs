using System.Text;

namespace ClickHouse.RowBinary.Tests.Serialization;

/// <summary>Builds RowBinaryWithNamesAndTypes data by hand: a varint count, the names, the types, then row bytes.</summary>
internal static class HeaderBytes
{
    public static byte[] With(IEnumerable<(string Name, string Type)> columns, params byte[][] rows)
    {
        var list = columns.ToList();
        var bytes = new List<byte>();
        AddVarUInt(bytes, (ulong)list.Count);
        foreach ((string name, _) in list)
        {
            AddString(bytes, name);
        }
        foreach ((_, string type) in list)
        {
            AddString(bytes, type);
        }
        foreach (byte[] row in rows)
        {
            bytes.AddRange(row);
        }
        return [.. bytes];
    }

    /// <summary>The columns of a row type's schema, as (name, type).</summary>
    public static List<(string Name, string Type)> ColumnsOf(ClickHouseRowSchema schema)
        => [.. schema.Columns.Select(c => (c.Name, c.Type))];

    public static void AddString(List<byte> bytes, string value)
    {
        byte[] utf8 = Encoding.UTF8.GetBytes(value);
        AddVarUInt(bytes, (ulong)utf8.Length);
        bytes.AddRange(utf8);
    }

    public static void AddVarUInt(List<byte> bytes, ulong value)
    {
        while (value >= 0x80)
        {
            bytes.Add((byte)(value | 0x80));
            value >>= 7;
        }
        bytes.Add((byte)value);
    }
}
