using System.Net;

namespace ClickHouse.RowBinary.Tests.Serialization.Rows;

/// <summary>
/// The events table of tables.json as a class with init-only properties, implemented by hand as the generator
/// emits it. <see cref="Kind"/> is declared <c>String</c> while the table's column is <c>LowCardinality(String)</c>:
/// the same bytes, so the header check must accept it.
/// </summary>
public sealed partial class Event : IClickHouseRow<Event>
{
    public required Guid Id { get; init; }

    public required DateTime Ts { get; init; }

    public ulong? UserId { get; init; }

    public required string Kind { get; init; }

    public required string[] Tags { get; init; }

    public required Dictionary<string, string> Props { get; init; }

    public decimal Amount { get; init; }

    public required IPAddress Ip { get; init; }

    public bool Flag { get; init; }

    public static ClickHouseRowSchema Schema { get; } = new(nameof(Event),
    [
        new("id", "UUID", nameof(Id)),
        new("ts", "DateTime64(3, 'UTC')", nameof(Ts)),
        new("user_id", "Nullable(UInt64)", nameof(UserId)),
        new("kind", "String", nameof(Kind)),
        new("tags", "Array(String)", nameof(Tags)),
        new("props", "Map(String, String)", nameof(Props)),
        new("amount", "Decimal(18, 4)", nameof(Amount)),
        new("ip", "IPv6", nameof(Ip)),
        new("flag", "Bool", nameof(Flag)),
    ]);

    public static void Write(ref RowBinaryWriter writer, Event row)
    {
        for (int column = 0; column < 9; column++)
        {
            WriteColumn(ref writer, row, column);
        }
    }

    public static void WriteWithDefaults(ref RowBinaryWriter writer, Event row)
    {
        for (int column = 0; column < 9; column++)
        {
            writer.CurrentColumn = column;
            writer.WriteUInt8(0);
            WriteColumn(ref writer, row, column);
        }
    }

    public static Event Read(ref RowBinaryReader reader) => Read(ref reader, [0, 1, 2, 3, 4, 5, 6, 7, 8]);

    public static Event Read(ref RowBinaryReader reader, ReadOnlySpan<int> columnOrder)
    {
        Guid id = default;
        DateTime ts = default;
        ulong? userId = default;
        string kind = null!;
        string[] tags = null!;
        Dictionary<string, string> props = null!;
        decimal amount = default;
        IPAddress ip = null!;
        bool flag = default;
        foreach (int column in columnOrder)
        {
            reader.CurrentColumn = column;
            switch (column)
            {
                case 0: id = reader.ReadUuid(); break;
                case 1: ts = reader.ReadDateTime64(3); break;
                case 2: userId = reader.ReadNullMarker() ? null : reader.ReadUInt64(); break;
                case 3: kind = reader.ReadString(); break;
                case 4:
                    tags = new string[reader.ReadLength("Array(String)")];
                    for (int i = 0; i < tags.Length; i++)
                    {
                        tags[i] = reader.ReadString();
                    }
                    break;
                case 5:
                    int count = reader.ReadLength("Map(String, String)", minElementSize: 2);
                    props = new Dictionary<string, string>(count);
                    for (int i = 0; i < count; i++)
                    {
                        string key = reader.ReadString();
                        props[key] = reader.ReadString();
                    }
                    break;
                case 6: amount = reader.ReadDecimal(18, 4); break;
                case 7: ip = reader.ReadIPv6(); break;
                case 8: flag = reader.ReadBool(); break;
                default: throw new ArgumentOutOfRangeException(nameof(columnOrder), column, "Event has 9 columns.");
            }
        }
        return new Event { Id = id, Ts = ts, UserId = userId, Kind = kind, Tags = tags, Props = props, Amount = amount, Ip = ip, Flag = flag };
    }

    private static void WriteColumn(ref RowBinaryWriter writer, Event row, int column)
    {
        writer.CurrentColumn = column;
        switch (column)
        {
            case 0: writer.WriteUuid(row.Id); break;
            case 1: writer.WriteDateTime64(row.Ts, 3); break;
            case 2:
                writer.WriteNullMarker(row.UserId is null);
                if (row.UserId is ulong userId)
                {
                    writer.WriteUInt64(userId);
                }
                break;
            case 3: writer.WriteString(row.Kind); break;
            case 4:
                writer.WriteLength(row.Tags.Length);
                foreach (string tag in row.Tags)
                {
                    writer.WriteString(tag);
                }
                break;
            case 5:
                writer.WriteLength(row.Props.Count);
                foreach (KeyValuePair<string, string> pair in row.Props)
                {
                    writer.WriteString(pair.Key);
                    writer.WriteString(pair.Value);
                }
                break;
            case 6: writer.WriteDecimal(row.Amount, 18, 4); break;
            case 7: writer.WriteIPv6(row.Ip); break;
            case 8: writer.WriteBool(row.Flag); break;
        }
    }
}
