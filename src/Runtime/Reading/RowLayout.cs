using System.Collections.Generic;
using System.Linq;

namespace ClickHouse.RowBinary;

/// <summary>
/// The columns of a result read without a row type, and where each column starts in the rows of the current batch:
/// what <see cref="RowLayoutDecoder"/> fills in as it passes over rows, and what a data reader's getters read from.
/// </summary>
internal sealed class RowLayout
{
    /// <summary>The rows parsed at once: each batch of rows costs one parse call, whose overhead they share.</summary>
    public const int BatchRows = 256;

    private Dictionary<string, int>? _ordinals;
    private int _slot;

    public RowBinaryHeader Header { get; private set; } = new([], []);

    /// <summary>Each column's parsed type.</summary>
    public ClickHouseType[] Types { get; private set; } = [];

    /// <summary>Each column's type without LowCardinality and Nullable: what a value after its NULL marker is.</summary>
    public ClickHouseType[] Inner { get; private set; } = [];

    /// <summary>Whether each column's values start with a NULL marker.</summary>
    public bool[] Nullable { get; private set; } = [];

    /// <summary>How a row is passed over, column by column: the bytes of a fixed-width value, <see cref="StringValue"/>, or <see cref="OtherValue"/>.</summary>
    public int[] Widths { get; private set; } = [];

    public const int StringValue = -2;
    public const int OtherValue = -1;

    /// <summary>
    /// The byte offset (in the whole stream) where each column of each row of the batch starts: row r's column c at
    /// <c>r * Types.Length + c</c>. Room for one row more than a batch: a failed row is read again to tell how it failed.
    /// </summary>
    public long[] Starts { get; private set; } = [];

    /// <summary>The columns as a schema, for error messages.</summary>
    public ClickHouseRowSchema Schema { get; private set; } = new("a row", []);

    public bool IsBound { get; private set; }

    /// <exception cref="RowBinaryException">A column's type cannot be parsed, or there is no column whose values take bytes.</exception>
    public void Bind(RowBinaryHeader header)
    {
        var types = new ClickHouseType[header.Count];
        var columns = new ClickHouseColumnInfo[header.Count];
        for (int i = 0; i < types.Length; i++)
        {
            if (!ClickHouseType.TryParse(header.Types[i], out ClickHouseType? type, out string? error))
            {
                throw new RowBinaryException($"Column '{header.Names[i]}' has the type '{header.Types[i]}', which cannot be parsed: {error}", clickHouseType: header.Types[i]);
            }
            types[i] = type;
            columns[i] = new ClickHouseColumnInfo(NameForMessages(header, i), header.Types[i], $"column {i}");
        }
        ThrowIfRowsTakeNoBytes(header, types);
        Header = header;
        Types = types;
        Inner = [.. types.Select(static t => t.UnwrapNullable())];
        Nullable = [.. types.Select(static t => t.IsNullable)];
        Widths = [.. types.Select(static t => t.Unwrap() is { Kind: ClickHouseTypeKind.String } ? StringValue : t.ByteSize >= 0 && !HasNothing(t) ? t.ByteSize : OtherValue)];
        Starts = new long[(BatchRows + 1) * types.Length];
        Schema = new ClickHouseRowSchema("a row of the result", columns);
        IsBound = true;
    }

    /// <summary>Nothing has no values: a column of it goes through the skipper, which says so.</summary>
    private static bool HasNothing(ClickHouseType type)
        => type.Kind == ClickHouseTypeKind.Nothing || type.Arguments.Any(HasNothing);

    /// <summary>Starts a batch: the next row passed over is row 0.</summary>
    public void BeginBatch() => _slot = 0;

    /// <summary>Where the next row passed over records its column starts.</summary>
    public int NextRowBase() => _slot++ * Types.Length;

    /// <summary>A column's name for messages and schemas, which need one: <c>#1</c>, <c>#2</c>... for a column whose name is empty.</summary>
    public static string NameForMessages(RowBinaryHeader header, int index)
        => header.Names[index].Length > 0 ? header.Names[index] : $"#{index + 1}";

    /// <summary>
    /// Rows whose columns may all take no bytes (<c>Tuple()</c>) cannot be told apart in a stream: any data would be
    /// endless rows. A header of such columns comes only from broken or hostile data.
    /// </summary>
    /// <exception cref="RowBinaryException">There are no columns, or every column's values may take no bytes.</exception>
    public static void ThrowIfRowsTakeNoBytes(RowBinaryHeader header, IReadOnlyList<ClickHouseType?> types)
    {
        long least = 0;
        foreach (ClickHouseType? type in types)
        {
            least += type is null ? 1 : ClickHouseValueCodec.MinimumSize(type);
        }
        if (least == 0)
        {
            throw new RowBinaryException($"The result's columns ({header}) take no bytes per row, so its rows cannot be read from a stream.");
        }
    }

    /// <summary>The ordinal of a column: its exact name, else the only name that differs in case; -1 when none.</summary>
    public int Ordinal(string name)
    {
        if (_ordinals is null)
        {
            var ordinals = new Dictionary<string, int>(Header.Count, System.StringComparer.Ordinal);
            for (int i = Header.Count - 1; i >= 0; i--)
            {
                ordinals[Header.Names[i]] = i;
            }
            _ordinals = ordinals;
        }
        if (_ordinals.TryGetValue(name, out int ordinal))
        {
            return ordinal;
        }
        for (int i = 0; i < Header.Count; i++)
        {
            if (string.Equals(Header.Names[i], name, System.StringComparison.OrdinalIgnoreCase))
            {
                return i;
            }
        }
        return -1;
    }
}

/// <summary>Passes over each row, noting in the <see cref="RowLayout"/> where its columns start; the row is its start offset.</summary>
internal readonly struct RowLayoutDecoder(RowLayout layout) : IRowDecoder<long>
{
    public ClickHouseRowSchema Schema => layout.Schema;

    public void Accept(RowBinaryHeader header) => layout.Bind(header);

    public long Read(ref RowBinaryReader reader)
    {
        long start = reader.Offset;
        ClickHouseType[] types = layout.Types;
        int[] widths = layout.Widths;
        long[] starts = layout.Starts;
        int first = layout.NextRowBase();
        for (int i = 0; i < types.Length; i++)
        {
            reader.CurrentColumn = i;
            starts[first + i] = reader.Offset;
            int width = widths[i];
            if (width >= 0)
            {
                reader.Skip(width, "value");
            }
            else if (width == RowLayout.StringValue)
            {
                reader.Skip(reader.ReadLength("String"), "String");
            }
            else
            {
                ClickHouseValueSkipper.Skip(ref reader, types[i]);
            }
        }
        return start;
    }
}
