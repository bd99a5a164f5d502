using System;
using System.Collections.Generic;
using System.Text;

namespace ClickHouse.RowBinary.ReplayServer;

/// <summary>One part of a <c>multipart/form-data</c> body: a field, or a file (external data) when it has a file name.</summary>
/// <param name="Name">The part's name.</param>
/// <param name="FileName">The file name, or null for a field.</param>
/// <param name="Content">The part's bytes.</param>
public sealed record FormPart(string Name, string? FileName, byte[] Content)
{
    /// <summary>The content as UTF-8 text.</summary>
    public string Text => Encoding.UTF8.GetString(Content);

    /// <summary>
    /// The parts of a complete multipart body, or null when it is not one (no opening boundary, no closing one: a body
    /// the client cut short).
    /// </summary>
    public static IReadOnlyList<FormPart>? Parse(byte[] body, string boundary)
    {
        byte[] delimiter = Encoding.ASCII.GetBytes("--" + boundary);
        ReadOnlySpan<byte> data = body;
        if (!data.StartsWith(delimiter))
        {
            return null;
        }
        var parts = new List<FormPart>();
        int position = delimiter.Length;
        byte[] next = Encoding.ASCII.GetBytes("\r\n--" + boundary);
        while (true)
        {
            if (data[position..].StartsWith("--"u8))
            {
                return parts;
            }
            position += 2; // the line end after the boundary
            int headerEnd = data[position..].IndexOf("\r\n\r\n"u8);
            int contentEnd = headerEnd < 0 ? -1 : data[(position + headerEnd + 4)..].IndexOf(next);
            if (contentEnd < 0)
            {
                return null;
            }
            string headers = Encoding.UTF8.GetString(data.Slice(position, headerEnd));
            int start = position + headerEnd + 4;
            parts.Add(new FormPart(Attribute(headers, "name") ?? "", Attribute(headers, "filename"), data.Slice(start, contentEnd).ToArray()));
            position = start + contentEnd + next.Length;
        }
    }

    private static string? Attribute(string headers, string name)
    {
        string marker = $" {name}=\"";
        int start = headers.IndexOf(marker, StringComparison.Ordinal);
        if (start < 0)
        {
            return null;
        }
        start += marker.Length;
        return headers[start..headers.IndexOf('"', start)];
    }
}
