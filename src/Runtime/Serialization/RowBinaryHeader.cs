using System;
using System.Collections.Generic;
using System.Linq;

namespace ClickHouse.RowBinary;

/// <summary>
/// The header of RowBinaryWithNamesAndTypes: a varint column count, then every column name, then every type
/// name, all as RowBinary strings.
/// </summary>
public sealed class RowBinaryHeader
{
    private const string CountWhat = "RowBinaryWithNamesAndTypes column count";

    private ClickHouseType[]? _parsedTypes;
    private bool _typesUnparseable;

    public RowBinaryHeader(IReadOnlyList<string> names, IReadOnlyList<string> types)
    {
        ArgumentNullException.ThrowIfNull(names);
        ArgumentNullException.ThrowIfNull(types);
        if (names.Count != types.Count)
        {
            throw new ArgumentException($"A header needs one type per column: {names.Count} names, {types.Count} types.", nameof(types));
        }
        Names = Array.AsReadOnly(names.ToArray());
        Types = Array.AsReadOnly(types.ToArray());
    }

    /// <summary>The column names, in the order of the data.</summary>
    public IReadOnlyList<string> Names { get; }

    /// <summary>The ClickHouse type of each column, as the server printed it.</summary>
    public IReadOnlyList<string> Types { get; }

    public int Count => Names.Count;

    /// <summary>Each column's parsed type, parsed once; null when one of them cannot be parsed.</summary>
    internal ClickHouseType[]? ParsedTypes()
    {
        if (_parsedTypes is not null || _typesUnparseable)
        {
            return _parsedTypes;
        }
        var types = new ClickHouseType[Types.Count];
        for (int i = 0; i < types.Length; i++)
        {
            if (!ClickHouseType.TryParse(Types[i], out ClickHouseType? type, out _))
            {
                _typesUnparseable = true;
                return null;
            }
            types[i] = type;
        }
        return _parsedTypes = types;
    }

    /// <summary>The header that describes a row type's columns.</summary>
    public static RowBinaryHeader FromSchema(ClickHouseRowSchema schema)
    {
        ArgumentNullException.ThrowIfNull(schema);
        var names = new string[schema.Columns.Count];
        var types = new string[schema.Columns.Count];
        for (int i = 0; i < names.Length; i++)
        {
            names[i] = schema.Columns[i].Name;
            types[i] = schema.Columns[i].Type;
        }
        return new RowBinaryHeader(names, types);
    }

    /// <summary>
    /// Reads a header. Over a block that is not final, a header that runs past the data throws
    /// <see cref="RowBinaryNeedMoreDataException"/>; over a final block it is a <see cref="RowBinaryException"/>.
    /// </summary>
    public static RowBinaryHeader Read(ref RowBinaryReader reader)
    {
        long start = reader.Offset;
        if (reader.IsEnd && reader.IsFinalBlock)
        {
            throw new RowBinaryException(
                $"The data ends at byte offset {start} where the RowBinaryWithNamesAndTypes header should start: that format always begins with a header of column names and types, even with no rows.",
                start);
        }
        try
        {
            // Each column takes at least two bytes (the lengths of its name and of its type).
            int count = reader.ReadLength(CountWhat, minElementSize: 2);
            var names = new string[count];
            var types = new string[count];
            for (int i = 0; i < count; i++)
            {
                names[i] = reader.ReadString();
            }
            for (int i = 0; i < count; i++)
            {
                types[i] = reader.ReadString();
                // A reader that stops at the end reads a cut name as empty: that is a header to finish, not a bad one.
                if (types[i].Length == 0 && reader.Shortfall == 0)
                {
                    ThrowHelper.ThrowInvalid(reader.Offset, "RowBinaryWithNamesAndTypes header", $"column '{names[i]}' has an empty type name.");
                }
            }
            return new RowBinaryHeader(names, types);
        }
        catch (RowBinaryException exception)
        {
            throw new RowBinaryException(
                $"The RowBinaryWithNamesAndTypes header that starts at byte offset {start} cannot be read: {exception.Message} " +
                "Is the data really RowBinaryWithNamesAndTypes (and not RowBinary, or an error text)?",
                exception.Offset, exception.ClickHouseType, exception);
        }
    }

    /// <summary>Writes this header.</summary>
    public void Write(ref RowBinaryWriter writer) => Write(ref writer, Names, Types);

    /// <summary>Writes the header of a row type's columns without building a <see cref="RowBinaryHeader"/>.</summary>
    public static void Write(ref RowBinaryWriter writer, ClickHouseRowSchema schema)
    {
        ArgumentNullException.ThrowIfNull(schema);
        IReadOnlyList<ClickHouseColumnInfo> columns = schema.Columns;
        writer.WriteLength(columns.Count);
        for (int i = 0; i < columns.Count; i++)
        {
            writer.WriteString(columns[i].Name);
        }
        for (int i = 0; i < columns.Count; i++)
        {
            writer.WriteString(columns[i].Type);
        }
    }

    private static void Write(ref RowBinaryWriter writer, IReadOnlyList<string> names, IReadOnlyList<string> types)
    {
        writer.WriteLength(names.Count);
        for (int i = 0; i < names.Count; i++)
        {
            writer.WriteString(names[i]);
        }
        for (int i = 0; i < types.Count; i++)
        {
            writer.WriteString(types[i]);
        }
    }

    public override string ToString()
    {
        var parts = new string[Count];
        for (int i = 0; i < parts.Length; i++)
        {
            parts[i] = Names[i] + " " + Types[i];
        }
        return string.Join(", ", parts);
    }
}
