using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using ClickHouse.RowBinary;

namespace Samples.Collections;

/// <summary>Arrays, maps, tuples, Nested, Variant, geo types and the type wrappers.</summary>
[ClickHouseRow]
public partial class Shapes
{
    public int[] Numbers { get; set; } = [];
    public List<string> Names { get; set; } = [];
    public IReadOnlyList<double?> Measurements { get; set; } = [];
    public IList<ushort[]> Matrix { get; set; } = [];
    public ImmutableArray<Guid> Ids { get; set; } = [];

    [ClickHouseColumn(Type = "Array(UInt8)")]
    public byte[] Octets { get; set; } = [];

    public Dictionary<string, ulong> Counters { get; set; } = new();
    public IReadOnlyDictionary<byte, Dictionary<string, string>> Nested { get; set; } = new Dictionary<byte, Dictionary<string, string>>();
    public List<KeyValuePair<string, int>> Pairs { get; set; } = [];

    public (byte, string) Pair { get; set; }

    [ClickHouseColumn(Type = "Tuple(a Int32, b Nullable(String), c Array(UInt8))")]
    public (int A, string? B, byte[] C) Named { get; set; }

    public Address Home { get; set; } = new("", 0);

    public List<LineItem> Lines { get; set; } = [];

    [ClickHouseColumn(Type = "Variant(String, UInt64, Array(UInt8))")]
    public ClickHouseVariant<string, ulong, byte[]> Choice { get; set; }

    public ClickHouseVariant<int, double, bool, DateOnly> Mixed { get; set; }

    [ClickHouseColumn(Type = "Point")]
    public (double X, double Y) Location { get; set; }

    [ClickHouseColumn(Type = "Ring")]
    public (double X, double Y)[] Ring { get; set; } = [];

    [ClickHouseColumn(Type = "LineString")]
    public List<(double X, double Y)> Path { get; set; } = [];

    [ClickHouseColumn(Type = "MultiLineString")]
    public (double X, double Y)[][] Paths { get; set; } = [];

    [ClickHouseColumn(Type = "Polygon")]
    public List<(double X, double Y)[]> Polygon { get; set; } = [];

    [ClickHouseColumn(Type = "MultiPolygon")]
    public (double X, double Y)[][][] MultiPolygon { get; set; } = [];

    [ClickHouseColumn(Type = "MultiPoint")]
    public (double X, double Y)[] Stops { get; set; } = [];

    public ClickHouseGeometry Shape { get; set; }

    [ClickHouseColumn(Type = "QBit(Float32, 4)")]
    public float[] Embedding { get; set; } = new float[4];

    [ClickHouseColumn(Type = "QBit(BFloat16, 16, 8)")]
    public List<float> Coarse { get; set; } = [];

    [ClickHouseColumn(Type = "LowCardinality(Nullable(String))")]
    public string? Category { get; set; }

    [ClickHouseColumn(Type = "SimpleAggregateFunction(sum, UInt64)")]
    public ulong Total { get; set; }

    [ClickHouseColumn(Type = "Nullable(Nothing)")]
    public object? AlwaysNull { get; set; }

    [ClickHouseColumn(Type = "Array(Nothing)")]
    public object[] AlwaysEmpty { get; set; } = [];
}

[ClickHouseRow]
public partial record Address(string City, uint Zip);

[ClickHouseRow]
public partial record struct LineItem(string Sku, uint Quantity);
