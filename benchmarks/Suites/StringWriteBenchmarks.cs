using System;
using System.Buffers;
using System.Collections.Generic;
using System.Text;
using BenchmarkDotNet.Attributes;
using ClickHouse.RowBinary.Benchmarks.Data;
using ClickHouse.RowBinary.Benchmarks.HandWritten;
using ClickHouse.RowBinary.Benchmarks.Harness;

namespace ClickHouse.RowBinary.Benchmarks.Suites;

/// <summary>
/// Suite 4, writing: <see cref="RowBinaryWriter.WriteString(string?)"/> against <see cref="Encoding.UTF8"/> on the
/// same strings. The baseline is the transcoding alone, with no length prefixes: the floor any String writer sits on.
/// </summary>
[SuiteJob(SuiteKind.InMemory)]
[MemoryDiagnoser]
public class StringWriteBenchmarks : IThroughputWorkload, IVerifiedSuite
{
    private StringCorpus _corpus = null!;
    private string[] _values = [];
    private ArrayBufferWriter<byte> _output = new();

    [ParamsSource(nameof(Corpora))]
    public StringCorpusSpec Corpus { get; set; } = null!;

    public static IEnumerable<StringCorpusSpec> Corpora() => StringCorpusSpec.All();

    [GlobalSetup]
    public void Setup()
    {
        _corpus = StringCorpus.Get(Corpus);
        _values = _corpus.Values;
        _output = new ArrayBufferWriter<byte>(_corpus.RowBinary.Length + 1024 * 1024);
    }

    [Benchmark(Baseline = true)]
    public int Utf8Encoding_GetBytes()
    {
        _output.ResetWrittenCount();
        Span<byte> span = _output.GetSpan(_corpus.RowBinary.Length);
        int position = 0;
        foreach (string value in _values)
        {
            position += Encoding.UTF8.GetBytes(value, span.Slice(position));
        }
        _output.Advance(position);
        return position;
    }

    [Benchmark]
    public int HandWrittenSpans()
    {
        _output.ResetWrittenCount();
        Span<byte> span = _output.GetSpan(_corpus.RowBinary.Length);
        int position = 0;
        foreach (string value in _values)
        {
            position += Utf8StringWriter.Write(span.Slice(position), value);
        }
        _output.Advance(position);
        return position;
    }

    [Benchmark]
    public long RowBinaryWriter_WriteString()
    {
        _output.ResetWrittenCount();
        var writer = new RowBinaryWriter(_output);
        foreach (string value in _values)
        {
            writer.WriteString(value);
        }
        writer.Flush();
        return writer.BytesWritten;
    }

    public WorkloadSize DescribeWorkload() => new(Corpus.Count, StringCorpus.RowBinarySize(Corpus));

    public void Verify()
    {
        Setup();
        Check.That(_corpus.RowBinary.LongLength == StringCorpus.RowBinarySize(Corpus), "The corpus's RowBinary size differs from the computed size.");
        HandWrittenSpans();
        Check.SameBytes(nameof(HandWrittenSpans), _corpus.RowBinary, _output.WrittenSpan);
        RowBinaryWriter_WriteString();
        Check.SameBytes(nameof(RowBinaryWriter_WriteString), _corpus.RowBinary, _output.WrittenSpan);
        int utf8Bytes = Utf8Encoding_GetBytes();
        long expected = 0;
        foreach (int length in _corpus.Utf8Lengths)
        {
            expected += length;
        }
        Check.That(utf8Bytes == expected, $"{nameof(Utf8Encoding_GetBytes)} wrote {utf8Bytes} bytes, expected {expected}.");
    }
}
