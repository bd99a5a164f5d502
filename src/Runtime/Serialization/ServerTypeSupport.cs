using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// Whether a server has every type a row type's columns use, by the type family names it lists in
/// <c>system.data_type_families</c> (<c>Array</c>, <c>DateTime64</c>, <c>IntervalDay</c> ...), and what to write on a member
/// instead where a type it has holds the same values.
/// </summary>
internal static class ServerTypeSupport
{
    /// <summary>
    /// Null when the server has every family the columns use; else the error: each column that needs a family the
    /// server lacks, with its member, and the <c>[ClickHouseColumn]</c> that fits where there is one.
    /// </summary>
    public static string? Check(ClickHouseRowSchema schema, string table, IReadOnlySet<string> families, string server)
    {
        var message = new StringBuilder();
        foreach (ClickHouseColumnInfo column in schema.Columns)
        {
            if (!ClickHouseType.TryParse(column.Type, out ClickHouseType? type, out _))
            {
                continue;
            }
            string[] missing = [.. FamiliesOf(type).Where(family => !families.Contains(family)).Distinct(StringComparer.Ordinal)];
            if (missing.Length == 0)
            {
                continue;
            }
            message.Append(Environment.NewLine).Append("  - column ").Append(ClickHouseIdentifier.Quote(column.Name))
                .Append(" (").Append(schema.RowTypeName).Append('.').Append(column.MemberName).Append(") is ").Append(column.Type)
                .Append(": ").Append(server).Append(" has no ").Append(string.Join(" or ", missing)).Append(". ");
            ClickHouseType? instead = OlderEquivalent(type);
            if (instead is not null && !FamiliesOf(instead).Any(family => !families.Contains(family)))
            {
                message.Append("Declare the member [ClickHouseColumn(\"").Append(column.Name).Append("\", Type = \"").Append(instead)
                    .Append("\")] (").Append(Loss(type)).Append("), or use a newer server.");
            }
            else
            {
                message.Append("Give the member a type this server has with [ClickHouseColumn(\"").Append(column.Name)
                    .Append("\", Type = \"...\")], or use a newer server.");
            }
        }
        return message.Length == 0
            ? null
            : $"CREATE TABLE {ClickHouseIdentifier.Quote(table)} for {schema.RowTypeName} was not sent: it needs types {server} does not have:{message}";
    }

    /// <summary>The family names a type uses, itself and every type inside it, as <c>system.data_type_families</c> spells them.</summary>
    public static IEnumerable<string> FamiliesOf(ClickHouseType type)
    {
        yield return type.Kind == ClickHouseTypeKind.Interval ? "Interval" + type.IntervalUnit : ClickHouseType.KindName(type.Kind);
        // A Geometry column needs the Geometry family alone: the geo types it holds are the server's own business.
        IEnumerable<ClickHouseType> inner = type.Kind == ClickHouseTypeKind.Geometry
            ? []
            : type.Arguments.Concat(type.JsonTypedPaths.Select(path => path.Value));
        foreach (ClickHouseType argument in inner)
        {
            foreach (string family in FamiliesOf(argument))
            {
                yield return family;
            }
        }
    }

    /// <summary>
    /// The type with <c>DateTime64</c> as <c>DateTime</c> and <c>Date32</c> as <c>Date</c>, which older servers have and the
    /// same C# members accept; null when nothing changes or a type cannot be rebuilt.
    /// </summary>
    private static ClickHouseType? OlderEquivalent(ClickHouseType type)
    {
        ClickHouseType rebuilt = Rebuild(type);
        return rebuilt == type ? null : rebuilt;
    }

    private static ClickHouseType Rebuild(ClickHouseType type) => type.Kind switch
    {
        ClickHouseTypeKind.DateTime64 => ClickHouseType.DateTime(type.TimeZone),
        ClickHouseTypeKind.Date32 => ClickHouseType.Of(ClickHouseTypeKind.Date),
        ClickHouseTypeKind.Nullable => ClickHouseType.Nullable(Rebuild(type.Arguments[0])),
        ClickHouseTypeKind.LowCardinality => ClickHouseType.LowCardinality(Rebuild(type.Arguments[0])),
        ClickHouseTypeKind.Array => ClickHouseType.Array(Rebuild(type.Arguments[0])),
        ClickHouseTypeKind.Map => ClickHouseType.Map(Rebuild(type.Arguments[0]), Rebuild(type.Arguments[1])),
        ClickHouseTypeKind.Tuple when type.HasElementNames => ClickHouseType.Tuple(
            type.Arguments.Select((element, i) => new KeyValuePair<string, ClickHouseType>(type.ElementNames[i]!, Rebuild(element)))),
        ClickHouseTypeKind.Tuple => ClickHouseType.Tuple([.. type.Arguments.Select(Rebuild)]),
        _ => type,
    };

    private static string Loss(ClickHouseType type)
    {
        bool time = FamiliesOf(type).Contains("DateTime64");
        bool date = FamiliesOf(type).Contains("Date32");
        return time && date ? "whole seconds, and dates from 1970 to 2149"
            : time ? "whole seconds, from 1970 to 2106"
            : "dates from 1970 to 2149";
    }
}
