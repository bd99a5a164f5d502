using System.Text;

namespace ClickHouse.RowBinary.Tests.Serialization;

/// <summary>
/// A test's own reading of Native blocks of the few types its rows use (numbers, dates, Enum8, String, Nullable of them,
/// LowCardinality and Arrays of them), to take blocks apart and put them together otherwise: the serializer under test
/// is not its own witness.
/// </summary>
internal static class NativeBlocks
{
    /// <summary>One column of a block: its name, its type, and its data's place in the bytes.</summary>
    public sealed record Column(string Name, string Type, int DataStart, int DataLength);

    /// <summary>One block: its place in the bytes, its rows and its columns.</summary>
    public sealed record Block(int Start, int Length, int Rows, IReadOnlyList<Column> Columns);

    public static List<Block> Blocks(byte[] data)
    {
        var blocks = new List<Block>();
        int position = 0;
        while (position < data.Length)
        {
            int start = position;
            int columnCount = (int)ReadVarUInt(data, ref position);
            int rows = (int)ReadVarUInt(data, ref position);
            var columns = new List<Column>();
            for (int c = 0; c < columnCount; c++)
            {
                string name = ReadString(data, ref position);
                string type = ReadString(data, ref position);
                int dataStart = position;
                SkipValues(data, ref position, type, rows);
                columns.Add(new Column(name, type, dataStart, position - dataStart));
            }
            blocks.Add(new Block(start, position - start, rows, columns));
        }
        return blocks;
    }

    /// <summary>Where the data of a column of the first block starts.</summary>
    public static int ColumnDataStart(byte[] data, int column) => Blocks(data)[0].Columns[column].DataStart;

    /// <summary>The one block of <paramref name="data"/> with its columns in another order.</summary>
    public static byte[] Reorder(byte[] data, int[] order)
    {
        Block block = Blocks(data).Single();
        return Build(data, block, order.Select(i => block.Columns[i]).ToList());
    }

    private static byte[] Build(byte[] data, Block block, IReadOnlyList<Column> columns)
    {
        var output = new List<byte>();
        WriteVarUInt(output, (ulong)columns.Count);
        WriteVarUInt(output, (ulong)block.Rows);
        foreach (Column column in columns)
        {
            WriteString(output, column.Name);
            WriteString(output, column.Type);
            output.AddRange(data.AsSpan(column.DataStart, column.DataLength).ToArray());
        }
        return [.. output];
    }

    private static void SkipValues(byte[] data, ref int position, string type, int rows, bool prefixRead = false)
    {
        if (type.StartsWith("LowCardinality(", StringComparison.Ordinal))
        {
            // The version before the data; then, with rows, the index type, the keys, the rows and their indexes.
            position += prefixRead ? 0 : sizeof(ulong);
            if (rows == 0)
            {
                return;
            }
            int width = 1 << (int)(ReadUInt64(data, ref position) & 0xFF);
            int keys = (int)ReadUInt64(data, ref position);
            string keyType = type["LowCardinality(".Length..^1];
            SkipValues(data, ref position, keyType.StartsWith("Nullable(", StringComparison.Ordinal) ? keyType["Nullable(".Length..^1] : keyType, keys);
            int indexes = (int)ReadUInt64(data, ref position);
            position += indexes * width;
            return;
        }
        if (type.StartsWith("Array(", StringComparison.Ordinal))
        {
            string elementType = type["Array(".Length..^1];
            bool elementPrefix = elementType.StartsWith("LowCardinality(", StringComparison.Ordinal);
            position += elementPrefix ? sizeof(ulong) : 0;
            ulong elements = 0;
            for (int i = 0; i < rows; i++)
            {
                elements = ReadUInt64(data, ref position);
            }
            SkipValues(data, ref position, elementType, (int)elements, prefixRead: elementPrefix);
            return;
        }
        if (type.StartsWith("Nullable(", StringComparison.Ordinal))
        {
            position += rows;
            SkipValues(data, ref position, type["Nullable(".Length..^1], rows);
            return;
        }
        if (type == "String")
        {
            for (int i = 0; i < rows; i++)
            {
                int length = (int)ReadVarUInt(data, ref position);
                position += length;
            }
            return;
        }
        int size = type switch
        {
            "UInt8" or "Int8" or "Bool" => 1,
            _ when type.StartsWith("Enum8", StringComparison.Ordinal) => 1,
            "UInt16" or "Int16" or "Date" => 2,
            "UInt32" or "Int32" or "Float32" or "DateTime" => 4,
            "UInt64" or "Int64" or "Float64" => 8,
            _ => throw new NotSupportedException($"The test reads no {type} columns."),
        };
        position += rows * size;
    }

    private static ulong ReadUInt64(byte[] data, ref int position)
    {
        ulong value = System.Buffers.Binary.BinaryPrimitives.ReadUInt64LittleEndian(data.AsSpan(position));
        position += sizeof(ulong);
        return value;
    }

    private static ulong ReadVarUInt(byte[] data, ref int position)
    {
        ulong value = 0;
        for (int shift = 0; ; shift += 7)
        {
            byte b = data[position++];
            value |= (ulong)(b & 0x7F) << shift;
            if (b < 0x80)
            {
                return value;
            }
        }
    }

    private static string ReadString(byte[] data, ref int position)
    {
        int length = (int)ReadVarUInt(data, ref position);
        string value = Encoding.UTF8.GetString(data, position, length);
        position += length;
        return value;
    }

    private static void WriteVarUInt(List<byte> output, ulong value)
    {
        while (value >= 0x80)
        {
            output.Add((byte)(value | 0x80));
            value >>= 7;
        }
        output.Add((byte)value);
    }

    private static void WriteString(List<byte> output, string value)
    {
        byte[] bytes = Encoding.UTF8.GetBytes(value);
        WriteVarUInt(output, (ulong)bytes.Length);
        output.AddRange(bytes);
    }
}
