using System;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>
/// An Enum8 or Enum16 column as a C# enum, matched by label as the generator matches them: each ClickHouse label to
/// the C# member of that name (ignoring case), whatever the numbers. <typeparamref name="T"/> is the enum type, or
/// <see cref="object"/> for an enum known only at run time (an array's elements), whose values are then boxed once.
/// </summary>
internal sealed class EnumValueReader<T> : ClickHouseValueReader<T>
{
    private readonly Dictionary<short, T> _members;

    private EnumValueReader(ClickHouseType column, Dictionary<short, T> members)
        : base(column)
        => _members = members;

    /// <summary>
    /// The reader, or null with the reason when the column is no Enum or one of its labels names no member of
    /// <paramref name="enumType"/>.
    /// </summary>
    public static EnumValueReader<T>? TryCreate(ClickHouseType column, Type enumType, Func<object, T> convert, out string? reason)
    {
        reason = null;
        if (column.Kind is not (ClickHouseTypeKind.Enum8 or ClickHouseTypeKind.Enum16))
        {
            return null;
        }
        var members = new Dictionary<short, T>(column.EnumMembers.Count);
        foreach (KeyValuePair<string, short> member in column.EnumMembers)
        {
            if (!IsIdentifier(member.Key) || !Enum.TryParse(enumType, member.Key, ignoreCase: true, out object? value))
            {
                reason = $"the label '{member.Key}' names no member of {enumType.Name}; add the member, or read the column as string";
                return null;
            }
            members[member.Value] = convert(value);
        }
        return new EnumValueReader<T>(column, members);
    }

    /// <summary>Labels match member names only: no numbers, no comma-separated flags.</summary>
    private static bool IsIdentifier(string label)
    {
        if (label.Length == 0 || !(char.IsLetter(label[0]) || label[0] == '_'))
        {
            return false;
        }
        foreach (char c in label)
        {
            if (!(char.IsLetterOrDigit(c) || c == '_'))
            {
                return false;
            }
        }
        return true;
    }

    public override T Read(ref RowBinaryReader reader)
    {
        long offset = reader.Offset;
        short value = Column.Kind == ClickHouseTypeKind.Enum8 ? reader.ReadInt8() : reader.ReadInt16();
        if (!_members.TryGetValue(value, out T? member))
        {
            throw RowBinaryGeneratedSupport.UnknownEnumValue(value, Column.ToString(), offset);
        }
        return member;
    }
}
