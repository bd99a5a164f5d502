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
    /// headers) and every other request with <paramref name="otherwise"/>.
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
    public static byte[] Bytes(IEnumerable<(string Name, string Type)> columns, bool checksHeader = false, string defaultKind = "")
    {
        ArgumentNullException.ThrowIfNull(columns);
        using var output = new MemoryStream();
        foreach ((string name, string type) in columns)
        {
            WriteRow(output, name, type, defaultKind, isSetting: false);
        }
        if (checksHeader)
        {
            WriteRow(output, "input_format_with_types_use_header", "", "", isSetting: true);
        }
        return output.ToArray();
    }

    private static void WriteRow(MemoryStream output, string name, string type, string defaultKind, bool isSetting)
    {
        WriteString(output, name);
        WriteString(output, type);
        WriteString(output, defaultKind);
        output.WriteByte(isSetting ? (byte)1 : (byte)0);
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
