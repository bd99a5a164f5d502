using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using ClickHouse.RowBinary.Benchmarks.HandWritten;
using ClickHouse.RowBinary.Benchmarks.Harness;

namespace ClickHouse.RowBinary.Benchmarks.Data;

/// <summary>Which strings a string benchmark transcodes.</summary>
public enum StringKind
{
    /// <summary>About 10 characters: names, codes, tags.</summary>
    Short,

    /// <summary>1 to 4 KB: descriptions, messages, documents.</summary>
    Long,
}

/// <summary>
/// A benchmark parameter: the kind of strings and how many. Its text is what the results table shows.
/// </summary>
public sealed record StringCorpusSpec(StringKind Kind, int Count)
{
    /// <summary>The corpora (1,000,000 short, 100,000 long), scaled to the current mode.</summary>
    public static IEnumerable<StringCorpusSpec> All() =>
    [
        new(StringKind.Short, BenchmarkScale.Rows(1_000_000)),
        new(StringKind.Long, BenchmarkScale.Rows(100_000)),
    ];

    public override string ToString() => Kind == StringKind.Short
        ? Count.ToString("N0", CultureInfo.InvariantCulture) + " x ~10 chars"
        : Count.ToString("N0", CultureInfo.InvariantCulture) + " x 1-4 KB";
}

/// <summary>
/// Deterministic strings, mostly ASCII with some Latin, Cyrillic, CJK and emoji text, and their RowBinary
/// encoding (each a varint length then the UTF-8 bytes).
/// </summary>
public sealed class StringCorpus
{
    private const int Seed = 7;
    private static readonly ConcurrentDictionary<StringCorpusSpec, StringCorpus> s_corpora = new();
    private static readonly ConcurrentDictionary<StringCorpusSpec, long> s_sizes = new();

    private static readonly string[] s_asciiWords =
    [
        "alpha", "query", "table", "insert", "column", "merge", "tree", "part", "block", "index", "value", "row",
        "server", "client", "buffer", "stream", "batch", "string", "number", "date",
    ];

    private static readonly string[] s_otherWords = ["café", "naïve", "größe", "данные", "запрос", "数据库", "東京", "🚀", "ñandú", "Ελλάδα"];

    private StringCorpus(string[] values)
    {
        Values = values;
        Utf8Lengths = values.Select(Encoding.UTF8.GetByteCount).ToArray();
        var rowBinary = new byte[Utf8Lengths.Sum(length => (long)VarInt.Size((uint)length) + length)];
        int position = 0;
        foreach (string value in values)
        {
            position += Utf8StringWriter.Write(rowBinary.AsSpan(position), value);
        }
        RowBinary = rowBinary;
    }

    public string[] Values { get; }

    public int[] Utf8Lengths { get; }

    /// <summary>The strings as consecutive RowBinary String values.</summary>
    public byte[] RowBinary { get; }

    public static StringCorpus Get(StringCorpusSpec spec) => s_corpora.GetOrAdd(spec, s => new StringCorpus(Generate(s).ToArray()));

    /// <summary>The RowBinary size of a corpus, computed without keeping its strings.</summary>
    public static long RowBinarySize(StringCorpusSpec spec) => s_sizes.GetOrAdd(spec, s =>
        Generate(s).Sum(value =>
        {
            int length = Encoding.UTF8.GetByteCount(value);
            return (long)VarInt.Size((uint)length) + length;
        }));

    private static IEnumerable<string> Generate(StringCorpusSpec spec)
    {
        var random = new Random(Seed);
        var builder = new StringBuilder();
        for (int i = 0; i < spec.Count; i++)
        {
            int targetLength = spec.Kind == StringKind.Short ? random.Next(6, 15) : random.Next(1_000, 4_097);
            builder.Clear();
            while (builder.Length < targetLength)
            {
                // About one word in ten is not ASCII, so that both transcoding paths are exercised.
                string word = random.Next(10) == 0 ? s_otherWords[random.Next(s_otherWords.Length)] : s_asciiWords[random.Next(s_asciiWords.Length)];
                builder.Append(word).Append(' ');
            }
            int length = targetLength;
            if (char.IsHighSurrogate(builder[length - 1]))
            {
                length--; // never cut an emoji in half: the text must stay valid UTF-16
            }
            yield return builder.ToString(0, length);
        }
    }
}
