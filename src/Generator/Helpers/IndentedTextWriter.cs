using System;
using System.Text;

namespace ClickHouse.RowBinary.Generator.Helpers;

/// <summary>
/// Builds source text line by line with indentation, in the style of CommunityToolkit's writer: blocks are
/// opened with <see cref="OpenBlock"/> and closed by disposing the returned scope.
/// </summary>
internal sealed class IndentedTextWriter
{
    public const string IndentUnit = "    ";

    private readonly StringBuilder _builder = new();
    private int _depth;

    /// <summary>Writes <paramref name="text"/> at the current indentation; each of its lines when it has several.</summary>
    public void WriteLine(string text)
    {
        foreach (string line in text.Split('\n'))
        {
            if (line.Length > 0)
            {
                for (int i = 0; i < _depth; i++)
                {
                    _builder.Append(IndentUnit);
                }
                _builder.Append(line.TrimEnd('\r'));
            }
            _builder.Append('\n');
        }
    }

    public void WriteLine() => _builder.Append('\n');

    /// <summary>The length of the text so far: a mark for <see cref="Cut"/>.</summary>
    public int Length => _builder.Length;

    /// <summary>Removes and returns the text written since <paramref name="mark"/> (a <see cref="Length"/>).</summary>
    public string Cut(int mark)
    {
        string text = _builder.ToString(mark, _builder.Length - mark);
        _builder.Length = mark;
        return text;
    }

    /// <summary>Removes and returns the lines written since <paramref name="mark"/>, each with its indentation.</summary>
    public string[] CutLines(int mark) => Cut(mark).TrimEnd('\n').Split('\n');

    /// <summary>Writes text cut earlier (<see cref="Cut"/>) back as it was.</summary>
    public void WriteCut(string text) => _builder.Append(text);

    public void Indent() => _depth++;

    public void Unindent()
    {
        if (_depth == 0)
        {
            throw new InvalidOperationException("Unindent without a matching Indent.");
        }
        _depth--;
    }

    /// <summary>Writes <c>{</c>, indents, and on dispose unindents and writes <paramref name="closing"/>.</summary>
    public Block OpenBlock(string closing = "}")
    {
        WriteLine("{");
        Indent();
        return new Block(this, closing);
    }

    public override string ToString() => _builder.ToString();

    public readonly struct Block : IDisposable
    {
        private readonly IndentedTextWriter _writer;
        private readonly string _closing;

        internal Block(IndentedTextWriter writer, string closing)
        {
            _writer = writer;
            _closing = closing;
        }

        public void Dispose()
        {
            _writer.Unindent();
            _writer.WriteLine(_closing);
        }
    }
}
