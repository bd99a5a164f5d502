namespace ClickHouse.RowBinary.Generator.Helpers;

/// <summary>Combines hash codes on netstandard2.0, which has no System.HashCode.</summary>
internal static class HashCodes
{
    public static int Combine(int left, int right)
    {
        unchecked
        {
            return (left * -1521134295) + right;
        }
    }
}
