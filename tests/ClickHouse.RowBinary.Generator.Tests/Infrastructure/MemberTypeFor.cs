
namespace ClickHouse.RowBinary.Generator.Tests.Infrastructure;

/// <summary>
/// A C# member type a test declares for a ClickHouse type so that any value round-trips byte for byte: raw bytes
/// for String (random bytes need not be UTF-8), raw ticks for DateTime64 and Time64, a list of pairs for Map (keeps
/// order and repeated keys), one-element tuples as <c>ValueTuple&lt;T&gt;</c>. With a <see cref="Random"/>, it picks
/// among the exact alternatives the type mapping accepts (collections, IPAddress or uint, label or number, ...).
/// </summary>
internal sealed class MemberTypeFor(Random? random = null)
{
    public string ClickHouse(ClickHouseType type) => Alternative(type) ?? type.Kind switch
    {
        ClickHouseTypeKind.Int8 => "sbyte",
        ClickHouseTypeKind.Int16 => "short",
        ClickHouseTypeKind.Int32 => "int",
        ClickHouseTypeKind.Int64 => "long",
        ClickHouseTypeKind.UInt8 => "byte",
        ClickHouseTypeKind.UInt16 => "ushort",
        ClickHouseTypeKind.UInt32 => "uint",
        ClickHouseTypeKind.UInt64 => "ulong",
        ClickHouseTypeKind.Int128 => "global::System.Int128",
        ClickHouseTypeKind.UInt128 => "global::System.UInt128",
        ClickHouseTypeKind.Int256 or ClickHouseTypeKind.UInt256 => "global::System.Numerics.BigInteger",
        ClickHouseTypeKind.Float32 or ClickHouseTypeKind.BFloat16 => "float",
        ClickHouseTypeKind.Float64 => "double",
        ClickHouseTypeKind.Bool => "bool",
        ClickHouseTypeKind.String or ClickHouseTypeKind.FixedString => "byte[]",
        ClickHouseTypeKind.Date or ClickHouseTypeKind.Date32 => "global::System.DateOnly",
        ClickHouseTypeKind.DateTime => "global::System.DateTime",
        ClickHouseTypeKind.DateTime64 or ClickHouseTypeKind.Time64 or ClickHouseTypeKind.Interval => "long",
        ClickHouseTypeKind.Time => "global::System.TimeSpan",
        ClickHouseTypeKind.Decimal => "global::ClickHouse.RowBinary.ClickHouseDecimal",
        ClickHouseTypeKind.UUID => "global::System.Guid",
        ClickHouseTypeKind.IPv4 => "uint",
        ClickHouseTypeKind.IPv6 => "global::System.Net.IPAddress",
        ClickHouseTypeKind.Enum8 or ClickHouseTypeKind.Enum16 => "string",
        ClickHouseTypeKind.Nullable => Nullable(type.Arguments[0]),
        ClickHouseTypeKind.LowCardinality or ClickHouseTypeKind.SimpleAggregateFunction => ClickHouse(type.Arguments[0]),
        ClickHouseTypeKind.Array => ClickHouse(type.Arguments[0]) + "[]",
        ClickHouseTypeKind.Tuple => Tuple(type.Arguments),
        ClickHouseTypeKind.Nested => Tuple(type.Arguments) + "[]",
        ClickHouseTypeKind.Map => $"global::System.Collections.Generic.List<global::System.Collections.Generic.KeyValuePair<{ClickHouse(type.Arguments[0])}, {ClickHouse(type.Arguments[1])}>>",
        ClickHouseTypeKind.Point => "(double, double)",
        ClickHouseTypeKind.Ring or ClickHouseTypeKind.LineString or ClickHouseTypeKind.MultiPoint => "(double, double)[]",
        ClickHouseTypeKind.Geometry => "global::ClickHouse.RowBinary.ClickHouseGeometry",
        ClickHouseTypeKind.QBit => ClickHouse(type.Arguments[0]) + "[]",
        ClickHouseTypeKind.Polygon or ClickHouseTypeKind.MultiLineString => "(double, double)[][]",
        ClickHouseTypeKind.MultiPolygon => "(double, double)[][][]",
        ClickHouseTypeKind.Variant => $"global::ClickHouse.RowBinary.ClickHouseVariant<{string.Join(", ", type.Arguments.Select(ClickHouse))}>",
        ClickHouseTypeKind.Dynamic => "global::ClickHouse.RowBinary.ClickHouseDynamic",
        ClickHouseTypeKind.Json => "string",
        _ => throw new NotSupportedException($"The test has no C# type for {type}."),
    };

    /// <summary>Another exact mapping of the type, drawn at random half of the time; else null.</summary>
    private string? Alternative(ClickHouseType type)
    {
        if (random is null || random.Next(2) == 0)
        {
            return null;
        }
        return type.Kind switch
        {
            ClickHouseTypeKind.Array or ClickHouseTypeKind.QBit => random.Next(4) switch
            {
                0 => $"global::System.Collections.Generic.List<{ClickHouse(type.Arguments[0])}>",
                1 => $"global::System.Collections.Generic.IReadOnlyList<{ClickHouse(type.Arguments[0])}>",
                2 => $"global::System.Collections.Generic.IList<{ClickHouse(type.Arguments[0])}>",
                _ => $"global::System.Collections.Immutable.ImmutableArray<{ClickHouse(type.Arguments[0])}>",
            },
            ClickHouseTypeKind.String or ClickHouseTypeKind.FixedString => "global::System.ReadOnlyMemory<byte>",
            ClickHouseTypeKind.Date or ClickHouseTypeKind.Date32 => "global::System.DateTime",
            ClickHouseTypeKind.DateTime => "global::System.DateTimeOffset",
            ClickHouseTypeKind.IPv4 => "global::System.Net.IPAddress",
            ClickHouseTypeKind.Enum8 => "sbyte",
            ClickHouseTypeKind.Enum16 => "short",
            ClickHouseTypeKind.Decimal when type.Precision <= 28 => "decimal",
            ClickHouseTypeKind.Time64 when type.Precision <= 7 => "global::System.TimeSpan",
            // Its arms in Geometry's discriminator order.
            ClickHouseTypeKind.Geometry => $"global::ClickHouse.RowBinary.ClickHouseVariant<{string.Join(", ", type.Arguments.Select(ClickHouse))}>",
            _ => null,
        };
    }

    private string Nullable(ClickHouseType inner)
        => inner.Kind == ClickHouseTypeKind.Nothing ? "object?" : ClickHouse(inner) + "?";

    private string Tuple(IReadOnlyList<ClickHouseType> elements)
        => elements.Count == 1
            ? $"global::System.ValueTuple<{ClickHouse(elements[0])}>"
            : "(" + string.Join(", ", elements.Select(ClickHouse)) + ")";
}
