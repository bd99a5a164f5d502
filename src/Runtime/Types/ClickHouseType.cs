using System;
using System.Collections.Generic;
using System.Collections.ObjectModel;
using System.Globalization;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// A parsed ClickHouse data type: immutable, equal by value, and rendered by <see cref="ToString"/> exactly as a
/// ClickHouse 26.9 server prints it in a RowBinaryWithNamesAndTypes header.
/// </summary>
/// <remarks>
/// Instances are canonical: <c>Decimal64(4)</c> becomes <c>Decimal(18, 4)</c>, enum members are ordered by value,
/// <c>Variant</c> members are ordered by name (so <c>Arguments[i]</c> is the type of discriminator <c>i</c>), JSON
/// paths are sorted and parameters equal to the server defaults are dropped. Two types are equal when their
/// canonical forms are equal.
/// </remarks>
public sealed partial class ClickHouseType : IEquatable<ClickHouseType>
{
    private string? _canonical;
    private Dictionary<short, string>? _enumLabels;

    private ClickHouseType(
        ClickHouseTypeKind kind,
        ClickHouseType[]? arguments = null,
        string?[]? elementNames = null,
        int length = 0,
        int precision = 0,
        int scale = 0,
        string? timeZone = null,
        KeyValuePair<string, short>[]? enumMembers = null,
        string? intervalUnit = null,
        string? aggregateFunction = null,
        int? maxTypes = null,
        int? maxDynamicPaths = null,
        int? maxDynamicTypes = null,
        KeyValuePair<string, ClickHouseType>[]? jsonTypedPaths = null,
        string[]? jsonSkipPaths = null,
        string[]? jsonSkipRegexps = null,
        int dimension = 0,
        int? stride = null)
    {
        Kind = kind;
        Arguments = arguments is { Length: > 0 } ? new ReadOnlyCollection<ClickHouseType>(arguments) : Empty.Types;
        ElementNames = elementNames is { Length: > 0 } ? new ReadOnlyCollection<string?>(elementNames) : Empty.Names;
        Length = length;
        Precision = precision;
        Scale = scale;
        TimeZone = timeZone;
        EnumMembers = enumMembers is { Length: > 0 } ? new ReadOnlyCollection<KeyValuePair<string, short>>(enumMembers) : Empty.EnumMembers;
        IntervalUnit = intervalUnit;
        AggregateFunction = aggregateFunction;
        MaxTypes = maxTypes;
        MaxDynamicPaths = maxDynamicPaths;
        MaxDynamicTypes = maxDynamicTypes;
        JsonTypedPaths = jsonTypedPaths is { Length: > 0 } ? new ReadOnlyCollection<KeyValuePair<string, ClickHouseType>>(jsonTypedPaths) : Empty.TypedPaths;
        JsonSkipPaths = jsonSkipPaths is { Length: > 0 } ? new ReadOnlyCollection<string>(jsonSkipPaths) : Empty.Strings;
        JsonSkipRegexps = jsonSkipRegexps is { Length: > 0 } ? new ReadOnlyCollection<string>(jsonSkipRegexps) : Empty.Strings;
        Dimension = dimension;
        Stride = stride;
    }

    /// <summary>The type family.</summary>
    public ClickHouseTypeKind Kind { get; }

    /// <summary>
    /// The nested types: the element of <c>Nullable</c>, <c>LowCardinality</c> and <c>Array</c>; the elements of
    /// <c>Tuple</c>; key then value of <c>Map</c>; the members of <c>Variant</c> in discriminator order; the fields of
    /// <c>Nested</c>; the value type of <c>SimpleAggregateFunction</c>; the element type of <c>QBit</c>; the geo types of
    /// <c>Geometry</c> in its discriminator order (<c>LineString</c>, <c>MultiLineString</c>, <c>MultiPolygon</c>,
    /// <c>Point</c>, <c>Polygon</c>, <c>Ring</c>, then <c>MultiPoint</c>, which ClickHouse added last). Empty for every
    /// other kind.
    /// </summary>
    public IReadOnlyList<ClickHouseType> Arguments { get; }

    /// <summary>Names parallel to <see cref="Arguments"/> for a named <c>Tuple</c> and for <c>Nested</c>; empty otherwise.</summary>
    public IReadOnlyList<string?> ElementNames { get; }

    /// <summary>The byte length N of <c>FixedString(N)</c>; 0 for other kinds.</summary>
    public int Length { get; }

    /// <summary>Decimal precision P (1..76); the sub-second digits of <c>DateTime64</c> and <c>Time64</c> (0..9); 0 otherwise.</summary>
    public int Precision { get; }

    /// <summary>Decimal scale S (0..P); 0 for other kinds.</summary>
    public int Scale { get; }

    /// <summary>The time zone of <c>DateTime('tz')</c> and <c>DateTime64(p, 'tz')</c>, or null when none is given.</summary>
    public string? TimeZone { get; }

    /// <summary>Enum labels (unescaped) and values, ordered by value; empty for non-enum kinds.</summary>
    public IReadOnlyList<KeyValuePair<string, short>> EnumMembers { get; }

    /// <summary>The unit of an <c>Interval</c> kind: <c>Nanosecond</c>, ..., <c>Second</c>, ..., <c>Year</c>; null otherwise.</summary>
    public string? IntervalUnit { get; }

    /// <summary>The function of a <c>SimpleAggregateFunction</c>, with its parameters if any (<c>sum</c>, <c>groupUniqArrayArray(10)</c>).</summary>
    public string? AggregateFunction { get; }

    /// <summary>The <c>max_types</c> of <c>Dynamic(max_types=N)</c>; null when not given or equal to the default (32).</summary>
    public int? MaxTypes { get; }

    /// <summary>The JSON <c>max_dynamic_paths</c>; null when not given or equal to the default (1024).</summary>
    public int? MaxDynamicPaths { get; }

    /// <summary>The JSON <c>max_dynamic_types</c>; null when not given or equal to the default (32).</summary>
    public int? MaxDynamicTypes { get; }

    /// <summary>JSON paths declared with a type (<c>JSON(a.b UInt32)</c>), sorted by path.</summary>
    public IReadOnlyList<KeyValuePair<string, ClickHouseType>> JsonTypedPaths { get; }

    /// <summary>JSON <c>SKIP path</c> entries, sorted and distinct.</summary>
    public IReadOnlyList<string> JsonSkipPaths { get; }

    /// <summary>JSON <c>SKIP REGEXP 'pattern'</c> entries (unescaped), sorted.</summary>
    public IReadOnlyList<string> JsonSkipRegexps { get; }

    /// <summary>The number of elements N of <c>QBit(T, N)</c>, which every value has exactly; 0 for other kinds.</summary>
    public int Dimension { get; }

    /// <summary>The stride of <c>QBit(T, N, stride)</c> (how the server groups elements on disk; not in RowBinary);
    /// null when not given or equal to the dimension.</summary>
    public int? Stride { get; }

    /// <summary>True for a named <c>Tuple</c> and for <c>Nested</c>.</summary>
    public bool HasElementNames => ElementNames.Count > 0;

    /// <summary>
    /// The single nested type of <c>Nullable</c>, <c>LowCardinality</c>, <c>Array</c>, <c>QBit</c> and
    /// <c>SimpleAggregateFunction</c>; null for every other kind.
    /// </summary>
    public ClickHouseType? ElementType => Kind is ClickHouseTypeKind.Nullable or ClickHouseTypeKind.LowCardinality
        or ClickHouseTypeKind.Array or ClickHouseTypeKind.QBit or ClickHouseTypeKind.SimpleAggregateFunction ? Arguments[0] : null;

    /// <summary>True when values can be NULL: the type is <c>Nullable(T)</c> once <see cref="Unwrap"/> has removed
    /// <c>LowCardinality</c> and <c>SimpleAggregateFunction</c> (so <c>LowCardinality(Nullable(String))</c> is nullable).</summary>
    public bool IsNullable => Unwrap().Kind == ClickHouseTypeKind.Nullable;

    /// <summary>
    /// The size in bytes of one RowBinary value for fixed-width types, or -1 when the size varies (strings, arrays,
    /// maps, Nullable, Variant, Dynamic, JSON, ...). <c>LowCardinality</c> and <c>SimpleAggregateFunction</c> have the
    /// size of their element; a <c>Tuple</c> of fixed-width elements the sum of their sizes; <c>Nothing</c> 0.
    /// </summary>
    public int ByteSize
    {
        get
        {
            switch (Kind)
            {
                case ClickHouseTypeKind.Int8:
                case ClickHouseTypeKind.UInt8:
                case ClickHouseTypeKind.Bool:
                case ClickHouseTypeKind.Enum8:
                    return 1;
                case ClickHouseTypeKind.Int16:
                case ClickHouseTypeKind.UInt16:
                case ClickHouseTypeKind.BFloat16:
                case ClickHouseTypeKind.Date:
                case ClickHouseTypeKind.Enum16:
                    return 2;
                case ClickHouseTypeKind.Int32:
                case ClickHouseTypeKind.UInt32:
                case ClickHouseTypeKind.Float32:
                case ClickHouseTypeKind.Date32:
                case ClickHouseTypeKind.DateTime:
                case ClickHouseTypeKind.IPv4:
                case ClickHouseTypeKind.Time:
                    return 4;
                case ClickHouseTypeKind.Int64:
                case ClickHouseTypeKind.UInt64:
                case ClickHouseTypeKind.Float64:
                case ClickHouseTypeKind.DateTime64:
                case ClickHouseTypeKind.Time64:
                case ClickHouseTypeKind.Interval:
                    return 8;
                case ClickHouseTypeKind.Int128:
                case ClickHouseTypeKind.UInt128:
                case ClickHouseTypeKind.UUID:
                case ClickHouseTypeKind.IPv6:
                case ClickHouseTypeKind.Point:
                    return 16;
                case ClickHouseTypeKind.Int256:
                case ClickHouseTypeKind.UInt256:
                    return 32;
                case ClickHouseTypeKind.FixedString:
                    return Length;
                case ClickHouseTypeKind.Decimal:
                    return DecimalByteSize(Precision);
                case ClickHouseTypeKind.Nothing:
                    return 0;
                case ClickHouseTypeKind.LowCardinality:
                case ClickHouseTypeKind.SimpleAggregateFunction:
                    return Arguments[0].ByteSize;
                case ClickHouseTypeKind.Tuple:
                    int sum = 0;
                    foreach (ClickHouseType element in Arguments)
                    {
                        int size = element.ByteSize;
                        if (size < 0)
                        {
                            return -1;
                        }
                        // Creation rejects tuples whose values would take more than int.MaxValue bytes.
                        sum = checked(sum + size);
                    }
                    return sum;
                default:
                    return -1;
            }
        }
    }

    /// <summary>The storage size of a decimal of precision <paramref name="precision"/>: 4, 8, 16 or 32 bytes.</summary>
    public static int DecimalByteSize(int precision) => precision <= 9 ? 4 : precision <= 18 ? 8 : precision <= 38 ? 16 : 32;

    /// <summary>This type without <c>LowCardinality</c> and <c>SimpleAggregateFunction</c> wrappers, which do not
    /// change the RowBinary encoding.</summary>
    public ClickHouseType Unwrap()
    {
        ClickHouseType type = this;
        while (type.Kind is ClickHouseTypeKind.LowCardinality or ClickHouseTypeKind.SimpleAggregateFunction)
        {
            type = type.Arguments[0];
        }
        return type;
    }

    /// <summary><see cref="Unwrap"/>, then the element of <c>Nullable</c> (unwrapped again) if the type is nullable.</summary>
    public ClickHouseType UnwrapNullable()
    {
        ClickHouseType type = Unwrap();
        return type.Kind == ClickHouseTypeKind.Nullable ? type.Arguments[0].Unwrap() : type;
    }

    /// <summary>Parses a ClickHouse type string; see <see cref="ClickHouseTypeParser.Parse"/>.</summary>
    /// <exception cref="ClickHouseTypeParseException">The string is not a valid ClickHouse type.</exception>
    public static ClickHouseType Parse(string text) => ClickHouseTypeParser.Parse(text);

    /// <summary>Parses a ClickHouse type string without throwing; see <see cref="ClickHouseTypeParser.TryParse"/>.</summary>
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
        => ClickHouseTypeParser.TryParse(text, out type, out error);

    /// <summary>The canonical type string, exactly as a ClickHouse 26.9 server prints it.</summary>
    public override string ToString()
    {
        string? canonical = _canonical;
        if (canonical is null)
        {
            var builder = new StringBuilder();
            Render(builder);
            canonical = builder.ToString();
            _canonical = canonical;
        }
        return canonical;
    }

    /// <summary>The label of an Enum8/Enum16 value, found without scanning the members (an Enum16 may have 65,536).</summary>
    internal bool TryGetEnumLabel(short value, out string label)
    {
        Dictionary<short, string>? labels = _enumLabels;
        if (labels is null)
        {
            labels = new Dictionary<short, string>(EnumMembers.Count);
            foreach (KeyValuePair<string, short> member in EnumMembers)
            {
                if (!labels.ContainsKey(member.Value))
                {
                    labels.Add(member.Value, member.Key);
                }
            }
            _enumLabels = labels;
        }
        return labels.TryGetValue(value, out label!);
    }

    /// <inheritdoc/>
    public bool Equals(ClickHouseType? other)
        => other is not null && (ReferenceEquals(this, other)
            || (Kind == other.Kind && string.Equals(ToString(), other.ToString(), StringComparison.Ordinal)));

    /// <inheritdoc/>
    public override bool Equals(object? obj) => Equals(obj as ClickHouseType);

    /// <inheritdoc/>
    public override int GetHashCode() => StringComparer.Ordinal.GetHashCode(ToString());

    /// <summary>Value equality.</summary>
    public static bool operator ==(ClickHouseType? left, ClickHouseType? right)
        => left is null ? right is null : left.Equals(right);

    /// <summary>Value inequality.</summary>
    public static bool operator !=(ClickHouseType? left, ClickHouseType? right) => !(left == right);

    private void Render(StringBuilder builder)
    {
        switch (Kind)
        {
            case ClickHouseTypeKind.FixedString:
                builder.Append("FixedString(").Append(Format(Length)).Append(')');
                break;
            case ClickHouseTypeKind.Decimal:
                builder.Append("Decimal(").Append(Format(Precision)).Append(", ").Append(Format(Scale)).Append(')');
                break;
            case ClickHouseTypeKind.DateTime:
                builder.Append("DateTime");
                if (TimeZone is not null)
                {
                    builder.Append('(');
                    ClickHouseSyntax.AppendQuoted(builder, TimeZone, '\'');
                    builder.Append(')');
                }
                break;
            case ClickHouseTypeKind.DateTime64:
                builder.Append("DateTime64(").Append(Format(Precision));
                if (TimeZone is not null)
                {
                    builder.Append(", ");
                    ClickHouseSyntax.AppendQuoted(builder, TimeZone, '\'');
                }
                builder.Append(')');
                break;
            case ClickHouseTypeKind.Time64:
                builder.Append("Time64(").Append(Format(Precision)).Append(')');
                break;
            case ClickHouseTypeKind.Enum8:
            case ClickHouseTypeKind.Enum16:
                builder.Append(KindName(Kind)).Append('(');
                for (int i = 0; i < EnumMembers.Count; i++)
                {
                    if (i > 0)
                    {
                        builder.Append(", ");
                    }
                    ClickHouseSyntax.AppendQuoted(builder, EnumMembers[i].Key, '\'');
                    builder.Append(" = ").Append(Format(EnumMembers[i].Value));
                }
                builder.Append(')');
                break;
            case ClickHouseTypeKind.Nullable:
            case ClickHouseTypeKind.LowCardinality:
            case ClickHouseTypeKind.Array:
            case ClickHouseTypeKind.Map:
            case ClickHouseTypeKind.Variant:
            case ClickHouseTypeKind.Tuple:
            case ClickHouseTypeKind.Nested:
                builder.Append(KindName(Kind)).Append('(');
                for (int i = 0; i < Arguments.Count; i++)
                {
                    if (i > 0)
                    {
                        builder.Append(", ");
                    }
                    if (ElementNames.Count > 0)
                    {
                        ClickHouseSyntax.AppendIdentifier(builder, ElementNames[i] ?? string.Empty);
                        builder.Append(' ');
                    }
                    builder.Append(Arguments[i].ToString());
                }
                builder.Append(')');
                break;
            case ClickHouseTypeKind.Dynamic:
                builder.Append("Dynamic");
                if (MaxTypes is int maxTypes)
                {
                    builder.Append("(max_types=").Append(Format(maxTypes)).Append(')');
                }
                break;
            case ClickHouseTypeKind.Json:
                RenderJson(builder);
                break;
            case ClickHouseTypeKind.Interval:
                builder.Append("Interval").Append(IntervalUnit);
                break;
            case ClickHouseTypeKind.SimpleAggregateFunction:
                builder.Append("SimpleAggregateFunction(").Append(AggregateFunction).Append(", ").Append(Arguments[0].ToString()).Append(')');
                break;
            case ClickHouseTypeKind.QBit:
                builder.Append("QBit(").Append(Arguments[0].ToString()).Append(", ").Append(Format(Dimension));
                if (Stride is int stride)
                {
                    builder.Append(", ").Append(Format(stride));
                }
                builder.Append(')');
                break;
            default:
                builder.Append(KindName(Kind));
                break;
        }
    }

    private void RenderJson(StringBuilder builder)
    {
        builder.Append("JSON");
        if (MaxDynamicTypes is null && MaxDynamicPaths is null && JsonTypedPaths.Count == 0 && JsonSkipPaths.Count == 0 && JsonSkipRegexps.Count == 0)
        {
            return;
        }
        builder.Append('(');
        bool first = true;
        if (MaxDynamicTypes is int maxTypes)
        {
            Separate(builder, ref first);
            builder.Append("max_dynamic_types=").Append(Format(maxTypes));
        }
        if (MaxDynamicPaths is int maxPaths)
        {
            Separate(builder, ref first);
            builder.Append("max_dynamic_paths=").Append(Format(maxPaths));
        }
        foreach (KeyValuePair<string, ClickHouseType> typed in JsonTypedPaths)
        {
            Separate(builder, ref first);
            ClickHouseSyntax.AppendJsonPath(builder, typed.Key);
            builder.Append(' ').Append(typed.Value.ToString());
        }
        foreach (string path in JsonSkipPaths)
        {
            Separate(builder, ref first);
            builder.Append("SKIP ");
            ClickHouseSyntax.AppendJsonPath(builder, path);
        }
        foreach (string regexp in JsonSkipRegexps)
        {
            Separate(builder, ref first);
            builder.Append("SKIP REGEXP ");
            ClickHouseSyntax.AppendQuoted(builder, regexp, '\'');
        }
        builder.Append(')');

        static void Separate(StringBuilder b, ref bool isFirst)
        {
            if (!isFirst)
            {
                b.Append(", ");
            }
            isFirst = false;
        }
    }

    private static string Format(long value) => value.ToString(CultureInfo.InvariantCulture);

    /// <summary>The canonical spelling of a kind's name as the server prints it (<c>Interval</c> has no unit here).</summary>
    public static string KindName(ClickHouseTypeKind kind) => kind switch
    {
        ClickHouseTypeKind.Int8 => "Int8",
        ClickHouseTypeKind.Int16 => "Int16",
        ClickHouseTypeKind.Int32 => "Int32",
        ClickHouseTypeKind.Int64 => "Int64",
        ClickHouseTypeKind.Int128 => "Int128",
        ClickHouseTypeKind.Int256 => "Int256",
        ClickHouseTypeKind.UInt8 => "UInt8",
        ClickHouseTypeKind.UInt16 => "UInt16",
        ClickHouseTypeKind.UInt32 => "UInt32",
        ClickHouseTypeKind.UInt64 => "UInt64",
        ClickHouseTypeKind.UInt128 => "UInt128",
        ClickHouseTypeKind.UInt256 => "UInt256",
        ClickHouseTypeKind.Float32 => "Float32",
        ClickHouseTypeKind.Float64 => "Float64",
        ClickHouseTypeKind.BFloat16 => "BFloat16",
        ClickHouseTypeKind.Bool => "Bool",
        ClickHouseTypeKind.String => "String",
        ClickHouseTypeKind.FixedString => "FixedString",
        ClickHouseTypeKind.Date => "Date",
        ClickHouseTypeKind.Date32 => "Date32",
        ClickHouseTypeKind.DateTime => "DateTime",
        ClickHouseTypeKind.DateTime64 => "DateTime64",
        ClickHouseTypeKind.Decimal => "Decimal",
        ClickHouseTypeKind.UUID => "UUID",
        ClickHouseTypeKind.IPv4 => "IPv4",
        ClickHouseTypeKind.IPv6 => "IPv6",
        ClickHouseTypeKind.Enum8 => "Enum8",
        ClickHouseTypeKind.Enum16 => "Enum16",
        ClickHouseTypeKind.Nullable => "Nullable",
        ClickHouseTypeKind.LowCardinality => "LowCardinality",
        ClickHouseTypeKind.Array => "Array",
        ClickHouseTypeKind.Tuple => "Tuple",
        ClickHouseTypeKind.Map => "Map",
        ClickHouseTypeKind.Variant => "Variant",
        ClickHouseTypeKind.Dynamic => "Dynamic",
        ClickHouseTypeKind.Json => "JSON",
        ClickHouseTypeKind.Point => "Point",
        ClickHouseTypeKind.Ring => "Ring",
        ClickHouseTypeKind.LineString => "LineString",
        ClickHouseTypeKind.MultiLineString => "MultiLineString",
        ClickHouseTypeKind.Polygon => "Polygon",
        ClickHouseTypeKind.MultiPolygon => "MultiPolygon",
        ClickHouseTypeKind.Time => "Time",
        ClickHouseTypeKind.Time64 => "Time64",
        ClickHouseTypeKind.Interval => "Interval",
        ClickHouseTypeKind.SimpleAggregateFunction => "SimpleAggregateFunction",
        ClickHouseTypeKind.Nested => "Nested",
        ClickHouseTypeKind.Nothing => "Nothing",
        ClickHouseTypeKind.QBit => "QBit",
        ClickHouseTypeKind.MultiPoint => "MultiPoint",
        ClickHouseTypeKind.Geometry => "Geometry",
        _ => throw new ArgumentOutOfRangeException(nameof(kind), kind, "Unknown ClickHouse type kind."),
    };

    // A nested class, so these are initialised before first use whatever the order of the partial files' initialisers.
    private static class Empty
    {
        public static readonly ReadOnlyCollection<ClickHouseType> Types = new(System.Array.Empty<ClickHouseType>());
        public static readonly ReadOnlyCollection<string?> Names = new(System.Array.Empty<string?>());
        public static readonly ReadOnlyCollection<string> Strings = new(System.Array.Empty<string>());
        public static readonly ReadOnlyCollection<KeyValuePair<string, short>> EnumMembers = new(System.Array.Empty<KeyValuePair<string, short>>());
        public static readonly ReadOnlyCollection<KeyValuePair<string, ClickHouseType>> TypedPaths = new(System.Array.Empty<KeyValuePair<string, ClickHouseType>>());
    }
}
