using System.Text;
using CsCheck;

namespace ClickHouse.RowBinary.Generator.Tests.Fuzz;

/// <summary>One edit of a seed input: CsCheck generates lists of them and shrinks a failure to the fewest, smallest.</summary>
internal readonly record struct Mutation(int Kind, int Position, byte Value)
{
    public const int Kinds = 8;

    /// <summary>Bytes an attacker favours: boundaries, varint continuations, type codes of containers.</summary>
    private static readonly byte[] s_interesting = [0x00, 0x01, 0x02, 0x7F, 0x80, 0xFF, 0x1E, 0x1F, 0x20, 0x23, 0x26, 0x27, 0x2A, 0x2B, 0x30, 0x16, 0x12, 0x14];

    public static readonly Gen<Mutation> Gen = CsCheck.Gen.Select(CsCheck.Gen.Int[0, Kinds - 1], CsCheck.Gen.Int[0, 4096], CsCheck.Gen.Byte, (kind, position, value) => new Mutation(kind, position, value));

    public static byte[] Apply(byte[] seed, Mutation[] mutations)
    {
        var bytes = new List<byte>(seed);
        foreach (Mutation m in mutations)
        {
            int at = bytes.Count == 0 ? 0 : m.Position % (bytes.Count + 1);
            switch (m.Kind)
            {
                case 0 when at < bytes.Count: bytes[at] = m.Value; break;
                case 1: bytes.Insert(at, m.Value); break;
                case 2 when at < bytes.Count: bytes.RemoveAt(at); break;
                case 3: bytes.InsertRange(at, [0xFF, 0xFF, 0xFF, 0xFF, 0x07]); break;          // a count of int.MaxValue
                case 4: bytes.RemoveRange(at, bytes.Count - at); break;                      // truncate
                case 5:                                                                        // repeat a slice
                    int length = Math.Min(1 + (m.Value % 16), bytes.Count - at);
                    bytes.InsertRange(at, bytes.GetRange(at, Math.Max(length, 0)));
                    break;
                case 6: bytes.Insert(at, s_interesting[m.Value % s_interesting.Length]); break;
                case 7 when at < bytes.Count: bytes[at] = s_interesting[m.Value % s_interesting.Length]; break;
            }
        }
        return [.. bytes];
    }

    /// <summary>Characters type strings are made of, to edit them with.</summary>
    private const string TypeCharacters = "(),' `=\\0123456789ANTJSOUILDFxXmax_dynamic_pathsSKIPREGEXPNullableArrayTupleMapVariantDynamicLowCardinality";

    public static string Apply(string seed, Mutation[] mutations)
    {
        var text = new StringBuilder(seed);
        foreach (Mutation m in mutations)
        {
            int at = m.Position % (text.Length + 1);
            char c = TypeCharacters[m.Value % TypeCharacters.Length];
            switch (m.Kind % 4)
            {
                case 0 when at < text.Length: text[at] = c; break;
                case 1: text.Insert(at, c); break;
                case 2 when at < text.Length: text.Remove(at, 1); break;
                case 3: text.Insert(at, text.ToString(at, Math.Min(1 + (m.Value % 24), text.Length - at))); break;
            }
        }
        return text.ToString();
    }
}
