namespace ClickHouse.RowBinary.Tests.Serialization.Rows;

/// <summary>
/// A generated row whose <see cref="Name"/> getter throws for <see cref="Fail"/> (an exception from the row type's
/// own code) and fails like a bug for <see cref="Bug"/> (an index out of range).
/// </summary>
[ClickHouseRow]
public sealed partial class FailingGetterRow(uint id, string name)
{
    public const string Fail = "fail";
    public const string Bug = "bug";

    [ClickHouseColumn("id")] public uint Id { get; } = id;

    [ClickHouseColumn("name")]
    public string Name => name switch
    {
        Fail => throw new InvalidOperationException("The getter of Name failed."),
        Bug => name.Split(',')[1],
        _ => name,
    };
}
