using System;
using System.Net;
using System.Net.Sockets;
using System.Numerics;

namespace ClickHouse.RowBinary;

/// <summary>
/// The value of a ClickHouse <c>Dynamic</c> column, and of one arm of a <c>Variant</c> in the object model: a type and a
/// value of that type, or NULL. <see cref="Value"/> holds the type's .NET form as <see cref="ClickHouseValueCodec"/>
/// represents it (<c>long</c> for Int64, <c>string</c> for String, <c>object?[]</c> for Array, ...).
/// The default value is NULL.
/// </summary>
public readonly struct ClickHouseDynamic : IEquatable<ClickHouseDynamic>
{
    /// <summary>
    /// A value of <paramref name="type"/>. A null <paramref name="value"/> or the type <c>Nothing</c> make NULL; a
    /// <c>Nullable(T)</c> type becomes <c>T</c>, since Dynamic keeps NULL apart from its types.
    /// </summary>
    public ClickHouseDynamic(ClickHouseType type, object? value)
    {
        ArgumentNullException.ThrowIfNull(type);
        if (type.Kind == ClickHouseTypeKind.Nullable)
        {
            type = type.Arguments[0];
        }
        bool isNull = value is null || type.Kind == ClickHouseTypeKind.Nothing;
        Type = isNull ? null : type;
        Value = isNull ? null : value;
    }

    /// <summary>NULL.</summary>
    public static ClickHouseDynamic Null => default;

    /// <summary>The ClickHouse type of the value; null for NULL.</summary>
    public ClickHouseType? Type { get; }

    /// <summary>The value, as <see cref="ClickHouseValueCodec"/> represents <see cref="Type"/>; null for NULL.</summary>
    public object? Value { get; }

    /// <summary>True when the value is NULL.</summary>
    public bool IsNull => Type is null;

    /// <summary>
    /// A value whose ClickHouse type follows from its .NET type: sbyte..ulong, Int128 and UInt128 to Int8..UInt128,
    /// <see cref="BigInteger"/> to Int256, float/double to Float32/Float64, bool to Bool, string, char and byte[] to
    /// String, decimal to Decimal(28, s) (Decimal(38, s) beyond 28 digits), <see cref="ClickHouseDecimal"/> to
    /// Decimal(76, s), DateOnly to Date32, DateTime and DateTimeOffset to DateTime64(7, 'UTC'), TimeSpan to Time64(7),
    /// Guid to UUID, IPAddress to IPv4 or IPv6, (double, double) to Point, <see cref="ClickHouseGeometry"/> to its own
    /// geo type (as ClickHouse keeps a Geometry value in a Dynamic), and arrays of these to Array(T)
    /// (<c>T?[]</c> to Array(Nullable(T))). null gives NULL.
    /// </summary>
    /// <exception cref="ArgumentException">No ClickHouse type follows from the value's .NET type.</exception>
    public static ClickHouseDynamic From<T>(T value)
    {
        if (value is null)
        {
            return Null;
        }
        if (value is ClickHouseDynamic dynamic)
        {
            return dynamic;
        }
        if (value is ClickHouseGeometry geometry)
        {
            return geometry.IsNull ? Null : new ClickHouseDynamic(ClickHouseType.Of(geometry.Kind), geometry.Value);
        }
        object boxed = value;
        ClickHouseType type = InferType(boxed)
            ?? throw new ArgumentException($"No ClickHouse type follows from a value of type {boxed.GetType()}; create the value with new ClickHouseDynamic(type, value).", nameof(value));
        return new ClickHouseDynamic(type, Normalize(boxed));
    }

    /// <summary>The ClickHouse type <see cref="From{T}"/> gives a value, or null when none follows from its .NET type.</summary>
    internal static ClickHouseType? InferType(object value) => value switch
    {
        sbyte => KnownTypes.Int8,
        short => KnownTypes.Int16,
        int => KnownTypes.Int32,
        long => KnownTypes.Int64,
        Int128 => KnownTypes.Int128,
        byte => KnownTypes.UInt8,
        ushort => KnownTypes.UInt16,
        uint => KnownTypes.UInt32,
        ulong => KnownTypes.UInt64,
        UInt128 => KnownTypes.UInt128,
        BigInteger => KnownTypes.Int256,
        float => KnownTypes.Float32,
        double => KnownTypes.Float64,
        bool => KnownTypes.Bool,
        string or char or byte[] => KnownTypes.String,
        decimal number => DecimalType(number),
        ClickHouseDecimal exact => KnownTypes.Get($"Decimal(76, {exact.Scale})"),
        DateOnly => KnownTypes.Date32,
        DateTime or DateTimeOffset => KnownTypes.DateTime64Utc,
        TimeSpan => KnownTypes.Time64,
        Guid => KnownTypes.UUID,
        IPAddress address => address.AddressFamily == AddressFamily.InterNetwork ? KnownTypes.IPv4 : KnownTypes.IPv6,
        ValueTuple<double, double> => KnownTypes.Point,
        Array array => ArrayType(array),
        _ => null,
    };

    private static ClickHouseType DecimalType(decimal value)
    {
        var exact = new ClickHouseDecimal(value);
        int digits = BigInteger.Abs(exact.Mantissa).ToString(System.Globalization.CultureInfo.InvariantCulture).Length;
        return KnownTypes.Get($"Decimal({(digits <= 28 ? 28 : 38)}, {exact.Scale})");
    }

    private static ClickHouseType? ArrayType(Array array)
    {
        if (array.Rank != 1)
        {
            return null;
        }
        ClickHouseType? element = null;
        bool hasNull = false;
        foreach (object? item in array)
        {
            if (item is null)
            {
                hasNull = true;
                continue;
            }
            ClickHouseType? itemType = InferType(item);
            if (itemType is null || (element is not null && element != itemType))
            {
                return null;
            }
            element = itemType;
        }
        element ??= ElementTypeOf(array.GetType().GetElementType()) ?? KnownTypes.String;
        if (hasNull && element.Kind != ClickHouseTypeKind.Nullable)
        {
            if (element.Kind is ClickHouseTypeKind.Array or ClickHouseTypeKind.Point)
            {
                return null;
            }
            element = KnownTypes.Get($"Nullable({element})");
        }
        return KnownTypes.Get($"Array({element})");
    }

    /// <summary>The element type of an empty array, from its .NET element type.</summary>
    private static ClickHouseType? ElementTypeOf(System.Type? type)
    {
        if (type is null)
        {
            return null;
        }
        System.Type? underlying = Nullable.GetUnderlyingType(type);
        if (underlying is not null)
        {
            ClickHouseType? inner = ElementTypeOf(underlying);
            return inner is null ? null : KnownTypes.Get($"Nullable({inner})");
        }
        if (type.IsArray && type != typeof(byte[]))
        {
            ClickHouseType? inner = ElementTypeOf(type.GetElementType());
            return inner is null ? null : KnownTypes.Get($"Array({inner})");
        }
        return type == typeof(sbyte) ? KnownTypes.Int8
            : type == typeof(short) ? KnownTypes.Int16
            : type == typeof(int) ? KnownTypes.Int32
            : type == typeof(long) ? KnownTypes.Int64
            : type == typeof(byte) ? KnownTypes.UInt8
            : type == typeof(ushort) ? KnownTypes.UInt16
            : type == typeof(uint) ? KnownTypes.UInt32
            : type == typeof(ulong) ? KnownTypes.UInt64
            : type == typeof(float) ? KnownTypes.Float32
            : type == typeof(double) ? KnownTypes.Float64
            : type == typeof(bool) ? KnownTypes.Bool
            : type == typeof(Guid) ? KnownTypes.UUID
            : type == typeof(DateOnly) ? KnownTypes.Date32
            : type == typeof(DateTime) || type == typeof(DateTimeOffset) ? KnownTypes.DateTime64Utc
            : null;
    }

    /// <summary>Converts a value to the form the codec reads back: UTC DateTime, string for char, object?[] for arrays.</summary>
    private static object Normalize(object value) => value switch
    {
        char c => c.ToString(),
        DateTime time => time.Kind == DateTimeKind.Local ? time.ToUniversalTime() : DateTime.SpecifyKind(time, DateTimeKind.Utc),
        DateTimeOffset offset => offset.UtcDateTime,
        byte[] bytes => bytes,
        Array array => NormalizeArray(array),
        _ => value,
    };

    private static object?[] NormalizeArray(Array array)
    {
        var items = new object?[array.Length];
        int i = 0;
        foreach (object? item in array)
        {
            items[i++] = item is null ? null : Normalize(item);
        }
        return items;
    }

    public bool Equals(ClickHouseDynamic other) => Type == other.Type && ClickHouseValueEquality.AreEqual(Value, other.Value);

    public override bool Equals(object? obj) => obj is ClickHouseDynamic other && Equals(other);

    public override int GetHashCode() => HashCode.Combine(Type, ClickHouseValueEquality.GetHashCode(Value));

    /// <summary><c>NULL</c>, or the value and its type: <c>42 (UInt64)</c>.</summary>
    public override string ToString() => Type is null ? "NULL" : $"{Value} ({Type})";

    public static bool operator ==(ClickHouseDynamic left, ClickHouseDynamic right) => left.Equals(right);

    public static bool operator !=(ClickHouseDynamic left, ClickHouseDynamic right) => !left.Equals(right);
}
