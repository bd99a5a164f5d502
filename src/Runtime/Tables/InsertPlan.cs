using System;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>
/// How rows of one row type go into one table, decided once from the table's probed schema: refused with the
/// mismatches found, or sent, with a header of the table's own type names where the server checks one.
/// </summary>
internal sealed class InsertPlan
{
    private const string WithNamesAndTypesAndDefaults = "RowBinaryWithNamesAndTypesAndDefaults";

    private readonly byte[]? _header;
    private readonly bool _headerWithDefaults;

    private InsertPlan(IReadOnlyList<RowBinaryColumnMismatch> mismatches, RowBinarySchemaMismatchException? refusal, byte[]? header, bool headerWithDefaults,
        IReadOnlyList<string>? tableTypes)
    {
        Mismatches = mismatches;
        Refusal = refusal;
        _header = header;
        _headerWithDefaults = headerWithDefaults;
        TableTypes = tableTypes;
    }

    /// <summary>Every column that does not fit; empty when the row type fits the table.</summary>
    public IReadOnlyList<RowBinaryColumnMismatch> Mismatches { get; }

    /// <summary>The exception an INSERT throws instead of sending, or null when it may go.</summary>
    public RowBinarySchemaMismatchException? Refusal { get; }

    /// <summary>
    /// The table's own type of each column the row type sends, in the row type's order (each of the same RowBinary bytes
    /// as the row type's): the types a Native INSERT's blocks name. Null when refused.
    /// </summary>
    public IReadOnlyList<string>? TableTypes { get; }

    public static InsertPlan Refuse(IReadOnlyList<RowBinaryColumnMismatch> mismatches, RowBinarySchemaMismatchException refusal)
        => new(mismatches, refusal, header: null, headerWithDefaults: false, tableTypes: null);

    /// <param name="header">
    /// The header to send before the rows (the row type's column names with the table's type names), or null when the
    /// server does not check one.
    /// </param>
    /// <param name="headerWithDefaults">The server also reads RowBinaryWithNamesAndTypesAndDefaults.</param>
    /// <param name="tableTypes">The table's type of each column sent, in the row type's order.</param>
    public static InsertPlan Send(byte[]? header, bool headerWithDefaults, IReadOnlyList<string> tableTypes)
        => new([], refusal: null, header, headerWithDefaults, tableTypes);

    /// <summary>
    /// What goes on the wire for rows written in <paramref name="rowFormat"/>: RowBinary as RowBinaryWithNamesAndTypes,
    /// RowBinaryWithDefaults as RowBinaryWithNamesAndTypesAndDefaults, after the header, where the server checks it;
    /// else the rows' own format with no header.
    /// </summary>
    public InsertWire Wire(RowBinaryFormat rowFormat) => rowFormat switch
    {
        RowBinaryFormat.RowBinary when _header is not null => new(nameof(RowBinaryFormat.RowBinaryWithNamesAndTypes), _header),
        RowBinaryFormat.RowBinaryWithDefaults when _header is not null && _headerWithDefaults => new(WithNamesAndTypesAndDefaults, _header),
        _ => new(rowFormat.ToString(), ReadOnlyMemory<byte>.Empty),
    };
}

/// <summary>The format an INSERT names and the bytes it sends before the rows (none, or a header).</summary>
internal readonly record struct InsertWire(string FormatName, ReadOnlyMemory<byte> Header)
{
    public bool HasHeader => !Header.IsEmpty;
}
