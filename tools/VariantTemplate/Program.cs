using System;
using System.IO;
using ClickHouse.RowBinary.VariantTemplate;

// Writes every arity's file from the template; the runtime tests fail while a committed file differs from it.
string root = FindRepositoryRoot();
for (int arity = ClickHouseVariantTemplate.MinArity; arity <= ClickHouseVariantTemplate.MaxArity; arity++)
{
    string path = Path.Combine(root, ClickHouseVariantTemplate.RelativePath(arity));
    string rendered = ClickHouseVariantTemplate.Render(arity);
    bool unchanged = File.Exists(path) && File.ReadAllText(path).ReplaceLineEndings("\n") == rendered;
    if (!unchanged)
    {
        File.WriteAllText(path, rendered);
    }
    Console.WriteLine($"{(unchanged ? "unchanged" : "rendered ")} {ClickHouseVariantTemplate.RelativePath(arity)}");
}

static string FindRepositoryRoot()
{
    for (DirectoryInfo? directory = new(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
    {
        if (File.Exists(Path.Combine(directory.FullName, "ClickHouse.RowBinary.slnx")))
        {
            return directory.FullName;
        }
    }
    throw new InvalidOperationException($"ClickHouse.RowBinary.slnx is not in any folder above {AppContext.BaseDirectory}.");
}
