using System;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// The value of a ClickHouse <c>Geometry</c> column: NULL, or one value of a geo type (<c>Point</c>, <c>Ring</c>,
/// <c>LineString</c>, <c>MultiPoint</c>, <c>Polygon</c>, <c>MultiLineString</c> or <c>MultiPolygon</c>) held as the
/// points of that type. The default value is NULL. Two geometries are equal when they are of the same kind with the
/// same points.
/// </summary>
/// <remarks>
/// On the wire a Geometry is a <c>Variant</c> over the geo types whose discriminators ClickHouse fixed when it added
/// the type (<see cref="ClickHouseType.Arguments"/> of <c>Geometry</c> lists them in that order); this type writes and
/// reads them for you.
/// </remarks>
public readonly struct ClickHouseGeometry : IEquatable<ClickHouseGeometry>
{
    // The Geometry discriminator plus one, so that default(ClickHouseGeometry) is NULL.
    private readonly byte _tag;
    private readonly (double X, double Y) _point;
    private readonly Array? _shape;

    private ClickHouseGeometry(byte discriminator, (double X, double Y) point, Array? shape)
    {
        _tag = (byte)(discriminator + 1);
        _point = point;
        _shape = shape;
    }

    /// <summary>NULL: no geometry.</summary>
    public static ClickHouseGeometry Null => default;

    /// <summary>True when the value is NULL.</summary>
    public bool IsNull => _tag == 0;

    /// <summary>
    /// The geo type of the value (<see cref="ClickHouseTypeKind.Point"/>, <see cref="ClickHouseTypeKind.Ring"/>,
    /// <see cref="ClickHouseTypeKind.LineString"/>, <see cref="ClickHouseTypeKind.MultiPoint"/>,
    /// <see cref="ClickHouseTypeKind.Polygon"/>, <see cref="ClickHouseTypeKind.MultiLineString"/> or
    /// <see cref="ClickHouseTypeKind.MultiPolygon"/>), or <see cref="ClickHouseTypeKind.Nothing"/> for NULL.
    /// </summary>
    public ClickHouseTypeKind Kind => _tag == 0 ? ClickHouseTypeKind.Nothing : KindOf((byte)(_tag - 1));

    /// <summary>The point of a <c>Point</c>; throws <see cref="InvalidOperationException"/> for any other kind.</summary>
    public (double X, double Y) Point => _tag - 1 == Discriminator.Point ? _point : throw WrongShape("Point", "a Point");

    /// <summary>
    /// The points of a <c>Ring</c>, <c>LineString</c> or <c>MultiPoint</c>; throws <see cref="InvalidOperationException"/>
    /// for any other kind.
    /// </summary>
    public (double X, double Y)[] Points => _shape as (double X, double Y)[] ?? throw WrongShape("Points", "a Ring, LineString or MultiPoint");

    /// <summary>
    /// The rings of a <c>Polygon</c> (the outer one first) or the lines of a <c>MultiLineString</c>; throws
    /// <see cref="InvalidOperationException"/> for any other kind.
    /// </summary>
    public (double X, double Y)[][] Lines => _shape as (double X, double Y)[][] ?? throw WrongShape("Lines", "a Polygon or MultiLineString");

    /// <summary>The polygons of a <c>MultiPolygon</c>; throws <see cref="InvalidOperationException"/> for any other kind.</summary>
    public (double X, double Y)[][][] Polygons => _shape as (double X, double Y)[][][] ?? throw WrongShape("Polygons", "a MultiPolygon");

    /// <summary>The value as the codec holds geo values (a point tuple or arrays of them), boxed; null for NULL.</summary>
    public object? Value => _tag == 0 ? null : _shape ?? (object)_point;

    /// <summary>The Geometry discriminator of the value on the wire (255 for NULL).</summary>
    internal byte WireDiscriminator => (byte)(_tag - 1);

    /// <summary>A <c>Point</c>.</summary>
    public static ClickHouseGeometry FromPoint((double X, double Y) point) => new(Discriminator.Point, point, null);

    /// <summary>A <c>Ring</c>: a closed line, the boundary of a polygon without holes.</summary>
    public static ClickHouseGeometry FromRing((double X, double Y)[] points) => new(Discriminator.Ring, default, NotNull(points));

    /// <summary>A <c>LineString</c>.</summary>
    public static ClickHouseGeometry FromLineString((double X, double Y)[] points) => new(Discriminator.LineString, default, NotNull(points));

    /// <summary>A <c>MultiPoint</c>.</summary>
    public static ClickHouseGeometry FromMultiPoint((double X, double Y)[] points) => new(Discriminator.MultiPoint, default, NotNull(points));

    /// <summary>A <c>Polygon</c>: its outer ring first, then its holes.</summary>
    public static ClickHouseGeometry FromPolygon((double X, double Y)[][] rings) => new(Discriminator.Polygon, default, NotNull(rings));

    /// <summary>A <c>MultiLineString</c>.</summary>
    public static ClickHouseGeometry FromMultiLineString((double X, double Y)[][] lines) => new(Discriminator.MultiLineString, default, NotNull(lines));

    /// <summary>A <c>MultiPolygon</c>.</summary>
    public static ClickHouseGeometry FromMultiPolygon((double X, double Y)[][][] polygons) => new(Discriminator.MultiPolygon, default, NotNull(polygons));

    /// <summary>The value of the geo type <paramref name="discriminator"/> names, from the codec's representation.</summary>
    internal static ClickHouseGeometry FromWire(byte discriminator, (double X, double Y) point, Array? shape) => new(discriminator, point, shape);

    /// <summary>The geo type of a Geometry discriminator.</summary>
    internal static ClickHouseTypeKind KindOf(byte discriminator) => ClickHouseType.Of(ClickHouseTypeKind.Geometry).Arguments[discriminator].Kind;

    /// <inheritdoc/>
    public bool Equals(ClickHouseGeometry other)
        => _tag == other._tag && _point.Equals(other._point) && ClickHouseValueEquality.AreEqual(_shape, other._shape);

    /// <inheritdoc/>
    public override bool Equals(object? obj) => obj is ClickHouseGeometry other && Equals(other);

    /// <inheritdoc/>
    public override int GetHashCode() => HashCode.Combine(_tag, _point, _shape?.Length ?? 0);

    /// <summary>The value as ClickHouse prints it (<c>(1,2)</c>, <c>[(0,0),(1,1)]</c>), or <c>NULL</c>.</summary>
    public override string ToString()
    {
        if (_tag == 0)
        {
            return "NULL";
        }
        var builder = new StringBuilder();
        ClickHouseJsonText.AppendGeometry(builder, Value!, asText: true);
        return builder.ToString();
    }

    /// <summary>Value equality.</summary>
    public static bool operator ==(ClickHouseGeometry left, ClickHouseGeometry right) => left.Equals(right);

    /// <summary>Value inequality.</summary>
    public static bool operator !=(ClickHouseGeometry left, ClickHouseGeometry right) => !left.Equals(right);

    private static T NotNull<T>(T shape) where T : class
        => shape ?? throw new ArgumentNullException(nameof(shape), "A geometry needs its points; use ClickHouseGeometry.Null for NULL.");

    private InvalidOperationException WrongShape(string property, string kinds)
        => new(_tag == 0
            ? $"The geometry is NULL, so it has no {property}."
            : $"The geometry is a {ClickHouseType.KindName(Kind)}; {property} is only for {kinds}.");

    /// <summary>The discriminators of the geo types inside Geometry.</summary>
    internal static class Discriminator
    {
        public const byte LineString = 0;
        public const byte MultiLineString = 1;
        public const byte MultiPolygon = 2;
        public const byte Point = 3;
        public const byte Polygon = 4;
        public const byte Ring = 5;
        public const byte MultiPoint = 6;
    }
}
