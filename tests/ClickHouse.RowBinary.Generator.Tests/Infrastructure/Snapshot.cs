
namespace ClickHouse.RowBinary.Generator.Tests.Infrastructure;

/// <summary>
/// Compares text with a committed <c>Snapshots/&lt;name&gt;.verified.cs</c> file. On a mismatch, or when the file
/// is missing, writes <c>&lt;name&gt;.received.cs</c> beside it and fails; with <c>ACCEPT_SNAPSHOTS=1</c> (or
/// <c>VERIFY_ACCEPT=1</c>) it overwrites the verified file instead, except under <c>CI=true</c>, where accepting fails.
/// </summary>
internal static class Snapshot
{
    public static bool Accepting
        => Environment.GetEnvironmentVariable("ACCEPT_SNAPSHOTS") == "1" || Environment.GetEnvironmentVariable("VERIFY_ACCEPT") == "1";

    public static void Verify(string name, string actual)
    {
        string directory = Path.Combine(TestProjectDirectory.Path, "Snapshots");
        string verifiedPath = Path.Combine(directory, name + ".verified.cs");
        string receivedPath = Path.Combine(directory, name + ".received.cs");
        string normalized = actual.Replace("\r\n", "\n");

        if (Accepting)
        {
            // A CI run that accepted every snapshot would pass whatever the generator emits.
            Assert.False(Environment.GetEnvironmentVariable("CI") == "true",
                "ACCEPT_SNAPSHOTS=1 or VERIFY_ACCEPT=1 is set in a CI run (CI=true): snapshots are accepted on a developer's machine, never in CI.");
            Directory.CreateDirectory(directory);
            File.WriteAllText(verifiedPath, normalized);
            File.Delete(receivedPath);
            return;
        }

        string? verified = File.Exists(verifiedPath) ? File.ReadAllText(verifiedPath).Replace("\r\n", "\n") : null;
        if (verified == normalized)
        {
            File.Delete(receivedPath);
            return;
        }

        Directory.CreateDirectory(directory);
        File.WriteAllText(receivedPath, normalized);
        string reason = verified is null
            ? $"No verified snapshot {verifiedPath} exists yet."
            : $"The generated source differs from {verifiedPath} at line {FirstDifferentLine(verified, normalized)}.";
        Assert.Fail(
            $"{reason} The output was written to {receivedPath}. Compare them (diff -u '{verifiedPath}' '{receivedPath}'); " +
            "if the new output is right, rerun with ACCEPT_SNAPSHOTS=1 to accept it.");
    }

    private static int FirstDifferentLine(string expected, string actual)
    {
        string[] expectedLines = expected.Split('\n');
        string[] actualLines = actual.Split('\n');
        int i = 0;
        while (i < expectedLines.Length && i < actualLines.Length && expectedLines[i] == actualLines[i])
        {
            i++;
        }
        return i + 1;
    }
}
