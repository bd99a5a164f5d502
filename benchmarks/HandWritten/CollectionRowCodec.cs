using System;
using System.Buffers;
using System.Collections.Generic;
using ClickHouse.RowBinary.Benchmarks.Data;

namespace ClickHouse.RowBinary.Benchmarks.HandWritten;

/// <summary>
/// <see cref="CollectionRow"/> through the runtime's writer and reader with every loop written out, as the generated
/// code did before its arrays, Nullables and Variants became one runtime call each: the baseline that shows what the
/// calls cost.
/// </summary>
public static class CollectionRowCodec
{
    public static void Write(IBufferWriter<byte> output, ReadOnlySpan<CollectionRow> rows)
    {
        var writer = new RowBinaryWriter(output);
        foreach (CollectionRow row in rows)
        {
            writer.WriteLength(row.Scores.Length);
            foreach (int score in row.Scores)
            {
                writer.WriteInt32(score);
            }
            writer.WriteLength(row.Tags.Length);
            foreach (string tag in row.Tags)
            {
                writer.WriteString(tag);
            }
            writer.WriteLength(row.Related.Length);
            foreach (Guid id in row.Related)
            {
                writer.WriteUuid(id);
            }
            if (row.Referrer is string referrer)
            {
                writer.WriteNullMarker(false);
                writer.WriteString(referrer);
            }
            else
            {
                writer.WriteNullMarker(true);
            }
            if (row.Rating is double rating)
            {
                writer.WriteNullMarker(false);
                writer.WriteFloat64(rating);
            }
            else
            {
                writer.WriteNullMarker(true);
            }
            switch (row.Label.Index)
            {
                case -1:
                    writer.WriteUInt8(0xFF);
                    break;
                case 0:
                    writer.WriteUInt8(0);
                    writer.WriteString(row.Label.Value0);
                    break;
                default:
                    writer.WriteUInt8(1);
                    writer.WriteUInt64(row.Label.Value1);
                    break;
            }
            writer.WriteLength(row.Route.Length);
            foreach ((double x, double y) in row.Route)
            {
                writer.WriteFloat64(x);
                writer.WriteFloat64(y);
            }
        }
        writer.Flush();
    }

    public static void ReadAll(ReadOnlySpan<byte> data, List<CollectionRow> destination)
    {
        var reader = new RowBinaryReader(data);
        while (!reader.IsEnd)
        {
            int count = reader.ReadLength("Array(Int32)", 4);
            int[] scores = count == 0 ? [] : new int[count];
            for (int i = 0; i < scores.Length; i++)
            {
                scores[i] = reader.ReadInt32();
            }
            count = reader.ReadLength("Array(String)");
            string[] tags = count == 0 ? [] : new string[count];
            for (int i = 0; i < tags.Length; i++)
            {
                tags[i] = reader.ReadString();
            }
            count = reader.ReadLength("Array(UUID)", 16);
            Guid[] related = count == 0 ? [] : new Guid[count];
            for (int i = 0; i < related.Length; i++)
            {
                related[i] = reader.ReadUuid();
            }
            string? referrer = reader.ReadNullMarker() ? null : reader.ReadString();
            double? rating = reader.ReadNullMarker() ? null : reader.ReadFloat64();
            byte discriminator = reader.ReadUInt8();
            ClickHouseVariant<string, ulong> label = discriminator switch
            {
                0 => ClickHouseVariant<string, ulong>.From0(reader.ReadString()),
                1 => ClickHouseVariant<string, ulong>.From1(reader.ReadUInt64()),
                0xFF => ClickHouseVariant<string, ulong>.Null,
                _ => throw new InvalidOperationException($"Unknown discriminator {discriminator}."),
            };
            count = reader.ReadLength("Ring", 16);
            (double X, double Y)[] route = count == 0 ? [] : new (double X, double Y)[count];
            for (int i = 0; i < route.Length; i++)
            {
                route[i] = (reader.ReadFloat64(), reader.ReadFloat64());
            }
            destination.Add(new CollectionRow(scores, tags, related, referrer, rating, label, route));
        }
    }
}
