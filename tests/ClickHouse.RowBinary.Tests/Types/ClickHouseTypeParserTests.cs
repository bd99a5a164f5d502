using ClickHouse.RowBinary.Tests.Oracle;
using System.Text;
using System.Text.Json;

namespace ClickHouse.RowBinary.Tests.Types;

public class ClickHouseTypeParserTests
{
    // values.json records the type as it was cast, which for these differs from what the server prints in a
    // RowBinaryWithNamesAndTypes header (checked with the oracle, and again by VectorTypesMatchTheOracleHeaders):
    // DecimalN(S) prints as Decimal(P, S) and Variant members print sorted by name.
    private static readonly Dictionary<string, string> ServerSpelling = new(StringComparer.Ordinal)
    {
        ["Decimal32(2)"] = "Decimal(9, 2)",
        ["Decimal64(4)"] = "Decimal(18, 4)",
        ["Decimal128(10)"] = "Decimal(38, 10)",
        ["Decimal256(20)"] = "Decimal(76, 20)",
        ["Nullable(Decimal64(3))"] = "Nullable(Decimal(18, 3))",
        ["Variant(String, UInt64, Array(UInt8))"] = "Variant(Array(UInt8), String, UInt64)",
        ["Variant(Int32, Float64, Bool, Date)"] = "Variant(Bool, Date, Float64, Int32)",
    };

    // ---- golden vectors ------------------------------------------------------------------------------------

    [Fact]
    public void EveryVectorTypeParsesToTheServerCanonicalForm()
    {
        List<(string Type, string Expr)> vectors = VectorTypes();
        var failures = new List<string>();
        foreach ((string type, _) in vectors)
        {
            string expected = ServerSpelling.TryGetValue(type, out string? spelling) ? spelling : type;
            ClickHouseType parsed = ClickHouseType.Parse(type);
            if (parsed.ToString() != expected)
            {
                failures.Add($"{type}: rendered {parsed}, server prints {expected}");
            }
            ClickHouseType again = ClickHouseType.Parse(parsed.ToString());
            if (!again.Equals(parsed) || again.ToString() != parsed.ToString())
            {
                failures.Add($"{type}: canonical form {parsed} does not round-trip");
            }
        }
        Assert.Empty(failures);
        Assert.True(vectors.Count >= 70, $"only {vectors.Count} distinct vector types found");
    }

    [Fact]
    public void EveryServerPrintedVectorTypeRoundTripsExactly()
    {
        foreach ((string type, _) in VectorTypes())
        {
            if (!ServerSpelling.ContainsKey(type))
            {
                Assert.Equal(type, ClickHouseType.Parse(type).ToString());
            }
        }
        foreach (string printed in ServerSpelling.Values)
        {
            Assert.Equal(printed, ClickHouseType.Parse(printed).ToString());
        }
    }

    [OracleFact]
    public void VectorTypesMatchTheOracleHeaders()
    {
        List<(string Type, string Expr)> vectors = VectorTypes();
        string sql = "SELECT " + string.Join(", ", vectors.Select((v, i) => $"CAST({v.Expr} AS {v.Type}) AS c{i}"));
        List<string> header = OracleHeaderTypes(sql);
        Assert.Equal(vectors.Count, header.Count);
        for (int i = 0; i < vectors.Count; i++)
        {
            Assert.Equal(header[i], ClickHouseType.Parse(vectors[i].Type).ToString());
        }
    }

    [Fact]
    public void TableHeaderTypesRoundTripExactly()
    {
        string path = SharedFiles.RequireVector("tables.json");
        using JsonDocument document = JsonDocument.Parse(File.ReadAllText(path));
        int checkedTypes = 0;
        foreach (JsonElement table in document.RootElement.GetProperty("tables").EnumerateArray())
        {
            byte[] stream = Convert.FromHexString(table.GetProperty("with_names_and_types_hex").GetString()!);
            (List<string> names, List<string> types) = ReadHeader(stream);
            Assert.Equal(names.Count, types.Count);
            foreach (string type in types)
            {
                Assert.Equal(type, ClickHouseType.Parse(type).ToString());
                checkedTypes++;
            }

            // The CREATE TABLE schema spells some types differently (Decimal64(4)); they must mean the header's type.
            foreach ((string column, string schemaType) in SplitSchema(table.GetProperty("schema").GetString()!))
            {
                ClickHouseType parsed = ClickHouseType.Parse(schemaType);
                int index = names.IndexOf(column);
                if (index >= 0)
                {
                    Assert.Equal(ClickHouseType.Parse(types[index]), parsed);
                }
                else
                {
                    Assert.Equal(ClickHouseTypeKind.Nested, parsed.Kind); // flattened into n.a, n.b
                    for (int field = 0; field < parsed.Arguments.Count; field++)
                    {
                        int flattened = names.IndexOf(column + "." + parsed.ElementNames[field]);
                        Assert.Equal(ClickHouseType.Array(parsed.Arguments[field]), ClickHouseType.Parse(types[flattened]));
                    }
                }
            }
        }
        Assert.True(checkedTypes >= 15);
    }

    // ---- tricky but valid input ----------------------------------------------------------------------------

    public static TheoryData<string, string> TrickyTypes => new()
    {
        // Enum labels: escapes, doubled quotes, auto-numbering, order, trailing comma, the Enum alias.
        { @"Enum8('it\'s' = 1, 'a\\b' = 2, 'a' = 3)", @"Enum8('it\'s' = 1, 'a\\b' = 2, 'a' = 3)" },
        { "Enum8('it''s' = 1)", @"Enum8('it\'s' = 1)" },
        { @"Enum8('a\nb' = 1, 'c\td' = 2, '\x41' = 3, '\%' = 4, '\0' = 5)", @"Enum8('a\nb' = 1, 'c\td' = 2, 'A' = 3, '\\%' = 4, '\0' = 5)" },
        { "Enum8('a', 'b')", "Enum8('a' = 1, 'b' = 2)" },
        { "Enum8('a' = -1, 'b')", "Enum8('a' = -1, 'b' = 0)" },
        { "Enum8('a', 'b' = 5)", "Enum8('a' = 1, 'b' = 5)" },
        { "Enum8('b' = 2, 'a' = 1)", "Enum8('a' = 1, 'b' = 2)" },
        { "Enum8( 'a' = +1 , 'b' , )", "Enum8('a' = 1, 'b' = 2)" },
        { "Enum8('a' = 0x10)", "Enum8('a' = 16)" },
        { "Enum8('' = 0, '`\"' = 1)", "Enum8('' = 0, '`\"' = 1)" },
        { "enum8('a'=1)", "Enum8('a' = 1)" },
        { "ENUM16('a' = 1)", "Enum16('a' = 1)" },
        { "ENUM('a' = 1, 'b' = 1000)", "Enum16('a' = 1, 'b' = 1000)" },
        { "Enum('a', 'b')", "Enum8('a' = 1, 'b' = 2)" },
        { "Enum16('x' = -32768, 'y' = 1000)", "Enum16('x' = -32768, 'y' = 1000)" },

        // Tuple element names: backquotes only where the server uses them.
        { "Tuple(`a b` Int32, `1x` UInt8, `é` String, _x1 UInt8)", "Tuple(`a b` Int32, `1x` UInt8, `é` String, _x1 UInt8)" },
        { "Tuple(`a``b` Int32, `a\\`c` UInt8)", "Tuple(`a\\`b` Int32, `a\\`c` UInt8)" },
        { "Tuple(`select` UInt8, `FROM` UInt8, `Values` UInt8, `NULL` UInt8, `true` UInt8, tuple UInt8, array UInt8, `where` UInt8)",
          "Tuple(`select` UInt8, `FROM` UInt8, `Values` UInt8, `NULL` UInt8, `true` UInt8, tuple UInt8, array UInt8, where UInt8)" },
        { "Tuple(`a\\nb` UInt8, `x` UInt8)", "Tuple(`a\\nb` UInt8, x UInt8)" },
        { "Tuple( a UInt8 , b String )", "Tuple(a UInt8, b String)" },
        { "Tuple(a Int32, b Nullable(String), c Array(UInt8))", "Tuple(a Int32, b Nullable(String), c Array(UInt8))" },
        { "Tuple(int Int32, x DOUBLE PRECISION)", "Tuple(int Int32, x Float64)" },
        { "Tuple(UInt8,)", "Tuple(UInt8)" },
        { "Tuple()", "Tuple()" },
        { "Tuple(a LowCardinality(Nullable(String)))", "Tuple(a LowCardinality(Nullable(String)))" },
        { "Nested(a UInt8, b String)", "Nested(a UInt8, b String)" },
        { "Nested(`a b` UInt8, c Nested(d UInt8))", "Nested(`a b` UInt8, c Nested(d UInt8))" },

        // JSON and Dynamic parameters.
        { "JSON(max_dynamic_paths=10, max_dynamic_types=3, a.b UInt32, SKIP c, SKIP REGEXP 'x.*')",
          "JSON(max_dynamic_types=3, max_dynamic_paths=10, `a.b` UInt32, SKIP c, SKIP REGEXP 'x.*')" },
        { @"JSON(z UInt32, a String, SKIP z.q, SKIP a.b, SKIP REGEXP 'b', SKIP REGEXP 'a\'q')",
          @"JSON(a String, z UInt32, SKIP `a.b`, SKIP `z.q`, SKIP REGEXP 'a\'q', SKIP REGEXP 'b')" },
        { "JSON(`a b` UInt32, `x`.`y` String, SKIP `select`, `from` UInt8)", "JSON(`a b` UInt32, `from` UInt8, `x.y` String, SKIP `select`)" },
        { "JSON(a.b.c UInt8, SKIP `x y`.z, SKIP a.b.d)", "JSON(`a.b.c` UInt8, SKIP `a.b.d`, SKIP `x y.z`)" },
        { "JSON(max_dynamic_paths = 1024, max_dynamic_types = 32)", "JSON" },
        { "JSON(max_dynamic_paths=5, max_dynamic_paths=6)", "JSON(max_dynamic_paths=6)" },
        { "JSON(skip UInt8)", "JSON(SKIP UInt8)" },
        { "JSON(`skip` UInt8, max_dynamic_paths UInt8)", "JSON(max_dynamic_paths UInt8, `skip` UInt8)" },
        { "JSON(`SKIP` UInt8, `Skip` String, regexp UInt8)", "JSON(`SKIP` UInt8, `Skip` String, regexp UInt8)" },
        { "JSON(SKIP a, SKIP a)", "JSON(SKIP a)" },
        { "JSON(a JSON(b UInt8), c Dynamic(max_types=3))", "JSON(a JSON(b UInt8), c Dynamic(max_types=3))" },
        { "json", "JSON" },
        { "Dynamic(max_types = 5)", "Dynamic(max_types=5)" },
        { "Dynamic(max_types=32)", "Dynamic" },
        { "Dynamic(max_types=0)", "Dynamic(max_types=0)" },

        // SimpleAggregateFunction, with and without function parameters.
        { "SimpleAggregateFunction(anyLast,Nullable(String))", "SimpleAggregateFunction(anyLast, Nullable(String))" },
        { "SimpleAggregateFunction(groupUniqArrayArray(10), Array(UInt8))", "SimpleAggregateFunction(groupUniqArrayArray(10), Array(UInt8))" },
        { "SimpleAggregateFunction(groupArrayArray(  5 ), Array(UInt8))", "SimpleAggregateFunction(groupArrayArray(5), Array(UInt8))" },
        { "SimpleAggregateFunction(sumMap, Tuple(Array(UInt8), Array(UInt64)))", "SimpleAggregateFunction(sumMap, Tuple(Array(UInt8), Array(UInt64)))" },

        // Aliases the server accepts on input.
        { "BOOLEAN", "Bool" }, { "bool", "Bool" }, { "INT", "Int32" }, { "integer", "Int32" }, { "int signed", "Int32" },
        { "BIGINT", "Int64" }, { "bigint unsigned", "UInt64" }, { "TINYINT UNSIGNED", "UInt8" }, { "INT1", "Int8" },
        { "SMALLINT", "Int16" }, { "YEAR", "UInt16" }, { "SET", "UInt64" }, { "TEXT", "String" }, { "VARCHAR", "String" },
        { "VARCHAR(255)", "String" }, { "national char varying", "String" }, { "CHARACTER LARGE OBJECT", "String" },
        { "LONGBLOB", "String" }, { "DOUBLE", "Float64" }, { "double \t precision", "Float64" }, { "FLOAT", "Float32" },
        { "REAL", "Float32" }, { "Float64(10)", "Float64" }, { "BINARY(4)", "FixedString(4)" }, { "INET4", "IPv4" },
        { "INET6", "IPv6" }, { "date", "Date" }, { "DATE32", "Date32" }, { "datetime", "DateTime" }, { "TIMESTAMP", "DateTime" },
        { "timestamp(3)", "DateTime64(3)" }, { "DateTime(3, 'UTC')", "DateTime64(3, 'UTC')" }, { "TIMESTAMP('UTC')", "DateTime('UTC')" },
        { "DateTime32('UTC')", "DateTime('UTC')" }, { "DATETIME64(3)", "DateTime64(3)" }, { "DateTime64", "DateTime64(3)" },
        { "decimal(10,2)", "Decimal(10, 2)" }, { "NUMERIC(10, 2)", "Decimal(10, 2)" }, { "DEC(10,2)", "Decimal(10, 2)" },
        { "FIXED(10,2)", "Decimal(10, 2)" }, { "Decimal", "Decimal(10, 0)" }, { "Decimal(5)", "Decimal(5, 0)" },
        { "decimal32(2)", "Decimal(9, 2)" }, { "Decimal64(4)", "Decimal(18, 4)" }, { "Decimal128(10)", "Decimal(38, 10)" },
        { "Decimal256(20)", "Decimal(76, 20)" }, { "time", "Time" }, { "time64(6)", "Time64(6)" }, { "Time64", "Time64(3)" },

        // Whitespace between any tokens.
        { " Array ( Nullable ( String ) ) ", "Array(Nullable(String))" },
        { "Map( String ,\n\tUInt64 )", "Map(String, UInt64)" },
        { "DateTime64( 3 , 'UTC' )", "DateTime64(3, 'UTC')" },
        { "FixedString( 16 )", "FixedString(16)" },
        { "Decimal( 18 , 4 )", "Decimal(18, 4)" },

        // Variant members are sorted by name and de-duplicated, as the server numbers them.
        { "Variant(String, UInt64, Array(UInt8))", "Variant(Array(UInt8), String, UInt64)" },
        { "Variant(String, UInt8, String)", "Variant(String, UInt8)" },
        { "Variant(UInt8, Array(UInt8), String, LowCardinality(String), Tuple(a UInt8), Tuple(UInt8), Map(String,UInt8), Int8, Int16, UInt16)",
          "Variant(Array(UInt8), Int16, Int8, LowCardinality(String), Map(String, UInt8), String, Tuple(UInt8), Tuple(a UInt8), UInt16, UInt8)" },

        // Everything else.
        { "LowCardinality(Nullable(String))", "LowCardinality(Nullable(String))" },
        { "LowCardinality(FixedString(3))", "LowCardinality(FixedString(3))" },
        { "Nullable(Nothing)", "Nullable(Nothing)" },
        { "Array(Nothing)", "Array(Nothing)" },
        { "Nullable(Tuple(UInt8))", "Nullable(Tuple(UInt8))" },
        { "Nullable(Point)", "Nullable(Point)" },
        { "Map(Array(UInt8), UInt8)", "Map(Array(UInt8), UInt8)" },
        { "Map(UInt8, Map(String, String))", "Map(UInt8, Map(String, String))" },
        { "DateTime('Asia/Tokyo')", "DateTime('Asia/Tokyo')" },
        { "DateTime64(6, 'Europe/Amsterdam')", "DateTime64(6, 'Europe/Amsterdam')" },
        { "DateTime64(0)", "DateTime64(0)" },
        { "FixedString(16777215)", "FixedString(16777215)" },
        { "Decimal(76, 76)", "Decimal(76, 76)" },
        { "Decimal(1, 0)", "Decimal(1, 0)" },
        { "Time64(0)", "Time64(0)" },
        { "IntervalNanosecond", "IntervalNanosecond" }, { "IntervalMicrosecond", "IntervalMicrosecond" },
        { "IntervalMillisecond", "IntervalMillisecond" }, { "IntervalSecond", "IntervalSecond" }, { "IntervalMinute", "IntervalMinute" },
        { "IntervalHour", "IntervalHour" }, { "IntervalDay", "IntervalDay" }, { "IntervalWeek", "IntervalWeek" },
        { "IntervalMonth", "IntervalMonth" }, { "IntervalQuarter", "IntervalQuarter" }, { "IntervalYear", "IntervalYear" },
        { "Point", "Point" }, { "Ring", "Ring" }, { "LineString", "LineString" }, { "MultiLineString", "MultiLineString" },
        { "Polygon", "Polygon" }, { "MultiPolygon", "MultiPolygon" }, { "BFloat16", "BFloat16" },
        { "Array(Array(Array(UInt8)))", "Array(Array(Array(UInt8)))" },

        // QBit: the stride is printed only when it differs from the dimension.
        { "QBit(Float32, 3)", "QBit(Float32, 3)" },
        { "QBit( BFloat16 , 0x10 )", "QBit(BFloat16, 16)" },
        { "QBit(Float64, +2)", "QBit(Float64, 2)" },
        { "QBit(Int8, 4)", "QBit(Int8, 4)" },
        { "QBit(Float32, 16, 16)", "QBit(Float32, 16)" },
        { "QBit(Float32, 16, 8)", "QBit(Float32, 16, 8)" },
        { "QBit(Float32, 134217720)", "QBit(Float32, 134217720)" },
        { "Nullable(QBit(Float32, 2))", "Nullable(QBit(Float32, 2))" },
        { "Array(QBit(Float64, 1))", "Array(QBit(Float64, 1))" },
        { "Variant(String, QBit(Float32, 2))", "Variant(QBit(Float32, 2), String)" },
        { "MultiPoint", "MultiPoint" }, { "Geometry", "Geometry" },
        { "Array(Geometry)", "Array(Geometry)" }, { "Map(String, Geometry)", "Map(String, Geometry)" },
        { "Variant(String, MultiPoint)", "Variant(MultiPoint, String)" },
    };

    [Theory]
    [MemberData(nameof(TrickyTypes))]
    public void TrickyTypesParseToTheirCanonicalForm(string input, string canonical)
    {
        ClickHouseType parsed = ClickHouseType.Parse(input);
        Assert.Equal(canonical, parsed.ToString());
        ClickHouseType again = ClickHouseType.Parse(canonical);
        Assert.Equal(parsed, again);
        Assert.Equal(canonical, again.ToString());
        Assert.True(ClickHouseTypeParser.TryParse(input, out ClickHouseType? viaTry, out string? error), error);
        Assert.Equal(parsed, viaTry);
    }

    [OracleFact]
    public void TrickyTypesMatchTheOracle()
    {
        // Nothing has no default value; the server cannot build it on its own.
        var cases = TrickyTypes.Select(row => ((string)row[0], (string)row[1]))
            .Where(c => !c.Item2.StartsWith("Nothing", StringComparison.Ordinal))
            .ToList();
        string sql = "SELECT " + string.Join(", ", cases.Select((c, i) => $"defaultValueOfTypeName('{SqlEscape(c.Item1)}') AS c{i}"));
        List<string> header = OracleHeaderTypes(sql);
        Assert.Equal(cases.Count, header.Count);
        for (int i = 0; i < cases.Count; i++)
        {
            Assert.True(header[i] == cases[i].Item2, $"{cases[i].Item1}: server prints {header[i]}, expected {cases[i].Item2}");
        }
    }

    // ---- malformed input -----------------------------------------------------------------------------------

    public static TheoryData<string, int, string> MalformedTypes => new()
    {
        { "", 0, "expected a type name" },
        { "   ", 3, "expected a type name" },
        { "(", 0, "expected a type name, found '('" },
        { "Array(", 6, "expected a type name" },
        { "Array(UInt8", 11, "expected ')'" },
        { "Array(,)", 6, "expected a type name, found ','" },
        { "Array(UInt8))", 12, "expected the end of the type, found ')'" },
        { "UInt8 x", 6, "expected the end of the type, found 'x'" },
        { "Array\u0001", 5, "expected '(' and a type, found U+0001" },
        { "Foo", 0, "unknown type 'Foo'" },
        { "Array(Foo)", 6, "unknown type 'Foo'" },
        { "uint8", 0, "did you mean 'UInt8'" },
        { "nullable(String)", 0, "did you mean 'Nullable'" },
        { "eNuM8('a')", 0, "unknown type 'eNuM8'" },
        { "Object('json')", 0, "use JSON" },
        { "AggregateFunction(sum, UInt64)", 0, "not self-delimiting in RowBinary" },
        { "QBit", 4, "expected '(' with the element type and the dimension" },
        { "QBit(Float32)", 12, "expected ',' and the dimension" },
        { "QBit(UInt8, 3)", 5, "QBit supports only Int8, BFloat16, Float32 or Float64 elements, not UInt8" },
        { "QBit(Nullable(Float32), 3)", 5, "not Nullable(Float32)" },
        { "QBit(LowCardinality(Float32), 3)", 5, "not LowCardinality(Float32)" },
        { "QBit(Float32, 0)", 14, "the QBit dimension must be between 1 and 134217720, got 0" },
        { "QBit(Float32, -1)", 14, "the QBit dimension must be between 1 and 134217720, got -1" },
        { "QBit(Float32, 134217721)", 14, "got 134217721" },
        { "QBit(Float32, 3.0)", 14, "expected the QBit dimension, an integer" },
        { "QBit(Float32, 20, 8)", 18, "the QBit stride must be a positive divisor of the dimension 20, got 8" },
        { "QBit(Float32, 2, 0)", 17, "positive divisor of the dimension 2, got 0" },
        { "QBit(Float32, 4, 2)", 17, "the QBit stride must be a multiple of 8 when it is smaller than the dimension, got 2" },
        { "QBit(Float32, 16, 8, 8)", 19, "expected ')': QBit takes an element type, a dimension and an optional stride" },
        { "LowCardinality(QBit(Float32, 2))", 15, "LowCardinality supports only" },
        { "Nullable(MultiPoint)", 9, "MultiPoint cannot be inside Nullable" },
        { "Nullable(Geometry)", 9, "Geometry cannot be inside Nullable" },
        { "Variant(Geometry, String)", 8, "Geometry is a Variant of the geo types" },
        { "Geometry(1)", 8, "takes no arguments" },
        { "MultiPoint(1)", 10, "takes no arguments" },
        { "UUID(1)", 4, "takes no arguments" },
        { "IntervalSecond(1)", 14, "takes no arguments" },
        { "FixedString", 11, "expected '('" },
        { "FixedString(0)", 12, "FixedString length must be between 1 and 16777215, got 0" },
        { "FixedString(16777216)", 12, "FixedString length" },
        { "FixedString(3.5)", 12, "an integer" },
        { "FixedString('3')", 12, "expected the FixedString length, an integer, found '''" },
        { "FixedString(99999999999999999999)", 12, "too large" },
        { "FixedString(3, 4)", 13, "expected ')'" },
        { "Decimal(80, 2)", 8, "precision must be between 1 and 76, got 80" },
        { "Decimal(0)", 8, "precision must be between 1 and 76, got 0" },
        { "Decimal(10, 11)", 12, "scale must be between 0 and the precision 10, got 11" },
        { "Decimal(9, -1)", 11, "scale must be between 0" },
        { "Decimal(9, 2, 3)", 12, "expected ')'" },
        { "Decimal32(10)", 10, "scale must be between 0 and the precision 9" },
        { "Decimal64", 9, "expected '(' and a scale" },
        { "DateTime64(10)", 11, "precision must be between 0 and 9, got 10" },
        { "DateTime64(-1)", 11, "precision must be between 0 and 9" },
        { "DateTime64(3, UTC)", 14, "expected a quoted time zone" },
        { "DateTime(UTC)", 9, "expected a quoted time zone or a precision" },
        { "DateTime('UTC'", 14, "expected ')'" },
        { "DateTime('UTC", 13, "expected a closing '" },
        { "Time64(10)", 7, "precision must be between 0 and 9" },
        { "Time64(3, 'UTC')", 8, "expected ')'" },
        { "Time('UTC')", 4, "takes no arguments" },
        { "Enum8('a' = 300)", 6, "outside the range of Enum8" },
        { "Enum8('a' = 127, 'b')", 17, "the value 128 of 'b' is outside the range of Enum8" },
        { "Enum16('a' = 32768)", 7, "outside the range of Enum16" },
        { "Enum('a' = 40000)", 5, "outside the range of Enum16" },
        { "Enum8('a' = 1, 'a' = 2)", 15, "duplicate enum name 'a'" },
        { "Enum8('a' = 1, 'b' = 1)", 15, "duplicate enum value 1" },
        { "Enum8()", 6, "at least one element" },
        { "Enum8", 5, "expected '('" },
        { "Enum8(a = 1)", 6, "expected a quoted enum element name, found 'a'" },
        { "Enum8('a' = '1')", 12, "expected an enum value, an integer" },
        { "Enum8('a' 1)", 10, "expected ',' or ')', found '1'" },
        { "Enum8('a", 8, "expected a closing '" },
        { @"Enum8('a\", 9, "expected an escaped character" },
        { @"Enum8('\xZZ' = 1)", 9, "hexadecimal" },
        { "Nullable()", 9, "expected a type name, found ')'" },
        { "Nullable", 8, "expected '('" },
        { "Nullable(UInt8, UInt8)", 14, "expected ')': Nullable takes exactly one type argument" },
        { "Nullable(Array(UInt8))", 9, "Array(UInt8) cannot be inside Nullable" },
        { "Nullable(Nullable(UInt8))", 9, "cannot be inside Nullable" },
        { "Nullable(LowCardinality(String))", 9, "cannot be inside Nullable" },
        { "LowCardinality(Array(UInt8))", 15, "LowCardinality supports only" },
        { "LowCardinality(Decimal(9, 2))", 15, "LowCardinality supports only" },
        { "Array(UInt8, UInt8)", 11, "expected ')'" },
        { "Map(String)", 10, "expected ','" },
        { "Map()", 4, "expected a type name" },
        { "Map(String, UInt8, UInt8)", 17, "expected ')': Map takes exactly two type arguments" },
        { "Map(Nullable(String), UInt8)", 4, "Map key cannot be nullable" },
        { "Map(LowCardinality(Nullable(String)), UInt8)", 4, "Map key cannot be nullable" },
        { "Variant()", 8, "expected a type name" },
        { "Variant(Nothing)", 8, "at least one type other than Nothing" },
        { "Variant(UInt8, Nullable(String))", 15, "Nullable types are not allowed inside Variant" },
        { "Variant(Dynamic)", 8, "Dynamic is not allowed inside Variant" },
        { "Variant(Variant(String))", 8, "Variant types cannot be nested" },
        { "Tuple(a UInt8, UInt8)", 15, "all named or all unnamed" },
        { "Tuple(UInt8, a UInt8)", 13, "all named or all unnamed" },
        { "Tuple(a UInt8, a String)", 15, "duplicate tuple element name 'a'" },
        { "Tuple(a b c)", 8, "unknown type 'b'" },
        { "Tuple(DOUBLE PRECISION)", 13, "unknown type 'PRECISION'" }, // like the server: a name, then a type
        { "Tuple(a UInt8 UInt8)", 14, "expected ',' or ')', found 'U'" },
        { "Tuple(a UInt8, b)", 15, "unknown type 'b'" },
        { "Tuple(`a UInt8)", 15, "expected a closing `" },
        { "Tuple(`a` )", 10, "expected a type name, found ')'" },
        { "Tuple", 5, "expected '('" },
        { "Nested(UInt8)", 7, "expected a field name" },
        { "Nested()", 7, "at least one field" },
        { "Nested(a UInt8, a String)", 16, "duplicate Nested field name 'a'" },
        { "Dynamic(5)", 8, "expected max_types=N, found '5'" },
        { "Dynamic(foo=5)", 8, "unknown Dynamic parameter 'foo'" },
        { "Dynamic(max_types=255)", 18, "between 0 and 254, got 255" },
        { "Dynamic(max_types=)", 18, "expected the max_types value, an integer" },
        { "JSON(max_dynamic_paths=100000)", 23, "max_dynamic_paths must be between 0 and 10000" },
        { "JSON(max_dynamic_types=255)", 23, "max_dynamic_types must be between 0 and 254" },
        { "JSON(foo=1)", 5, "unknown JSON parameter 'foo'" },
        { "JSON(a UInt8, a String)", 0, "duplicate JSON typed path 'a'" },
        { "JSON(ab UInt8, SKIP a)", 0, "matches the SKIP path prefix 'a'" },
        { "JSON(a)", 6, "expected a type name, found ')'" },
        { "JSON(a. UInt8)", 7, "expected a JSON path" },
        { "JSON(SKIP REGEXP 'x)", 20, "expected a closing '" },
        { "JSON(1)", 5, "expected a JSON path with a type" },
        { "SimpleAggregateFunction", 23, "expected '('" },
        { "SimpleAggregateFunction(sum)", 27, "expected ',' and the value type" },
        { "SimpleAggregateFunction(sum, UInt8, UInt8)", 34, "expected ')'" },
        { "SimpleAggregateFunction(1, UInt8)", 24, "expected an aggregate function name" },
        { "SimpleAggregateFunction(f(,), UInt8)", 26, "expected a literal function parameter" },
    };

    /// <summary>The malformed QBit, MultiPoint and Geometry types above are ones ClickHouse 26.9 refuses too.</summary>
    [OracleFact]
    public void TheNewFamiliesAreRefusedWhereTheServerRefusesThem()
    {
        string[] refused = MalformedTypes.Select(row => (string)row[0])
            .Where(type => type.Contains("QBit", StringComparison.Ordinal) || type.Contains("MultiPoint", StringComparison.Ordinal) || type.Contains("Geometry", StringComparison.Ordinal))
            .ToArray();
        Assert.True(refused.Length >= 15, $"only {refused.Length} cases");
        foreach (string type in refused)
        {
            InvalidOperationException error = Assert.Throws<InvalidOperationException>(() =>
                OracleProcess.Query($"SELECT defaultValueOfTypeName('{SqlEscape(type)}')", "RowBinaryWithNamesAndTypes"));
            Assert.Contains("DB::Exception", error.Message, StringComparison.Ordinal);
        }
    }

    [Theory]
    [MemberData(nameof(MalformedTypes))]
    public void MalformedTypesAreRejectedWithPositionAndExpectation(string input, int position, string expected)
    {
        ClickHouseTypeParseException exception = Assert.Throws<ClickHouseTypeParseException>(() => ClickHouseTypeParser.Parse(input));
        Assert.IsAssignableFrom<FormatException>(exception);
        Assert.Equal(input, exception.Input);
        Assert.Contains(expected, exception.Message, StringComparison.Ordinal);
        Assert.Contains($"Invalid ClickHouse type '{input}' at position {position}: ", exception.Message, StringComparison.Ordinal);
        Assert.Equal(position, exception.Position);

        Assert.False(ClickHouseTypeParser.TryParse(input, out ClickHouseType? type, out string? error));
        Assert.Null(type);
        Assert.Equal(exception.Message, error);
    }

    [Fact]
    public void TheBriefsExampleMessageIsExact()
    {
        var exception = Assert.Throws<ClickHouseTypeParseException>(() => ClickHouseType.Parse("Array(UInt8"));
        Assert.Equal("Invalid ClickHouse type 'Array(UInt8' at position 11: expected ')'", exception.Message);
    }

    [Fact]
    public void NestingIsCappedWithAClearError()
    {
        static string Nest(int levels) => string.Concat(Enumerable.Repeat("Array(", levels)) + "UInt8" + new string(')', levels);

        ClickHouseType deepest = ClickHouseType.Parse(Nest(ClickHouseTypeParser.MaxDepth - 1));
        Assert.Equal(Nest(ClickHouseTypeParser.MaxDepth - 1), deepest.ToString());

        var tooDeep = Assert.Throws<ClickHouseTypeParseException>(() => ClickHouseType.Parse(Nest(ClickHouseTypeParser.MaxDepth)));
        Assert.Equal(6 * ClickHouseTypeParser.MaxDepth, tooDeep.Position);
        Assert.Contains("nested more than 64 levels deep", tooDeep.Message, StringComparison.Ordinal);

        string thousand = string.Concat(Enumerable.Repeat("Array(", 1000));
        var unclosed = Assert.Throws<ClickHouseTypeParseException>(() => ClickHouseType.Parse(thousand));
        Assert.Equal(384, unclosed.Position);
        Assert.Contains("nested more than 64 levels deep", unclosed.Message, StringComparison.Ordinal);
        Assert.True(unclosed.Message.Length < 400, "a long input is shortened in the message");

        string tuples = string.Concat(Enumerable.Repeat("Tuple(a ", 1000));
        Assert.Throws<ClickHouseTypeParseException>(() => ClickHouseType.Parse(tuples));
    }

    [Fact]
    public void MangledInputNeverCrashes()
    {
        var seeds = TrickyTypes.Select(row => (string)row[0]).Concat(VectorTypes().Select(v => v.Type)).Distinct().ToList();
        var random = new Random(20240601);
        const string noise = "()',`=. \\x0-9aN\u0000\u00e9";
        int parsed = 0, rejected = 0;
        foreach (string seed in seeds)
        {
            var variants = new List<string>();
            for (int i = 0; i <= seed.Length; i++)
            {
                variants.Add(seed.Substring(0, i));
            }
            for (int i = 0; i < 40 && seed.Length > 0; i++)
            {
                var chars = seed.ToCharArray().ToList();
                int at = random.Next(chars.Count);
                switch (random.Next(3))
                {
                    case 0: chars.RemoveAt(at); break;
                    case 1: chars.Insert(at, noise[random.Next(noise.Length)]); break;
                    default: chars[at] = noise[random.Next(noise.Length)]; break;
                }
                variants.Add(new string(chars.ToArray()));
            }
            foreach (string variant in variants)
            {
                try
                {
                    ClickHouseType type = ClickHouseType.Parse(variant);
                    Assert.Equal(type, ClickHouseType.Parse(type.ToString())); // whatever parses, its canonical form re-parses
                    parsed++;
                }
                catch (ClickHouseTypeParseException exception)
                {
                    Assert.StartsWith("Invalid ClickHouse type '", exception.Message, StringComparison.Ordinal);
                    Assert.InRange(exception.Position, 0, variant.Length);
                    rejected++;
                }
            }
        }
        Assert.True(parsed > 0 && rejected > 0);
    }

    [Fact]
    public void QBitCarriesItsElementDimensionAndStride()
    {
        ClickHouseType qbit = ClickHouseType.Parse("QBit(BFloat16, 16, 8)");
        Assert.Equal(ClickHouseTypeKind.QBit, qbit.Kind);
        Assert.Equal(ClickHouseTypeKind.BFloat16, qbit.ElementType!.Kind);
        Assert.Equal(16, qbit.Dimension);
        Assert.Equal(8, qbit.Stride);
        Assert.Equal(-1, qbit.ByteSize);
        Assert.Null(ClickHouseType.Parse("QBit(BFloat16, 16, 16)").Stride);
        Assert.Equal(qbit, ClickHouseType.QBit(ClickHouseType.Of(ClickHouseTypeKind.BFloat16), 16, 8));
        Assert.NotEqual(qbit, ClickHouseType.QBit(ClickHouseType.Of(ClickHouseTypeKind.BFloat16), 16));
        ArgumentException error = Assert.Throws<ArgumentException>(() => ClickHouseType.QBit(ClickHouseType.Of(ClickHouseTypeKind.UInt8), 3));
        Assert.Contains("not UInt8", error.Message, StringComparison.Ordinal);
        Assert.Throws<ArgumentException>(() => ClickHouseType.QBit(ClickHouseType.Of(ClickHouseTypeKind.Float32), ClickHouseType.MaxQBitDimension + 1));
    }

    [Fact]
    public void GeometryListsItsGeoTypesInDiscriminatorOrder()
    {
        // ClickHouse numbers the six older geo types by name and gave MultiPoint, added later, the next number (vectors).
        ClickHouseType geometry = ClickHouseType.Of(ClickHouseTypeKind.Geometry);
        Assert.Same(geometry, ClickHouseType.Parse("Geometry"));
        Assert.Equal(
            ["LineString", "MultiLineString", "MultiPolygon", "Point", "Polygon", "Ring", "MultiPoint"],
            geometry.Arguments.Select(type => type.ToString()).ToArray());
        Assert.Equal("Geometry", geometry.ToString());
        Assert.Equal(-1, geometry.ByteSize);
    }

    [Fact]
    public void NullInput()
    {
        Assert.Throws<ArgumentNullException>(() => ClickHouseTypeParser.Parse(null!));
        Assert.False(ClickHouseTypeParser.TryParse(null, out ClickHouseType? type, out string? error));
        Assert.Null(type);
        Assert.NotNull(error);
    }

    // ---- the model ------------------------------------------------------------------------------------------

    [Theory]
    [InlineData("Decimal32(2)", 9, 2, 4)]
    [InlineData("Decimal64(4)", 18, 4, 8)]
    [InlineData("Decimal(18, 0)", 18, 0, 8)]
    [InlineData("Decimal(19, 0)", 19, 0, 16)]
    [InlineData("Decimal128(10)", 38, 10, 16)]
    [InlineData("Decimal(39, 1)", 39, 1, 32)]
    [InlineData("Decimal256(20)", 76, 20, 32)]
    public void DecimalsAreNormalised(string input, int precision, int scale, int size)
    {
        ClickHouseType type = ClickHouseType.Parse(input);
        Assert.Equal(ClickHouseTypeKind.Decimal, type.Kind);
        Assert.Equal(precision, type.Precision);
        Assert.Equal(scale, type.Scale);
        Assert.Equal(size, type.ByteSize);
    }

    [Theory]
    [InlineData("Int8", 1)] [InlineData("UInt8", 1)] [InlineData("Bool", 1)] [InlineData("Enum8('a' = 1)", 1)]
    [InlineData("Int16", 2)] [InlineData("UInt16", 2)] [InlineData("BFloat16", 2)] [InlineData("Date", 2)] [InlineData("Enum16('a' = 1)", 2)]
    [InlineData("Int32", 4)] [InlineData("UInt32", 4)] [InlineData("Float32", 4)] [InlineData("Date32", 4)] [InlineData("DateTime", 4)]
    [InlineData("IPv4", 4)] [InlineData("Time", 4)]
    [InlineData("Int64", 8)] [InlineData("UInt64", 8)] [InlineData("Float64", 8)] [InlineData("DateTime64(3)", 8)] [InlineData("Time64(3)", 8)]
    [InlineData("IntervalDay", 8)]
    [InlineData("Int128", 16)] [InlineData("UInt128", 16)] [InlineData("UUID", 16)] [InlineData("IPv6", 16)] [InlineData("Point", 16)]
    [InlineData("Int256", 32)] [InlineData("UInt256", 32)]
    [InlineData("FixedString(16)", 16)] [InlineData("LowCardinality(FixedString(3))", 3)]
    [InlineData("SimpleAggregateFunction(sum, UInt64)", 8)] [InlineData("Tuple(UInt8, Int32)", 5)] [InlineData("Nothing", 0)]
    [InlineData("String", -1)] [InlineData("Nullable(UInt8)", -1)] [InlineData("Array(UInt8)", -1)] [InlineData("Map(UInt8, UInt8)", -1)]
    [InlineData("Tuple(UInt8, String)", -1)] [InlineData("Variant(UInt8)", -1)] [InlineData("Dynamic", -1)] [InlineData("JSON", -1)]
    [InlineData("Ring", -1)] [InlineData("LowCardinality(String)", -1)]
    public void ByteSizes(string input, int size) => Assert.Equal(size, ClickHouseType.Parse(input).ByteSize);

    [Fact]
    public void TemporalParameters()
    {
        ClickHouseType dateTime64 = ClickHouseType.Parse("DateTime64(6, 'Europe/Amsterdam')");
        Assert.Equal(ClickHouseTypeKind.DateTime64, dateTime64.Kind);
        Assert.Equal(6, dateTime64.Precision);
        Assert.Equal("Europe/Amsterdam", dateTime64.TimeZone);

        ClickHouseType dateTime = ClickHouseType.Parse("DateTime('Asia/Tokyo')");
        Assert.Equal(ClickHouseTypeKind.DateTime, dateTime.Kind);
        Assert.Equal("Asia/Tokyo", dateTime.TimeZone);
        Assert.Null(ClickHouseType.Parse("DateTime").TimeZone);
        Assert.Null(ClickHouseType.Parse("DateTime64(3)").TimeZone);

        ClickHouseType time64 = ClickHouseType.Parse("Time64(6)");
        Assert.Equal(ClickHouseTypeKind.Time64, time64.Kind);
        Assert.Equal(6, time64.Precision);

        ClickHouseType interval = ClickHouseType.Parse("IntervalSecond");
        Assert.Equal(ClickHouseTypeKind.Interval, interval.Kind);
        Assert.Equal("Second", interval.IntervalUnit);
        Assert.Equal(ClickHouseType.IntervalUnits.Count, ClickHouseType.IntervalUnits.Select(u => ClickHouseType.Parse("Interval" + u)).Distinct().Count());
    }

    [Fact]
    public void EnumMembersAreUnescapedAndOrderedByValue()
    {
        ClickHouseType type = ClickHouseType.Parse(@"Enum8('c' = 127, 'it\'s' = 0, 'a''b' = -128)");
        Assert.Equal(ClickHouseTypeKind.Enum8, type.Kind);
        Assert.Equal(
            new[] { new KeyValuePair<string, short>("a'b", -128), new("it's", 0), new("c", 127) },
            type.EnumMembers);
        Assert.Equal(@"Enum8('a\'b' = -128, 'it\'s' = 0, 'c' = 127)", type.ToString());
        Assert.Equal(ClickHouseTypeKind.Enum16, ClickHouseType.Parse("Enum16('x' = -32768)").Kind);
    }

    [Fact]
    public void CompositeArguments()
    {
        ClickHouseType tuple = ClickHouseType.Parse("Tuple(a Int32, b Nullable(String))");
        Assert.Equal(ClickHouseTypeKind.Tuple, tuple.Kind);
        Assert.Equal(new string?[] { "a", "b" }, tuple.ElementNames);
        Assert.True(tuple.HasElementNames);
        Assert.Equal(new[] { "Int32", "Nullable(String)" }, tuple.Arguments.Select(a => a.ToString()));

        ClickHouseType unnamed = ClickHouseType.Parse("Tuple(UInt8, String)");
        Assert.Empty(unnamed.ElementNames);
        Assert.False(unnamed.HasElementNames);
        Assert.Equal(2, unnamed.Arguments.Count);

        ClickHouseType map = ClickHouseType.Parse("Map(LowCardinality(String), Array(Nullable(Float64)))");
        Assert.Equal(ClickHouseTypeKind.Map, map.Kind);
        Assert.Equal(ClickHouseTypeKind.LowCardinality, map.Arguments[0].Kind);
        Assert.Equal(ClickHouseTypeKind.Array, map.Arguments[1].Kind);
        Assert.Equal(ClickHouseTypeKind.Float64, map.Arguments[1].ElementType!.ElementType!.Kind);

        ClickHouseType variant = ClickHouseType.Parse("Variant(String, UInt64, Array(UInt8))");
        Assert.Equal(new[] { "Array(UInt8)", "String", "UInt64" }, variant.Arguments.Select(a => a.ToString())); // discriminators 0, 1, 2

        ClickHouseType nested = ClickHouseType.Parse("Nested(a UInt8, b String)");
        Assert.Equal(ClickHouseTypeKind.Nested, nested.Kind);
        Assert.Equal(new string?[] { "a", "b" }, nested.ElementNames);

        ClickHouseType saf = ClickHouseType.Parse("SimpleAggregateFunction(groupUniqArrayArray(10), Array(UInt8))");
        Assert.Equal(ClickHouseTypeKind.SimpleAggregateFunction, saf.Kind);
        Assert.Equal("groupUniqArrayArray(10)", saf.AggregateFunction);
        Assert.Equal("Array(UInt8)", Assert.Single(saf.Arguments).ToString());

        ClickHouseType named = ClickHouseType.Parse("Tuple(`a b` Int32, `x` UInt8)");
        Assert.Equal(new string?[] { "a b", "x" }, named.ElementNames);
    }

    [Fact]
    public void WrappersAndNullability()
    {
        ClickHouseType lowNullable = ClickHouseType.Parse("LowCardinality(Nullable(String))");
        Assert.True(lowNullable.IsNullable);
        Assert.Equal("Nullable(String)", lowNullable.Unwrap().ToString());
        Assert.Equal(ClickHouseType.Of(ClickHouseTypeKind.String), lowNullable.UnwrapNullable());

        ClickHouseType saf = ClickHouseType.Parse("SimpleAggregateFunction(anyLast, Nullable(String))");
        Assert.True(saf.IsNullable);
        Assert.Equal("anyLast", saf.AggregateFunction);
        Assert.Equal(ClickHouseTypeKind.Nullable, saf.Unwrap().Kind);

        Assert.True(ClickHouseType.Parse("Nullable(Nothing)").IsNullable);
        Assert.False(ClickHouseType.Parse("Array(Nullable(UInt8))").IsNullable);
        Assert.False(ClickHouseType.Parse("LowCardinality(String)").IsNullable);
        Assert.Null(ClickHouseType.Parse("Map(String, UInt8)").ElementType);
        ClickHouseType plain = ClickHouseType.Parse("UInt8");
        Assert.Same(plain, plain.Unwrap());
        Assert.Same(plain, plain.UnwrapNullable());
    }

    [Fact]
    public void JsonAndDynamicParameters()
    {
        ClickHouseType json = ClickHouseType.Parse("JSON(max_dynamic_paths=10, max_dynamic_types=3, b.c UInt32, a String, SKIP z, SKIP y, SKIP REGEXP 'x.*')");
        Assert.Equal(ClickHouseTypeKind.Json, json.Kind);
        Assert.Equal(10, json.MaxDynamicPaths);
        Assert.Equal(3, json.MaxDynamicTypes);
        Assert.Equal(new[] { "a", "b.c" }, json.JsonTypedPaths.Select(p => p.Key));
        Assert.Equal(ClickHouseTypeKind.UInt32, json.JsonTypedPaths[1].Value.Kind);
        Assert.Equal(new[] { "y", "z" }, json.JsonSkipPaths);
        Assert.Equal(new[] { "x.*" }, json.JsonSkipRegexps);

        ClickHouseType plain = ClickHouseType.Parse("JSON");
        Assert.Null(plain.MaxDynamicPaths);
        Assert.Null(plain.MaxDynamicTypes);
        Assert.Empty(plain.JsonTypedPaths);
        Assert.Empty(plain.JsonSkipPaths);
        Assert.Empty(plain.JsonSkipRegexps);

        Assert.Equal(10, ClickHouseType.Parse("Dynamic(max_types=10)").MaxTypes);
        Assert.Null(ClickHouseType.Parse("Dynamic").MaxTypes);
    }

    [Fact]
    public void EqualityIsByValue()
    {
        ClickHouseType a = ClickHouseType.Parse("Decimal64(4)");
        ClickHouseType b = ClickHouseType.Parse("Decimal( 18 , 4 )");
        Assert.NotSame(a, b);
        Assert.True(a == b);
        Assert.False(a != b);
        Assert.True(a.Equals((object)b));
        Assert.Equal(a.GetHashCode(), b.GetHashCode());
        Assert.NotEqual(a, ClickHouseType.Parse("Decimal(18, 3)"));
        Assert.False(a == null);
        Assert.True((ClickHouseType?)null == null);
        Assert.False(a.Equals(null));

        Assert.Equal(ClickHouseType.Parse("Variant(String, UInt8)"), ClickHouseType.Parse("Variant(UInt8, String)"));
        Assert.Equal(ClickHouseType.Parse("Enum8('a', 'b')"), ClickHouseType.Parse("Enum8('b' = 2, 'a' = 1)"));
        Assert.NotEqual(ClickHouseType.Parse("Tuple(a UInt8)"), ClickHouseType.Parse("Tuple(UInt8)"));
        Assert.NotEqual(ClickHouseType.Parse("DateTime"), ClickHouseType.Parse("DateTime('UTC')"));

        var set = new HashSet<ClickHouseType> { ClickHouseType.Parse("Array(Nullable(String))"), ClickHouseType.Parse("Array( Nullable( String ) )") };
        Assert.Single(set);
    }

    [Fact]
    public void FactoriesBuildTheSameTypesAsTheParser()
    {
        ClickHouseType uint8 = ClickHouseType.Of(ClickHouseTypeKind.UInt8);
        ClickHouseType text = ClickHouseType.Of(ClickHouseTypeKind.String);
        Assert.Same(uint8, ClickHouseType.Parse("UInt8"));
        Assert.Equal("Array(Nullable(String))", ClickHouseType.Array(ClickHouseType.Nullable(text)).ToString());
        Assert.Equal("LowCardinality(String)", ClickHouseType.LowCardinality(text).ToString());
        Assert.Equal("Map(String, UInt8)", ClickHouseType.Map(text, uint8).ToString());
        Assert.Equal("Tuple(UInt8, String)", ClickHouseType.Tuple(uint8, text).ToString());
        Assert.Equal("Tuple(a UInt8, `b c` String)", ClickHouseType.Tuple(new[] { new KeyValuePair<string, ClickHouseType>("a", uint8), new("b c", text) }).ToString());
        Assert.Equal("Nested(a UInt8)", ClickHouseType.Nested(new[] { new KeyValuePair<string, ClickHouseType>("a", uint8) }).ToString());
        Assert.Equal("Variant(String, UInt8)", ClickHouseType.Variant(uint8, text).ToString());
        Assert.Equal(ClickHouseType.Parse("Decimal64(4)"), ClickHouseType.Decimal(18, 4));
        Assert.Equal("FixedString(16)", ClickHouseType.FixedString(16).ToString());
        Assert.Equal("DateTime('UTC')", ClickHouseType.DateTime("UTC").ToString());
        Assert.Equal("DateTime64(3, 'UTC')", ClickHouseType.DateTime64(3, "UTC").ToString());
        Assert.Equal("Time64(6)", ClickHouseType.Time64(6).ToString());
        Assert.Equal("IntervalSecond", ClickHouseType.Interval("Second").ToString());
        Assert.Equal("Enum8('a' = 1, 'b' = 2)", ClickHouseType.Enum8(new[] { new KeyValuePair<string, short>("b", 2), new("a", 1) }).ToString());
        Assert.Equal("Enum16('a' = 1000)", ClickHouseType.Enum16(new[] { new KeyValuePair<string, short>("a", 1000) }).ToString());
        Assert.Equal("SimpleAggregateFunction(sum, UInt64)", ClickHouseType.SimpleAggregateFunction("sum", ClickHouseType.Of(ClickHouseTypeKind.UInt64)).ToString());
        Assert.Equal("Dynamic(max_types=8)", ClickHouseType.Dynamic(8).ToString());
        Assert.Equal("JSON(max_dynamic_paths=8, `a.b` UInt8, SKIP c)",
            ClickHouseType.Json(maxDynamicPaths: 8, typedPaths: new[] { new KeyValuePair<string, ClickHouseType>("a.b", uint8) }, skipPaths: new[] { "c" }).ToString());

        Assert.Throws<ArgumentException>(() => ClickHouseType.Of(ClickHouseTypeKind.FixedString));
        Assert.Throws<ArgumentException>(() => ClickHouseType.Nullable(ClickHouseType.Array(uint8)));
        Assert.Throws<ArgumentException>(() => ClickHouseType.Decimal(0, 0));
        Assert.Throws<ArgumentException>(() => ClickHouseType.FixedString(0));
        Assert.Throws<ArgumentException>(() => ClickHouseType.Interval("Fortnight"));
        Assert.Throws<ArgumentException>(() => ClickHouseType.Enum8(new[] { new KeyValuePair<string, short>("a", 200) }));
        Assert.Throws<ArgumentException>(() => ClickHouseType.Tuple(new[] { new KeyValuePair<string, ClickHouseType>("a", uint8), new("a", text) }));
        Assert.Throws<ArgumentNullException>(() => ClickHouseType.Array(null!));
    }

    // ---- helpers --------------------------------------------------------------------------------------------

    private static List<(string Type, string Expr)> VectorTypes()
    {
        var result = new List<(string, string)>();
        string path = SharedFiles.RequireVector("values.json");
        using JsonDocument document = JsonDocument.Parse(File.ReadAllText(path));
        var seen = new HashSet<string>(StringComparer.Ordinal);
        foreach (JsonElement vector in document.RootElement.GetProperty("vectors").EnumerateArray())
        {
            string type = vector.GetProperty("type").GetString()!;
            if (seen.Add(type))
            {
                result.Add((type, vector.GetProperty("expr").GetString()!));
            }
        }
        return result;
    }

    private static IEnumerable<(string Column, string Type)> SplitSchema(string schema)
    {
        int depth = 0, start = 0;
        for (int i = 0; i <= schema.Length; i++)
        {
            char c = i < schema.Length ? schema[i] : ',';
            if (c == '(')
            {
                depth++;
            }
            else if (c == ')')
            {
                depth--;
            }
            else if (c == ',' && depth == 0)
            {
                string column = schema.Substring(start, i - start).Trim();
                int space = column.IndexOf(' ', StringComparison.Ordinal);
                yield return (column.Substring(0, space), column.Substring(space + 1));
                start = i + 1;
            }
        }
    }

    private static (List<string> Names, List<string> Types) ReadHeader(byte[] stream)
    {
        var reader = new RowBinaryReader(stream);
        RowBinaryHeader header = RowBinaryHeader.Read(ref reader);
        return ([.. header.Names], [.. header.Types]);
    }

    private static List<string> OracleHeaderTypes(string sql)
        => ReadHeader(OracleProcess.Query(sql, "RowBinaryWithNamesAndTypes")).Types;

    private static string SqlEscape(string value) => value.Replace("\\", "\\\\", StringComparison.Ordinal).Replace("'", "\\'", StringComparison.Ordinal);
}
