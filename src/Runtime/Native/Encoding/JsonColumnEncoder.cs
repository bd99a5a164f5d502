using System.Buffers;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// JSON as text: the serialization version 1 before the data, then a String column of the values' JSON text, which
/// the server parses into the column's paths and types as it would text in any format.
/// </summary>
internal sealed class JsonColumnEncoder(ClickHouseType type, int depth) : NativeColumnEncoder(type)
{
    private const ulong VersionString = 1;

    private readonly NativeStream _texts = new();
    private byte[]? _default;

    public override void Add(ref RowBinaryReader values)
    {
        Append(Encoding.UTF8.GetBytes(values.ReadJson(Type, depth)));
    }

    /// <summary>The empty object as the type holds it: its typed paths at their defaults, as ClickHouse prints it.</summary>
    public override void AddDefault()
    {
        if (_default is null)
        {
            var buffer = new ArrayBufferWriter<byte>();
            var writer = new RowBinaryWriter(buffer);
            writer.WriteJson("{}", Type, depth);
            writer.Flush();
            var reader = new RowBinaryReader(buffer.WrittenSpan);
            _default = Encoding.UTF8.GetBytes(reader.ReadJson(Type, depth));
        }
        Append(_default);
    }

    private void Append(byte[] text)
    {
        _texts.AppendVarUInt((uint)text.Length);
        _texts.Append(text);
    }

    public override void WritePrefix(ref RowBinaryWriter output) => output.WriteUInt64(VersionString);

    public override void WriteData(ref RowBinaryWriter output) => output.WriteBytes(_texts.Written);

    public override void Clear() => _texts.Clear();

    public override void Dispose() => _texts.Dispose();
}
