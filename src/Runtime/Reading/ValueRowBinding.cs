using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;

namespace ClickHouse.RowBinary;

/// <summary>
/// Binds the columns of a result header, by position, to the elements of a tuple (or the one value of a scalar): a
/// reader per column, and every mismatch (a column count that differs, a type an element cannot hold) collected into
/// one <see cref="RowBinarySchemaMismatchException"/> thrown before any row.
/// </summary>
internal sealed class ValueRowBinding
{
    private readonly RowBinaryHeader _header;
    private readonly string _rowTypeName;
    private readonly int _elements;
    private readonly ClickHouseType?[] _types;
    private readonly string?[] _parseErrors;
    private List<RowBinaryColumnMismatch>? _mismatches;

    /// <param name="header">The result's columns.</param>
    /// <param name="rowTypeName">What the rows are read as, for messages: <c>(string, ulong)</c>, or <c>long</c> for a scalar.</param>
    /// <param name="elementTypes">The C# type of each element, in order.</param>
    public ValueRowBinding(RowBinaryHeader header, string rowTypeName, params Type[] elementTypes)
    {
        _header = header;
        _rowTypeName = rowTypeName;
        _elements = elementTypes.Length;
        var columns = new ClickHouseColumnInfo[header.Count];
        for (int i = 0; i < columns.Length; i++)
        {
            columns[i] = new ClickHouseColumnInfo(RowLayout.NameForMessages(header, i), header.Types[i], elementTypes.Length == 1 ? "value" : $"Item{i + 1}");
        }
        Schema = new ClickHouseRowSchema(rowTypeName, columns);
        _types = new ClickHouseType?[header.Count];
        _parseErrors = new string?[header.Count];
        for (int i = 0; i < header.Count; i++)
        {
            if (ClickHouseType.TryParse(header.Types[i], out ClickHouseType? type, out string? error))
            {
                _types[i] = type;
            }
            else
            {
                _parseErrors[i] = error;
            }
        }
        RowLayout.ThrowIfRowsTakeNoBytes(header, _types);
        for (int i = elementTypes.Length; i < header.Count; i++)
        {
            Add(new RowBinaryColumnMismatch(header.Names[i], RowBinaryColumnMismatchKind.NotInRowType, null, header.Types[i],
                $"Column '{header.Names[i]}' ({header.Types[i]}) is column {i + 1}: the result has {Count(header.Count)}, but {rowTypeName} reads {Count(elementTypes.Length)}; " +
                $"select only the columns to read, or read the result as a wider tuple, a [ClickHouseRow] type or with ExecuteReaderAsync."));
        }
        for (int i = header.Count; i < elementTypes.Length; i++)
        {
            string expected = CSharpTypeNames.Of(elementTypes[i]);
            Add(new RowBinaryColumnMismatch($"#{i + 1}", RowBinaryColumnMismatchKind.MissingFromData, expected, null,
                $"{rowTypeName} reads {Count(elementTypes.Length)}, but the result has {Count(header.Count)}: element {i + 1} ({expected}) has no column. " +
                "Add the column to the query, or read a shorter tuple."));
        }
    }

    /// <summary>The result's columns, for error messages: names and types from the header, members Item1, Item2...</summary>
    public ClickHouseRowSchema Schema { get; }

    /// <summary>The reader of element <paramref name="index"/>; a mismatch is recorded (and thrown by <see cref="ThrowIfMismatched"/>).</summary>
    public ClickHouseValueReader<T> Bind<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] T>(int index)
    {
        if (index >= _header.Count)
        {
            return null!;
        }
        string name = _header.Names[index];
        string actual = _header.Types[index];
        ClickHouseValueReader<T>? reader = null;
        string? reason;
        if (_types[index] is { } type)
        {
            reader = ClickHouseValueReaders.TryCreateWithCollections<T>(type, out reason);
        }
        else
        {
            reason = $"the type cannot be parsed ({_parseErrors[index]})";
        }
        if (reader is null)
        {
            string expected = CSharpTypeNames.Of(typeof(T));
            Add(new RowBinaryColumnMismatch(name, RowBinaryColumnMismatchKind.TypeMismatch, expected, actual,
                $"Column '{name}' ({actual}){(_elements == 1 ? "" : $", element {index + 1} of {_rowTypeName},")} cannot be read as {expected}: {reason}. " +
                "Or convert it in the query with CAST."));
        }
        return reader!;
    }

    /// <summary>Throws every mismatch found, before any row is read.</summary>
    public void ThrowIfMismatched()
    {
        if (_mismatches is not null)
        {
            throw new RowBinarySchemaMismatchException(_rowTypeName, _mismatches);
        }
    }

    private void Add(RowBinaryColumnMismatch mismatch) => (_mismatches ??= []).Add(mismatch);

    private static string Count(int columns) => columns == 1 ? "1 column" : $"{columns} columns";
}
