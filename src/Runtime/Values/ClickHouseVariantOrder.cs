using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Text;

namespace ClickHouse.RowBinary;

/// <summary>
/// Maps the arms of a <c>Variant</c> as declared (<c>Variant(String, UInt64, Array(UInt8))</c>, and the type arguments of
/// <see cref="ClickHouseVariant{T0, T1}"/>) to the discriminator bytes on the wire: ClickHouse numbers the arms after
/// sorting them by their canonical type names, byte by byte (here Array(UInt8) = 0, String = 1, UInt64 = 2), and
/// writes 255 for NULL.
/// </summary>
internal static class ClickHouseVariantOrder
{
    /// <summary>The discriminator of NULL.</summary>
    public const byte NullDiscriminator = 0xFF;

    /// <summary>The most arms a Variant can have (255 is taken by NULL).</summary>
    public const int MaxArms = 255;

    /// <summary>For each arm in declared order, its discriminator.</summary>
    /// <exception cref="ArgumentException">An arm appears twice, or there are more than 255 arms.</exception>
    public static byte[] GetDiscriminators(IReadOnlyList<ClickHouseType> declaredArms)
    {
        ArgumentNullException.ThrowIfNull(declaredArms);
        if (declaredArms.Count > MaxArms)
        {
            throw new ArgumentException($"A Variant has at most {MaxArms} types; {declaredArms.Count} were given.", nameof(declaredArms));
        }
        var names = new byte[declaredArms.Count][];
        for (int i = 0; i < names.Length; i++)
        {
            names[i] = Encoding.UTF8.GetBytes(declaredArms[i].ToString());
        }
        var discriminators = new byte[names.Length];
        for (int i = 0; i < names.Length; i++)
        {
            int smaller = 0;
            for (int j = 0; j < names.Length; j++)
            {
                int order = names[j].AsSpan().SequenceCompareTo(names[i]);
                if (order == 0 && i != j)
                {
                    throw new ArgumentException($"The Variant type {declaredArms[i]} appears twice.", nameof(declaredArms));
                }
                if (order < 0)
                {
                    smaller++;
                }
            }
            discriminators[i] = (byte)smaller;
        }
        return discriminators;
    }

    /// <summary>For each arm type string in declared order, its discriminator.</summary>
    /// <exception cref="ClickHouseTypeParseException">An arm is not a valid type.</exception>
    public static byte[] GetDiscriminators(IReadOnlyList<string> declaredArms)
    {
        ArgumentNullException.ThrowIfNull(declaredArms);
        var types = new ClickHouseType[declaredArms.Count];
        for (int i = 0; i < types.Length; i++)
        {
            types[i] = ClickHouseType.Parse(declaredArms[i]);
        }
        return GetDiscriminators(types);
    }

    /// <summary>For each arm of a Variant type string, in the order the string declares them, its discriminator.</summary>
    public static byte[] GetDiscriminators(string variantType) => GetDiscriminators(GetDeclaredArms(variantType));

    /// <summary>
    /// The arms of a Variant type string in the order it declares them (a parsed <see cref="ClickHouseType"/> keeps them
    /// in discriminator order instead).
    /// </summary>
    /// <exception cref="ClickHouseTypeParseException">The string is not a Variant type.</exception>
    public static IReadOnlyList<ClickHouseType> GetDeclaredArms(string variantType)
    {
        ArgumentNullException.ThrowIfNull(variantType);
        ClickHouseType parsed = ClickHouseType.Parse(variantType);
        if (parsed.Kind != ClickHouseTypeKind.Variant)
        {
            throw new ClickHouseTypeParseException(variantType, 0, $"expected a Variant type, found {parsed}");
        }
        string text = variantType.Trim();
        int open = text.IndexOf('(', StringComparison.Ordinal);
        var arms = new List<ClickHouseType>(parsed.Arguments.Count);
        foreach (string arm in SplitArguments(text.Substring(open + 1, text.LastIndexOf(')') - open - 1)))
        {
            arms.Add(ClickHouseType.Parse(arm));
        }
        return arms;
    }

    /// <summary>Throws the error for a discriminator that names no arm.</summary>
    [DoesNotReturn]
    public static void ThrowUnknownDiscriminator(long offset, string variantType, byte discriminator, int armCount)
        => throw new RowBinaryException(
            $"Invalid {variantType} at byte offset {offset}: discriminator {discriminator} names no type; the Variant has {armCount} types (discriminators 0 to {armCount - 1}, or 255 for NULL).",
            offset, variantType);

    private static List<string> SplitArguments(string text)
    {
        var parts = new List<string>();
        int depth = 0;
        int start = 0;
        char quote = '\0';
        for (int i = 0; i < text.Length; i++)
        {
            char c = text[i];
            if (quote != '\0')
            {
                if (c == '\\')
                {
                    i++;
                }
                else if (c == quote)
                {
                    quote = '\0';
                }
                continue;
            }
            switch (c)
            {
                case '\'' or '`' or '"': quote = c; break;
                case '(': depth++; break;
                case ')': depth--; break;
                case ',' when depth == 0:
                    parts.Add(text.Substring(start, i - start));
                    start = i + 1;
                    break;
            }
        }
        parts.Add(text.Substring(start));
        return parts;
    }
}
