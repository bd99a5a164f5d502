namespace ClickHouse.RowBinary.Tests.Serialization.Rows;

/// <summary>
/// The web_visits table of tables.json, implemented by hand exactly as the generator emits it (a positional
/// record), until the generator can be referenced here.
/// </summary>
public sealed partial record WebVisit(DateOnly Day, string PageUrl, ushort CountryId, byte BrowserId, byte DeviceId, byte OsId, ulong Visits)
    : IClickHouseRow<WebVisit>
{
    public static ClickHouseRowSchema Schema { get; } = new(nameof(WebVisit),
    [
        new("day", "Date", nameof(Day)),
        new("page_url", "String", nameof(PageUrl)),
        new("country_id", "UInt16", nameof(CountryId)),
        new("browser_id", "UInt8", nameof(BrowserId)),
        new("device_id", "UInt8", nameof(DeviceId)),
        new("os_id", "UInt8", nameof(OsId)),
        new("visits", "UInt64", nameof(Visits)),
    ]);

    public static void Write(ref RowBinaryWriter writer, WebVisit row)
    {
        writer.CurrentColumn = 0;
        writer.WriteDate(row.Day);
        writer.CurrentColumn = 1;
        writer.WriteString(row.PageUrl);
        writer.CurrentColumn = 2;
        writer.WriteUInt16(row.CountryId);
        writer.CurrentColumn = 3;
        writer.WriteUInt8(row.BrowserId);
        writer.CurrentColumn = 4;
        writer.WriteUInt8(row.DeviceId);
        writer.CurrentColumn = 5;
        writer.WriteUInt8(row.OsId);
        writer.CurrentColumn = 6;
        writer.WriteUInt64(row.Visits);
    }

    public static void WriteWithDefaults(ref RowBinaryWriter writer, WebVisit row)
    {
        writer.CurrentColumn = 0;
        writer.WriteUInt8(0);
        writer.WriteDate(row.Day);
        writer.CurrentColumn = 1;
        writer.WriteUInt8(0);
        writer.WriteString(row.PageUrl);
        writer.CurrentColumn = 2;
        writer.WriteUInt8(0);
        writer.WriteUInt16(row.CountryId);
        writer.CurrentColumn = 3;
        writer.WriteUInt8(0);
        writer.WriteUInt8(row.BrowserId);
        writer.CurrentColumn = 4;
        writer.WriteUInt8(0);
        writer.WriteUInt8(row.DeviceId);
        writer.CurrentColumn = 5;
        writer.WriteUInt8(0);
        writer.WriteUInt8(row.OsId);
        writer.CurrentColumn = 6;
        writer.WriteUInt8(0);
        writer.WriteUInt64(row.Visits);
    }

    public static WebVisit Read(ref RowBinaryReader reader)
    {
        reader.CurrentColumn = 0;
        DateOnly day = reader.ReadDate();
        reader.CurrentColumn = 1;
        string pageUrl = reader.ReadString();
        reader.CurrentColumn = 2;
        ushort countryId = reader.ReadUInt16();
        reader.CurrentColumn = 3;
        byte browserId = reader.ReadUInt8();
        reader.CurrentColumn = 4;
        byte deviceId = reader.ReadUInt8();
        reader.CurrentColumn = 5;
        byte osId = reader.ReadUInt8();
        reader.CurrentColumn = 6;
        ulong visits = reader.ReadUInt64();
        return new WebVisit(day, pageUrl, countryId, browserId, deviceId, osId, visits);
    }

    public static WebVisit Read(ref RowBinaryReader reader, ReadOnlySpan<int> columnOrder)
    {
        DateOnly day = default;
        string pageUrl = null!;
        ushort countryId = default;
        byte browserId = default;
        byte deviceId = default;
        byte osId = default;
        ulong visits = default;
        foreach (int column in columnOrder)
        {
            reader.CurrentColumn = column;
            switch (column)
            {
                case 0: day = reader.ReadDate(); break;
                case 1: pageUrl = reader.ReadString(); break;
                case 2: countryId = reader.ReadUInt16(); break;
                case 3: browserId = reader.ReadUInt8(); break;
                case 4: deviceId = reader.ReadUInt8(); break;
                case 5: osId = reader.ReadUInt8(); break;
                case 6: visits = reader.ReadUInt64(); break;
                default: throw new ArgumentOutOfRangeException(nameof(columnOrder), column, "WebVisit has 7 columns.");
            }
        }
        return new WebVisit(day, pageUrl, countryId, browserId, deviceId, osId, visits);
    }
}
