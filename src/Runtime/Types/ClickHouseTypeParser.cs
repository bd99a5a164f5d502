using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// A recursive-descent parser for ClickHouse type strings: everything a server prints in a
/// RowBinaryWithNamesAndTypes header, and the aliases it accepts on input (<c>BIGINT</c>, <c>TEXT</c>, <c>Decimal64(4)</c>,
/// <c>Enum('a', 'b')</c>, ...). Whitespace is allowed between tokens.
/// </summary>
public static class ClickHouseTypeParser
{
    /// <summary>The deepest nesting of types accepted (<c>Array(Array(...))</c>); deeper input is rejected, never a stack overflow.</summary>
    public const int MaxDepth = 64;

    /// <summary>Parses a ClickHouse type string into its canonical <see cref="ClickHouseType"/>.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="text"/> is null.</exception>
    /// <exception cref="ClickHouseTypeParseException">The string is not a valid ClickHouse type; the message names the position and what was expected.</exception>
    public static ClickHouseType Parse(string text)
    {
        if (text is null)
        {
            throw new ArgumentNullException(nameof(text));
        }
        return new Reader(text).ParseAll();
    }

    /// <summary>Parses a ClickHouse type string; on failure returns false with the message <see cref="Parse"/> would throw.</summary>
    public static bool TryParse(
        string? text,
#if NETCOREAPP3_0_OR_GREATER
        [System.Diagnostics.CodeAnalysis.NotNullWhen(true)]
#endif
        out ClickHouseType? type,
#if NETCOREAPP3_0_OR_GREATER
        [System.Diagnostics.CodeAnalysis.NotNullWhen(false)]
#endif
        out string? error)
    {
        if (text is null)
        {
            type = null;
            error = "The ClickHouse type string is null.";
            return false;
        }
        try
        {
            type = new Reader(text).ParseAll();
            error = null;
            return true;
        }
        catch (ClickHouseTypeParseException exception)
        {
            type = null;
            error = exception.Message;
            return false;
        }
    }

    private sealed class Reader
    {
        private readonly string _text;
        private int _pos;

        public Reader(string text) => _text = text;

        private bool AtEnd => _pos >= _text.Length;

        private char Current => _pos < _text.Length ? _text[_pos] : '\0';

        public ClickHouseType ParseAll()
        {
            ClickHouseType type = ParseType(1);
            SkipWhitespace();
            if (!AtEnd)
            {
                throw Fail(_pos, "expected the end of the type" + Found());
            }
            return type;
        }

        private ClickHouseType ParseType(int depth)
        {
            SkipWhitespace();
            int start = _pos;
            if (depth > MaxDepth)
            {
                throw Fail(start, "types are nested more than " + Format(MaxDepth) + " levels deep");
            }
            if (AtEnd || !ClickHouseSyntax.IsIdentifierStart(Current))
            {
                throw Fail(start, "expected a type name" + Found());
            }
            string name = ReadTypeName();
            ClickHouseTypeName info = ClickHouseTypeNames.Find(name) ?? throw Fail(start, ClickHouseTypeNames.DescribeUnknown(name));
            int afterName = _pos;
            SkipWhitespace();
            bool hasArguments = Current == '(' && !AtEnd;
            if (!hasArguments)
            {
                _pos = afterName;
            }

            switch (info.Syntax)
            {
                case ClickHouseTypeSyntax.Simple:
                    if (hasArguments)
                    {
                        throw Fail(_pos, "the type " + info.Name + " takes no arguments");
                    }
                    return ClickHouseType.Of(info.Kind);
                case ClickHouseTypeSyntax.SimpleIgnoringArguments:
                    if (hasArguments)
                    {
                        SkipIgnoredArguments(info.Name);
                    }
                    return ClickHouseType.Of(info.Kind);
                case ClickHouseTypeSyntax.Interval:
                    if (hasArguments)
                    {
                        throw Fail(_pos, "the type " + info.Name + " takes no arguments");
                    }
                    return ClickHouseType.CreateInterval(info.Text!);
                case ClickHouseTypeSyntax.FixedString:
                    return ParseFixedString(info, hasArguments);
                case ClickHouseTypeSyntax.Decimal:
                    return ParseDecimal(hasArguments);
                case ClickHouseTypeSyntax.DecimalWithPrecision:
                    return ParseDecimalWithPrecision(info, hasArguments);
                case ClickHouseTypeSyntax.DateTime:
                    return ParseDateTime(hasArguments);
                case ClickHouseTypeSyntax.DateTime64:
                    return ParseDateTime64(hasArguments);
                case ClickHouseTypeSyntax.Time64:
                    return ParseTime64(hasArguments);
                case ClickHouseTypeSyntax.Enum8:
                case ClickHouseTypeSyntax.Enum16:
                case ClickHouseTypeSyntax.Enum:
                    return ParseEnum(info, hasArguments);
                case ClickHouseTypeSyntax.Nullable:
                case ClickHouseTypeSyntax.LowCardinality:
                case ClickHouseTypeSyntax.Array:
                    return ParseWrapper(info, hasArguments, depth);
                case ClickHouseTypeSyntax.Map:
                    return ParseMap(hasArguments, depth);
                case ClickHouseTypeSyntax.Tuple:
                case ClickHouseTypeSyntax.Nested:
                    return ParseTuple(info, hasArguments, depth);
                case ClickHouseTypeSyntax.Variant:
                    return ParseVariant(hasArguments, depth);
                case ClickHouseTypeSyntax.Dynamic:
                    return ParseDynamic(hasArguments);
                case ClickHouseTypeSyntax.Json:
                    return ParseJson(start, hasArguments, depth);
                case ClickHouseTypeSyntax.SimpleAggregateFunction:
                    return ParseSimpleAggregateFunction(hasArguments, depth);
                case ClickHouseTypeSyntax.QBit:
                    return ParseQBit(hasArguments, depth);
                default:
                    throw Fail(start, info.Text ?? "the type " + info.Name + " is not supported");
            }
        }

        // ---- scalar families ---------------------------------------------------------------------------------

        private void SkipIgnoredArguments(string name)
        {
            Expect('(');
            if (TryCloseList())
            {
                return;
            }
            do
            {
                if (TryCloseList())
                {
                    break;
                }
                ReadInteger("an integer argument of " + name);
            }
            while (ListContinues());
        }

        private ClickHouseType ParseFixedString(ClickHouseTypeName info, bool hasArguments)
        {
            if (!hasArguments)
            {
                throw Fail(_pos, "expected '(' and a length" + Found() + ": " + info.Name + " needs one, as in FixedString(16)");
            }
            Expect('(');
            SkipWhitespace();
            int argumentStart = _pos;
            long length = ReadInteger("the FixedString length");
            ExpectClose(info.Name + " takes exactly one argument, the length");
            return ClickHouseType.TryCreateFixedString(length, out string? error) ?? throw Fail(argumentStart, error!);
        }

        private ClickHouseType ParseDecimal(bool hasArguments)
        {
            if (!hasArguments)
            {
                return ClickHouseType.TryCreateDecimal(10, 0, out _)!;
            }
            Expect('(');
            SkipWhitespace();
            int argumentStart = _pos;
            long precision = ReadInteger("the Decimal precision");
            long scale = 0;
            SkipWhitespace();
            if (Current == ',' && !AtEnd)
            {
                _pos++;
                SkipWhitespace();
                argumentStart = precision is >= 1 and <= 76 ? _pos : argumentStart;
                scale = ReadInteger("the Decimal scale");
            }
            ExpectClose("Decimal takes a precision and an optional scale");
            return ClickHouseType.TryCreateDecimal(precision, scale, out string? error) ?? throw Fail(argumentStart, error!);
        }

        private ClickHouseType ParseDecimalWithPrecision(ClickHouseTypeName info, bool hasArguments)
        {
            if (!hasArguments)
            {
                throw Fail(_pos, "expected '(' and a scale" + Found() + ": " + info.Name + " needs one, as in " + info.Name + "(4)");
            }
            Expect('(');
            SkipWhitespace();
            int argumentStart = _pos;
            long scale = ReadInteger("the " + info.Name + " scale");
            ExpectClose(info.Name + " takes exactly one argument, the scale");
            return ClickHouseType.TryCreateDecimal(info.Precision, scale, out string? error) ?? throw Fail(argumentStart, error!);
        }

        private ClickHouseType ParseDateTime(bool hasArguments)
        {
            if (!hasArguments)
            {
                return ClickHouseType.CreateDateTime(null);
            }
            Expect('(');
            SkipWhitespace();
            if (Current == '\'' && !AtEnd)
            {
                string timeZone = ReadQuoted('\'');
                ExpectClose("DateTime takes one argument, the time zone");
                return ClickHouseType.CreateDateTime(timeZone);
            }
            if (ClickHouseSyntax.IsDigit(Current) && !AtEnd)
            {
                // DateTime(3) and TIMESTAMP(3, 'UTC') are DateTime64.
                return ParseDateTime64Arguments();
            }
            throw Fail(_pos, "expected a quoted time zone or a precision" + Found());
        }

        private ClickHouseType ParseDateTime64(bool hasArguments)
        {
            if (!hasArguments)
            {
                return ClickHouseType.TryCreateDateTime64(3, null, out _)!;
            }
            Expect('(');
            return ParseDateTime64Arguments();
        }

        private ClickHouseType ParseDateTime64Arguments()
        {
            SkipWhitespace();
            int argumentStart = _pos;
            long precision = ReadInteger("the DateTime64 precision");
            string? timeZone = null;
            SkipWhitespace();
            if (Current == ',' && !AtEnd)
            {
                _pos++;
                SkipWhitespace();
                if (Current != '\'' || AtEnd)
                {
                    throw Fail(_pos, "expected a quoted time zone" + Found());
                }
                timeZone = ReadQuoted('\'');
            }
            ExpectClose("DateTime64 takes a precision and an optional time zone");
            return ClickHouseType.TryCreateDateTime64(precision, timeZone, out string? error) ?? throw Fail(argumentStart, error!);
        }

        private ClickHouseType ParseTime64(bool hasArguments)
        {
            if (!hasArguments)
            {
                return ClickHouseType.TryCreateTime64(3, out _)!;
            }
            Expect('(');
            SkipWhitespace();
            int argumentStart = _pos;
            long precision = ReadInteger("the Time64 precision");
            ExpectClose("Time64 takes exactly one argument, the precision; it has no time zone");
            return ClickHouseType.TryCreateTime64(precision, out string? error) ?? throw Fail(argumentStart, error!);
        }

        private ClickHouseType ParseEnum(ClickHouseTypeName info, bool hasArguments)
        {
            if (!hasArguments)
            {
                throw Fail(_pos, "expected '(' and the elements" + Found() + ": " + info.Name + " needs them, as in Enum8('a' = 1, 'b' = 2)");
            }
            Expect('(');
            var members = new List<KeyValuePair<string, long>>();
            var positions = new List<int>();
            long next = 1;
            SkipWhitespace();
            if (Current == ')' && !AtEnd)
            {
                throw Fail(_pos, "an enum needs at least one element: expected a quoted name");
            }
            do
            {
                SkipWhitespace();
                if (TryCloseList())
                {
                    break; // after a trailing comma, as the server allows
                }
                int elementStart = _pos;
                if (Current != '\'' || AtEnd)
                {
                    throw Fail(_pos, "expected a quoted enum element name" + Found());
                }
                string label = ReadQuoted('\'');
                SkipWhitespace();
                long value = next;
                if (Current == '=' && !AtEnd)
                {
                    _pos++;
                    value = ReadInteger("an enum value");
                }
                next = value + 1;
                members.Add(new KeyValuePair<string, long>(label, value));
                positions.Add(elementStart);
            }
            while (ListContinues());

            ClickHouseTypeKind kind = info.Syntax switch
            {
                ClickHouseTypeSyntax.Enum8 => ClickHouseTypeKind.Enum8,
                ClickHouseTypeSyntax.Enum16 => ClickHouseTypeKind.Enum16,
                _ => members.TrueForAll(m => m.Value >= sbyte.MinValue && m.Value <= sbyte.MaxValue) ? ClickHouseTypeKind.Enum8 : ClickHouseTypeKind.Enum16,
            };
            return ClickHouseType.TryCreateEnum(kind, members, out string? error, out int index)
                ?? throw Fail(index >= 0 ? positions[index] : _pos, error!);
        }

        // ---- composite families ------------------------------------------------------------------------------

        private ClickHouseType ParseWrapper(ClickHouseTypeName info, bool hasArguments, int depth)
        {
            if (!hasArguments)
            {
                throw Fail(_pos, "expected '(' and a type" + Found() + ": " + info.Name + " needs one, as in " + info.Name + "(String)");
            }
            Expect('(');
            SkipWhitespace();
            int argumentStart = _pos;
            ClickHouseType element = ParseType(depth + 1);
            ExpectClose(info.Name + " takes exactly one type argument");
            return ClickHouseType.TryCreateWrapper(info.Kind, element, out string? error) ?? throw Fail(argumentStart, error!);
        }

        private ClickHouseType ParseMap(bool hasArguments, int depth)
        {
            if (!hasArguments)
            {
                throw Fail(_pos, "expected '(' and the key and value types" + Found() + ", as in Map(String, UInt64)");
            }
            Expect('(');
            SkipWhitespace();
            int keyStart = _pos;
            ClickHouseType key = ParseType(depth + 1);
            SkipWhitespace();
            if (Current != ',' || AtEnd)
            {
                throw Fail(_pos, "expected ',' and the value type" + Found() + ": Map takes two type arguments, as in Map(String, UInt64)");
            }
            _pos++;
            ClickHouseType value = ParseType(depth + 1);
            ExpectClose("Map takes exactly two type arguments, the key and the value type");
            return ClickHouseType.TryCreateMap(key, value, out string? error) ?? throw Fail(keyStart, error!);
        }

        private ClickHouseType ParseVariant(bool hasArguments, int depth)
        {
            if (!hasArguments)
            {
                throw Fail(_pos, "expected '(' and the member types" + Found() + ", as in Variant(String, UInt64)");
            }
            Expect('(');
            var members = new List<ClickHouseType>();
            var positions = new List<int>();
            do
            {
                SkipWhitespace();
                if (members.Count > 0 && TryCloseList())
                {
                    break;
                }
                positions.Add(_pos);
                members.Add(ParseType(depth + 1));
            }
            while (ListContinues());
            return ClickHouseType.TryCreateVariant(members, out string? error, out int index)
                ?? throw Fail(index >= 0 ? positions[index] : positions[0], error!);
        }

        private ClickHouseType ParseTuple(ClickHouseTypeName info, bool hasArguments, int depth)
        {
            bool nested = info.Kind == ClickHouseTypeKind.Nested;
            if (!hasArguments)
            {
                throw Fail(_pos, nested
                    ? "expected '(' and the fields" + Found() + ", as in Nested(a UInt8, b String)"
                    : "expected '(' and the element types" + Found() + ", as in Tuple(UInt8, String)");
            }
            int open = _pos;
            Expect('(');
            var types = new List<ClickHouseType>();
            var names = new List<string?>();
            var positions = new List<int>();
            SkipWhitespace();
            if (Current == ')' && !AtEnd)
            {
                _pos++;
                if (nested)
                {
                    throw Fail(open + 1, "Nested needs at least one field, as in Nested(a UInt8, b String)");
                }
                return ClickHouseType.Tuple();
            }
            do
            {
                SkipWhitespace();
                if (TryCloseList())
                {
                    break;
                }
                int elementStart = _pos;
                string? name = TryReadElementName();
                if (nested && name is null)
                {
                    throw Fail(elementStart, "expected a field name: Nested fields are written 'name Type'" + Found());
                }
                types.Add(ParseType(depth + 1));
                names.Add(name);
                positions.Add(elementStart);
            }
            while (ListContinues());
            return ClickHouseType.TryCreateTuple(info.Kind, types, names, out string? error, out int index)
                ?? throw Fail(index >= 0 ? positions[index] : open, error!);
        }

        /// <summary>Reads <c>name</c> of a <c>name Type</c> element, or returns null (position unchanged) when the element is just a type.</summary>
        private string? TryReadElementName()
        {
            SkipWhitespace();
            int start = _pos;
            if (Current == '`' && !AtEnd)
            {
                return ReadQuoted('`');
            }
            if (AtEnd || !ClickHouseSyntax.IsIdentifierStart(Current))
            {
                return null;
            }
            int wordEnd = ScanWord(start);
            // Like the server: an identifier followed by another word is a name, even for "DOUBLE PRECISION".
            int next = wordEnd;
            while (next < _text.Length && ClickHouseSyntax.IsWhitespace(_text[next]))
            {
                next++;
            }
            if (next > wordEnd && next < _text.Length && (ClickHouseSyntax.IsIdentifierStart(_text[next]) || _text[next] == '`'))
            {
                _pos = wordEnd;
                return _text.Substring(start, wordEnd - start);
            }
            return null;
        }

        private ClickHouseType ParseDynamic(bool hasArguments)
        {
            long? maxTypes = null;
            int valueStart = _pos;
            if (hasArguments)
            {
                Expect('(');
                SkipWhitespace();
                if (Current == ')' && !AtEnd)
                {
                    _pos++;
                }
                else
                {
                    do
                    {
                        SkipWhitespace();
                        if (TryCloseList())
                        {
                            break;
                        }
                        int parameterStart = _pos;
                        if (AtEnd || !ClickHouseSyntax.IsIdentifierStart(Current))
                        {
                            throw Fail(_pos, "expected max_types=N" + Found());
                        }
                        string parameter = ReadWord();
                        if (!string.Equals(parameter, "max_types", StringComparison.Ordinal))
                        {
                            throw Fail(parameterStart, "unknown Dynamic parameter '" + parameter + "': expected max_types=N");
                        }
                        Expect('=');
                        SkipWhitespace();
                        valueStart = _pos;
                        maxTypes = ReadInteger("the max_types value");
                    }
                    while (ListContinues());
                }
            }
            return ClickHouseType.TryCreateDynamic(maxTypes, out string? error) ?? throw Fail(valueStart, error!);
        }

        private ClickHouseType ParseJson(int typeStart, bool hasArguments, int depth)
        {
            if (!hasArguments)
            {
                return ClickHouseType.Of(ClickHouseTypeKind.Json);
            }
            Expect('(');
            long? maxPaths = null;
            long? maxTypes = null;
            var typed = new List<KeyValuePair<string, ClickHouseType>>();
            var skips = new List<string>();
            var regexps = new List<string>();
            SkipWhitespace();
            if (Current == ')' && !AtEnd)
            {
                _pos++;
                return ClickHouseType.Of(ClickHouseTypeKind.Json);
            }
            do
            {
                SkipWhitespace();
                if (TryCloseList())
                {
                    break;
                }
                int elementStart = _pos;
                if (Current == '`' && !AtEnd)
                {
                    string path = ReadJsonPath();
                    typed.Add(new KeyValuePair<string, ClickHouseType>(path, ParseType(depth + 1)));
                    continue;
                }
                if (AtEnd || !ClickHouseSyntax.IsIdentifierStart(Current))
                {
                    throw Fail(_pos, "expected a JSON path with a type, SKIP, SKIP REGEXP or a max_dynamic_* parameter" + Found());
                }
                string word = ReadWord();
                int afterWord = _pos;
                SkipWhitespace();
                if (Current == '=' && !AtEnd)
                {
                    _pos++;
                    SkipWhitespace();
                    int valueStart = _pos;
                    long value = ReadInteger("the " + word + " value");
                    if (string.Equals(word, "max_dynamic_paths", StringComparison.Ordinal))
                    {
                        maxPaths = value;
                    }
                    else if (string.Equals(word, "max_dynamic_types", StringComparison.Ordinal))
                    {
                        maxTypes = value;
                    }
                    else
                    {
                        throw Fail(elementStart, "unknown JSON parameter '" + word + "': expected max_dynamic_paths or max_dynamic_types");
                    }
                    string? error = word.Length == 17 && word[12] == 'p'
                        ? CheckRange(value, 0, 10000, "the JSON max_dynamic_paths")
                        : CheckRange(value, 0, 254, "the JSON max_dynamic_types");
                    if (error is not null)
                    {
                        throw Fail(valueStart, error);
                    }
                    continue;
                }
                if (string.Equals(word, "SKIP", StringComparison.OrdinalIgnoreCase) && _pos > afterWord && !AtEnd
                    && (ClickHouseSyntax.IsIdentifierStart(Current) || Current == '`'))
                {
                    int pathStart = _pos;
                    if (ClickHouseSyntax.IsIdentifierStart(Current))
                    {
                        string second = ReadWord();
                        SkipWhitespace();
                        if (string.Equals(second, "REGEXP", StringComparison.OrdinalIgnoreCase) && Current == '\'' && !AtEnd)
                        {
                            regexps.Add(ReadQuoted('\''));
                            continue;
                        }
                        _pos = pathStart;
                    }
                    skips.Add(ReadJsonPath());
                    continue;
                }
                _pos = elementStart;
                string typedPath = ReadJsonPath();
                typed.Add(new KeyValuePair<string, ClickHouseType>(typedPath, ParseType(depth + 1)));
            }
            while (ListContinues());
            return ClickHouseType.TryCreateJson(maxPaths, maxTypes, typed, skips, regexps, out string? jsonError) ?? throw Fail(typeStart, jsonError!);
        }

        private ClickHouseType ParseQBit(bool hasArguments, int depth)
        {
            if (!hasArguments)
            {
                throw Fail(_pos, "expected '(' with the element type and the dimension" + Found() + ", as in QBit(Float32, 128)");
            }
            Expect('(');
            SkipWhitespace();
            int elementStart = _pos;
            ClickHouseType element = ParseType(depth + 1);
            if (ClickHouseType.CheckQBitElement(element) is { } elementError)
            {
                throw Fail(elementStart, elementError);
            }
            SkipWhitespace();
            if (Current != ',' || AtEnd)
            {
                throw Fail(_pos, "expected ',' and the dimension" + Found() + ", as in QBit(Float32, 128)");
            }
            _pos++;
            SkipWhitespace();
            int argumentStart = _pos;
            long dimension = ReadInteger("the QBit dimension");
            long? stride = null;
            SkipWhitespace();
            if (Current == ',' && !AtEnd)
            {
                _pos++;
                SkipWhitespace();
                argumentStart = dimension is >= 1 and <= ClickHouseType.MaxQBitDimension ? _pos : argumentStart;
                stride = ReadInteger("the QBit stride");
            }
            ExpectClose("QBit takes an element type, a dimension and an optional stride");
            return ClickHouseType.TryCreateQBit(element, dimension, stride, out string? error) ?? throw Fail(argumentStart, error!);
        }

        private ClickHouseType ParseSimpleAggregateFunction(bool hasArguments, int depth)
        {
            if (!hasArguments)
            {
                throw Fail(_pos, "expected '(' with the function and the value type" + Found() + ", as in SimpleAggregateFunction(sum, UInt64)");
            }
            Expect('(');
            SkipWhitespace();
            if (AtEnd || !ClickHouseSyntax.IsIdentifierStart(Current))
            {
                throw Fail(_pos, "expected an aggregate function name" + Found());
            }
            string function = ReadWord();
            SkipWhitespace();
            if (Current == '(' && !AtEnd)
            {
                _pos++;
                var parameters = new List<string>();
                SkipWhitespace();
                if (Current == ')' && !AtEnd)
                {
                    _pos++;
                }
                else
                {
                    do
                    {
                        SkipWhitespace();
                        if (TryCloseList())
                        {
                            break;
                        }
                        parameters.Add(ReadLiteral());
                    }
                    while (ListContinues());
                }
                function = function + "(" + string.Join(", ", parameters) + ")";
                SkipWhitespace();
            }
            if (Current != ',' || AtEnd)
            {
                throw Fail(_pos, "expected ',' and the value type" + Found() + ", as in SimpleAggregateFunction(sum, UInt64)");
            }
            _pos++;
            ClickHouseType value = ParseType(depth + 1);
            ExpectClose("SimpleAggregateFunction takes a function and exactly one value type");
            return ClickHouseType.TryCreateSimpleAggregateFunction(function, value, out string? error) ?? throw Fail(_pos, error!);
        }

        // ---- lexical helpers ---------------------------------------------------------------------------------

        /// <summary>Reads a type name; multi-word aliases (<c>DOUBLE PRECISION</c>) come back upper-case with single spaces.</summary>
        private string ReadTypeName()
        {
            int start = _pos;
            string first = ReadWord();
            string phrase = first.ToUpperInvariant();
            if (!ClickHouseTypeNames.IsMultiWordPrefix(phrase))
            {
                return first;
            }
            int best = _pos;
            string? bestPhrase = null;
            int scan = _pos;
            while (true)
            {
                int next = scan;
                while (next < _text.Length && ClickHouseSyntax.IsWhitespace(_text[next]))
                {
                    next++;
                }
                if (next == scan || next >= _text.Length || !ClickHouseSyntax.IsIdentifierStart(_text[next]))
                {
                    break;
                }
                int end = ScanWord(next);
                string candidate = phrase + " " + _text.Substring(next, end - next).ToUpperInvariant();
                if (ClickHouseTypeNames.IsMultiWordName(candidate))
                {
                    best = end;
                    bestPhrase = candidate;
                }
                if (!ClickHouseTypeNames.IsMultiWordPrefix(candidate))
                {
                    break;
                }
                phrase = candidate;
                scan = end;
            }
            _pos = best;
            return bestPhrase ?? _text.Substring(start, best - start);
        }

        private string ReadWord()
        {
            int start = _pos;
            _pos = ScanWord(start);
            return _text.Substring(start, _pos - start);
        }

        private int ScanWord(int start)
        {
            int end = start;
            while (end < _text.Length && ClickHouseSyntax.IsWordChar(_text[end]))
            {
                end++;
            }
            return end;
        }

        /// <summary>A JSON path: parts separated by dots, each a plain or backquoted identifier.</summary>
        private string ReadJsonPath()
        {
            var path = new StringBuilder();
            while (true)
            {
                if (Current == '`' && !AtEnd)
                {
                    path.Append(ReadQuoted('`'));
                }
                else if (!AtEnd && ClickHouseSyntax.IsIdentifierStart(Current))
                {
                    path.Append(ReadWord());
                }
                else
                {
                    throw Fail(_pos, "expected a JSON path" + Found());
                }
                if (Current != '.' || AtEnd)
                {
                    return path.ToString();
                }
                path.Append('.');
                _pos++;
            }
        }

        /// <summary>An aggregate function parameter, normalised as the server prints it.</summary>
        private string ReadLiteral()
        {
            SkipWhitespace();
            if (Current == '\'' && !AtEnd)
            {
                return ClickHouseSyntax.QuoteString(ReadQuoted('\''));
            }
            int start = _pos;
            while (!AtEnd && (ClickHouseSyntax.IsWordChar(Current) || Current == '.' || Current == '-' || Current == '+'))
            {
                _pos++;
            }
            if (_pos == start)
            {
                throw Fail(_pos, "expected a literal function parameter" + Found());
            }
            return _text.Substring(start, _pos - start);
        }

        /// <summary>Reads a literal quoted with <paramref name="quote"/>, decoding escapes the way the server does.</summary>
        private string ReadQuoted(char quote)
        {
            _pos++; // the opening quote
            var value = new StringBuilder();
            while (true)
            {
                if (AtEnd)
                {
                    throw Fail(_pos, "expected a closing " + quote + " to end the quoted text");
                }
                char c = _text[_pos];
                if (c == quote)
                {
                    if (_pos + 1 < _text.Length && _text[_pos + 1] == quote)
                    {
                        value.Append(quote);
                        _pos += 2;
                        continue;
                    }
                    _pos++;
                    return value.ToString();
                }
                if (c != '\\')
                {
                    value.Append(c);
                    _pos++;
                    continue;
                }
                _pos++;
                if (AtEnd)
                {
                    throw Fail(_pos, "expected an escaped character after '\\'");
                }
                char escaped = _text[_pos];
                _pos++;
                switch (escaped)
                {
                    case 'x':
                        int high = _pos < _text.Length ? HexValue(_text[_pos]) : -1;
                        int low = _pos + 1 < _text.Length ? HexValue(_text[_pos + 1]) : -1;
                        if (high < 0 || low < 0)
                        {
                            throw Fail(_pos, "expected two hexadecimal digits after '\\x'");
                        }
                        value.Append((char)((high << 4) | low));
                        _pos += 2;
                        break;
                    case 'N':
                        break; // \N reads as nothing
                    case 'a': value.Append('\a'); break;
                    case 'b': value.Append('\b'); break;
                    case 'e': value.Append('\u001b'); break;
                    case 'f': value.Append('\f'); break;
                    case 'n': value.Append('\n'); break;
                    case 'r': value.Append('\r'); break;
                    case 't': value.Append('\t'); break;
                    case 'v': value.Append('\v'); break;
                    case '0': value.Append('\0'); break;
                    case '\\':
                    case '\'':
                    case '"':
                    case '`':
                    case '/':
                    case '=':
                        value.Append(escaped);
                        break;
                    default:
                        // Like the server, keep the backslash of an unknown escape ('100\%' stays 100\%).
                        if (escaped >= ' ' && escaped != '\u007f')
                        {
                            value.Append('\\');
                        }
                        value.Append(escaped);
                        break;
                }
            }
        }

        private static int HexValue(char c)
            => c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;

        /// <summary>An integer literal: optional sign, decimal digits or 0x hex digits.</summary>
        private long ReadInteger(string what)
        {
            SkipWhitespace();
            int start = _pos;
            bool negative = false;
            if ((Current == '-' || Current == '+') && !AtEnd)
            {
                negative = Current == '-';
                _pos++;
            }
            if (AtEnd || !ClickHouseSyntax.IsDigit(Current))
            {
                _pos = start;
                throw Fail(start, "expected " + what + ", an integer" + Found());
            }
            long magnitude = 0;
            bool hex = Current == '0' && _pos + 2 < _text.Length && (_text[_pos + 1] == 'x' || _text[_pos + 1] == 'X')
                && HexValue(_text[_pos + 2]) >= 0;
            if (hex)
            {
                _pos += 2;
                while (!AtEnd && HexValue(Current) >= 0)
                {
                    if (magnitude > (long.MaxValue >> 4))
                    {
                        throw Fail(start, what + " is too large");
                    }
                    magnitude = (magnitude << 4) | (long)HexValue(Current);
                    _pos++;
                }
            }
            else
            {
                while (!AtEnd && ClickHouseSyntax.IsDigit(Current))
                {
                    int digit = Current - '0';
                    if (magnitude > (long.MaxValue - digit) / 10)
                    {
                        throw Fail(start, what + " is too large");
                    }
                    magnitude = (magnitude * 10) + digit;
                    _pos++;
                }
            }
            if (!AtEnd && (ClickHouseSyntax.IsWordChar(Current) || Current == '.'))
            {
                throw Fail(start, "expected " + what + ", an integer");
            }
            return negative ? -magnitude : magnitude;
        }

        /// <summary>At the start of a list element: consumes a ')' that closes the list (after a trailing comma) and returns true.</summary>
        private bool TryCloseList()
        {
            SkipWhitespace();
            if (!AtEnd && Current == ')')
            {
                _pos++;
                return true;
            }
            return false;
        }

        /// <summary>After a list element: consumes ',' and returns true, or consumes ')' and returns false.</summary>
        private bool ListContinues()
        {
            SkipWhitespace();
            if (!AtEnd && Current == ',')
            {
                _pos++;
                return true;
            }
            if (!AtEnd && Current == ')')
            {
                _pos++;
                return false;
            }
            throw Fail(_pos, "expected ',' or ')'" + Found());
        }

        private void Expect(char expected)
        {
            SkipWhitespace();
            if (AtEnd || Current != expected)
            {
                throw Fail(_pos, "expected '" + expected + "'" + Found());
            }
            _pos++;
        }

        /// <summary>Expects the ')' that ends a fixed-size argument list, explaining the arity when a ',' is found instead.</summary>
        private void ExpectClose(string arity)
        {
            SkipWhitespace();
            if (!AtEnd && Current == ',')
            {
                throw Fail(_pos, "expected ')': " + arity);
            }
            Expect(')');
        }

        private void SkipWhitespace()
        {
            while (_pos < _text.Length && ClickHouseSyntax.IsWhitespace(_text[_pos]))
            {
                _pos++;
            }
        }

        private string Found()
        {
            if (AtEnd)
            {
                return string.Empty;
            }
            char c = Current;
            return c < ' ' || c == '\u007f'
                ? ", found U+" + ((int)c).ToString("X4", CultureInfo.InvariantCulture)
                : ", found '" + c + "'";
        }

        private static string? CheckRange(long value, long min, long max, string what)
            => value < min || value > max ? what + " must be between " + Format(min) + " and " + Format(max) + ", got " + Format(value) : null;

        private static string Format(long value) => value.ToString(CultureInfo.InvariantCulture);

        private ClickHouseTypeParseException Fail(int position, string detail) => new(_text, position, detail);
    }
}
