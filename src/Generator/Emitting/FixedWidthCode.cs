using ClickHouse.RowBinary.Generator.Model;

namespace ClickHouse.RowBinary.Generator.Emitting;

/// <summary>
/// The C# that stores a fixed-width scalar at a known offset of a span and loads it back: lets generated code write
/// and read runs of fixed-width columns with one bounds check for the run.
/// </summary>
internal sealed class FixedWidthCode
{
    /// <summary>The statement that stores <c>value</c>: <c>span[at]</c> addresses one byte, <c>slice</c> is the span from that offset.</summary>
    public delegate string Store(string span, string at, string slice, string value);

    /// <summary>The expression that loads the value; <c>position</c> is its offset in the stream, for a validation error.</summary>
    public delegate string Load(string span, string at, string slice, string position);

    private readonly Store _store;
    private readonly Load? _load;

    public FixedWidthCode(ScalarValueSpec scalar, int byteSize, Conversion? conversion, Store store, Load? load, ElementLoad? element = null,
        StoredElement? stored = null)
    {
        ByteSize = byteSize;
        Conversion = conversion;
        _store = store;
        _load = load;
        Element = element;
        Stored = stored;
        // Only Bool validates its byte as it loads it.
        LoadNeedsPosition = load is not null && scalar.Encoding == ScalarEncoding.Bool;
    }

    /// <summary>The bytes one value takes.</summary>
    public int ByteSize { get; }

    /// <summary>
    /// What turns the C# value into what is stored and may throw (a date out of range), run before any bytes are
    /// reserved; null when the value is stored as it is and nothing can fail.
    /// </summary>
    public Conversion? Conversion { get; }

    /// <summary>False when loading needs checks the reader does itself (a Date32 or DateTime64 range).</summary>
    public bool CanLoad => _load is not null;

    public bool LoadNeedsPosition { get; }

    /// <summary>
    /// How the value is made from one element of a span of its stored type (a Native column read as
    /// <c>ReadOnlySpan&lt;short&gt;</c>), or null when it is only loaded from bytes.
    /// </summary>
    public ElementLoad? Element { get; }

    /// <summary>
    /// How the value (converted, when it has a <see cref="Conversion"/>) is stored as one element of a span of its
    /// stored type, or null when it is only stored as bytes.
    /// </summary>
    public StoredElement? Stored { get; }

    public string StoreAt(string span, string at, string slice, string value) => _store(span, at, slice, value);

    public string LoadAt(string span, string at, string slice, string position)
        => _load is null ? throw new System.InvalidOperationException("The value is not loaded from a span.") : _load(span, at, slice, position);
}

/// <summary>A value loaded as an element of a typed span: <paramref name="ElementType"/> is the stored type (<c>short</c>).</summary>
/// <param name="ElementType">The C# type of the stored value, which must be an unmanaged type stored little-endian.</param>
/// <param name="FromElement">The expression that makes the value from the element's expression.</param>
internal sealed record ElementLoad(string ElementType, System.Func<string, string> FromElement);

/// <summary>A value stored as an element of a typed span: <paramref name="ElementType"/> is the stored type (<c>long</c>).</summary>
/// <param name="ElementType">The C# type of the stored value, an unmanaged type stored little-endian.</param>
/// <param name="ToElement">The expression that makes the element from the (converted) value's expression.</param>
internal sealed record StoredElement(string ElementType, System.Func<string, string> ToElement);

/// <summary>A conversion of a C# value to the integer stored for it, e.g. a DateOnly to its UInt16 days.</summary>
/// <param name="Method">The conversion method, e.g. <c>RowBinaryPrimitives.ToDateDays</c>.</param>
/// <param name="ConvertedTypeName">The C# type it yields.</param>
/// <param name="StoredEncoding">The encoding of the converted value.</param>
/// <param name="ExtraArgument">An argument after the value (the precision of a DateTime64), or null.</param>
internal sealed record Conversion(string Method, string ConvertedTypeName, ScalarEncoding StoredEncoding, string? ExtraArgument = null)
{
    public string Convert(string value) => ExtraArgument is null ? $"{Method}({value})" : $"{Method}({value}, {ExtraArgument})";
}
