namespace ClickHouse.RowBinary.Generator.Tests.Infrastructure;

internal static class Sql
{
    /// <summary>A ClickHouse string literal.</summary>
    public static string Quote(string value) => "'" + value.Replace("\\", "\\\\", StringComparison.Ordinal).Replace("'", "\\'", StringComparison.Ordinal) + "'";
}
