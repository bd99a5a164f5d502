using System;
using System.Collections.Generic;
using System.Linq;

namespace ClickHouse.RowBinary.Tool;

/// <summary>
/// The default C# type of a ClickHouse type (README "Type mapping"), as it reads in a member declaration: short names
/// under the file's usings, or <c>global::</c> names where a member of the record has the same name as the type.
/// </summary>
internal sealed class ClrTypeNames(IReadOnlySet<string> memberNames)
{
    private readonly HashSet<string> _typeNames = new(memberNames, StringComparer.Ordinal);
    private readonly List<string> _enums = [];
    private string _member = "";

    /// <summary>The namespaces the short names come from: the file's usings.</summary>
    public static readonly string[] Usings = ["System", "System.Collections.Generic", "System.Net", "System.Numerics", "ClickHouse.RowBinary"];

    /// <summary>
    /// The C# enums the member types name (declared inside the record): one per Enum8/Enum16 whose labels are all C#
    /// identifiers, distinct ignoring case, as the generator matches them.
    /// </summary>
    public IReadOnlyList<string> EnumDeclarations => _enums;

    /// <summary>The C# type of member <paramref name="member"/>, or null with the reason when no member type can hold the ClickHouse type.</summary>
    public string? For(ClickHouseType type, string member, out string? unsupported)
    {
        _member = member;
        try
        {
            unsupported = null;
            return Map(type);
        }
        catch (NotSupportedException e)
        {
            unsupported = e.Message;
            return null;
        }
    }

    private string Map(ClickHouseType type) => type.Kind switch
    {
        ClickHouseTypeKind.Int8 => "sbyte",
        ClickHouseTypeKind.Int16 => "short",
        ClickHouseTypeKind.Int32 => "int",
        ClickHouseTypeKind.Int64 => "long",
        ClickHouseTypeKind.UInt8 => "byte",
        ClickHouseTypeKind.UInt16 => "ushort",
        ClickHouseTypeKind.UInt32 => "uint",
        ClickHouseTypeKind.UInt64 => "ulong",
        ClickHouseTypeKind.Int128 => Named("System", "Int128"),
        ClickHouseTypeKind.UInt128 => Named("System", "UInt128"),
        ClickHouseTypeKind.Int256 or ClickHouseTypeKind.UInt256 => Named("System.Numerics", "BigInteger"),
        ClickHouseTypeKind.Float32 or ClickHouseTypeKind.BFloat16 => "float",
        ClickHouseTypeKind.Float64 => "double",
        ClickHouseTypeKind.Bool => "bool",
        ClickHouseTypeKind.String or ClickHouseTypeKind.Json => "string",
        ClickHouseTypeKind.FixedString => "byte[]",
        ClickHouseTypeKind.Date or ClickHouseTypeKind.Date32 => Named("System", "DateOnly"),
        ClickHouseTypeKind.DateTime => Named("System", "DateTime"),
        // Finer than 100 ns a DateTime would drop digits: the raw ticks keep them.
        ClickHouseTypeKind.DateTime64 => type.Precision <= 7 ? Named("System", "DateTime") : "long",
        ClickHouseTypeKind.Decimal => type.Precision <= 28 ? "decimal" : Named("ClickHouse.RowBinary", "ClickHouseDecimal"),
        ClickHouseTypeKind.UUID => Named("System", "Guid"),
        ClickHouseTypeKind.IPv4 or ClickHouseTypeKind.IPv6 => Named("System.Net", "IPAddress"),
        ClickHouseTypeKind.Enum8 or ClickHouseTypeKind.Enum16 => Enum(type),
        ClickHouseTypeKind.Nullable => type.Arguments[0].Kind == ClickHouseTypeKind.Nothing ? "object?" : Map(type.Arguments[0]) + "?",
        ClickHouseTypeKind.LowCardinality or ClickHouseTypeKind.SimpleAggregateFunction => Map(type.Arguments[0]),
        ClickHouseTypeKind.Array => Map(type.Arguments[0]) + "[]",
        ClickHouseTypeKind.Tuple => Tuple(type),
        // Rows of named fields: a tuple of them per row (a Nested column the table does not flatten, or one inside another type).
        ClickHouseTypeKind.Nested => Tuple(type) + "[]",
        ClickHouseTypeKind.Map => $"{Named("System.Collections.Generic", "Dictionary")}<{Map(type.Arguments[0])}, {Map(type.Arguments[1])}>",
        ClickHouseTypeKind.Point => "(double X, double Y)",
        ClickHouseTypeKind.Ring or ClickHouseTypeKind.LineString or ClickHouseTypeKind.MultiPoint => "(double X, double Y)[]",
        ClickHouseTypeKind.Polygon or ClickHouseTypeKind.MultiLineString => "(double X, double Y)[][]",
        ClickHouseTypeKind.MultiPolygon => "(double X, double Y)[][][]",
        ClickHouseTypeKind.Variant => $"{Named("ClickHouse.RowBinary", "ClickHouseVariant")}<{string.Join(", ", type.Arguments.Select(Map))}>",
        ClickHouseTypeKind.Dynamic => Named("ClickHouse.RowBinary", "ClickHouseDynamic"),
        ClickHouseTypeKind.Geometry => Named("ClickHouse.RowBinary", "ClickHouseGeometry"),
        // float[] for Float32 and BFloat16, double[] for Float64, sbyte[] for Int8.
        ClickHouseTypeKind.QBit => Map(type.Arguments[0]) + "[]",
        ClickHouseTypeKind.Time => Named("System", "TimeSpan"),
        ClickHouseTypeKind.Time64 => type.Precision <= 7 ? Named("System", "TimeSpan") : "long",
        ClickHouseTypeKind.Interval => "long",
        _ => throw new NotSupportedException($"{type} has no C# member type"),
    };

    /// <summary>A C# enum of the labels where they can be member names; else the label itself, a string.</summary>
    private string Enum(ClickHouseType type)
    {
        if (!type.EnumMembers.All(m => CSharpNames.IsIdentifier(m.Key))
            || type.EnumMembers.Select(m => m.Key).Distinct(StringComparer.OrdinalIgnoreCase).Count() != type.EnumMembers.Count)
        {
            return "string";
        }
        string name = _member + "Kind";
        for (int n = 2; !_typeNames.Add(name); n++)
        {
            name = _member + "Kind" + n.ToString(System.Globalization.CultureInfo.InvariantCulture);
        }
        string underlying = type.Kind == ClickHouseTypeKind.Enum8 ? "sbyte" : "short";
        _enums.Add($"public enum {name} : {underlying}\n{{\n" + string.Concat(type.EnumMembers.Select(m => $"    {m.Key} = {m.Value.ToString(System.Globalization.CultureInfo.InvariantCulture)},\n")) + "}");
        return name;
    }

    private string Tuple(ClickHouseType type)
    {
        if (type.Arguments.Count == 1)
        {
            return $"{Named("System", "ValueTuple")}<{Map(type.Arguments[0])}>";
        }
        string[] elements = [.. type.Arguments.Select(Map)];
        string[]? names = ElementNames(type);
        return "(" + string.Join(", ", elements.Select((element, i) => names is null ? element : element + " " + names[i])) + ")";
    }

    /// <summary>The tuple's element names as C# names, or null when they are missing, clash or would be ItemN.</summary>
    private static string[]? ElementNames(ClickHouseType type)
    {
        if (!type.HasElementNames || type.ElementNames.Any(n => n is null))
        {
            return null;
        }
        string[] names = [.. type.ElementNames.Select(n => CSharpNames.Pascal(n!, ""))];
        bool usable = names.All(n => n.Length > 0 && !n.StartsWith("Item", StringComparison.Ordinal) && n is not ("Rest" or "ToString" or "GetHashCode" or "Equals" or "CompareTo" or "GetType"))
            && names.Distinct(StringComparer.Ordinal).Count() == names.Length;
        return usable ? names : null;
    }

    private string Named(string @namespace, string name) => _typeNames.Contains(name) ? $"global::{@namespace}.{name}" : name;
}
