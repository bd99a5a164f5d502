using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace ClickHouse.RowBinary.Generator.Model;

/// <summary>
/// Where a diagnostic points, as plain values: a <see cref="Location"/> holds on to its syntax tree and would keep
/// the whole compilation alive in the generator's cache.
/// </summary>
internal sealed record LocationInfo(string FilePath, TextSpan Span, LinePositionSpan LineSpan)
{
    public Location ToLocation() => Location.Create(FilePath, Span, LineSpan);

    /// <summary>Where a symbol is declared in source, or null for one from metadata.</summary>
    public static LocationInfo? Of(ISymbol symbol)
    {
        foreach (Location location in symbol.Locations)
        {
            if (location.IsInSource)
            {
                return From(location);
            }
        }
        return null;
    }

    public static LocationInfo? From(Location? location)
    {
        if (location is null || location.SourceTree is null)
        {
            return null;
        }
        return new LocationInfo(location.SourceTree.FilePath, location.SourceSpan, location.GetLineSpan().Span);
    }
}
