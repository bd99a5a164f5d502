using System;

namespace ClickHouse.RowBinary;

/// <summary>
/// Names the ClickHouse column a member maps to and, optionally, its ClickHouse type.
/// </summary>
/// <param name="name">The column name; the member's own name when omitted.</param>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field | AttributeTargets.Parameter, Inherited = false)]
public sealed class ClickHouseColumnAttribute(string? name = null) : Attribute
{
    /// <summary>The column name, or <see langword="null"/> for the member's own name.</summary>
    public string? Name { get; } = name;

    /// <summary>
    /// The ClickHouse type of the column, e.g. <c>DateTime64(3, 'UTC')</c>. Parsed and checked at compile time.
    /// When omitted, the default ClickHouse type for the member's C# type is used.
    /// </summary>
    public string? Type { get; set; }

    /// <summary>
    /// With <see cref="RowBinaryFormat.RowBinaryWithDefaults"/>, the column is sent as "use the server default"
    /// whenever the member holds its C# default value (null, 0, empty).
    /// </summary>
    public bool UseServerDefault { get; set; }

    /// <summary>
    /// Reading: this String column's values repeat, so keep caching them. Every String column read into
    /// <see cref="string"/> hands back one instance per repeated value (a bounded per-column cache keyed by the UTF-8
    /// bytes) and turns that cache off once its values prove not to repeat; with <c>CacheStrings</c>, as for
    /// LowCardinality(String), the cache stays on and starts over when values that did not repeat fill it. Rows share
    /// string instances either way, which is safe: strings are immutable.
    /// </summary>
    public bool CacheStrings { get; set; }
}
