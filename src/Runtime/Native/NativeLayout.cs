
namespace ClickHouse.RowBinary;

/// <summary>
/// How the Native format lays out a type: the types it writes as others (Map as an Array of key-value Tuples, the
/// geo types as Arrays and Tuples of Float64, Nested as an Array of Tuples, SimpleAggregateFunction as its value),
/// and which types are flat, their column being their RowBinary values one after the other.
/// </summary>
internal static class NativeLayout
{
    /// <summary>
    /// The rows a Native read builds at a time from a block: few enough to stay in the youngest generation, enough to
    /// keep each column's loop long. A String column notes where each such batch ends as it scans. (A streamed wide row
    /// read, 250,000 rows of 23 columns: batches of 1,024 spent 6 to 7 ms a read in collections that found a batch's
    /// rows alive, 256 spend 3 to 4 ms, as RowBinary's 64; batches of 128 cost more in per-batch work than they saved.)
    /// </summary>
    public const int BatchRows = 256;

    /// <summary>
    /// The type whose layout <paramref name="type"/> has in Native: itself, or the Array and Tuple it is laid out as.
    /// LowCardinality, QBit (bit planes) and Geometry (a Variant in a discriminator order of its own) stay: their layouts
    /// are their own.
    /// </summary>
    public static ClickHouseType Expand(ClickHouseType type)
    {
        while (true)
        {
            switch (type.Kind)
            {
                case ClickHouseTypeKind.SimpleAggregateFunction:
                    type = type.Arguments[0];
                    continue;
                case ClickHouseTypeKind.Map:
                    return KnownTypes.Get($"Array(Tuple({type.Arguments[0]}, {type.Arguments[1]}))");
                case ClickHouseTypeKind.Nested:
                    return KnownTypes.Get($"Array(Tuple({string.Join(", ", type.Arguments)}))");
                case ClickHouseTypeKind.Point:
                    return KnownTypes.Get("Tuple(Float64, Float64)");
                case ClickHouseTypeKind.Ring:
                case ClickHouseTypeKind.LineString:
                case ClickHouseTypeKind.MultiPoint:
                    return KnownTypes.Get("Array(Point)");
                case ClickHouseTypeKind.Polygon:
                case ClickHouseTypeKind.MultiLineString:
                    return KnownTypes.Get("Array(Ring)");
                case ClickHouseTypeKind.MultiPolygon:
                    return KnownTypes.Get("Array(Polygon)");
                default:
                    return type;
            }
        }
    }

    /// <summary>
    /// True when a column of <paramref name="type"/> is its RowBinary values one after the other: numbers, strings,
    /// dates, decimals, UUIDs, IPs, enums, times and intervals.
    /// </summary>
    public static bool IsFlat(ClickHouseType type)
    {
        type = Expand(type);
        return type.Kind is not (ClickHouseTypeKind.Nullable or ClickHouseTypeKind.LowCardinality or ClickHouseTypeKind.Array
            or ClickHouseTypeKind.Tuple or ClickHouseTypeKind.Variant or ClickHouseTypeKind.Dynamic or ClickHouseTypeKind.Json
            or ClickHouseTypeKind.Nothing or ClickHouseTypeKind.QBit or ClickHouseTypeKind.Geometry);
    }

    /// <summary>
    /// The type name a block header gives a column of <paramref name="typeName"/>: as ClickHouse writes it to clients
    /// of the HTTP interface, a top-level <c>DateTime('zone')</c> is <c>DateTime</c> (the zone is not in the data).
    /// </summary>
    public static string HeaderTypeName(string typeName)
        => typeName.StartsWith("DateTime(", System.StringComparison.Ordinal) ? "DateTime" : typeName;

    /// <summary>
    /// For each argument of a Variant or of Geometry, its discriminator: a Variant numbers its types sorted by name,
    /// Geometry's arguments are already in its own order (MultiPoint, added last, comes after Ring).
    /// </summary>
    public static byte[] Discriminators(ClickHouseType variant)
    {
        if (variant.Kind != ClickHouseTypeKind.Geometry)
        {
            return ClickHouseVariantOrder.GetDiscriminators(variant.Arguments);
        }
        var identity = new byte[variant.Arguments.Count];
        for (int i = 0; i < identity.Length; i++)
        {
            identity[i] = (byte)i;
        }
        return identity;
    }
}
