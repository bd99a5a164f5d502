using System.Buffers;

namespace ClickHouse.RowBinary.Tests.Values;

/// <summary>
/// <see cref="ClickHouseGeometry"/>: NULL by default, one geo value of a known kind otherwise, its points behind the
/// accessor of its shape, equal by kind and points, and on the wire the discriminator ClickHouse gives its kind.
/// </summary>
public class ClickHouseGeometryTests
{
    private static readonly (double X, double Y)[] s_square = [(0, 0), (1, 0), (1, 1), (0, 0)];

    public static TheoryData<string, ClickHouseTypeKind, byte> Kinds() => new()
    {
        { "LineString", ClickHouseTypeKind.LineString, 0 },
        { "MultiLineString", ClickHouseTypeKind.MultiLineString, 1 },
        { "MultiPolygon", ClickHouseTypeKind.MultiPolygon, 2 },
        { "Point", ClickHouseTypeKind.Point, 3 },
        { "Polygon", ClickHouseTypeKind.Polygon, 4 },
        { "Ring", ClickHouseTypeKind.Ring, 5 },
        { "MultiPoint", ClickHouseTypeKind.MultiPoint, 6 },
    };

    [Theory]
    [MemberData(nameof(Kinds))]
    public void Each_kind_has_its_discriminator_and_reads_back_as_itself(string name, ClickHouseTypeKind kind, byte discriminator)
    {
        ClickHouseGeometry geometry = Of(kind);
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(buffer);

        writer.WriteGeometry(geometry);
        writer.Flush();
        var reader = new RowBinaryReader(buffer.WrittenSpan);
        ClickHouseGeometry read = reader.ReadGeometry();

        Assert.Equal(kind, geometry.Kind);
        Assert.Equal(name, ClickHouseType.Of(ClickHouseTypeKind.Geometry).Arguments[discriminator].ToString());
        Assert.Equal(discriminator, buffer.WrittenSpan[0]);
        Assert.True(reader.IsEnd);
        Assert.Equal(geometry, read);
        Assert.Equal(kind, read.Kind);
    }

    [Fact]
    public void The_default_is_NULL()
    {
        ClickHouseGeometry geometry = default;

        Assert.True(geometry.IsNull);
        Assert.Equal(ClickHouseGeometry.Null, geometry);
        Assert.Equal(ClickHouseTypeKind.Nothing, geometry.Kind);
        Assert.Null(geometry.Value);
        Assert.Equal("NULL", geometry.ToString());
        Assert.Contains("The geometry is NULL, so it has no Point", Assert.Throws<InvalidOperationException>(() => geometry.Point).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Each_shape_is_behind_its_own_accessor()
    {
        ClickHouseGeometry point = ClickHouseGeometry.FromPoint((1.5, -2));
        ClickHouseGeometry ring = ClickHouseGeometry.FromRing(s_square);
        ClickHouseGeometry polygon = ClickHouseGeometry.FromPolygon([s_square]);
        ClickHouseGeometry polygons = ClickHouseGeometry.FromMultiPolygon([[s_square]]);

        Assert.Equal((1.5, -2), point.Point);
        Assert.Same(s_square, ring.Points);
        Assert.Same(s_square, polygon.Lines[0]);
        Assert.Same(s_square, polygons.Polygons[0][0]);
        Assert.Equal((1.5, -2d), point.Value);
        Assert.Same(s_square, ring.Value);
        InvalidOperationException error = Assert.Throws<InvalidOperationException>(() => ring.Lines);
        Assert.Equal("The geometry is a Ring; Lines is only for a Polygon or MultiLineString.", error.Message);
        Assert.Throws<InvalidOperationException>(() => point.Points);
        Assert.Throws<InvalidOperationException>(() => polygon.Point);
        Assert.Throws<ArgumentNullException>(() => ClickHouseGeometry.FromLineString(null!));
    }

    [Fact]
    public void Geometries_are_equal_by_kind_and_points()
    {
        Assert.Equal(ClickHouseGeometry.FromRing([(0, 0), (1, 1)]), ClickHouseGeometry.FromRing([(0, 0), (1, 1)]));
        Assert.Equal(ClickHouseGeometry.FromPoint((double.NaN, 0)), ClickHouseGeometry.FromPoint((double.NaN, 0)));
        Assert.NotEqual(ClickHouseGeometry.FromRing([(0, 0), (1, 1)]), ClickHouseGeometry.FromLineString([(0, 0), (1, 1)]));
        Assert.NotEqual(ClickHouseGeometry.FromRing([(0, 0), (1, 1)]), ClickHouseGeometry.FromRing([(0, 0), (1, 2)]));
        Assert.NotEqual(ClickHouseGeometry.FromPoint((0, 0)), ClickHouseGeometry.Null);
        Assert.True(ClickHouseGeometry.FromPolygon([s_square]) == ClickHouseGeometry.FromPolygon([[.. s_square]]));
        Assert.Equal(ClickHouseGeometry.FromPolygon([s_square]).GetHashCode(), ClickHouseGeometry.FromPolygon([[.. s_square]]).GetHashCode());
    }

    [Fact]
    public void ToString_prints_the_points_as_ClickHouse_does()
    {
        Assert.Equal("(1.5,-2)", ClickHouseGeometry.FromPoint((1.5, -2)).ToString());
        Assert.Equal("[[(0,0),(1,0),(1,1),(0,0)]]", ClickHouseGeometry.FromPolygon([s_square]).ToString());
        Assert.Equal("[]", ClickHouseGeometry.FromMultiPoint([]).ToString());
    }

    [Fact]
    public void A_discriminator_beyond_the_geo_types_is_an_error()
    {
        RowBinaryException error = Assert.Throws<RowBinaryException>(() =>
        {
            var reader = new RowBinaryReader([7]);
            reader.ReadGeometry();
        });

        Assert.Equal("Geometry", error.ClickHouseType);
        Assert.Contains("discriminator 7 names no type; the Variant has 7 types", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void In_a_Dynamic_a_geometry_is_its_own_geo_type_as_ClickHouse_keeps_it()
    {
        ClickHouseDynamic dynamic = ClickHouseDynamic.From(ClickHouseGeometry.FromMultiPoint([(1, 2)]));

        Assert.Equal("MultiPoint", dynamic.Type!.ToString());
        Assert.Equal(new (double X, double Y)[] { (1, 2) }, ((double X, double Y)[])dynamic.Value!);
        Assert.True(ClickHouseDynamic.From(ClickHouseGeometry.Null).IsNull);
    }

    private static ClickHouseGeometry Of(ClickHouseTypeKind kind) => kind switch
    {
        ClickHouseTypeKind.LineString => ClickHouseGeometry.FromLineString([(0, 0), (2, 2)]),
        ClickHouseTypeKind.MultiLineString => ClickHouseGeometry.FromMultiLineString([[(0, 0), (1, 1)], []]),
        ClickHouseTypeKind.MultiPolygon => ClickHouseGeometry.FromMultiPolygon([[s_square], []]),
        ClickHouseTypeKind.Point => ClickHouseGeometry.FromPoint((-1, 1e300)),
        ClickHouseTypeKind.Polygon => ClickHouseGeometry.FromPolygon([s_square, s_square]),
        ClickHouseTypeKind.Ring => ClickHouseGeometry.FromRing(s_square),
        _ => ClickHouseGeometry.FromMultiPoint([(3, 4)]),
    };
}
