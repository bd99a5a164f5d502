using System;
using System.Collections.Generic;
using System.Text;
using BenchmarkDotNet.Attributes;
using ClickHouse.RowBinary.Benchmarks.Data;
using ClickHouse.RowBinary.Benchmarks.HandWritten;
using ClickHouse.RowBinary.Benchmarks.Harness;

namespace ClickHouse.RowBinary.Benchmarks.Suites;

/// <summary>
/// Suite 4, reading: <see cref="RowBinaryReader.ReadString"/> (strict UTF-8) against <see cref="Encoding.UTF8"/>
/// on the same bytes, into a reused array. The baseline decodes slices whose offsets are known in advance: the
/// transcoding alone, the floor any String reader sits on.
/// </summary>
[SuiteJob(SuiteKind.InMemory)]
[MemoryDiagnoser]
public class StringReadBenchmarks : IThroughputWorkload, IVerifiedSuite
{
    private StringCorpus _corpus = null!;
    private byte[] _rowBinary = [];
    private int[] _offsets = [];
    private int[] _lengths = [];
    private string[] _destination = [];

    [ParamsSource(nameof(Corpora))]
    public StringCorpusSpec Corpus { get; set; } = null!;

    public static IEnumerable<StringCorpusSpec> Corpora() => StringCorpusSpec.All();

    [GlobalSetup]
    public void Setup()
    {
        _corpus = StringCorpus.Get(Corpus);
        _rowBinary = _corpus.RowBinary;
        _lengths = _corpus.Utf8Lengths;
        _offsets = new int[_lengths.Length];
        int position = 0;
        for (int i = 0; i < _lengths.Length; i++)
        {
            position += VarInt.Size((uint)_lengths[i]);
            _offsets[i] = position;
            position += _lengths[i];
        }
        _destination = new string[_lengths.Length];
    }

    [Benchmark(Baseline = true)]
    public int Utf8Encoding_GetString()
    {
        ReadOnlySpan<byte> data = _rowBinary;
        string[] destination = _destination;
        for (int i = 0; i < destination.Length; i++)
        {
            destination[i] = Encoding.UTF8.GetString(data.Slice(_offsets[i], _lengths[i]));
        }
        return destination.Length;
    }

    [Benchmark]
    public int HandWrittenSpans()
    {
        ReadOnlySpan<byte> data = _rowBinary;
        string[] destination = _destination;
        int position = 0;
        for (int i = 0; i < destination.Length; i++)
        {
            int length = VarInt.ReadLength(data, ref position);
            destination[i] = Encoding.UTF8.GetString(data.Slice(position, length));
            position += length;
        }
        return destination.Length;
    }

    [Benchmark]
    public int RowBinaryReader_ReadString()
    {
        var reader = new RowBinaryReader(_rowBinary);
        string[] destination = _destination;
        for (int i = 0; i < destination.Length; i++)
        {
            destination[i] = reader.ReadString();
        }
        return destination.Length;
    }

    public WorkloadSize DescribeWorkload() => new(Corpus.Count, StringCorpus.RowBinarySize(Corpus));

    public void Verify()
    {
        Setup();
        (string Name, Func<int> Run)[] methods =
        [
            (nameof(Utf8Encoding_GetString), Utf8Encoding_GetString),
            (nameof(HandWrittenSpans), HandWrittenSpans),
            (nameof(RowBinaryReader_ReadString), RowBinaryReader_ReadString),
        ];
        foreach (var (name, run) in methods)
        {
            Array.Clear(_destination);
            run();
            Check.SameItems(name, _corpus.Values, _destination);
        }
    }
}
