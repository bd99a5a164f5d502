
namespace ClickHouse.RowBinary;

/// <summary>Parsed instances of the types the runtime names itself (inferred Dynamic and JSON types).</summary>
internal static class KnownTypes
{
    /// <summary>Composed from values (decimal scales, array element types): bounded like every cache values feed.</summary>
    private static readonly BoundedCache<string, ClickHouseType> s_cache = new(4096, System.StringComparer.Ordinal);

    public static readonly ClickHouseType Int8 = ClickHouseType.Parse("Int8");
    public static readonly ClickHouseType Int16 = ClickHouseType.Parse("Int16");
    public static readonly ClickHouseType Int32 = ClickHouseType.Parse("Int32");
    public static readonly ClickHouseType Int64 = ClickHouseType.Parse("Int64");
    public static readonly ClickHouseType Int128 = ClickHouseType.Parse("Int128");
    public static readonly ClickHouseType Int256 = ClickHouseType.Parse("Int256");
    public static readonly ClickHouseType UInt8 = ClickHouseType.Parse("UInt8");
    public static readonly ClickHouseType UInt16 = ClickHouseType.Parse("UInt16");
    public static readonly ClickHouseType UInt32 = ClickHouseType.Parse("UInt32");
    public static readonly ClickHouseType UInt64 = ClickHouseType.Parse("UInt64");
    public static readonly ClickHouseType UInt128 = ClickHouseType.Parse("UInt128");
    public static readonly ClickHouseType Float32 = ClickHouseType.Parse("Float32");
    public static readonly ClickHouseType Float64 = ClickHouseType.Parse("Float64");
    public static readonly ClickHouseType Bool = ClickHouseType.Parse("Bool");
    public static readonly ClickHouseType String = ClickHouseType.Parse("String");
    public static readonly ClickHouseType Date32 = ClickHouseType.Parse("Date32");
    public static readonly ClickHouseType DateTime64Utc = ClickHouseType.Parse("DateTime64(7, 'UTC')");
    public static readonly ClickHouseType Time64 = ClickHouseType.Parse("Time64(7)");
    public static readonly ClickHouseType UUID = ClickHouseType.Parse("UUID");
    public static readonly ClickHouseType IPv4 = ClickHouseType.Parse("IPv4");
    public static readonly ClickHouseType IPv6 = ClickHouseType.Parse("IPv6");
    public static readonly ClickHouseType Dynamic = ClickHouseType.Parse("Dynamic");
    public static readonly ClickHouseType Json = ClickHouseType.Parse("JSON");
    public static readonly ClickHouseType Point = ClickHouseType.Parse("Point");

    /// <summary>A parsed type for a type string the runtime composes, parsed once.</summary>
    public static ClickHouseType Get(string text) => s_cache.GetOrAdd(text, static t => ClickHouseType.Parse(t));
}
