using System;
using System.Collections.Generic;

namespace ClickHouse.RowBinary;

/// <summary>How the parser reads the arguments that follow a type name.</summary>
internal enum ClickHouseTypeSyntax
{
    /// <summary>No arguments allowed.</summary>
    Simple,
    /// <summary>Optional integer arguments that the server ignores (<c>VARCHAR(255)</c>, <c>Float64(10)</c>).</summary>
    SimpleIgnoringArguments,
    FixedString,
    Decimal,
    /// <summary><c>Decimal32(S)</c> .. <c>Decimal256(S)</c>: the precision is fixed by the name.</summary>
    DecimalWithPrecision,
    DateTime,
    DateTime64,
    Time64,
    Enum8,
    Enum16,
    /// <summary><c>Enum(...)</c>: Enum8 when every value fits, else Enum16.</summary>
    Enum,
    Nullable,
    LowCardinality,
    Array,
    Tuple,
    Map,
    Variant,
    Nested,
    Dynamic,
    Json,
    Interval,
    SimpleAggregateFunction,
    /// <summary><c>QBit(T, N)</c> or <c>QBit(T, N, stride)</c>.</summary>
    QBit,
    /// <summary>A type the server knows that this library does not handle.</summary>
    Unsupported,
}

/// <summary>One spelling of a type name the server accepts.</summary>
internal sealed class ClickHouseTypeName
{
    public ClickHouseTypeName(string name, ClickHouseTypeSyntax syntax, ClickHouseTypeKind kind, bool caseInsensitive, int precision = 0, string? text = null)
    {
        Name = name;
        Syntax = syntax;
        Kind = kind;
        CaseInsensitive = caseInsensitive;
        Precision = precision;
        Text = text;
    }

    /// <summary>The spelling, as the server registers it.</summary>
    public string Name { get; }

    public ClickHouseTypeSyntax Syntax { get; }

    public ClickHouseTypeKind Kind { get; }

    public bool CaseInsensitive { get; }

    /// <summary>The fixed precision of <c>Decimal32</c> .. <c>Decimal256</c>.</summary>
    public int Precision { get; }

    /// <summary>The unit of an interval name, or the reason an unsupported type is rejected.</summary>
    public string? Text { get; }
}

/// <summary>The type names and aliases of ClickHouse 26.9 (<c>system.data_type_families</c>), with their case rules.</summary>
internal static class ClickHouseTypeNames
{
    private static readonly Dictionary<string, ClickHouseTypeName> CaseSensitive = new(StringComparer.Ordinal);
    private static readonly Dictionary<string, ClickHouseTypeName> CaseInsensitive = new(StringComparer.OrdinalIgnoreCase);

    // Upper-case multi-word aliases ("DOUBLE PRECISION") and every proper word prefix of them ("NATIONAL CHAR").
    private static readonly HashSet<string> MultiWordNames = new(StringComparer.Ordinal);
    private static readonly HashSet<string> MultiWordPrefixes = new(StringComparer.Ordinal);

    static ClickHouseTypeNames()
    {
        foreach (ClickHouseTypeKind kind in new[]
        {
            ClickHouseTypeKind.Int8, ClickHouseTypeKind.Int16, ClickHouseTypeKind.Int32, ClickHouseTypeKind.Int64,
            ClickHouseTypeKind.Int128, ClickHouseTypeKind.Int256, ClickHouseTypeKind.UInt8, ClickHouseTypeKind.UInt16,
            ClickHouseTypeKind.UInt32, ClickHouseTypeKind.UInt64, ClickHouseTypeKind.UInt128, ClickHouseTypeKind.UInt256,
            ClickHouseTypeKind.Float32, ClickHouseTypeKind.Float64, ClickHouseTypeKind.BFloat16, ClickHouseTypeKind.String,
        })
        {
            Add(ClickHouseType.KindName(kind), ClickHouseTypeSyntax.SimpleIgnoringArguments, kind, false);
        }
        foreach (ClickHouseTypeKind kind in new[]
        {
            ClickHouseTypeKind.UUID, ClickHouseTypeKind.IPv4, ClickHouseTypeKind.IPv6, ClickHouseTypeKind.Point,
            ClickHouseTypeKind.Ring, ClickHouseTypeKind.LineString, ClickHouseTypeKind.MultiLineString,
            ClickHouseTypeKind.Polygon, ClickHouseTypeKind.MultiPolygon, ClickHouseTypeKind.MultiPoint,
            ClickHouseTypeKind.Geometry, ClickHouseTypeKind.Nothing,
        })
        {
            Add(ClickHouseType.KindName(kind), ClickHouseTypeSyntax.Simple, kind, false);
        }
        Add("FixedString", ClickHouseTypeSyntax.FixedString, ClickHouseTypeKind.FixedString, false);
        Add("Enum8", ClickHouseTypeSyntax.Enum8, ClickHouseTypeKind.Enum8, false);
        Add("Enum16", ClickHouseTypeSyntax.Enum16, ClickHouseTypeKind.Enum16, false);
        // The server also takes these two spellings (but not other mixes of case).
        Add("enum8", ClickHouseTypeSyntax.Enum8, ClickHouseTypeKind.Enum8, false);
        Add("ENUM8", ClickHouseTypeSyntax.Enum8, ClickHouseTypeKind.Enum8, false);
        Add("enum16", ClickHouseTypeSyntax.Enum16, ClickHouseTypeKind.Enum16, false);
        Add("ENUM16", ClickHouseTypeSyntax.Enum16, ClickHouseTypeKind.Enum16, false);
        Add("Nullable", ClickHouseTypeSyntax.Nullable, ClickHouseTypeKind.Nullable, false);
        Add("LowCardinality", ClickHouseTypeSyntax.LowCardinality, ClickHouseTypeKind.LowCardinality, false);
        Add("Array", ClickHouseTypeSyntax.Array, ClickHouseTypeKind.Array, false);
        Add("Tuple", ClickHouseTypeSyntax.Tuple, ClickHouseTypeKind.Tuple, false);
        Add("Map", ClickHouseTypeSyntax.Map, ClickHouseTypeKind.Map, false);
        Add("Variant", ClickHouseTypeSyntax.Variant, ClickHouseTypeKind.Variant, false);
        Add("Nested", ClickHouseTypeSyntax.Nested, ClickHouseTypeKind.Nested, false);
        Add("Dynamic", ClickHouseTypeSyntax.Dynamic, ClickHouseTypeKind.Dynamic, false);
        Add("SimpleAggregateFunction", ClickHouseTypeSyntax.SimpleAggregateFunction, ClickHouseTypeKind.SimpleAggregateFunction, false);
        Add("QBit", ClickHouseTypeSyntax.QBit, ClickHouseTypeKind.QBit, false);
        foreach (string unit in ClickHouseType.IntervalUnits)
        {
            Add("Interval" + unit, ClickHouseTypeSyntax.Interval, ClickHouseTypeKind.Interval, false, text: unit);
        }

        Unsupported("AggregateFunction", AggregateFunctionStates);
        Unsupported("Object", "Object('json') is the removed experimental JSON type; use JSON");

        // Registered case-insensitively by the server.
        Add("Bool", ClickHouseTypeSyntax.Simple, ClickHouseTypeKind.Bool, true);
        Add("BOOLEAN", ClickHouseTypeSyntax.Simple, ClickHouseTypeKind.Bool, true);
        Add("Date", ClickHouseTypeSyntax.Simple, ClickHouseTypeKind.Date, true);
        Add("Date32", ClickHouseTypeSyntax.Simple, ClickHouseTypeKind.Date32, true);
        Add("DateTime", ClickHouseTypeSyntax.DateTime, ClickHouseTypeKind.DateTime, true);
        Add("DateTime32", ClickHouseTypeSyntax.DateTime, ClickHouseTypeKind.DateTime, true);
        Add("TIMESTAMP", ClickHouseTypeSyntax.DateTime, ClickHouseTypeKind.DateTime, true);
        Add("DateTime64", ClickHouseTypeSyntax.DateTime64, ClickHouseTypeKind.DateTime64, true);
        Add("Decimal", ClickHouseTypeSyntax.Decimal, ClickHouseTypeKind.Decimal, true);
        Add("DEC", ClickHouseTypeSyntax.Decimal, ClickHouseTypeKind.Decimal, true);
        Add("FIXED", ClickHouseTypeSyntax.Decimal, ClickHouseTypeKind.Decimal, true);
        Add("NUMERIC", ClickHouseTypeSyntax.Decimal, ClickHouseTypeKind.Decimal, true);
        Add("Decimal32", ClickHouseTypeSyntax.DecimalWithPrecision, ClickHouseTypeKind.Decimal, true, precision: 9);
        Add("Decimal64", ClickHouseTypeSyntax.DecimalWithPrecision, ClickHouseTypeKind.Decimal, true, precision: 18);
        Add("Decimal128", ClickHouseTypeSyntax.DecimalWithPrecision, ClickHouseTypeKind.Decimal, true, precision: 38);
        Add("Decimal256", ClickHouseTypeSyntax.DecimalWithPrecision, ClickHouseTypeKind.Decimal, true, precision: 76);
        Add("Enum", ClickHouseTypeSyntax.Enum, ClickHouseTypeKind.Enum8, true);
        Add("JSON", ClickHouseTypeSyntax.Json, ClickHouseTypeKind.Json, true);
        Add("Time", ClickHouseTypeSyntax.Simple, ClickHouseTypeKind.Time, true);
        Add("Time64", ClickHouseTypeSyntax.Time64, ClickHouseTypeKind.Time64, true);
        Add("BINARY", ClickHouseTypeSyntax.FixedString, ClickHouseTypeKind.FixedString, true);
        Add("INET4", ClickHouseTypeSyntax.Simple, ClickHouseTypeKind.IPv4, true);
        Add("INET6", ClickHouseTypeSyntax.Simple, ClickHouseTypeKind.IPv6, true);

        Aliases(ClickHouseTypeKind.Float32, "FLOAT", "REAL", "SINGLE");
        Aliases(ClickHouseTypeKind.Float64, "DOUBLE", "DOUBLE PRECISION");
        Aliases(ClickHouseTypeKind.Int8, "BYTE", "INT1", "INT1 SIGNED", "TINYINT", "TINYINT SIGNED");
        Aliases(ClickHouseTypeKind.Int16, "SMALLINT", "SMALLINT SIGNED");
        Aliases(ClickHouseTypeKind.Int32, "INT", "INT SIGNED", "INTEGER", "INTEGER SIGNED", "MEDIUMINT", "MEDIUMINT SIGNED");
        Aliases(ClickHouseTypeKind.Int64, "BIGINT", "BIGINT SIGNED", "SIGNED");
        Aliases(ClickHouseTypeKind.UInt8, "INT1 UNSIGNED", "TINYINT UNSIGNED");
        Aliases(ClickHouseTypeKind.UInt16, "SMALLINT UNSIGNED", "YEAR");
        Aliases(ClickHouseTypeKind.UInt32, "INT UNSIGNED", "INTEGER UNSIGNED", "MEDIUMINT UNSIGNED");
        Aliases(ClickHouseTypeKind.UInt64, "BIGINT UNSIGNED", "BIT", "SET", "UNSIGNED");
        Aliases(
            ClickHouseTypeKind.String,
            "BINARY LARGE OBJECT", "BINARY VARYING", "BLOB", "BYTEA", "CHAR", "CHAR LARGE OBJECT", "CHAR VARYING",
            "CHARACTER", "CHARACTER LARGE OBJECT", "CHARACTER VARYING", "CLOB", "LONGBLOB", "LONGTEXT", "MEDIUMBLOB",
            "MEDIUMTEXT", "NATIONAL CHAR", "NATIONAL CHAR VARYING", "NATIONAL CHARACTER", "NATIONAL CHARACTER LARGE OBJECT",
            "NATIONAL CHARACTER VARYING", "NCHAR", "NCHAR LARGE OBJECT", "NCHAR VARYING", "NVARCHAR", "TEXT", "TINYBLOB",
            "TINYTEXT", "VARBINARY", "VARCHAR", "VARCHAR2");
    }

    /// <summary>Why AggregateFunction columns are refused, and what to select instead (proven against ClickHouse 26.9).</summary>
    public const string AggregateFunctionStates =
        "AggregateFunction(f, ...) holds aggregation states, which are not self-delimiting in RowBinary: each function writes a state "
        + "of its own making, so reading one needs the function itself. Select finalizeAggregation(column) (or fMerge(column) with "
        + "GROUP BY) for the value, or CAST(column AS String) or hex(column) for the state's bytes as a String; or store the column as "
        + "SimpleAggregateFunction(f, T), which reads as T";

    /// <summary>The entry for <paramref name="name"/> (multi-word names with single spaces), honouring the server's case rules.</summary>
    public static ClickHouseTypeName? Find(string name)
    {
        if (CaseSensitive.TryGetValue(name, out ClickHouseTypeName? exact))
        {
            return exact;
        }
        return CaseInsensitive.TryGetValue(name, out ClickHouseTypeName? alias) ? alias : null;
    }

    /// <summary>Explains why <paramref name="name"/> is not a type, suggesting the right spelling when only the case is wrong.</summary>
    public static string DescribeUnknown(string name)
    {
        foreach (KeyValuePair<string, ClickHouseTypeName> entry in CaseSensitive)
        {
            if (string.Equals(entry.Key, name, StringComparison.OrdinalIgnoreCase))
            {
                return "unknown type '" + name + "'; type names are case-sensitive: did you mean '" + entry.Key + "'?";
            }
        }
        return "unknown type '" + name + "'";
    }

    /// <summary>True when <paramref name="upperPhrase"/> is a complete multi-word alias.</summary>
    public static bool IsMultiWordName(string upperPhrase) => MultiWordNames.Contains(upperPhrase);

    /// <summary>True when some multi-word alias continues <paramref name="upperPhrase"/> with more words.</summary>
    public static bool IsMultiWordPrefix(string upperPhrase) => MultiWordPrefixes.Contains(upperPhrase);

    private static void Aliases(ClickHouseTypeKind kind, params string[] names)
    {
        foreach (string name in names)
        {
            Add(name, ClickHouseTypeSyntax.SimpleIgnoringArguments, kind, true);
        }
    }

    private static void Unsupported(string name, string reason)
        => Add(name, ClickHouseTypeSyntax.Unsupported, ClickHouseTypeKind.Nothing, false, text: reason);

    private static void Add(string name, ClickHouseTypeSyntax syntax, ClickHouseTypeKind kind, bool caseInsensitive, int precision = 0, string? text = null)
    {
        var entry = new ClickHouseTypeName(name, syntax, kind, caseInsensitive, precision, text);
        if (caseInsensitive)
        {
            CaseInsensitive.Add(name, entry);
        }
        CaseSensitive.Add(name, entry);
        if (name.IndexOf(' ') >= 0)
        {
            string upper = name.ToUpperInvariant();
            MultiWordNames.Add(upper);
            for (int space = upper.IndexOf(' '); space >= 0; space = upper.IndexOf(' ', space + 1))
            {
                MultiWordPrefixes.Add(upper.Substring(0, space));
            }
        }
    }
}
