namespace ClickHouse.RowBinary.Generator.Tests.Infrastructure;

/// <summary>
/// This test project's source folder, found from the test binaries. Not from [CallerFilePath]: CI builds with
/// ContinuousIntegrationBuild, which maps source paths to <c>/_/</c>.
/// </summary>
internal static class TestProjectDirectory
{
    private const string ProjectFile = "ClickHouse.RowBinary.Generator.Tests.csproj";

    public static string Path { get; } = Find();

    private static string Find()
    {
        for (DirectoryInfo? directory = new(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(System.IO.Path.Combine(directory.FullName, ProjectFile)))
            {
                return directory.FullName;
            }
        }
        throw new InvalidOperationException($"{ProjectFile} is not in any folder above {AppContext.BaseDirectory}.");
    }
}
