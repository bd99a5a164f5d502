namespace ClickHouse.RowBinary.Tests.Serialization.Rows;

public enum TickStatus : sbyte
{
    Ok = 1,
    Failed = 2,
}

/// <summary>
/// A record struct whose only reference-type field, <see cref="Label"/>, is empty in the large tests, so that
/// producing and consuming rows allocates nothing: whatever a large read or write allocates is the serializer's.
/// Covers Nullable, DateTime with a time zone, Enum8 and a column left to the server's default.
/// </summary>
public readonly partial record struct Tick(ulong Id, DateTime At, double? Value, TickStatus Status, string? Label = null)
    : IClickHouseRow<Tick>
{
    public const string StatusType = "Enum8('ok' = 1, 'failed' = 2)";

    public static ClickHouseRowSchema Schema { get; } = new(nameof(Tick),
    [
        new("id", "UInt64", nameof(Id)),
        new("at", "DateTime('UTC')", nameof(At)),
        new("value", "Nullable(Float64)", nameof(Value)),
        new("status", StatusType, nameof(Status)),
        new("label", "String", nameof(Label)),
    ]);

    public static void Write(ref RowBinaryWriter writer, Tick row)
    {
        writer.CurrentColumn = 0;
        writer.WriteUInt64(row.Id);
        writer.CurrentColumn = 1;
        writer.WriteDateTime(row.At);
        writer.CurrentColumn = 2;
        writer.WriteNullMarker(row.Value is null);
        if (row.Value is double value)
        {
            writer.WriteFloat64(value);
        }
        writer.CurrentColumn = 3;
        writer.WriteInt8(CheckStatus(row.Status));
        writer.CurrentColumn = 4;
        writer.WriteString(row.Label);
    }

    /// <summary>The label column is [ClickHouseColumn(UseServerDefault = true)]: a null label asks for the server's default.</summary>
    public static void WriteWithDefaults(ref RowBinaryWriter writer, Tick row)
    {
        writer.CurrentColumn = 0;
        writer.WriteUInt8(0);
        writer.WriteUInt64(row.Id);
        writer.CurrentColumn = 1;
        writer.WriteUInt8(0);
        writer.WriteDateTime(row.At);
        writer.CurrentColumn = 2;
        writer.WriteUInt8(0);
        writer.WriteNullMarker(row.Value is null);
        if (row.Value is double value)
        {
            writer.WriteFloat64(value);
        }
        writer.CurrentColumn = 3;
        writer.WriteUInt8(0);
        writer.WriteInt8(CheckStatus(row.Status));
        writer.CurrentColumn = 4;
        if (row.Label is null)
        {
            writer.WriteUInt8(1);
        }
        else
        {
            writer.WriteUInt8(0);
            writer.WriteString(row.Label);
        }
    }

    public static Tick Read(ref RowBinaryReader reader)
    {
        reader.CurrentColumn = 0;
        ulong id = reader.ReadUInt64();
        reader.CurrentColumn = 1;
        DateTime at = reader.ReadDateTime();
        reader.CurrentColumn = 2;
        double? value = reader.ReadNullMarker() ? null : reader.ReadFloat64();
        reader.CurrentColumn = 3;
        TickStatus status = ReadStatus(ref reader);
        reader.CurrentColumn = 4;
        string label = reader.ReadString();
        return new Tick(id, at, value, status, label);
    }

    public static Tick Read(ref RowBinaryReader reader, ReadOnlySpan<int> columnOrder)
    {
        ulong id = default;
        DateTime at = default;
        double? value = default;
        TickStatus status = default;
        string? label = default;
        foreach (int column in columnOrder)
        {
            reader.CurrentColumn = column;
            switch (column)
            {
                case 0: id = reader.ReadUInt64(); break;
                case 1: at = reader.ReadDateTime(); break;
                case 2: value = reader.ReadNullMarker() ? null : reader.ReadFloat64(); break;
                case 3: status = ReadStatus(ref reader); break;
                case 4: label = reader.ReadString(); break;
                default: throw new ArgumentOutOfRangeException(nameof(columnOrder), column, "Tick has 5 columns.");
            }
        }
        return new Tick(id, at, value, status, label);
    }

    private static sbyte CheckStatus(TickStatus status) => status is TickStatus.Ok or TickStatus.Failed
        ? (sbyte)status
        : throw new RowBinaryException($"The value {(sbyte)status} of TickStatus is not a member of {StatusType}.", clickHouseType: StatusType);

    private static TickStatus ReadStatus(ref RowBinaryReader reader)
    {
        sbyte value = reader.ReadInt8();
        if (value is not (1 or 2))
        {
            throw new RowBinaryException($"Invalid {StatusType} at byte offset {reader.Offset - 1}: {value} is not one of its values.", reader.Offset - 1, StatusType);
        }
        return (TickStatus)value;
    }
}
