using System.Text.Json;

namespace ClickHouse.RowBinary.IntegrationTests.Claims;

/// <summary>
/// A Decimal(38, 0) read into <see cref="decimal"/>, which holds 28 digits: the generator warns (CHRB005, quieted in
/// the project file, since generator warnings do not honour #pragma), as it should.
/// </summary>
[ClickHouseRow]
public partial record struct WideDecimalRow([property: ClickHouseColumn("amount", Type = "Decimal(38, 0)")] decimal Amount);

/// <summary>A Date32 read into <see cref="DateTime"/>.</summary>
[ClickHouseRow]
public partial record struct Date32Row([property: ClickHouseColumn("day", Type = "Date32")] DateTime Day);

/// <summary>An Enum16 read as its label.</summary>
[ClickHouseRow]
public partial record struct EnumLabelRow([property: ClickHouseColumn("e", Type = "Enum16('x' = -32768, 'y' = 1000)")] string Label);

/// <summary>A JSON column read into a <see cref="JsonDocument"/>.</summary>
[ClickHouseRow]
public sealed partial class JsonDocumentRow : IDisposable
{
    [ClickHouseColumn("doc", Type = "JSON")]
    public JsonDocument Document { get; set; } = null!;

    public void Dispose() => Document.Dispose();
}
