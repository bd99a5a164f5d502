using System;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// JSON as text: a serialization version before the data (a UInt64, 1), then a String column of JSON objects, as
/// ClickHouse writes it with <c>output_format_native_write_json_as_string = 1</c>. Each text becomes the RowBinary
/// encoding of its type (paths and typed values), which the generated readers read.
/// </summary>
internal sealed class JsonColumnDecoder(ClickHouseType type) : NativeColumnDecoder(type)
{
    private const ulong VersionString = 1;

    private static readonly UTF8Encoding s_strictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    private readonly StringColumnDecoder _texts = new(KnownTypes.String);

    public override void ReadPrefix(ref NativeInput input)
    {
        long offset = input.Offset;
        ulong version = input.ReadUInt64($"{Type} serialization");
        if (version != VersionString)
        {
            throw input.Invalid(offset, $"{Type} serialization",
                $"version {version} is JSON in its object layout; this client reads JSON sent as text (version {VersionString}): "
                + "ask for it with the setting output_format_native_write_json_as_string = 1.");
        }
    }

    public override void Scan(ref NativeInput input, int count) => _texts.Scan(ref input, count);

    public override void CopyValue(ReadOnlySpan<byte> data, ref RowBinaryWriter output)
    {
        ReadOnlySpan<byte> bytes = _texts.NextBytes(data);
        string text;
        try
        {
            text = s_strictUtf8.GetString(bytes);
        }
        catch (DecoderFallbackException e)
        {
            throw new RowBinaryException($"A {Type} value is not valid UTF-8 text: {e.Message}", clickHouseType: Type.ToString(), innerException: e);
        }
        output.WriteJson(text, Type, 0);
    }

    public override void SkipValue(ReadOnlySpan<byte> data) => _texts.SkipValue(data);
}
