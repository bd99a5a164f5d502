using System.Buffers;
using System.Net;
using System.Text.RegularExpressions;

namespace ClickHouse.RowBinary.Generator.Tests.Infrastructure;

/// <summary>
/// A stand-in server for the client's table-schema probe: it answers <c>... table = 'NAME' ...</c> with the columns it
/// was given for NAME, as ClickHouse 26.9 would (a server that checks RowBinaryWithNamesAndTypes headers).
/// </summary>
internal sealed partial class DescribedTables(IReadOnlyDictionary<string, IReadOnlyList<(string Name, string Type)>> tables) : HttpMessageHandler
{
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        string sql = await request.Content!.ReadAsStringAsync(cancellationToken);
        Match table = TableName().Match(sql);
        if (!table.Success || !tables.TryGetValue(table.Groups[1].Value, out IReadOnlyList<(string Name, string Type)>? columns))
        {
            return new HttpResponseMessage(HttpStatusCode.BadRequest) { Content = new StringContent("Code: 62. DB::Exception: not a probe of a known table") };
        }
        var answer = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(answer);
        foreach ((string name, string type) in columns)
        {
            writer.WriteString(name);
            writer.WriteString(type);
            writer.WriteString("");
            writer.WriteUInt8(0);
        }
        writer.WriteString("input_format_with_types_use_header");
        writer.WriteString("");
        writer.WriteString("");
        writer.WriteUInt8(1);
        writer.Flush();
        return new HttpResponseMessage(HttpStatusCode.OK) { Content = new ByteArrayContent(answer.WrittenSpan.ToArray()) };
    }

    [GeneratedRegex(@"\btable = '([^']*)'")]
    private static partial Regex TableName();
}
