using ClickHouse.RowBinary.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace ClickHouse.RowBinary.Generator.Tests;

/// <summary>
/// Keeps docs/diagnostics in step with the generator's descriptors: a page and a help link per ID, the page's title,
/// severity and message as the descriptor has them, and examples that do what the page says when compiled through
/// the generator.
/// </summary>
public class DiagnosticPageTests
{
    private const string HelpLinkBase = "https://github.com/clickhouse-rowbinary/clickhouse-rowbinary/blob/main/docs/diagnostics/";

    public static TheoryData<string> DescriptorIds => new(GeneratorDescriptors.All.Select(d => d.Id).Order(StringComparer.Ordinal));

    [Theory]
    [MemberData(nameof(DescriptorIds))]
    public void The_descriptor_links_to_its_page_and_the_page_says_what_the_descriptor_says(string id)
    {
        DiagnosticDescriptor descriptor = GeneratorDescriptors.All.Single(d => d.Id == id);
        Assert.Equal(HelpLinkBase + id + ".md", descriptor.HelpLinkUri);
        Assert.True(File.Exists(Path.Combine(DiagnosticPage.Folder, id + ".md")), $"{id} has no page in {DiagnosticPage.Folder}.");

        DiagnosticPage page = DiagnosticPage.Load(id);
        Assert.False(page.IsRetired, $"{id}.md says Retired, but the generator still reports {id}.");
        Assert.Equal($"# {id}: {descriptor.Title}", page.FirstLine);
        Assert.True(page.HasLine($"Severity: {descriptor.DefaultSeverity}"), $"{id}.md has no 'Severity: {descriptor.DefaultSeverity}' line.");
        Assert.Equal(descriptor.MessageFormat.ToString(System.Globalization.CultureInfo.InvariantCulture), page.Block("Message", "text"));
    }

    [Theory]
    [MemberData(nameof(DescriptorIds))]
    public void The_wrong_example_reports_exactly_that_diagnostic_with_the_message_the_page_shows(string id)
    {
        DiagnosticPage page = DiagnosticPage.Load(id);
        GeneratorResult result = GeneratorHarness.Run(page.Block("Wrong", "csharp"));

        Assert.NotEmpty(result.GeneratorDiagnostics);
        Assert.All(result.GeneratorDiagnostics, diagnostic => Assert.Equal(id, diagnostic.Id));
        Assert.Equal(page.Block("Wrong", "text"), string.Join("\n", result.GeneratorDiagnostics.Select(d => d.GetMessage(System.Globalization.CultureInfo.InvariantCulture))));
        Assert.DoesNotContain(result.CompilationDiagnostics, diagnostic => diagnostic.Id.StartsWith("CS", StringComparison.Ordinal));
    }

    [Theory]
    [MemberData(nameof(DescriptorIds))]
    public void The_fixed_example_compiles_with_no_diagnostic_and_gets_generated_code(string id)
    {
        GeneratorResult result = GeneratorHarness.Run(DiagnosticPage.Load(id).Block("Fixed", "csharp"));

        Assert.Empty(result.GeneratorDiagnostics);
        Assert.Empty(result.CompilationDiagnostics);
        Assert.NotEmpty(result.Sources);
    }

    [Fact]
    public void Every_page_belongs_to_a_descriptor_or_says_it_is_retired()
    {
        IReadOnlyList<DiagnosticPage> pages = DiagnosticPage.All();

        Assert.NotEmpty(pages);
        Assert.All(pages.Where(page => !GeneratorDescriptors.All.Any(d => d.Id == page.Id)), page =>
        {
            Assert.True(page.IsRetired, $"{page.Id}.md belongs to no descriptor: mark the ID retired with a '## Retired' section, or delete the page.");
            Assert.StartsWith($"# {page.Id}: ", page.FirstLine, StringComparison.Ordinal);
            Assert.False(page.HasSection("Wrong") || page.HasSection("Fixed"), $"{page.Id}.md is retired and has nothing to show wrong or fixed.");
        });
    }

    [Fact]
    public void The_index_links_every_page()
    {
        string index = File.ReadAllText(Path.Combine(DiagnosticPage.Folder, "README.md"));

        Assert.All(DiagnosticPage.All(), page => Assert.Contains($"]({page.Id}.md)", index, StringComparison.Ordinal));
    }
}
