namespace ClickHouse.RowBinary.Tests.Serialization.Rows;

/// <summary>A generated row whose <see cref="Name"/> getter throws for <see cref="Fail"/>: an exception from the row type's own code.</summary>
[ClickHouseRow]
public sealed partial class FailingGetterRow(uint id, string name)
{
    public const string Fail = "fail";

    [ClickHouseColumn("id")] public uint Id { get; } = id;

    [ClickHouseColumn("name")]
    public string Name => name == Fail ? throw new InvalidOperationException("The getter of Name failed.") : name;
}
