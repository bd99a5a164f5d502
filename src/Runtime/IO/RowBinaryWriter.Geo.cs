using System;

namespace ClickHouse.RowBinary;

public ref partial struct RowBinaryWriter
{
    /// <summary>Writes a Geometry value: its discriminator (255 for NULL), then the value of its geo type.</summary>
    public void WriteGeometry(ClickHouseGeometry value)
    {
        if (value.IsNull)
        {
            WriteUInt8(ClickHouseVariantOrder.NullDiscriminator);
            return;
        }
        WriteUInt8(value.WireDiscriminator);
        switch (value.WireDiscriminator)
        {
            case ClickHouseGeometry.Discriminator.Point:
                WritePoint(value.Point);
                break;
            case ClickHouseGeometry.Discriminator.MultiLineString:
            case ClickHouseGeometry.Discriminator.Polygon:
                WriteLines(value.Lines, "Geometry");
                break;
            case ClickHouseGeometry.Discriminator.MultiPolygon:
                WritePolygons(value.Polygons, "Geometry");
                break;
            default:
                WritePoints(value.Points);
                break;
        }
    }

    /// <summary>A Point: X then Y, two Float64.</summary>
    internal void WritePoint((double X, double Y) point)
    {
        WriteFloat64(point.X);
        WriteFloat64(point.Y);
    }

    internal void WritePoints(ReadOnlySpan<(double X, double Y)> points)
    {
        WriteLength(points.Length);
        foreach ((double X, double Y) point in points)
        {
            WritePoint(point);
        }
    }

    internal void WriteLines((double X, double Y)[][] lines, string clickHouseType)
    {
        WriteLength(lines.Length);
        foreach ((double X, double Y)[] line in lines)
        {
            WritePoints(line ?? throw ThrowHelper.NullValue(clickHouseType));
        }
    }

    internal void WritePolygons((double X, double Y)[][][] polygons, string clickHouseType)
    {
        WriteLength(polygons.Length);
        foreach ((double X, double Y)[][] polygon in polygons)
        {
            WriteLines(polygon ?? throw ThrowHelper.NullValue(clickHouseType), clickHouseType);
        }
    }
}
