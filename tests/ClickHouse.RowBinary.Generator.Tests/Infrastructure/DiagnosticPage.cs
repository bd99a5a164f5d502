namespace ClickHouse.RowBinary.Generator.Tests.Infrastructure;

/// <summary>
/// One page of docs/diagnostics: <c># CHRBnnn: title</c>, a <c>Severity:</c> line, the message in a <c>text</c> block
/// under <c>## Message</c>, and compilable examples in <c>csharp</c> blocks under <c>## Wrong</c> (followed by the message it
/// reports, in a <c>text</c> block) and <c>## Fixed</c>.
/// A retired ID's page has a <c>## Retired</c> section instead of the message and examples.
/// </summary>
internal sealed class DiagnosticPage
{
    private readonly string[] _lines;

    private DiagnosticPage(string id, string[] lines)
    {
        Id = id;
        _lines = lines;
    }

    public static string Folder { get; } = System.IO.Path.GetFullPath(System.IO.Path.Combine(TestProjectDirectory.Path, "..", "..", "docs", "diagnostics"));

    public string Id { get; }

    public string FirstLine => _lines.Length == 0 ? "" : _lines[0];

    public bool IsRetired => HasSection("Retired");

    public static IReadOnlyList<DiagnosticPage> All()
        => Directory.GetFiles(Folder, "CHRB*.md")
            .Order(StringComparer.Ordinal)
            .Select(path => Load(System.IO.Path.GetFileNameWithoutExtension(path)))
            .ToArray();

    public static DiagnosticPage Load(string id)
        => new(id, File.ReadAllText(System.IO.Path.Combine(Folder, id + ".md")).ReplaceLineEndings("\n").Split('\n'));

    public bool HasSection(string heading) => Array.IndexOf(_lines, "## " + heading) >= 0;

    public bool HasLine(string line) => Array.IndexOf(_lines, line) >= 0;

    /// <summary>The first fenced block of <paramref name="language"/> under <c>## heading</c>, before the next heading.</summary>
    public string Block(string heading, string language)
    {
        int line = Array.IndexOf(_lines, "## " + heading);
        Assert.True(line >= 0, $"{Id}.md has no '## {heading}' section.");
        for (line++; line < _lines.Length && !_lines[line].StartsWith("#", StringComparison.Ordinal); line++)
        {
            if (_lines[line] == "```" + language)
            {
                int end = Array.IndexOf(_lines, "```", line + 1);
                Assert.True(end > line, $"{Id}.md: the ```{language} block under '## {heading}' is not closed.");
                return string.Join("\n", _lines, line + 1, end - line - 1);
            }
        }
        Assert.Fail($"{Id}.md has no ```{language} block under '## {heading}'.");
        return "";
    }
}
