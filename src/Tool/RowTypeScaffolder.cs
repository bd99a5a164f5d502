using System.Collections.Generic;
using System.Linq;
using System.Text;

namespace ClickHouse.RowBinary.Tool;

/// <summary>
/// Writes the <c>[ClickHouseRow]</c> partial record of a table: a member per column with the column's exact type, the
/// default C# type for it, a C# name, nullable where the column is, required where it is not (so that no row leaves
/// a column at its default by mistake). Columns the server computes (MATERIALIZED, ALIAS) are left out, and so is a
/// type no member can hold, with a comment saying why.
/// </summary>
internal static class RowTypeScaffolder
{
    public static string Render(IReadOnlyList<ClickHouseTableColumn> columns, string table, string? @namespace, string recordName)
    {
        ClickHouseTableColumn[] sent = [.. columns.Where(c => !c.IsComputed)];
        string[] members = CSharpNames.Members([.. sent.Select(c => c.Name)], recordName);
        var types = new ClrTypeNames(members.ToHashSet());
        var body = new StringBuilder();
        var skipped = new List<string>();
        foreach (ClickHouseTableColumn column in columns.Where(c => c.IsComputed))
        {
            skipped.Add($"// `{column.Name}` {column.Type} is left out: it is {column.DefaultKind}, computed by the server (an INSERT may not send it).");
        }
        for (int i = 0; i < sent.Length; i++)
        {
            ClickHouseTableColumn column = sent[i];
            string? memberType = ClickHouseType.TryParse(column.Type, out ClickHouseType? type, out string? parseError)
                ? types.For(type, members[i], out parseError)
                : null;
            if (memberType is null)
            {
                skipped.Add($"// `{column.Name}` {column.Type} is left out: {parseError}.");
                continue;
            }
            if (body.Length > 0)
            {
                body.Append('\n');
            }
            body.Append("    [ClickHouseColumn(").Append(CSharpNames.Literal(column.Name)).Append(", Type = ").Append(CSharpNames.Literal(column.Type)).Append(")]\n");
            body.Append("    public ").Append(memberType.EndsWith('?') ? "" : "required ").Append(memberType).Append(' ').Append(members[i]).Append(" { get; init; }\n");
        }
        foreach (string declaration in types.EnumDeclarations)
        {
            body.Append('\n').Append(string.Join('\n', declaration.Split('\n').Select(line => "    " + line))).Append('\n');
        }

        var source = new StringBuilder();
        source.Append("// Scaffolded by clickhouse-rowbinary from the table ").Append(table).Append(".\n");
        foreach (string line in skipped)
        {
            source.Append(line).Append('\n');
        }
        source.Append('\n');
        foreach (string @using in ClrTypeNames.Usings)
        {
            source.Append("using ").Append(@using).Append(";\n");
        }
        source.Append('\n');
        if (!string.IsNullOrEmpty(@namespace))
        {
            source.Append("namespace ").Append(@namespace).Append(";\n\n");
        }
        source.Append("[ClickHouseRow]\npublic sealed partial record ").Append(recordName).Append("\n{\n").Append(body).Append("}\n");
        return source.ToString();
    }
}
