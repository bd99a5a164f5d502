using System;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>
/// How rows of one row type go into one table, decided once from the table's probed schema: refused with the
/// mismatches found, or sent, with a RowBinaryWithNamesAndTypes header of the table's own type names where the
/// server checks one.
/// </summary>
internal sealed class InsertPlan
{
    private InsertPlan(IReadOnlyList<RowBinaryColumnMismatch> mismatches, RowBinarySchemaMismatchException? refusal, byte[]? header)
    {
        Mismatches = mismatches;
        Refusal = refusal;
        Header = header;
    }

    /// <summary>Every column that does not fit; empty when the row type fits the table.</summary>
    public IReadOnlyList<RowBinaryColumnMismatch> Mismatches { get; }

    /// <summary>The exception an INSERT throws instead of sending, or null when it may go.</summary>
    public RowBinarySchemaMismatchException? Refusal { get; }

    /// <summary>
    /// The RowBinaryWithNamesAndTypes header to send before the rows (the row type's column names with the table's
    /// type names), or null when the server does not check one and plain RowBinary goes.
    /// </summary>
    public byte[]? Header { get; }

    public static InsertPlan Refuse(IReadOnlyList<RowBinaryColumnMismatch> mismatches, RowBinarySchemaMismatchException refusal)
        => new(mismatches, refusal, header: null);

    public static InsertPlan Send(byte[]? header) => new([], refusal: null, header);

    /// <summary>The format named in the INSERT: with a header, RowBinary travels as RowBinaryWithNamesAndTypes (RowBinaryWithDefaults has no such variant).</summary>
    public RowBinaryFormat WireFormat(RowBinaryFormat rowFormat)
        => Header is not null && rowFormat == RowBinaryFormat.RowBinary ? RowBinaryFormat.RowBinaryWithNamesAndTypes : rowFormat;

    /// <summary>The header to send for rows written in <paramref name="rowFormat"/>: empty when none goes.</summary>
    public ReadOnlyMemory<byte> HeaderFor(RowBinaryFormat rowFormat)
        => WireFormat(rowFormat) == RowBinaryFormat.RowBinaryWithNamesAndTypes ? Header : ReadOnlyMemory<byte>.Empty;
}
