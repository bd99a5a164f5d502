using System;
using System.Linq;

namespace ClickHouse.RowBinary.VariantTemplate;

/// <summary>
/// The one source of src/Runtime/Values/ClickHouseVariant.T2.cs to T8.cs: <see cref="Render"/> writes the file for one
/// arity. The runtime tests compare every committed file with it; Program.cs writes them.
/// </summary>
internal static class ClickHouseVariantTemplate
{
    public const int MinArity = 2;

    public const int MaxArity = 8;

    private static readonly string[] Ordinals = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"];

    /// <summary>The rendered file's path from the repository root, with forward slashes.</summary>
    public static string RelativePath(int arity) => $"src/Runtime/Values/ClickHouseVariant.T{arity}.cs";

    /// <summary>The whole file for <paramref name="arity"/> arms, with LF line endings.</summary>
    public static string Render(int arity)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(arity, MinArity);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(arity, MaxArity);
        int[] arms = Enumerable.Range(0, arity).ToArray();
        string type = $"ClickHouseVariant<{string.Join(", ", arms.Select(i => $"T{i}"))}>";

        // A multi-line hole starts at column 0 of the template, so each of its lines carries its own indentation.
        string rendered = $$"""
            // Rendered from tools/VariantTemplate/ClickHouseVariantTemplate.cs for {{MinArity}} to {{MaxArity}} arms: edit the template, not this
            // file, then re-render every arity with `dotnet run --project tools/VariantTemplate`.
            using System;
            using System.Collections.Generic;
            using System.Diagnostics.CodeAnalysis;

            namespace ClickHouse.RowBinary;

            /// <summary>
            /// The value of a ClickHouse <c>Variant</c> column with {{arity}} types: NULL or exactly one of the arms, each held in a
            /// field of its own type so that value types are never boxed. <see cref="Index"/> counts the arms in the order the
            /// type declares them; the discriminator on the wire is another number (ClickHouse numbers the arms sorted by type name).
            /// The default value is NULL.
            /// </summary>
            {{Lines(arms, i => $"/// <typeparam name=\"T{i}\">The .NET type of the {Ordinals[i]} declared arm.</typeparam>")}}
            public readonly struct {{type}} : IEquatable<{{type}}>
            {
                // 0 is NULL, so that default(ClickHouseVariant<...>) is NULL; otherwise the arm index plus one.
                private readonly byte _tag;
            {{Lines(arms, i => $"    private readonly T{i} _value{i};")}}

                private ClickHouseVariant(byte tag, {{string.Join(", ", arms.Select(i => $"T{i} value{i}"))}})
                {
                    _tag = tag;
            {{Lines(arms, i => $"        _value{i} = value{i};")}}
                }

                /// <summary>NULL: no arm holds a value.</summary>
                public static {{type}} Null => default;

                /// <summary>The declared position of the arm that holds the value, or -1 for NULL.</summary>
                public int Index => _tag - 1;

                /// <summary>True when the value is NULL.</summary>
                public bool IsNull => _tag == 0;

                /// <summary>The value, boxed when it is a value type; null for NULL. For convenience, not for hot paths.</summary>
                public object? Value => _tag switch
                {
            {{Lines(arms, i => $"        {i + 1} => _value{i},")}}
                    _ => null,
                };

            {{Blocks(arms, i => $"""
                    /// <summary>The value of the {Ordinals[i]} arm; throws <see cref="InvalidOperationException"/> when another arm (or NULL) holds the value.</summary>
                    public T{i} Value{i} => _tag == {i + 1} ? _value{i} : throw WrongArm({i});
                """)}}

            {{Blocks(arms, i => $"""
                    /// <summary>A value held by the {Ordinals[i]} arm.</summary>
                    public static {type} From{i}(T{i} value) => new({i + 1}, {string.Join(", ", arms.Select(j => j == i ? "value" : "default!"))});
                """)}}

            {{Blocks(arms, i => $"    public static implicit operator {type}(T{i} value) => From{i}(value);")}}

            {{Blocks(arms, i => $$"""
                    /// <summary>Gets the value of the {{Ordinals[i]}} arm when it holds the value.</summary>
                    public bool TryGet{{i}}([MaybeNullWhen(false)] out T{{i}} value)
                    {
                        value = _value{{i}};
                        return _tag == {{i + 1}};
                    }
                """)}}

                /// <summary>Calls the function for the arm that holds the value, or <paramref name="onNull"/> for NULL.</summary>
                public TResult Match<TResult>({{string.Join(", ", arms.Select(i => $"Func<T{i}, TResult> on{i}"))}}, Func<TResult> onNull)
                {
            {{Lines(arms, i => $"        ArgumentNullException.ThrowIfNull(on{i});")}}
                    ArgumentNullException.ThrowIfNull(onNull);
                    return _tag switch
                    {
            {{Lines(arms, i => $"            {i + 1} => on{i}(_value{i}),")}}
                        _ => onNull(),
                    };
                }

                public bool Equals({{type}} other) => _tag == other._tag && _tag switch
                {
            {{Lines(arms, i => $"        {i + 1} => EqualityComparer<T{i}>.Default.Equals(_value{i}, other._value{i}),")}}
                    _ => true,
                };

                public override bool Equals(object? obj) => obj is {{type}} other && Equals(other);

                public override int GetHashCode() => _tag switch
                {
            {{Lines(arms, i => $"        {i + 1} => HashCode.Combine(_tag, _value{i}),")}}
                    _ => 0,
                };

                /// <summary>The value's own text, or <c>NULL</c>.</summary>
                public override string ToString() => _tag switch
                {
            {{Lines(arms, i => $"        {i + 1} => _value{i}?.ToString() ?? string.Empty,")}}
                    _ => "NULL",
                };

                public static bool operator ==({{type}} left, {{type}} right) => left.Equals(right);

                public static bool operator !=({{type}} left, {{type}} right) => !left.Equals(right);

                private InvalidOperationException WrongArm(int requested) => new(_tag == 0
                    ? $"The variant is NULL; Value{requested} is not set. Check IsNull or Index first."
                    : $"The variant holds arm {_tag - 1}; Value{requested} is not set. Check Index or use TryGet{requested}.");
            }

            """;
        // The template's own line endings follow its checkout; the rendered files are LF everywhere.
        return rendered.ReplaceLineEndings("\n");
    }

    /// <summary>One line per arm.</summary>
    private static string Lines(int[] arms, Func<int, string> line) => string.Join("\n", arms.Select(line));

    /// <summary>One block per arm, with a blank line between blocks.</summary>
    private static string Blocks(int[] arms, Func<int, string> block) => string.Join("\n\n", arms.Select(block));
}
