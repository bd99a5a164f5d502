using System;
using System.Collections.Generic;
using System.IO;
using System.Text;

namespace ClickHouse.RowBinary.ReplayServer;

/// <summary>
/// The answer a server gives to the client's table-schema probe (<c>SELECT name, type, default_kind, 0 FROM
/// system.columns ... UNION ALL SELECT name, '', '', 1 FROM system.settings ... FORMAT RowBinary</c>), for stand-in
/// servers that take INSERTs: the table's columns, and whether the server checks RowBinaryWithNamesAndTypes headers.
/// </summary>
public static class TableSchemaAnswer
{
    /// <summary>Whether a request's SQL is the probe.</summary>
    public static bool IsProbe(string sql) => sql.Contains("FROM system.columns", StringComparison.Ordinal);

    /// <summary>Whether a request is the probe.</summary>
    public static bool IsProbe(ReplayRequest request) => IsProbe(request.Query);

    /// <summary>
    /// A handler that answers the probe with <paramref name="columns"/> (by default as ClickHouse 26.9 does: it checks
    /// headers and reads RowBinaryWithNamesAndTypesAndDefaults) and every other request with <paramref name="otherwise"/>.
    /// </summary>
    public static Func<ReplayRequest, ReplayResponse> Describing(IEnumerable<(string Name, string Type)> columns, Func<ReplayRequest, ReplayResponse> otherwise,
        bool checksHeader = true)
    {
        ArgumentNullException.ThrowIfNull(otherwise);
        ReplayResponse description = Response(columns, checksHeader);
        return request => IsProbe(request) ? description : otherwise(request);
    }

    /// <summary>A 200 answer listing the columns; with <paramref name="checksHeader"/> as a server 21.12 or later answers.</summary>
    public static ReplayResponse Response(IEnumerable<(string Name, string Type)> columns, bool checksHeader = false)
        => new(Bytes(columns, checksHeader), "RowBinary");

    /// <summary>The RowBinary rows of the answer: (name, type, default kind, 0) per column, then the setting's row.</summary>
    /// <param name="columns">The table's columns.</param>
    /// <param name="checksHeader">The server has <c>input_format_with_types_use_header</c> (21.12 and later).</param>
    /// <param name="defaultKind">Every column's default kind.</param>
    /// <param name="readsHeaderWithDefaults">The server has the format RowBinaryWithNamesAndTypesAndDefaults (26.6 and
    /// later); by default, as <paramref name="checksHeader"/> says.</param>
    public static byte[] Bytes(IEnumerable<(string Name, string Type)> columns, bool checksHeader = false, string defaultKind = "",
        bool? readsHeaderWithDefaults = null)
    {
        ArgumentNullException.ThrowIfNull(columns);
        using var output = new MemoryStream();
        foreach ((string name, string type) in columns)
        {
            WriteRow(output, name, type, defaultKind, what: 0);
        }
        if (checksHeader)
        {
            WriteRow(output, "input_format_with_types_use_header", "", "", what: 1);
        }
        if (readsHeaderWithDefaults ?? checksHeader)
        {
            WriteRow(output, "RowBinaryWithNamesAndTypesAndDefaults", "", "", what: 2);
        }
        return output.ToArray();
    }

    /// <param name="what">0 for a column, 1 for a setting the server has, 2 for a format it has.</param>
    private static void WriteRow(MemoryStream output, string name, string type, string defaultKind, byte what)
    {
        WriteString(output, name);
        WriteString(output, type);
        WriteString(output, defaultKind);
        output.WriteByte(what);
    }

    private static void WriteString(MemoryStream output, string value)
    {
        byte[] bytes = Encoding.UTF8.GetBytes(value);
        ulong length = (ulong)bytes.Length;
        while (length >= 0x80)
        {
            output.WriteByte((byte)(length | 0x80));
            length >>= 7;
        }
        output.WriteByte((byte)length);
        output.Write(bytes);
    }
}
