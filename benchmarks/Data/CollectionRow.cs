using System;
using System.Buffers;
using System.Globalization;

namespace ClickHouse.RowBinary.Benchmarks.Data;

/// <summary>
/// A row of the shapes generated code writes and reads through one runtime call each (issue 27): arrays of numbers,
/// strings, UUIDs and points, Nullable strings and numbers, and a Variant.
/// </summary>
[ClickHouseRow]
public partial record CollectionRow(
    [property: ClickHouseColumn("scores")] int[] Scores,
    [property: ClickHouseColumn("tags")] string[] Tags,
    [property: ClickHouseColumn("related")] Guid[] Related,
    [property: ClickHouseColumn("referrer")] string? Referrer,
    [property: ClickHouseColumn("rating")] double? Rating,
    [property: ClickHouseColumn("label", Type = "Variant(String, UInt64)")] ClickHouseVariant<string, ulong> Label,
    [property: ClickHouseColumn("route", Type = "Ring")] (double X, double Y)[] Route);

/// <summary>Deterministic <see cref="CollectionRow"/>s and their RowBinary bytes.</summary>
public sealed class CollectionDataSet
{
    private CollectionDataSet(CollectionRow[] rows, byte[] rowBinary)
    {
        Rows = rows;
        RowBinary = rowBinary;
    }

    public CollectionRow[] Rows { get; }

    public byte[] RowBinary { get; }

    private static readonly System.Collections.Concurrent.ConcurrentDictionary<int, CollectionDataSet> s_byCount = new();

    /// <summary>The data set of <paramref name="count"/> rows, made once per process.</summary>
    public static CollectionDataSet Get(int count) => s_byCount.GetOrAdd(count, Create);

    private static CollectionDataSet Create(int count)
    {
        var random = new Random(27);
        var rows = new CollectionRow[count];
        for (int i = 0; i < count; i++)
        {
            var scores = new int[random.Next(0, 8)];
            for (int k = 0; k < scores.Length; k++)
            {
                scores[k] = random.Next();
            }
            var tags = new string[random.Next(0, 4)];
            for (int k = 0; k < tags.Length; k++)
            {
                tags[k] = "tag-" + random.Next(0, 200).ToString(CultureInfo.InvariantCulture);
            }
            var related = new Guid[random.Next(0, 3)];
            for (int k = 0; k < related.Length; k++)
            {
                related[k] = new Guid(random.Next(), (short)random.Next(), (short)random.Next(), 1, 2, 3, 4, 5, 6, 7, (byte)k);
            }
            var route = new (double X, double Y)[random.Next(0, 5)];
            for (int k = 0; k < route.Length; k++)
            {
                route[k] = (random.NextDouble(), random.NextDouble());
            }
            rows[i] = new CollectionRow(
                scores,
                tags,
                related,
                i % 3 == 0 ? null : "https://example.com/" + i.ToString(CultureInfo.InvariantCulture),
                i % 4 == 0 ? null : random.NextDouble() * 5,
                (i % 3) switch
                {
                    0 => ClickHouseVariant<string, ulong>.Null,
                    1 => ClickHouseVariant<string, ulong>.From0("label-" + (i % 50).ToString(CultureInfo.InvariantCulture)),
                    _ => ClickHouseVariant<string, ulong>.From1((ulong)i),
                },
                route);
        }
        var buffer = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write<CollectionRow>(buffer, rows.AsSpan());
        return new CollectionDataSet(rows, buffer.WrittenSpan.ToArray());
    }
}
