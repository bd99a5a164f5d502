
namespace ClickHouse.RowBinary;

public ref partial struct RowBinaryReader
{
    private const int PointSize = 16;

    /// <summary>
    /// Reads a Geometry value: its discriminator (255 for NULL; see <see cref="ClickHouseType.Arguments"/> of
    /// <c>Geometry</c>), then the value of that geo type.
    /// </summary>
    public ClickHouseGeometry ReadGeometry()
    {
        long offset = Offset;
        byte discriminator = ReadUInt8();
        switch (discriminator)
        {
            case ClickHouseVariantOrder.NullDiscriminator:
                return ClickHouseGeometry.Null;
            case ClickHouseGeometry.Discriminator.Point:
                return ClickHouseGeometry.FromWire(discriminator, ReadPoint(), null);
            case ClickHouseGeometry.Discriminator.LineString:
            case ClickHouseGeometry.Discriminator.Ring:
            case ClickHouseGeometry.Discriminator.MultiPoint:
                return ClickHouseGeometry.FromWire(discriminator, default, ReadPoints("Geometry"));
            case ClickHouseGeometry.Discriminator.MultiLineString:
            case ClickHouseGeometry.Discriminator.Polygon:
                return ClickHouseGeometry.FromWire(discriminator, default, ReadLines("Geometry"));
            case ClickHouseGeometry.Discriminator.MultiPolygon:
                return ClickHouseGeometry.FromWire(discriminator, default, ReadPolygons("Geometry"));
            default:
                ClickHouseVariantOrder.ThrowUnknownDiscriminator(offset, "Geometry", discriminator, ClickHouseType.Of(ClickHouseTypeKind.Geometry).Arguments.Count);
                return default;
        }
    }

    /// <summary>A Point: X then Y, two Float64.</summary>
    internal (double X, double Y) ReadPoint() => (ReadFloat64(), ReadFloat64());

    /// <summary>The points of a Ring, LineString or MultiPoint: a count, then the points.</summary>
    internal (double X, double Y)[] ReadPoints(string clickHouseType)
    {
        int count = ReadLength(clickHouseType, PointSize);
        var points = count == 0 ? System.Array.Empty<(double X, double Y)>() : new (double X, double Y)[count];
        for (int i = 0; i < points.Length; i++)
        {
            points[i] = ReadPoint();
        }
        return points;
    }

    /// <summary>The rings of a Polygon or the lines of a MultiLineString: a count, then each one's points.</summary>
    internal (double X, double Y)[][] ReadLines(string clickHouseType)
    {
        int count = ReadLength(clickHouseType);
        var lines = count == 0 ? System.Array.Empty<(double X, double Y)[]>() : new (double X, double Y)[count][];
        for (int i = 0; i < lines.Length; i++)
        {
            lines[i] = ReadPoints(clickHouseType);
        }
        return lines;
    }

    /// <summary>The polygons of a MultiPolygon: a count, then each one's rings.</summary>
    internal (double X, double Y)[][][] ReadPolygons(string clickHouseType)
    {
        int count = ReadLength(clickHouseType);
        var polygons = count == 0 ? System.Array.Empty<(double X, double Y)[][]>() : new (double X, double Y)[count][][];
        for (int i = 0; i < polygons.Length; i++)
        {
            polygons[i] = ReadLines(clickHouseType);
        }
        return polygons;
    }
}
