using System.Buffers;
using System.Text.Json;

namespace ClickHouse.RowBinary.Tests.Conformance;

/// <summary>
/// Every stream of tables.json both ways, in RowBinary and in RowBinaryWithNamesAndTypes: the header names the
/// schema's columns (Nested flattened to <c>n.a</c>, <c>n.b</c> arrays), every row decodes to the JSONEachRow row,
/// all bytes are consumed, and writing the decoded rows (after the header) gives the bytes exactly.
/// </summary>
public class TableVectorTests
{
    public static TheoryData<string> TableNames()
    {
        var data = new TheoryData<string>();
        foreach (TableVector table in TableVectors.All)
        {
            data.Add(table.Name);
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(TableNames))]
    public void Table_decodes_to_its_rows_and_encodes_to_the_same_bytes(string name)
    {
        TableVector table = TableVectors.All.Single(t => t.Name == name);
        string? failure = Check(table);
        Assert.True(failure is null, $"{table}: {failure}");
    }

    [Fact]
    public void The_theory_covers_every_table_of_tables_json()
    {
        Assert.Equal(TableVectors.ExpectedCount, TableNames().Count);
    }

    private static string? Check(TableVector table)
    {
        List<(string Name, ClickHouseType Type)> columns = FlattenedColumns(table.Schema);

        // RowBinaryWithNamesAndTypes: the header, then the same rows.
        byte[] withHeader = table.WithNamesAndTypes;
        var headerReader = new RowBinaryReader(withHeader);
        int count = headerReader.ReadLength("column count");
        string[] names = new string[count];
        string[] types = new string[count];
        for (int i = 0; i < count; i++)
        {
            names[i] = headerReader.ReadString();
        }
        for (int i = 0; i < count; i++)
        {
            types[i] = headerReader.ReadString();
        }
        string expectedHeader = string.Join(", ", columns.Select(c => $"{c.Name} {c.Type}"));
        string actualHeader = string.Join(", ", names.Zip(types, (n, t) => $"{n} {ClickHouseType.Parse(t)}"));
        if (expectedHeader != actualHeader)
        {
            return $"header is [{actualHeader}], the schema flattens to [{expectedHeader}]";
        }
        long headerLength = headerReader.Offset;

        byte[] rowBinary = table.RowBinary;
        if (!withHeader.AsSpan((int)headerLength).SequenceEqual(rowBinary))
        {
            return "the rows after the header differ from the RowBinary stream";
        }

        var reader = new RowBinaryReader(rowBinary);
        var rows = new List<object?[]>();
        while (!reader.IsEnd)
        {
            var row = new object?[columns.Count];
            for (int i = 0; i < columns.Count; i++)
            {
                try
                {
                    row[i] = ClickHouseValueCodec.Read(ref reader, columns[i].Type);
                }
                catch (RowBinaryException e)
                {
                    return $"row {rows.Count}, column {columns[i].Name}: {e.Message}";
                }
            }
            rows.Add(row);
        }
        if (rows.Count != table.Rows.Length)
        {
            return $"decoded {rows.Count} rows, ClickHouse has {table.Rows.Length}";
        }
        for (int r = 0; r < rows.Count; r++)
        {
            for (int i = 0; i < columns.Count; i++)
            {
                string? mismatch = ClickHouseJsonMatch.Mismatch(columns[i].Type, rows[r][i], table.Rows[r].GetProperty(columns[i].Name));
                if (mismatch is not null)
                {
                    return $"row {r}, column {columns[i].Name} {columns[i].Type}: {mismatch}";
                }
            }
        }

        var buffer = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(buffer);
        writer.WriteLength(columns.Count);
        foreach ((string name, _) in columns)
        {
            writer.WriteString(name);
        }
        foreach ((_, ClickHouseType type) in columns)
        {
            writer.WriteString(type.ToString());
        }
        long headerWritten = writer.BytesWritten;
        foreach (object?[] row in rows)
        {
            for (int i = 0; i < columns.Count; i++)
            {
                ClickHouseValueCodec.Write(ref writer, columns[i].Type, row[i]);
            }
        }
        writer.Flush();
        if (!buffer.WrittenSpan.SequenceEqual(withHeader))
        {
            return $"re-encoded RowBinaryWithNamesAndTypes differs: {Convert.ToHexString(buffer.WrittenSpan).ToLowerInvariant()}";
        }
        if (!buffer.WrittenSpan[(int)headerWritten..].SequenceEqual(rowBinary))
        {
            return "re-encoded RowBinary differs";
        }
        return null;
    }

    /// <summary>The columns of a schema as they travel: Nested(a A, b B) becomes the arrays n.a Array(A), n.b Array(B).</summary>
    private static List<(string Name, ClickHouseType Type)> FlattenedColumns(string schema)
    {
        var columns = new List<(string, ClickHouseType)>();
        foreach (string column in SplitTopLevel(schema))
        {
            string trimmed = column.Trim();
            int space = trimmed.IndexOf(' ', StringComparison.Ordinal);
            string name = trimmed[..space];
            ClickHouseType type = ClickHouseType.Parse(trimmed[(space + 1)..]);
            if (type.Kind == ClickHouseTypeKind.Nested)
            {
                for (int i = 0; i < type.Arguments.Count; i++)
                {
                    columns.Add(($"{name}.{type.ElementNames[i]}", ClickHouseType.Array(type.Arguments[i])));
                }
            }
            else
            {
                columns.Add((name, type));
            }
        }
        return columns;
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
            if (c == '\'' && (i == 0 || text[i - 1] != '\\'))
            {
                quoted = !quoted;
            }
            else if (!quoted && c == '(')
            {
                depth++;
            }
            else if (!quoted && c == ')')
            {
                depth--;
            }
            else if (!quoted && depth == 0 && c == ',')
            {
                parts.Add(text[start..i]);
                start = i + 1;
            }
        }
        parts.Add(text[start..]);
        return parts;
    }
}
