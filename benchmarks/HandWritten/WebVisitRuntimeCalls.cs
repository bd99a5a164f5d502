using System;
using System.Buffers;
using System.Collections.Generic;
using ClickHouse.RowBinary.Benchmarks.Data;

namespace ClickHouse.RowBinary.Benchmarks.HandWritten;

/// <summary>
/// <c>web_visits</c> through the runtime's <see cref="RowBinaryWriter"/> and <see cref="RowBinaryReader"/> called by
/// hand: what the generated code should cost when it adds nothing, which separates the generator's overhead from
/// the runtime's.
/// </summary>
public static class WebVisitRuntimeCalls
{
    public static void Write(IBufferWriter<byte> output, ReadOnlySpan<WebVisit> rows)
    {
        var writer = new RowBinaryWriter(output);
        foreach (ref readonly WebVisit row in rows)
        {
            writer.WriteDate(row.Day);
            writer.WriteString(row.PageUrl);
            writer.WriteUInt16(row.CountryId);
            writer.WriteUInt8(row.BrowserId);
            writer.WriteUInt8(row.DeviceId);
            writer.WriteUInt8(row.OsId);
            writer.WriteUInt64(row.Visits);
        }
        writer.Flush();
    }

    public static void ReadAll(ReadOnlySpan<byte> data, List<WebVisit> destination)
    {
        var reader = new RowBinaryReader(data);
        while (!reader.IsEnd)
        {
            destination.Add(new WebVisit(
                reader.ReadDate(),
                reader.ReadString(),
                reader.ReadUInt16(),
                reader.ReadUInt8(),
                reader.ReadUInt8(),
                reader.ReadUInt8(),
                reader.ReadUInt64()));
        }
    }
}
