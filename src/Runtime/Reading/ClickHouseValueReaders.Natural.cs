using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Net;
using System.Numerics;

namespace ClickHouse.RowBinary;

internal static partial class ClickHouseValueReaders
{
    /// <summary>
    /// The .NET type a column's values come as when no type is asked for (a data reader's <c>GetValue</c> and
    /// <c>GetFieldType</c>): the type mapping's default C# type, typed arrays of those (one level deep), else the
    /// <see cref="ClickHouseValueCodec"/>'s form (<c>object[]</c> for Tuple and deeper arrays, a list of pairs for Map).
    /// A Nullable column's type is its element's (NULL is apart).
    /// </summary>
    [return: DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicFields | DynamicallyAccessedMemberTypes.PublicProperties)]
    public static Type NaturalType(ClickHouseType column)
    {
        column = column.Unwrap();
        switch (column.Kind)
        {
            case ClickHouseTypeKind.Nullable:
                return NaturalType(column.Arguments[0]);
            case ClickHouseTypeKind.Array:
                ClickHouseType element = column.Arguments[0].Unwrap();
                return element.Kind == ClickHouseTypeKind.Nullable ? NullableArrayType(element.Arguments[0].Unwrap()) : ArrayType(element);
            default:
                return LeafType(column);
        }
    }

    /// <summary>The reader of a column's values as <see cref="NaturalType"/>.</summary>
    public static ClickHouseValueReader CreateNatural(ClickHouseType column)
        => TryCreate(NaturalType(column), column, out _) ?? new CodecValueReader(column);

    [return: DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicFields | DynamicallyAccessedMemberTypes.PublicProperties)]
    private static Type LeafType(ClickHouseType column) => column.Kind switch
    {
        ClickHouseTypeKind.Int8 => typeof(sbyte),
        ClickHouseTypeKind.Int16 => typeof(short),
        ClickHouseTypeKind.Int32 => typeof(int),
        ClickHouseTypeKind.Int64 or ClickHouseTypeKind.Interval => typeof(long),
        ClickHouseTypeKind.Int128 => typeof(Int128),
        ClickHouseTypeKind.UInt8 => typeof(byte),
        ClickHouseTypeKind.UInt16 => typeof(ushort),
        ClickHouseTypeKind.UInt32 => typeof(uint),
        ClickHouseTypeKind.UInt64 => typeof(ulong),
        ClickHouseTypeKind.UInt128 => typeof(UInt128),
        ClickHouseTypeKind.Int256 or ClickHouseTypeKind.UInt256 => typeof(BigInteger),
        ClickHouseTypeKind.Float32 or ClickHouseTypeKind.BFloat16 => typeof(float),
        ClickHouseTypeKind.Float64 => typeof(double),
        ClickHouseTypeKind.Bool => typeof(bool),
        ClickHouseTypeKind.String or ClickHouseTypeKind.Enum8 or ClickHouseTypeKind.Enum16 or ClickHouseTypeKind.Json => typeof(string),
        ClickHouseTypeKind.FixedString => typeof(byte[]),
        ClickHouseTypeKind.Date or ClickHouseTypeKind.Date32 => typeof(DateOnly),
        ClickHouseTypeKind.DateTime or ClickHouseTypeKind.DateTime64 => typeof(DateTime),
        ClickHouseTypeKind.Decimal => column.Precision <= 28 ? typeof(decimal) : typeof(ClickHouseDecimal),
        ClickHouseTypeKind.UUID => typeof(Guid),
        ClickHouseTypeKind.IPv4 or ClickHouseTypeKind.IPv6 => typeof(IPAddress),
        ClickHouseTypeKind.Time or ClickHouseTypeKind.Time64 => typeof(TimeSpan),
        ClickHouseTypeKind.Point => typeof((double X, double Y)),
        ClickHouseTypeKind.Ring or ClickHouseTypeKind.LineString or ClickHouseTypeKind.MultiPoint => typeof((double X, double Y)[]),
        ClickHouseTypeKind.Polygon or ClickHouseTypeKind.MultiLineString => typeof((double X, double Y)[][]),
        ClickHouseTypeKind.MultiPolygon => typeof((double X, double Y)[][][]),
        ClickHouseTypeKind.Geometry => typeof(ClickHouseGeometry),
        ClickHouseTypeKind.QBit => column.Arguments[0].Kind switch
        {
            ClickHouseTypeKind.Int8 => typeof(sbyte[]),
            ClickHouseTypeKind.Float64 => typeof(double[]),
            _ => typeof(float[]),
        },
        ClickHouseTypeKind.Variant or ClickHouseTypeKind.Dynamic => typeof(ClickHouseDynamic),
        ClickHouseTypeKind.Map => typeof(List<KeyValuePair<object, object?>>),
        ClickHouseTypeKind.Tuple or ClickHouseTypeKind.Nested => typeof(object[]),
        _ => typeof(object),
    };

    /// <summary>The natural type of <c>Array(X)</c>: an array of X's natural type where X is a leaf, else <c>object[]</c>.</summary>
    [return: DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicFields | DynamicallyAccessedMemberTypes.PublicProperties)]
    private static Type ArrayType(ClickHouseType element) => element.Kind switch
    {
        ClickHouseTypeKind.Int8 => typeof(sbyte[]),
        ClickHouseTypeKind.Int16 => typeof(short[]),
        ClickHouseTypeKind.Int32 => typeof(int[]),
        ClickHouseTypeKind.Int64 or ClickHouseTypeKind.Interval => typeof(long[]),
        ClickHouseTypeKind.Int128 => typeof(Int128[]),
        ClickHouseTypeKind.UInt8 => typeof(byte[]),
        ClickHouseTypeKind.UInt16 => typeof(ushort[]),
        ClickHouseTypeKind.UInt32 => typeof(uint[]),
        ClickHouseTypeKind.UInt64 => typeof(ulong[]),
        ClickHouseTypeKind.UInt128 => typeof(UInt128[]),
        ClickHouseTypeKind.Int256 or ClickHouseTypeKind.UInt256 => typeof(BigInteger[]),
        ClickHouseTypeKind.Float32 or ClickHouseTypeKind.BFloat16 => typeof(float[]),
        ClickHouseTypeKind.Float64 => typeof(double[]),
        ClickHouseTypeKind.Bool => typeof(bool[]),
        ClickHouseTypeKind.Date or ClickHouseTypeKind.Date32 => typeof(DateOnly[]),
        ClickHouseTypeKind.DateTime or ClickHouseTypeKind.DateTime64 => typeof(DateTime[]),
        ClickHouseTypeKind.UUID => typeof(Guid[]),
        ClickHouseTypeKind.Time or ClickHouseTypeKind.Time64 => typeof(TimeSpan[]),
        ClickHouseTypeKind.Point => typeof((double X, double Y)[]),
        ClickHouseTypeKind.Decimal => element.Precision <= 28 ? typeof(decimal[]) : typeof(ClickHouseDecimal[]),
        ClickHouseTypeKind.String or ClickHouseTypeKind.Enum8 or ClickHouseTypeKind.Enum16 or ClickHouseTypeKind.Json => typeof(string[]),
        ClickHouseTypeKind.FixedString => typeof(byte[][]),
        ClickHouseTypeKind.IPv4 or ClickHouseTypeKind.IPv6 => typeof(IPAddress[]),
        ClickHouseTypeKind.Variant or ClickHouseTypeKind.Dynamic => typeof(ClickHouseDynamic[]),
        _ => typeof(object[]),
    };

    /// <summary>The natural type of <c>Array(Nullable(X))</c>: <c>T?[]</c> of a value type, so that the array holds its NULLs.</summary>
    [return: DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicFields | DynamicallyAccessedMemberTypes.PublicProperties)]
    private static Type NullableArrayType(ClickHouseType element) => element.Kind switch
    {
        ClickHouseTypeKind.Int8 => typeof(sbyte?[]),
        ClickHouseTypeKind.Int16 => typeof(short?[]),
        ClickHouseTypeKind.Int32 => typeof(int?[]),
        ClickHouseTypeKind.Int64 or ClickHouseTypeKind.Interval => typeof(long?[]),
        ClickHouseTypeKind.Int128 => typeof(Int128?[]),
        ClickHouseTypeKind.UInt8 => typeof(byte?[]),
        ClickHouseTypeKind.UInt16 => typeof(ushort?[]),
        ClickHouseTypeKind.UInt32 => typeof(uint?[]),
        ClickHouseTypeKind.UInt64 => typeof(ulong?[]),
        ClickHouseTypeKind.UInt128 => typeof(UInt128?[]),
        ClickHouseTypeKind.Int256 or ClickHouseTypeKind.UInt256 => typeof(BigInteger?[]),
        ClickHouseTypeKind.Float32 or ClickHouseTypeKind.BFloat16 => typeof(float?[]),
        ClickHouseTypeKind.Float64 => typeof(double?[]),
        ClickHouseTypeKind.Bool => typeof(bool?[]),
        ClickHouseTypeKind.Date or ClickHouseTypeKind.Date32 => typeof(DateOnly?[]),
        ClickHouseTypeKind.DateTime or ClickHouseTypeKind.DateTime64 => typeof(DateTime?[]),
        ClickHouseTypeKind.UUID => typeof(Guid?[]),
        ClickHouseTypeKind.Time or ClickHouseTypeKind.Time64 => typeof(TimeSpan?[]),
        ClickHouseTypeKind.Point => typeof((double X, double Y)?[]),
        ClickHouseTypeKind.Decimal => element.Precision <= 28 ? typeof(decimal?[]) : typeof(ClickHouseDecimal?[]),
        ClickHouseTypeKind.String or ClickHouseTypeKind.Enum8 or ClickHouseTypeKind.Enum16 or ClickHouseTypeKind.Json => typeof(string[]),
        ClickHouseTypeKind.FixedString => typeof(byte[][]),
        ClickHouseTypeKind.IPv4 or ClickHouseTypeKind.IPv6 => typeof(IPAddress[]),
        _ => typeof(object[]),
    };
}
