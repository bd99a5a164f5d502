using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

namespace ClickHouse.RowBinary;

public sealed partial class ClickHouseClient
{
    /// <summary>
    /// Throws <see cref="NotSupportedException"/> when the server lacks a type the row type's columns use (per
    /// <c>system.data_type_families</c>). A server that cannot say (no such table, no right to read it) is not checked.
    /// </summary>
    private async Task CheckServerHasTypesAsync(ClickHouseRowSchema schema, string table, CancellationToken cancellationToken)
    {
        string answer;
        try
        {
            answer = await QueryTextAsync("SELECT name, version() FROM system.data_type_families FORMAT TabSeparated", cancellationToken)
                .ConfigureAwait(false);
        }
        catch (ClickHouseServerException)
        {
            return;
        }
        var families = new HashSet<string>(StringComparer.Ordinal);
        string version = "";
        foreach (string line in answer.Split('\n', StringSplitOptions.RemoveEmptyEntries))
        {
            string[] fields = line.Split('\t');
            families.Add(fields[0]);
            version = fields.Length > 1 ? fields[1] : version;
        }
        if (ServerTypeSupport.Check(schema, table, families, $"ClickHouse {version} at {_endpoint}") is { } error)
        {
            throw new NotSupportedException(error);
        }
    }
}
