namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>The C# type that holds a scalar, where the encoding accepts more than its natural one.</summary>
internal enum ScalarHolder
{
    /// <summary>The encoding's own type: <c>int</c> for Int32, <c>string</c> for String, <c>DateOnly</c> for Date.</summary>
    Natural,

    /// <summary>A C# enum stored as its underlying integer.</summary>
    CSharpEnum,

    /// <summary>A <c>DateTime</c> for a Date or Date32: its date part.</summary>
    DateTime,

    /// <summary>A <c>DateTimeOffset</c> for a DateTime or DateTime64.</summary>
    DateTimeOffset,

    /// <summary>A <c>byte[]</c> for a String or FixedString: the bytes exactly as stored.</summary>
    ByteArray,

    /// <summary>A <c>ReadOnlyMemory&lt;byte&gt;</c> for a String or FixedString.</summary>
    ByteMemory,

    /// <summary>A <c>uint</c> for an IPv4.</summary>
    UInt32,

    /// <summary>A <c>ClickHouseDecimal</c> for a Decimal of any precision.</summary>
    ClickHouseDecimal,

    /// <summary>A <c>JsonNode</c> for JSON.</summary>
    JsonNode,

    /// <summary>A <c>JsonDocument</c> for JSON.</summary>
    JsonDocument,
}
