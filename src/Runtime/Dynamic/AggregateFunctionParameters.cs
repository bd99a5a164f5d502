using System;
using System.Collections.Generic;
using System.Globalization;
using System.Numerics;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// The function name and parameters of a <c>SimpleAggregateFunction</c> in the binary type encoding: the name as a
/// String, a varint count, then each parameter as a binary-encoded ClickHouse Field.
/// </summary>
internal static class AggregateFunctionParameters
{
    private const byte FieldNull = 0x00;
    private const byte FieldUInt64 = 0x01;
    private const byte FieldInt64 = 0x02;
    private const byte FieldUInt128 = 0x03;
    private const byte FieldInt128 = 0x04;
    private const byte FieldUInt256 = 0x05;
    private const byte FieldInt256 = 0x06;
    private const byte FieldFloat64 = 0x07;
    private const byte FieldString = 0x0C;
    private const byte FieldArray = 0x0D;
    private const byte FieldTuple = 0x0E;
    private const byte FieldBool = 0x13;
    private const byte FieldNegativeInfinity = 0xFE;
    private const byte FieldPositiveInfinity = 0xFF;

    /// <summary>Writes <c>name(p1, p2)</c> (or just <c>name</c>) as the encoding expects.</summary>
    public static void Write(ref RowBinaryWriter writer, string function)
    {
        int open = function.IndexOf('(', StringComparison.Ordinal);
        if (open < 0)
        {
            writer.WriteString(function);
            writer.WriteVarUInt(0);
            return;
        }
        writer.WriteString(function.Substring(0, open).Trim());
        string inner = function.Substring(open + 1, function.LastIndexOf(')') - open - 1);
        List<string> parameters = SplitTopLevel(inner);
        writer.WriteVarUInt((ulong)parameters.Count);
        foreach (string parameter in parameters)
        {
            WriteField(ref writer, parameter.Trim(), function);
        }
    }

    /// <summary>Reads the name and parameters and appends <c>name(p1, p2)</c>.</summary>
    public static void Read(ref RowBinaryReader reader, StringBuilder builder)
    {
        builder.Append(reader.ReadString());
        int count = reader.ReadLength("aggregate function parameters");
        if (count == 0)
        {
            return;
        }
        builder.Append('(');
        for (int i = 0; i < count; i++)
        {
            if (i > 0)
            {
                builder.Append(", ");
            }
            ReadField(ref reader, builder, 0);
        }
        builder.Append(')');
    }

    private static void WriteField(ref RowBinaryWriter writer, string literal, string function)
    {
        if (literal.Length >= 2 && literal[0] == '\'' && literal[^1] == '\'')
        {
            writer.WriteUInt8(FieldString);
            writer.WriteString(Unquote(literal));
        }
        else if (string.Equals(literal, "NULL", StringComparison.OrdinalIgnoreCase))
        {
            writer.WriteUInt8(FieldNull);
        }
        else if (string.Equals(literal, "true", StringComparison.OrdinalIgnoreCase) || string.Equals(literal, "false", StringComparison.OrdinalIgnoreCase))
        {
            writer.WriteUInt8(FieldBool);
            writer.WriteBool(literal.Length == 4);
        }
        else if (ulong.TryParse(literal, NumberStyles.None, CultureInfo.InvariantCulture, out ulong unsigned))
        {
            writer.WriteUInt8(FieldUInt64);
            writer.WriteVarUInt(unsigned);
        }
        else if (long.TryParse(literal, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long signed))
        {
            writer.WriteUInt8(FieldInt64);
            writer.WriteVarUInt((ulong)((signed << 1) ^ (signed >> 63)));
        }
        else if (double.TryParse(literal, NumberStyles.Float, CultureInfo.InvariantCulture, out double real))
        {
            writer.WriteUInt8(FieldFloat64);
            writer.WriteFloat64(real);
        }
        else
        {
            throw new RowBinaryException(
                $"The aggregate function parameter '{literal}' of {function} has no binary encoding here: only numbers, strings, booleans and NULL are supported.",
                clickHouseType: $"SimpleAggregateFunction({function}, ...)");
        }
    }

    private static void ReadField(ref RowBinaryReader reader, StringBuilder builder, int depth)
    {
        long offset = reader.Offset;
        if (depth > 16)
        {
            ThrowHelper.ThrowInvalid(offset, "aggregate function parameter", "parameters are nested more than 16 levels deep.");
        }
        byte code = reader.ReadUInt8();
        switch (code)
        {
            case FieldNull:
                builder.Append("NULL");
                break;
            case FieldUInt64:
                builder.Append(reader.ReadVarUInt().ToString(CultureInfo.InvariantCulture));
                break;
            case FieldInt64:
                {
                    ulong zigzag = reader.ReadVarUInt();
                    long value = (long)(zigzag >> 1) ^ -(long)(zigzag & 1);
                    builder.Append(value.ToString(CultureInfo.InvariantCulture));
                    break;
                }
            case FieldUInt128:
                builder.Append(reader.ReadUInt128().ToString(CultureInfo.InvariantCulture));
                break;
            case FieldInt128:
                builder.Append(reader.ReadInt128().ToString(CultureInfo.InvariantCulture));
                break;
            case FieldUInt256:
                builder.Append(reader.ReadUInt256().ToString(CultureInfo.InvariantCulture));
                break;
            case FieldInt256:
                builder.Append(reader.ReadInt256().ToString(CultureInfo.InvariantCulture));
                break;
            case FieldFloat64:
                ClickHouseFloatText.Append(builder, reader.ReadFloat64());
                break;
            case FieldString:
                ClickHouseSyntax.AppendQuoted(builder, reader.ReadString(), '\'');
                break;
            case FieldBool:
                builder.Append(reader.ReadBool() ? "true" : "false");
                break;
            case FieldArray:
            case FieldTuple:
                {
                    int count = reader.ReadLength("aggregate function parameter elements");
                    builder.Append(code == FieldArray ? '[' : '(');
                    for (int i = 0; i < count; i++)
                    {
                        if (i > 0)
                        {
                            builder.Append(", ");
                        }
                        ReadField(ref reader, builder, depth + 1);
                    }
                    builder.Append(code == FieldArray ? ']' : ')');
                    break;
                }
            case FieldNegativeInfinity:
                builder.Append("-inf");
                break;
            case FieldPositiveInfinity:
                builder.Append("inf");
                break;
            default:
                ThrowHelper.ThrowInvalid(offset, "aggregate function parameter", $"field type 0x{code:X2} is not supported (numbers, strings, booleans, arrays, tuples and NULL are).");
                break;
        }
    }

    private static List<string> SplitTopLevel(string text)
    {
        var parts = new List<string>();
        int depth = 0;
        int start = 0;
        bool quoted = false;
        for (int i = 0; i < text.Length; i++)
        {
            char c = text[i];
            if (quoted)
            {
                if (c == '\\')
                {
                    i++;
                }
                else if (c == '\'')
                {
                    quoted = false;
                }
                continue;
            }
            switch (c)
            {
                case '\'': quoted = true; break;
                case '(' or '[': depth++; break;
                case ')' or ']': depth--; break;
                case ',' when depth == 0:
                    parts.Add(text.Substring(start, i - start));
                    start = i + 1;
                    break;
            }
        }
        if (text.AsSpan(start).Trim().Length > 0 || parts.Count > 0)
        {
            parts.Add(text.Substring(start));
        }
        return parts;
    }

    private static string Unquote(string literal)
    {
        var builder = new StringBuilder(literal.Length);
        for (int i = 1; i < literal.Length - 1; i++)
        {
            char c = literal[i];
            if (c == '\\' && i + 1 < literal.Length - 1)
            {
                char next = literal[++i];
                builder.Append(next switch
                {
                    'n' => '\n',
                    't' => '\t',
                    'r' => '\r',
                    'b' => '\b',
                    'f' => '\f',
                    '0' => '\0',
                    _ => next,
                });
            }
            else
            {
                builder.Append(c);
            }
        }
        return builder.ToString();
    }
}
