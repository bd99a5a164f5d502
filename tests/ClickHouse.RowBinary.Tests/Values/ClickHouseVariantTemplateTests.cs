using ClickHouse.RowBinary.VariantTemplate;

namespace ClickHouse.RowBinary.Tests.Values;

/// <summary>
/// ClickHouseVariant.T2.cs to T8.cs are rendered from tools/VariantTemplate: a hand edit to one of them, or a template
/// change not re-rendered, fails here instead of leaving the arities out of step.
/// </summary>
public class ClickHouseVariantTemplateTests
{
    private const string RenderCommand = "dotnet run --project tools/VariantTemplate";

    private static readonly string RepositoryRoot = SharedFiles.RepositoryRoot;

    private static readonly int[] AllArities = [.. Enumerable.Range(ClickHouseVariantTemplate.MinArity, ClickHouseVariantTemplate.MaxArity - ClickHouseVariantTemplate.MinArity + 1)];

    public static TheoryData<int> Arities { get; } = [.. AllArities];

    [Theory]
    [MemberData(nameof(Arities))]
    public void The_committed_file_is_what_the_template_renders(int arity)
    {
        string relativePath = ClickHouseVariantTemplate.RelativePath(arity);
        // A Windows checkout may turn LF into CRLF; the code is the same.
        string[] committed = File.ReadAllText(Path.Combine(RepositoryRoot, relativePath)).ReplaceLineEndings("\n").Split('\n');
        string[] rendered = ClickHouseVariantTemplate.Render(arity).Split('\n');

        int line = 0;
        while (line < committed.Length && line < rendered.Length && committed[line] == rendered[line])
        {
            line++;
        }
        if (line < committed.Length || line < rendered.Length)
        {
            Assert.Fail($"""
                {relativePath} differs from what tools/VariantTemplate/ClickHouseVariantTemplate.cs renders, first at line {line + 1}:
                  committed: {(line < committed.Length ? committed[line] : "(end of file)")}
                  rendered:  {(line < rendered.Length ? rendered[line] : "(end of file)")}
                Edit the template rather than the file, then run `{RenderCommand}` from the repository.
                """);
        }
    }

    [Fact]
    public void Every_committed_arity_has_a_template_rendering()
    {
        string[] expected = [.. AllArities.Select(arity => Path.GetFileName(ClickHouseVariantTemplate.RelativePath(arity)))];
        string values = Path.GetDirectoryName(Path.Combine(RepositoryRoot, ClickHouseVariantTemplate.RelativePath(ClickHouseVariantTemplate.MinArity)))!;
        string[] committed = [.. Directory.GetFiles(values, "ClickHouseVariant.T*.cs").Select(path => Path.GetFileName(path)).Order(StringComparer.Ordinal)];

        Assert.Equal(expected, committed);
    }
}
