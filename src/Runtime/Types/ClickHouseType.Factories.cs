using System;
using System.Collections.Generic;
using System.Globalization;

namespace ClickHouse.RowBinary;

// Construction: public factories (throwing ArgumentException) over the validating TryCreate methods the parser uses,
// so a type built in code is checked and normalised exactly like a parsed one.
public sealed partial class ClickHouseType
{
    /// <summary>The largest <c>FixedString</c> length a server accepts.</summary>
    public const int MaxFixedStringLength = 0xFFFFFF;

    /// <summary>The interval units, in the order of <c>IntervalNanosecond</c> .. <c>IntervalYear</c>.</summary>
    public static IReadOnlyList<string> IntervalUnits { get; } = new System.Collections.ObjectModel.ReadOnlyCollection<string>(new[]
    {
        "Nanosecond", "Microsecond", "Millisecond", "Second", "Minute", "Hour", "Day", "Week", "Month", "Quarter", "Year",
    });

    private const int DefaultDynamicMaxTypes = 32;
    private const int DefaultJsonMaxDynamicTypes = 32;
    private const int DefaultJsonMaxDynamicPaths = 1024;
    private const int MaxDynamicMaxTypes = 254;
    private const int MaxJsonMaxDynamicPaths = 10000;
    private const int MaxVariantTypes = 255;

    /// <summary>
    /// The largest QBit dimension a server accepts: it stores each bit of a vector's elements as a FixedString of one
    /// bit per element, and a FixedString holds at most <see cref="MaxFixedStringLength"/> bytes.
    /// </summary>
    public const int MaxQBitDimension = MaxFixedStringLength * 8;

    private static readonly ClickHouseType?[] SimpleTypes = CreateSimpleTypes();

    private static ClickHouseType?[] CreateSimpleTypes()
    {
        // Geometry is the last kind.
        var types = new ClickHouseType?[(int)ClickHouseTypeKind.Geometry + 1];
        foreach (ClickHouseTypeKind kind in new[]
        {
            ClickHouseTypeKind.Int8, ClickHouseTypeKind.Int16, ClickHouseTypeKind.Int32, ClickHouseTypeKind.Int64,
            ClickHouseTypeKind.Int128, ClickHouseTypeKind.Int256, ClickHouseTypeKind.UInt8, ClickHouseTypeKind.UInt16,
            ClickHouseTypeKind.UInt32, ClickHouseTypeKind.UInt64, ClickHouseTypeKind.UInt128, ClickHouseTypeKind.UInt256,
            ClickHouseTypeKind.Float32, ClickHouseTypeKind.Float64, ClickHouseTypeKind.BFloat16, ClickHouseTypeKind.Bool,
            ClickHouseTypeKind.String, ClickHouseTypeKind.Date, ClickHouseTypeKind.Date32, ClickHouseTypeKind.DateTime,
            ClickHouseTypeKind.UUID, ClickHouseTypeKind.IPv4, ClickHouseTypeKind.IPv6, ClickHouseTypeKind.Dynamic,
            ClickHouseTypeKind.Json, ClickHouseTypeKind.Point, ClickHouseTypeKind.Ring, ClickHouseTypeKind.LineString,
            ClickHouseTypeKind.MultiLineString, ClickHouseTypeKind.Polygon, ClickHouseTypeKind.MultiPolygon,
            ClickHouseTypeKind.Time, ClickHouseTypeKind.Nothing, ClickHouseTypeKind.MultiPoint,
        })
        {
            types[(int)kind] = new ClickHouseType(kind);
        }
        // Discriminators 0 to 5 number the first six geo types by name; MultiPoint came later and took 6.
        types[(int)ClickHouseTypeKind.Geometry] = new ClickHouseType(ClickHouseTypeKind.Geometry, new[]
        {
            types[(int)ClickHouseTypeKind.LineString]!, types[(int)ClickHouseTypeKind.MultiLineString]!,
            types[(int)ClickHouseTypeKind.MultiPolygon]!, types[(int)ClickHouseTypeKind.Point]!,
            types[(int)ClickHouseTypeKind.Polygon]!, types[(int)ClickHouseTypeKind.Ring]!, types[(int)ClickHouseTypeKind.MultiPoint]!,
        });
        return types;
    }

    /// <summary>
    /// The type of a kind that needs no parameters: the integers and floats, <c>Bool</c>, <c>String</c>, <c>Date</c>,
    /// <c>Date32</c>, <c>DateTime</c> (no time zone), <c>UUID</c>, <c>IPv4</c>, <c>IPv6</c>, <c>Dynamic</c>, <c>JSON</c>,
    /// the geo types (<c>Geometry</c> included), <c>Time</c> and <c>Nothing</c>. Returns a shared instance.
    /// </summary>
    /// <exception cref="ArgumentException">The kind needs parameters or element types.</exception>
    public static ClickHouseType Of(ClickHouseTypeKind kind)
    {
        int index = (int)kind;
        ClickHouseType? type = index >= 0 && index < SimpleTypes.Length ? SimpleTypes[index] : null;
        return type ?? throw new ArgumentException(
            "The ClickHouse type kind " + kind.ToString() + " needs parameters; use its own factory method.", nameof(kind));
    }

    /// <summary><c>Nullable(element)</c>.</summary>
    public static ClickHouseType Nullable(ClickHouseType element)
        => TryCreateWrapper(ClickHouseTypeKind.Nullable, NotNull(element, nameof(element)), out string? error) ?? throw Invalid(error, nameof(element));

    /// <summary><c>LowCardinality(element)</c>.</summary>
    public static ClickHouseType LowCardinality(ClickHouseType element)
        => TryCreateWrapper(ClickHouseTypeKind.LowCardinality, NotNull(element, nameof(element)), out string? error) ?? throw Invalid(error, nameof(element));

    /// <summary><c>Array(element)</c>.</summary>
    public static ClickHouseType Array(ClickHouseType element)
        => TryCreateWrapper(ClickHouseTypeKind.Array, NotNull(element, nameof(element)), out string? error) ?? throw Invalid(error, nameof(element));

    /// <summary><c>Map(key, value)</c>.</summary>
    public static ClickHouseType Map(ClickHouseType key, ClickHouseType value)
        => TryCreateMap(NotNull(key, nameof(key)), NotNull(value, nameof(value)), out string? error) ?? throw Invalid(error, nameof(key));

    /// <summary>An unnamed <c>Tuple(T1, T2, ...)</c>.</summary>
    public static ClickHouseType Tuple(params ClickHouseType[] elements)
        => TryCreateTuple(ClickHouseTypeKind.Tuple, NotNull(elements, nameof(elements)), null, out string? error, out _) ?? throw Invalid(error, nameof(elements));

    /// <summary>A named <c>Tuple(a T1, b T2, ...)</c>.</summary>
    public static ClickHouseType Tuple(IEnumerable<KeyValuePair<string, ClickHouseType>> elements)
    {
        SplitNamed(NotNull(elements, nameof(elements)), out ClickHouseType[] types, out string?[] names);
        return TryCreateTuple(ClickHouseTypeKind.Tuple, types, names, out string? error, out _) ?? throw Invalid(error, nameof(elements));
    }

    /// <summary><c>Nested(a T1, b T2, ...)</c>.</summary>
    public static ClickHouseType Nested(IEnumerable<KeyValuePair<string, ClickHouseType>> fields)
    {
        SplitNamed(NotNull(fields, nameof(fields)), out ClickHouseType[] types, out string?[] names);
        return TryCreateTuple(ClickHouseTypeKind.Nested, types, names, out string? error, out _) ?? throw Invalid(error, nameof(fields));
    }

    /// <summary><c>Variant(T1, T2, ...)</c>; the members are put in discriminator (name) order.</summary>
    public static ClickHouseType Variant(params ClickHouseType[] members)
        => TryCreateVariant(NotNull(members, nameof(members)), out string? error, out _) ?? throw Invalid(error, nameof(members));

    /// <summary>
    /// <c>QBit(element, dimension)</c> or <c>QBit(element, dimension, stride)</c>: a vector of exactly
    /// <paramref name="dimension"/> elements of <c>Int8</c>, <c>BFloat16</c>, <c>Float32</c> or <c>Float64</c>.
    /// </summary>
    public static ClickHouseType QBit(ClickHouseType element, int dimension, int? stride = null)
        => TryCreateQBit(NotNull(element, nameof(element)), dimension, stride, out string? error) ?? throw Invalid(error, nameof(dimension));

    /// <summary><c>FixedString(length)</c>.</summary>
    public static ClickHouseType FixedString(int length)
        => TryCreateFixedString(length, out string? error) ?? throw Invalid(error, nameof(length));

    /// <summary><c>Decimal(precision, scale)</c>.</summary>
    public static ClickHouseType Decimal(int precision, int scale)
        => TryCreateDecimal(precision, scale, out string? error) ?? throw Invalid(error, nameof(precision));

    /// <summary><c>DateTime</c> or <c>DateTime('timeZone')</c>.</summary>
    public static ClickHouseType DateTime(string? timeZone = null) => CreateDateTime(timeZone);

    /// <summary><c>DateTime64(precision)</c> or <c>DateTime64(precision, 'timeZone')</c>.</summary>
    public static ClickHouseType DateTime64(int precision, string? timeZone = null)
        => TryCreateDateTime64(precision, timeZone, out string? error) ?? throw Invalid(error, nameof(precision));

    /// <summary><c>Time64(precision)</c>.</summary>
    public static ClickHouseType Time64(int precision)
        => TryCreateTime64(precision, out string? error) ?? throw Invalid(error, nameof(precision));

    /// <summary><c>Interval&lt;unit&gt;</c>, with a unit from <see cref="IntervalUnits"/> (<c>Second</c>, <c>Day</c>, ...).</summary>
    public static ClickHouseType Interval(string unit)
    {
        foreach (string known in IntervalUnits)
        {
            if (string.Equals(known, unit, StringComparison.Ordinal))
            {
                return CreateInterval(known);
            }
        }
        throw new ArgumentException("Unknown interval unit '" + unit + "'; expected one of " + string.Join(", ", IntervalUnits) + ".", nameof(unit));
    }

    /// <summary><c>Enum8('label' = value, ...)</c>.</summary>
    public static ClickHouseType Enum8(IEnumerable<KeyValuePair<string, short>> members)
        => TryCreateEnum(ClickHouseTypeKind.Enum8, Widen(NotNull(members, nameof(members))), out string? error, out _) ?? throw Invalid(error, nameof(members));

    /// <summary><c>Enum16('label' = value, ...)</c>.</summary>
    public static ClickHouseType Enum16(IEnumerable<KeyValuePair<string, short>> members)
        => TryCreateEnum(ClickHouseTypeKind.Enum16, Widen(NotNull(members, nameof(members))), out string? error, out _) ?? throw Invalid(error, nameof(members));

    /// <summary><c>SimpleAggregateFunction(function, value)</c>; <paramref name="function"/> may carry parameters (<c>groupUniqArrayArray(10)</c>).</summary>
    public static ClickHouseType SimpleAggregateFunction(string function, ClickHouseType value)
        => TryCreateSimpleAggregateFunction(NotNull(function, nameof(function)), NotNull(value, nameof(value)), out string? error) ?? throw Invalid(error, nameof(function));

    /// <summary><c>Dynamic</c> or <c>Dynamic(max_types=N)</c>.</summary>
    public static ClickHouseType Dynamic(int? maxTypes = null)
        => TryCreateDynamic(maxTypes, out string? error) ?? throw Invalid(error, nameof(maxTypes));

    /// <summary><c>JSON(...)</c> with the given parameters, typed paths and skip rules.</summary>
    public static ClickHouseType Json(
        int? maxDynamicPaths = null,
        int? maxDynamicTypes = null,
        IEnumerable<KeyValuePair<string, ClickHouseType>>? typedPaths = null,
        IEnumerable<string>? skipPaths = null,
        IEnumerable<string>? skipRegexps = null)
        => TryCreateJson(
            maxDynamicPaths,
            maxDynamicTypes,
            new List<KeyValuePair<string, ClickHouseType>>(typedPaths ?? System.Array.Empty<KeyValuePair<string, ClickHouseType>>()),
            new List<string>(skipPaths ?? System.Array.Empty<string>()),
            new List<string>(skipRegexps ?? System.Array.Empty<string>()),
            out string? error) ?? throw Invalid(error, nameof(typedPaths));

    // ---- validating constructors shared with the parser -------------------------------------------------------

    internal static ClickHouseType? TryCreateFixedString(long length, out string? error)
    {
        if (length < 1 || length > MaxFixedStringLength)
        {
            error = "the FixedString length must be between 1 and " + Format(MaxFixedStringLength) + ", got " + Format(length);
            return null;
        }
        error = null;
        return new ClickHouseType(ClickHouseTypeKind.FixedString, length: (int)length);
    }

    internal static ClickHouseType? TryCreateDecimal(long precision, long scale, out string? error)
    {
        if (precision < 1 || precision > 76)
        {
            error = "the Decimal precision must be between 1 and 76, got " + Format(precision);
            return null;
        }
        if (scale < 0 || scale > precision)
        {
            error = "the Decimal scale must be between 0 and the precision " + Format(precision) + ", got " + Format(scale);
            return null;
        }
        error = null;
        return new ClickHouseType(ClickHouseTypeKind.Decimal, precision: (int)precision, scale: (int)scale);
    }

    internal static ClickHouseType CreateDateTime(string? timeZone)
        => timeZone is null ? SimpleTypes[(int)ClickHouseTypeKind.DateTime]! : new ClickHouseType(ClickHouseTypeKind.DateTime, timeZone: timeZone);

    internal static ClickHouseType? TryCreateDateTime64(long precision, string? timeZone, out string? error)
    {
        if (precision < 0 || precision > 9)
        {
            error = "the DateTime64 precision must be between 0 and 9, got " + Format(precision);
            return null;
        }
        error = null;
        return new ClickHouseType(ClickHouseTypeKind.DateTime64, precision: (int)precision, timeZone: timeZone);
    }

    internal static ClickHouseType? TryCreateTime64(long precision, out string? error)
    {
        if (precision < 0 || precision > 9)
        {
            error = "the Time64 precision must be between 0 and 9, got " + Format(precision);
            return null;
        }
        error = null;
        return new ClickHouseType(ClickHouseTypeKind.Time64, precision: (int)precision);
    }

    internal static ClickHouseType CreateInterval(string unit) => new(ClickHouseTypeKind.Interval, intervalUnit: unit);

    internal static ClickHouseType? TryCreateQBit(ClickHouseType element, long dimension, long? stride, out string? error)
    {
        error = CheckQBitElement(element);
        if (error is not null)
        {
            return null;
        }
        if (dimension < 1 || dimension > MaxQBitDimension)
        {
            error = "the QBit dimension must be between 1 and " + Format(MaxQBitDimension) + ", got " + Format(dimension);
            return null;
        }
        if (stride is long given)
        {
            if (given < 1 || given > dimension || dimension % given != 0)
            {
                error = "the QBit stride must be a positive divisor of the dimension " + Format(dimension) + ", got " + Format(given);
                return null;
            }
            if (given < dimension && given % 8 != 0)
            {
                error = "the QBit stride must be a multiple of 8 when it is smaller than the dimension, got " + Format(given);
                return null;
            }
        }
        error = null;
        return new ClickHouseType(
            ClickHouseTypeKind.QBit,
            new[] { element },
            dimension: (int)dimension,
            stride: stride is null || stride == dimension ? null : (int)stride.Value);
    }

    internal static ClickHouseType? TryCreateWrapper(ClickHouseTypeKind kind, ClickHouseType element, out string? error)
    {
        error = kind switch
        {
            ClickHouseTypeKind.Nullable => CheckNullableElement(element),
            ClickHouseTypeKind.LowCardinality => CheckLowCardinalityElement(element),
            _ => null,
        };
        return error is null ? new ClickHouseType(kind, new[] { element }) : null;
    }

    internal static ClickHouseType? TryCreateMap(ClickHouseType key, ClickHouseType value, out string? error)
    {
        if (key.IsNullable)
        {
            error = "a Map key cannot be nullable: " + key.ToString();
            return null;
        }
        error = null;
        return new ClickHouseType(ClickHouseTypeKind.Map, new[] { key, value });
    }

    internal static ClickHouseType? TryCreateTuple(
        ClickHouseTypeKind kind, IReadOnlyList<ClickHouseType> elements, IReadOnlyList<string?>? names, out string? error, out int errorIndex)
    {
        string what = kind == ClickHouseTypeKind.Nested ? "Nested field" : "tuple element";
        errorIndex = -1;
        error = null;
        if (kind == ClickHouseTypeKind.Nested && elements.Count == 0)
        {
            error = "Nested needs at least one field";
            return null;
        }
        bool named = names is not null && names.Count > 0 && names[0] is not null;
        if (kind == ClickHouseTypeKind.Nested && !named)
        {
            errorIndex = 0;
            error = "Nested fields must be named, as in Nested(a UInt8, b String)";
            return null;
        }
        if (names is not null && names.Count > 0 && names.Count != elements.Count)
        {
            throw new ArgumentException("The element names must parallel the element types.", nameof(names));
        }
        var seen = new HashSet<string>(StringComparer.Ordinal);
        for (int i = 0; i < elements.Count; i++)
        {
            if (elements[i] is null)
            {
                throw new ArgumentException("A " + what + " type is null.", nameof(elements));
            }
            string? name = names is not null && names.Count > 0 ? names[i] : null;
            if (named != (name is not null))
            {
                errorIndex = i;
                error = kind == ClickHouseTypeKind.Nested
                    ? "Nested fields must be named, as in Nested(a UInt8, b String)"
                    : "tuple elements must be either all named or all unnamed";
                return null;
            }
            if (name is null)
            {
                continue;
            }
            if (name.Length == 0)
            {
                errorIndex = i;
                error = "a " + what + " name cannot be empty";
                return null;
            }
            if (!seen.Add(name))
            {
                errorIndex = i;
                error = "duplicate " + what + " name '" + name + "'";
                return null;
            }
        }
        long byteSize = 0;
        foreach (ClickHouseType element in elements)
        {
            int size = element.ByteSize;
            byteSize = size < 0 || byteSize < 0 ? -1 : byteSize + size;
        }
        if (byteSize > int.MaxValue)
        {
            error = "one value of this " + (kind == ClickHouseTypeKind.Nested ? "Nested" : "Tuple") + " would take " + Format(byteSize)
                + " bytes, more than the " + Format(int.MaxValue) + " one RowBinary value can hold";
            return null;
        }
        var types = new ClickHouseType[elements.Count];
        string?[]? nameArray = named ? new string?[elements.Count] : null;
        for (int i = 0; i < types.Length; i++)
        {
            types[i] = elements[i];
            if (nameArray is not null)
            {
                nameArray[i] = names![i];
            }
        }
        return new ClickHouseType(kind, types, nameArray);
    }

    internal static ClickHouseType? TryCreateVariant(IReadOnlyList<ClickHouseType> members, out string? error, out int errorIndex)
    {
        var distinct = new List<ClickHouseType>(members.Count);
        var seen = new HashSet<string>(StringComparer.Ordinal);
        for (int i = 0; i < members.Count; i++)
        {
            ClickHouseType member = members[i] ?? throw new ArgumentException("A Variant member is null.", nameof(members));
            string? problem = member.IsNullable ? "Nullable types are not allowed inside Variant: " + member.ToString()
                : member.Kind == ClickHouseTypeKind.Dynamic ? "Dynamic is not allowed inside Variant"
                : member.Kind == ClickHouseTypeKind.Variant ? "Variant types cannot be nested"
                : member.Kind == ClickHouseTypeKind.Geometry ? "Geometry is a Variant of the geo types, and Variant types cannot be nested; list the geo types in the Variant instead"
                : null;
            if (problem is not null)
            {
                error = problem;
                errorIndex = i;
                return null;
            }
            // The server drops Nothing and duplicate members.
            if (member.Kind != ClickHouseTypeKind.Nothing && seen.Add(member.ToString()))
            {
                distinct.Add(member);
            }
        }
        errorIndex = -1;
        if (distinct.Count == 0)
        {
            error = "Variant needs at least one type other than Nothing";
            return null;
        }
        if (distinct.Count > MaxVariantTypes)
        {
            error = "Variant supports at most " + Format(MaxVariantTypes) + " types, got " + Format(distinct.Count);
            return null;
        }
        // Discriminators number the members sorted by name.
        distinct.Sort((a, b) => string.CompareOrdinal(a.ToString(), b.ToString()));
        error = null;
        return new ClickHouseType(ClickHouseTypeKind.Variant, distinct.ToArray());
    }

    internal static ClickHouseType? TryCreateEnum(
        ClickHouseTypeKind kind, IReadOnlyList<KeyValuePair<string, long>> members, out string? error, out int errorIndex)
    {
        long min = kind == ClickHouseTypeKind.Enum8 ? sbyte.MinValue : short.MinValue;
        long max = kind == ClickHouseTypeKind.Enum8 ? sbyte.MaxValue : short.MaxValue;
        string kindName = KindName(kind);
        if (members.Count == 0)
        {
            error = kindName + " needs at least one element";
            errorIndex = -1;
            return null;
        }
        var names = new Dictionary<string, long>(StringComparer.Ordinal);
        var values = new Dictionary<long, string>();
        var result = new KeyValuePair<string, short>[members.Count];
        for (int i = 0; i < members.Count; i++)
        {
            string name = members[i].Key ?? throw new ArgumentException("An enum label is null.", nameof(members));
            long value = members[i].Value;
            errorIndex = i;
            if (value < min || value > max)
            {
                error = "the value " + Format(value) + " of '" + name + "' is outside the range of " + kindName
                    + " (" + Format(min) + " to " + Format(max) + ")";
                return null;
            }
            if (names.TryGetValue(name, out long previousValue))
            {
                error = "duplicate enum name '" + name + "' (= " + Format(previousValue) + " and " + Format(value) + ")";
                return null;
            }
            if (values.TryGetValue(value, out string? previousName))
            {
                error = "duplicate enum value " + Format(value) + " ('" + previousName + "' and '" + name + "')";
                return null;
            }
            names.Add(name, value);
            values.Add(value, name);
            result[i] = new KeyValuePair<string, short>(name, (short)value);
        }
        System.Array.Sort(result, (a, b) => a.Value.CompareTo(b.Value));
        error = null;
        errorIndex = -1;
        return new ClickHouseType(kind, enumMembers: result);
    }

    internal static ClickHouseType? TryCreateSimpleAggregateFunction(string function, ClickHouseType value, out string? error)
    {
        if (function.Length == 0)
        {
            error = "the aggregate function name cannot be empty";
            return null;
        }
        error = null;
        return new ClickHouseType(ClickHouseTypeKind.SimpleAggregateFunction, new[] { value }, aggregateFunction: function);
    }

    internal static ClickHouseType? TryCreateDynamic(long? maxTypes, out string? error)
    {
        if (maxTypes is long n && (n < 0 || n > MaxDynamicMaxTypes))
        {
            error = "the Dynamic max_types must be between 0 and " + Format(MaxDynamicMaxTypes) + ", got " + Format(n);
            return null;
        }
        error = null;
        if (maxTypes is null || maxTypes == DefaultDynamicMaxTypes)
        {
            return SimpleTypes[(int)ClickHouseTypeKind.Dynamic]!;
        }
        return new ClickHouseType(ClickHouseTypeKind.Dynamic, maxTypes: (int)maxTypes.Value);
    }

    internal static ClickHouseType? TryCreateJson(
        long? maxDynamicPaths,
        long? maxDynamicTypes,
        List<KeyValuePair<string, ClickHouseType>> typedPaths,
        List<string> skipPaths,
        List<string> skipRegexps,
        out string? error)
    {
        if (maxDynamicPaths is long paths && (paths < 0 || paths > MaxJsonMaxDynamicPaths))
        {
            error = "the JSON max_dynamic_paths must be between 0 and " + Format(MaxJsonMaxDynamicPaths) + ", got " + Format(paths);
            return null;
        }
        if (maxDynamicTypes is long types && (types < 0 || types > MaxDynamicMaxTypes))
        {
            error = "the JSON max_dynamic_types must be between 0 and " + Format(MaxDynamicMaxTypes) + ", got " + Format(types);
            return null;
        }
        var typedSeen = new HashSet<string>(StringComparer.Ordinal);
        foreach (KeyValuePair<string, ClickHouseType> typed in typedPaths)
        {
            if (string.IsNullOrEmpty(typed.Key) || typed.Value is null)
            {
                error = "a JSON typed path needs a non-empty path and a type";
                return null;
            }
            if (!typedSeen.Add(typed.Key))
            {
                error = "duplicate JSON typed path '" + typed.Key + "'";
                return null;
            }
            foreach (string skip in skipPaths)
            {
                if (typed.Key.StartsWith(skip, StringComparison.Ordinal))
                {
                    error = "the JSON path '" + typed.Key + "' has a type but matches the SKIP path prefix '" + skip + "'";
                    return null;
                }
            }
        }
        var skipSet = new SortedSet<string>(StringComparer.Ordinal);
        foreach (string skip in skipPaths)
        {
            if (string.IsNullOrEmpty(skip))
            {
                error = "a JSON SKIP path cannot be empty";
                return null;
            }
            skipSet.Add(skip);
        }
        foreach (string regexp in skipRegexps)
        {
            if (regexp is null)
            {
                error = "a JSON SKIP REGEXP pattern cannot be null";
                return null;
            }
            if ((error = JsonSkipRegex.Check(regexp)) is not null)
            {
                return null;
            }
        }
        error = null;
        KeyValuePair<string, ClickHouseType>[] typedArray = typedPaths.ToArray();
        System.Array.Sort(typedArray, (a, b) => string.CompareOrdinal(a.Key, b.Key));
        string[] skipArray = new string[skipSet.Count];
        skipSet.CopyTo(skipArray);
        string[] regexpArray = skipRegexps.ToArray();
        System.Array.Sort(regexpArray, StringComparer.Ordinal);
        int? normalizedPaths = maxDynamicPaths is null || maxDynamicPaths == DefaultJsonMaxDynamicPaths ? null : (int)maxDynamicPaths.Value;
        int? normalizedTypes = maxDynamicTypes is null || maxDynamicTypes == DefaultJsonMaxDynamicTypes ? null : (int)maxDynamicTypes.Value;
        if (normalizedPaths is null && normalizedTypes is null && typedArray.Length == 0 && skipArray.Length == 0 && regexpArray.Length == 0)
        {
            return SimpleTypes[(int)ClickHouseTypeKind.Json]!;
        }
        return new ClickHouseType(
            ClickHouseTypeKind.Json,
            maxDynamicPaths: normalizedPaths,
            maxDynamicTypes: normalizedTypes,
            jsonTypedPaths: typedArray,
            jsonSkipPaths: skipArray,
            jsonSkipRegexps: regexpArray);
    }

    internal static string? CheckQBitElement(ClickHouseType element)
        => element.Kind is ClickHouseTypeKind.Int8 or ClickHouseTypeKind.BFloat16 or ClickHouseTypeKind.Float32 or ClickHouseTypeKind.Float64
            ? null
            : "QBit supports only Int8, BFloat16, Float32 or Float64 elements, not " + element.ToString();

    private static string? CheckNullableElement(ClickHouseType element)
    {
        switch (element.Kind)
        {
            case ClickHouseTypeKind.Nullable:
            case ClickHouseTypeKind.LowCardinality:
            case ClickHouseTypeKind.Array:
            case ClickHouseTypeKind.Map:
            case ClickHouseTypeKind.Variant:
            case ClickHouseTypeKind.Dynamic:
            case ClickHouseTypeKind.Nested:
            case ClickHouseTypeKind.Ring:
            case ClickHouseTypeKind.LineString:
            case ClickHouseTypeKind.MultiLineString:
            case ClickHouseTypeKind.Polygon:
            case ClickHouseTypeKind.MultiPolygon:
            case ClickHouseTypeKind.MultiPoint:
            case ClickHouseTypeKind.Geometry:
                return element.ToString() + " cannot be inside Nullable";
            default:
                return null;
        }
    }

    private static string? CheckLowCardinalityElement(ClickHouseType element)
    {
        ClickHouseType inner = element.Kind == ClickHouseTypeKind.Nullable ? element.Arguments[0] : element;
        switch (inner.Kind)
        {
            case ClickHouseTypeKind.Int8:
            case ClickHouseTypeKind.Int16:
            case ClickHouseTypeKind.Int32:
            case ClickHouseTypeKind.Int64:
            case ClickHouseTypeKind.Int128:
            case ClickHouseTypeKind.Int256:
            case ClickHouseTypeKind.UInt8:
            case ClickHouseTypeKind.UInt16:
            case ClickHouseTypeKind.UInt32:
            case ClickHouseTypeKind.UInt64:
            case ClickHouseTypeKind.UInt128:
            case ClickHouseTypeKind.UInt256:
            case ClickHouseTypeKind.Float32:
            case ClickHouseTypeKind.Float64:
            case ClickHouseTypeKind.BFloat16:
            case ClickHouseTypeKind.Bool:
            case ClickHouseTypeKind.String:
            case ClickHouseTypeKind.FixedString:
            case ClickHouseTypeKind.Date:
            case ClickHouseTypeKind.Date32:
            case ClickHouseTypeKind.DateTime:
            case ClickHouseTypeKind.UUID:
            case ClickHouseTypeKind.IPv4:
            case ClickHouseTypeKind.IPv6:
            case ClickHouseTypeKind.Time:
            case ClickHouseTypeKind.Interval:
                return null;
            default:
                return "LowCardinality supports only numbers, strings, dates, date-times, UUID and IP addresses (optionally Nullable), not "
                    + element.ToString();
        }
    }

    private static T NotNull<T>(T value, string name) where T : class
        => value ?? throw new ArgumentNullException(name);

    private static ArgumentException Invalid(string? error, string parameter)
        => new("Invalid ClickHouse type: " + (error ?? "invalid arguments") + ".", parameter);

    private static void SplitNamed(IEnumerable<KeyValuePair<string, ClickHouseType>> elements, out ClickHouseType[] types, out string?[] names)
    {
        var typeList = new List<ClickHouseType>();
        var nameList = new List<string?>();
        foreach (KeyValuePair<string, ClickHouseType> element in elements)
        {
            nameList.Add(element.Key ?? throw new ArgumentException("An element name is null.", nameof(elements)));
            typeList.Add(element.Value ?? throw new ArgumentException("An element type is null.", nameof(elements)));
        }
        types = typeList.ToArray();
        names = nameList.ToArray();
    }

    private static List<KeyValuePair<string, long>> Widen(IEnumerable<KeyValuePair<string, short>> members)
    {
        var list = new List<KeyValuePair<string, long>>();
        foreach (KeyValuePair<string, short> member in members)
        {
            list.Add(new KeyValuePair<string, long>(member.Key, member.Value));
        }
        return list;
    }

    private static string Format(int value) => value.ToString(CultureInfo.InvariantCulture);
}
