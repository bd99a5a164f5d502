using CsCheck;
using Xunit.Abstractions;

namespace ClickHouse.RowBinary.Generator.Tests.Fuzz;

/// <summary>
/// A seeded property-based fuzz target per public read entry point, over mutated golden vectors. The normal test
/// run gives them 60 s in all (a smoke run); <c>FUZZ_SECONDS=600 dotnet test tests/ClickHouse.RowBinary.Generator.Tests
/// -c Release --filter Fuzz</c> runs longer, and <c>FUZZ_SEED=...</c> replays the failure whose seed CsCheck printed.
/// Every input must meet <see cref="FuzzCheck"/>'s rules: only our exceptions, no hang, memory bounded by its bytes.
/// </summary>
public class FuzzTests(ITestOutputHelper output)
{
    private const int Targets = 7;

    private static readonly Gen<Mutation[]> s_mutations = Mutation.Gen.Array[0, 6];

    /// <summary>One to three seeds of <paramref name="corpus"/> one after the other (several rows), then mutated.</summary>
    private static Gen<byte[]> Mutated(byte[][] corpus)
        => Gen.Select(Gen.Int[0, corpus.Length - 1].Array[1, 3], s_mutations, (picks, mutations) =>
            Mutation.Apply([.. picks.SelectMany(i => corpus[i])], mutations));

    /// <summary>Random bytes, for the inputs no seed is near.</summary>
    private static readonly Gen<byte[]> s_noise = Gen.Byte.Array[0, 48];

    private static Gen<(RowTarget Target, byte[] Body, int Mode)> RowInputs(bool withHeader)
        => Gen.Int[0, RowTarget.All.Length - 1].SelectMany(index =>
        {
            RowTarget target = RowTarget.All[index];
            byte[][] seeds = target.Columns.Count != 1 ? FuzzCorpus.Tables
                : target.Columns[0].Type == "Dynamic" ? [.. FuzzCorpus.OfType("Dynamic"), .. FuzzCorpus.HostileDynamicShapes]
                : FuzzCorpus.OfType(target.Columns[0].Type);
            byte[] header = withHeader ? target.Header() : [];
            Gen<byte[]> bodies = seeds.Length == 0
                ? s_noise
                : Gen.Frequency((4, Mutated([.. seeds.Select(s => (byte[])[.. header, .. s])])), (1, s_noise));
            return Gen.Select(bodies, Gen.Int[0, RowTarget.Modes - 1], (body, mode) => (target, body, mode));
        });

    [Fact]
    public void Fuzz_row_types_in_RowBinary() => FuzzRows("rows (RowBinary)", RowBinaryFormat.RowBinary, withHeader: false);

    [Fact]
    public void Fuzz_row_types_in_RowBinaryWithNamesAndTypes() => FuzzRows("rows (RowBinaryWithNamesAndTypes)", RowBinaryFormat.RowBinaryWithNamesAndTypes, withHeader: true);

    private void FuzzRows(string name, RowBinaryFormat format, bool withHeader)
        => FuzzCheck.Run(name, Targets, RowInputs(withHeader),
            input => FuzzCheck.Read(input.Body, input.Body.Length, () => input.Target.Read(input.Body, format, input.Mode)),
            input => $"{input.Target} mode {input.Mode}: {Convert.ToHexStringLower(input.Body)}",
            output.WriteLine);

    /// <summary>Native blocks of every row type: one to three blocks of its vectors (or of the tables) one after the other, mutated.</summary>
    [Fact]
    public void Fuzz_row_types_in_Native()
    {
        Gen<(RowTarget Target, byte[] Body, int Mode)> inputs = Gen.Int[0, RowTarget.All.Length - 1].SelectMany(index =>
        {
            RowTarget target = RowTarget.All[index];
            byte[][] seeds = target.Columns.Count != 1 ? FuzzCorpus.NativeTables : FuzzCorpus.NativeOfType(target.Columns[0].Type);
            Gen<byte[]> bodies = seeds.Length == 0 ? s_noise : Gen.Frequency((4, Mutated(seeds)), (1, s_noise));
            return Gen.Select(bodies, Gen.Int[0, RowTarget.Modes - 1], (body, mode) => (target, body, mode));
        });
        FuzzCheck.Run("rows (Native)", Targets, inputs,
            input => FuzzCheck.Read(input.Body, input.Body.Length, () => input.Target.ReadNative(input.Body, input.Mode)),
            input => $"{input.Target} mode {input.Mode}: {Convert.ToHexStringLower(input.Body)}",
            output.WriteLine);
    }

    /// <summary>One or two columns of vector types, one to three rows of their vectors; header and rows mutated apart.</summary>
    private static readonly Gen<(int Reader, int Mode, byte[] Header, byte[] Rows)> s_results =
        Gen.Select(Gen.Int[0, FuzzCorpus.Values.Length - 1].Array[1, 2], Gen.Int[1, 3], s_mutations, s_mutations)
            .SelectMany(input => Gen.Select(Gen.Int[0, ResultTargets.Readers.Length - 1], Gen.Int[0, ResultTargets.Modes - 1], (reader, mode) =>
            {
                (int[] columns, int rows, Mutation[] headerEdits, Mutation[] rowEdits) = input;
                byte[] row = [.. columns.SelectMany(i => FuzzCorpus.Values[i].Bytes)];
                (byte[] header, byte[] body) = ResultTargets.Split([.. columns.Select(i => FuzzCorpus.Values[i].Type)], [.. Enumerable.Repeat(row, rows).SelectMany(r => r)]);
                return (reader, mode, Mutation.Apply(header, headerEdits), Mutation.Apply(body, rowEdits));
            }));

    [Fact]
    public void Fuzz_results_read_without_a_row_type()
        => FuzzCheck.Run("scalars, tuples, values and the data reader", Targets, s_results,
            input => FuzzCheck.Read(input.Header.Concat(input.Rows).ToArray(), input.Header.Length + input.Rows.Length,
                () => ResultTargets.Read(input.Reader, input.Mode, input.Header, input.Rows)),
            input => $"{ResultTargets.Readers[input.Reader].Name} mode {input.Mode}: header {Convert.ToHexStringLower(input.Header)} rows {Convert.ToHexStringLower(input.Rows)}",
            output.WriteLine);

    [Fact]
    public void Fuzz_type_strings()
    {
        Gen<string> strings = Gen.Select(Gen.Int[0, FuzzCorpus.TypeStrings.Length - 1], s_mutations,
            (index, mutations) => Mutation.Apply(FuzzCorpus.TypeStrings[index], mutations));
        FuzzCheck.Run("type strings", Targets, strings,
            text => FuzzCheck.Read(System.Text.Encoding.UTF8.GetBytes(text), text.Length, () =>
            {
                ClickHouseType type = ClickHouseType.Parse(text);
                // What parses prints as a type that parses back to itself.
                Assert.Equal(type, ClickHouseType.Parse(type.ToString()));
            }),
            text => text,
            output.WriteLine);
    }

    [Fact]
    public void Fuzz_binary_type_encodings_and_values()
    {
        var inputs = Gen.Select(Mutated(FuzzCorpus.BinaryTypes), Gen.Int[0, FuzzCorpus.Values.Length - 1], s_mutations,
            (encoding, value, mutations) => (Encoding: encoding, Type: FuzzCorpus.Values[value].Type, Value: Mutation.Apply(FuzzCorpus.Values[value].Bytes, mutations)));
        FuzzCheck.Run("binary type encodings and values", Targets, inputs,
            input => FuzzCheck.Read(input.Encoding.Concat(input.Value).ToArray(), input.Encoding.Length + input.Value.Length, () =>
            {
                try
                {
                    ClickHouseBinaryTypeCodec.Decode(input.Encoding);
                }
                catch (RowBinaryException)
                {
                }
                var reader = new RowBinaryReader(input.Value);
                ClickHouseValueCodec.Read(ref reader, ClickHouseType.Parse(input.Type));
            }),
            input => $"{Convert.ToHexStringLower(input.Encoding)} / {input.Type}: {Convert.ToHexStringLower(input.Value)}",
            output.WriteLine);
    }

    [Fact]
    public void Fuzz_Dynamic_and_JSON_readers()
    {
        byte[][] dynamic = FuzzCorpus.OfKind(ClickHouseTypeKind.Dynamic);
        byte[][] json = FuzzCorpus.OfKind(ClickHouseTypeKind.Json);
        var inputs = Gen.Select(Gen.Int[0, 3], Gen.Frequency((4, Mutated([.. dynamic, .. json, .. FuzzCorpus.HostileDynamicShapes])), (1, s_noise)), (reader, bytes) => (Reader: reader, Bytes: bytes));
        FuzzCheck.Run("Dynamic and JSON readers", Targets, inputs,
            input => FuzzCheck.Read(input.Bytes, input.Bytes.Length, () =>
            {
                var reader = new RowBinaryReader(input.Bytes);
                switch (input.Reader)
                {
                    case 0: reader.ReadDynamic(); break;
                    case 1: reader.ReadJson(); break;
                    case 2: reader.ReadJsonNode().ToJsonString(); break;
                    default: reader.ReadJsonDocument().Dispose(); break;
                }
            }),
            input => $"reader {input.Reader}: {Convert.ToHexStringLower(input.Bytes)}",
            output.WriteLine);
    }
}
