using System.IO.Compression;
using ClickHouse.RowBinary.IntegrationTests.Server;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.IntegrationTests.Packaging;

/// <summary>
/// The packages as a user gets them: <c>dotnet pack</c> into a local feed, then a fresh project that references
/// ClickHouse.RowBinary from that feed, builds (the generator runs from the package's analyzers folder) and runs.
/// </summary>
public sealed class PackageTests(ITestOutputHelper output)
{
    [Fact]
    public void A_fresh_project_builds_and_runs_with_the_packed_packages_and_their_generator()
    {
        string root = SharedFiles.RepositoryRoot;
        string work = Directory.CreateTempSubdirectory("rowbinary-package-").FullName;
        string feed = Path.Combine(work, "feed");
        // A version of its own, so that the global packages folder cannot hand back an earlier build.
        string version = $"0.0.0-test.{DateTime.UtcNow:yyyyMMddHHmmss}.{Environment.ProcessId}";
        try
        {
            Dotnet(root, $"pack \"{Path.Combine(root, "src", "Runtime")}\" -c Release -o \"{feed}\" -p:PackageVersion={version}");
            Dotnet(root, $"pack \"{Path.Combine(root, "src", "DependencyInjection")}\" -c Release -o \"{feed}\" -p:PackageVersion={version}");

            using (ZipArchive package = ZipFile.OpenRead(Path.Combine(feed, $"ClickHouse.RowBinary.{version}.nupkg")))
            {
                string[] entries = [.. package.Entries.Select(e => e.FullName)];
                Assert.Contains("lib/net10.0/ClickHouse.RowBinary.dll", entries);
                Assert.Contains("lib/net8.0/ClickHouse.RowBinary.dll", entries);
                Assert.Contains("analyzers/dotnet/cs/ClickHouse.RowBinary.Generator.dll", entries);
                Assert.Contains("README.md", entries);
                string nuspec = new StreamReader(package.Entries.Single(e => e.FullName.EndsWith(".nuspec", StringComparison.Ordinal)).Open()).ReadToEnd();
                Assert.Contains("<license type=\"expression\">MIT</license>", nuspec, StringComparison.Ordinal);
                Assert.Contains("<repository type=\"git\"", nuspec, StringComparison.Ordinal);
            }
            Assert.True(File.Exists(Path.Combine(feed, $"ClickHouse.RowBinary.{version}.snupkg")), "no symbol package");

            string app = Path.Combine(work, "app");
            Directory.CreateDirectory(app);
            File.WriteAllText(Path.Combine(app, "nuget.config"), $"""
                <?xml version="1.0" encoding="utf-8"?>
                <configuration>
                  <packageSources><add key="local" value="{feed}" /></packageSources>
                </configuration>
                """);
            File.WriteAllText(Path.Combine(app, "App.csproj"), $"""
                <Project Sdk="Microsoft.NET.Sdk">
                  <PropertyGroup>
                    <OutputType>Exe</OutputType>
                    <TargetFramework>net10.0</TargetFramework>
                    <Nullable>enable</Nullable>
                    <ImplicitUsings>enable</ImplicitUsings>
                    <TreatWarningsAsErrors>true</TreatWarningsAsErrors>
                    <ManagePackageVersionsCentrally>false</ManagePackageVersionsCentrally>
                  </PropertyGroup>
                  <ItemGroup>
                    <PackageReference Include="ClickHouse.RowBinary" Version="{version}" />
                    <PackageReference Include="ClickHouse.RowBinary.DependencyInjection" Version="{version}" />
                  </ItemGroup>
                </Project>
                """);
            // Kept out of the repository's Directory.*.props, as a user's project is.
            File.WriteAllText(Path.Combine(app, "Directory.Build.props"), "<Project />");
            File.WriteAllText(Path.Combine(app, "Directory.Packages.props"), "<Project />");
            File.WriteAllText(Path.Combine(app, "Program.cs"), """
                using ClickHouse.RowBinary;
                using ClickHouse.RowBinary.DependencyInjection;
                using Microsoft.Extensions.DependencyInjection;

                var buffer = new System.Buffers.ArrayBufferWriter<byte>();
                RowBinarySerializer.Write(buffer, new[] { new Visit(new DateOnly(2025, 1, 2), "https://example.com/", 7) });
                Visit read = RowBinarySerializer.ReadList<Visit>(buffer.WrittenSpan, RowBinaryFormat.RowBinary).Single();
                var services = new ServiceCollection();
                services.AddClickHouseClient(options => options.Endpoint = new Uri("http://localhost:8123"));
                Console.WriteLine($"packaged: {buffer.WrittenCount} bytes, {read}, {ClickHouseRowSchema.Of<Visit>().ColumnList}");

                [ClickHouseRow]
                public partial record Visit(
                    [property: ClickHouseColumn("day")] DateOnly Day,
                    [property: ClickHouseColumn("page_url")] string PageUrl,
                    [property: ClickHouseColumn("visits")] ulong Visits);
                """);
            string ran = Dotnet(app, "run -c Release");

            Assert.Contains("packaged: 31 bytes, Visit { Day = 01/02/2025, PageUrl = https://example.com/, Visits = 7 }, (`day`, `page_url`, `visits`)", ran, StringComparison.Ordinal);
        }
        finally
        {
            Directory.Delete(work, recursive: true);
        }
    }

    [Fact]
    public void The_tool_package_installs_the_clickhouse_rowbinary_command()
    {
        string root = SharedFiles.RepositoryRoot;
        string feed = Directory.CreateTempSubdirectory("rowbinary-tool-").FullName;
        string version = $"0.0.0-test.{DateTime.UtcNow:yyyyMMddHHmmss}.{Environment.ProcessId}";
        try
        {
            Dotnet(root, $"pack \"{Path.Combine(root, "src", "Tool")}\" -c Release -o \"{feed}\" -p:PackageVersion={version}");

            using ZipArchive package = ZipFile.OpenRead(Path.Combine(feed, $"ClickHouse.RowBinary.Tool.{version}.nupkg"));
            string settings = new StreamReader(package.Entries.Single(e => e.FullName == "tools/net10.0/any/DotnetToolSettings.xml").Open()).ReadToEnd();
            Assert.Contains("<Command Name=\"clickhouse-rowbinary\" EntryPoint=\"clickhouse-rowbinary.dll\"", settings, StringComparison.Ordinal);
            Assert.Contains(package.Entries, e => e.FullName == "tools/net10.0/any/ClickHouse.RowBinary.dll");
            string nuspec = new StreamReader(package.Entries.Single(e => e.FullName.EndsWith(".nuspec", StringComparison.Ordinal)).Open()).ReadToEnd();
            Assert.Contains("<packageType name=\"DotnetTool\" />", nuspec, StringComparison.Ordinal);
        }
        finally
        {
            Directory.Delete(feed, recursive: true);
        }
    }

    private string Dotnet(string directory, string arguments) => DotnetCommand.Run(output, directory, arguments);
}
