using Microsoft.CodeAnalysis;

namespace ClickHouse.RowBinary.Generator;

/// <summary>Every diagnostic the generator reports. The IDs are stable: never renumber or reuse one.</summary>
internal static class DiagnosticDescriptors
{
    private const string Category = "ClickHouse.RowBinary";

    /// <summary>Each ID has a page here: what triggers it, and a wrong and a fixed example.</summary>
    private const string HelpLinkBase = "https://github.com/clickhouse-rowbinary/clickhouse-rowbinary/blob/main/docs/diagnostics/";

    public static readonly DiagnosticDescriptor TypeNotPartial = new(
        id: "CHRB001",
        title: "A [ClickHouseRow] type must be partial",
        messageFormat: "The [ClickHouseRow] type '{0}' cannot be extended because {1} is not partial; add the 'partial' modifier to {1}",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        helpLinkUri: HelpLinkBase + "CHRB001.md");

    public static readonly DiagnosticDescriptor UnsupportedMemberType = new(
        id: "CHRB002",
        title: "The member's C# type has no ClickHouse mapping",
        messageFormat: "The member '{0}' of type '{1}' cannot be a ClickHouse column: {2}; use a supported C# type, or leave the member out with [ClickHouseIgnore]",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        helpLinkUri: HelpLinkBase + "CHRB002.md");

    public static readonly DiagnosticDescriptor InvalidClickHouseType = new(
        id: "CHRB003",
        title: "The ClickHouse type string does not parse",
        messageFormat: "The ClickHouse type \"{0}\" of member '{1}' does not parse: {2}; write the type as the server prints it, for example \"DateTime64(3, 'UTC')\"",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        helpLinkUri: HelpLinkBase + "CHRB003.md");

    public static readonly DiagnosticDescriptor TypeMismatch = new(
        id: "CHRB004",
        title: "The member's C# type cannot hold the declared ClickHouse type",
        messageFormat: "The member '{0}' of type '{1}' cannot hold the ClickHouse type {2}: {3}",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        helpLinkUri: HelpLinkBase + "CHRB004.md");

    public static readonly DiagnosticDescriptor DecimalPrecisionExceedsSystemDecimal = new(
        id: "CHRB005",
        title: "System.Decimal may not hold every value of the ClickHouse Decimal",
        messageFormat: "The member '{0}' maps {1} to System.Decimal, which holds at most 28 to 29 significant digits: a wider value is a run-time error naming the column; use ClickHouse.RowBinary.ClickHouseDecimal to hold every value exactly",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        helpLinkUri: HelpLinkBase + "CHRB005.md");

    public static readonly DiagnosticDescriptor DuplicateColumnName = new(
        id: "CHRB006",
        title: "Two members map to the same column",
        messageFormat: "The column name '{0}' of member '{1}' is already used by member '{2}' of '{3}'; give one of them another name with [ClickHouseColumn(\"name\")], or leave one out with [ClickHouseIgnore]",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        helpLinkUri: HelpLinkBase + "CHRB006.md");

    public static readonly DiagnosticDescriptor CannotConstruct = new(
        id: "CHRB007",
        title: "The row type cannot be constructed when reading",
        messageFormat: "The row type '{0}' cannot be constructed from its columns: {1}",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        helpLinkUri: HelpLinkBase + "CHRB007.md");

    public static readonly DiagnosticDescriptor GenericRowType = new(
        id: "CHRB008",
        title: "A [ClickHouseRow] type cannot be generic",
        messageFormat: "The [ClickHouseRow] type '{0}' is generic or nested in a generic type; declare a non-generic row type (a closed type per column set)",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        helpLinkUri: HelpLinkBase + "CHRB008.md");

    public static readonly DiagnosticDescriptor NoColumns = new(
        id: "CHRB009",
        title: "A [ClickHouseRow] type has no columns",
        messageFormat: "The [ClickHouseRow] type '{0}' has no columns; add public properties or fields, or mark members with [ClickHouseColumn]",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        helpLinkUri: HelpLinkBase + "CHRB009.md");

    public static readonly DiagnosticDescriptor RecursiveRowType = new(
        id: "CHRB011",
        title: "A row type contains itself",
        messageFormat: "The member '{0}' makes the row type '{1}' contain itself through '{2}', and ClickHouse types cannot be recursive; leave the member out with [ClickHouseIgnore]",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        helpLinkUri: HelpLinkBase + "CHRB011.md");

    public static readonly DiagnosticDescriptor InvalidColumnName = new(
        id: "CHRB012",
        title: "The column name is empty",
        messageFormat: "The member '{0}' has an empty column name; pass the column name to [ClickHouseColumn(\"name\")], or omit it to use the member's name",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        helpLinkUri: HelpLinkBase + "CHRB012.md");

    public static readonly DiagnosticDescriptor NullableMemberForNonNullableColumn = new(
        id: "CHRB013",
        title: "A nullable member maps to a column that cannot be NULL",
        messageFormat: "The member '{0}' of type '{1}' can be null, but its column {2} cannot hold NULL, so writing a null is a run-time error; {3}",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        helpLinkUri: HelpLinkBase + "CHRB013.md");
}
