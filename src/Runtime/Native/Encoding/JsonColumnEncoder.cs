using System.Text;
using ClickHouse.RowBinary.Types;

namespace ClickHouse.RowBinary;

/// <summary>
/// JSON as text: the serialization version 1 before the data, then a String column of the values' JSON text, which
/// the server parses into the column's paths and types as it would text in any format.
/// </summary>
internal sealed class JsonColumnEncoder(ClickHouseType type, int depth) : NativeColumnEncoder(type)
{
    private const ulong VersionString = 1;
    private static readonly byte[] s_emptyObject = "{}"u8.ToArray();

    private readonly NativeStream _texts = new();

    public override void Add(ref RowBinaryReader values)
    {
        string text = values.ReadJson(Type, depth);
        int length = Encoding.UTF8.GetByteCount(text);
        _texts.AppendVarUInt((uint)length);
        _texts.Append(Encoding.UTF8.GetBytes(text));
    }

    public override void AddDefault()
    {
        _texts.AppendVarUInt((uint)s_emptyObject.Length);
        _texts.Append(s_emptyObject);
    }

    public override void WritePrefix(ref RowBinaryWriter output) => output.WriteUInt64(VersionString);

    public override void WriteData(ref RowBinaryWriter output) => output.WriteBytes(_texts.Written);

    public override void Clear() => _texts.Clear();
}
