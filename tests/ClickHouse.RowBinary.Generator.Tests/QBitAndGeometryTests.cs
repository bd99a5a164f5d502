using System.Buffers;
using ClickHouse.RowBinary.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace ClickHouse.RowBinary.Generator.Tests;

/// <summary>
/// What generated code does with the types ClickHouse 26.9 added beyond the vectors: a QBit vector of the wrong length,
/// either way, is an error naming the column and both lengths; an Array(Nothing) is always empty; the type strings and
/// member types are checked at compile time.
/// </summary>
public class QBitAndGeometryTests
{
    [Theory]
    [InlineData(3)]
    [InlineData(5)]
    public void A_QBit_vector_of_another_length_is_not_written_and_names_the_column_and_both_lengths(int length)
    {
        var rows = new[]
        {
            new EmbeddingRow(1, [1, 2, 3, 4], [0.5, 1.5]),
            new EmbeddingRow(2, new float[length], [0.5, 1.5]),
        };

        RowBinaryException error = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.Write(new ArrayBufferWriter<byte>(), rows));

        Assert.Equal("vector", error.Column);
        Assert.Equal(1, error.Row);
        Assert.Equal("QBit(Float32, 4)", error.ClickHouseType);
        Assert.Contains($"QBit(Float32, 4) holds vectors of exactly 4 elements, but the value has {length}", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_QBit_vector_in_a_list_is_checked_as_well()
    {
        var row = new EmbeddingRow(1, [1, 2, 3, 4], [0.5]);

        RowBinaryException error = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.Write(new ArrayBufferWriter<byte>(), [row]));

        Assert.Equal("pair", error.Column);
        Assert.Contains("exactly 2 elements, but the value has 1", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_QBit_count_other_than_the_dimension_in_the_data_is_an_error_before_any_element_is_read()
    {
        // id 7, then a vector that claims 5 elements of a QBit(Float32, 4), with all 20 bytes there.
        byte[] bytes = [7, 0, 0, 0, 5, .. new byte[20]];

        RowBinaryException error = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.ReadList<EmbeddingRow>(bytes, RowBinaryFormat.RowBinary));

        Assert.Equal("vector", error.Column);
        Assert.Equal(0, error.Row);
        Assert.Equal(4, error.Offset);
        Assert.Contains("the vector has 5 elements, but the type holds exactly 4", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Vectors_of_the_dimension_round_trip()
    {
        var rows = new[] { new EmbeddingRow(1, [1, -2, 0.5f, float.MaxValue], [double.Epsilon, -0d]) };
        var buffer = new ArrayBufferWriter<byte>();

        RowBinarySerializer.Write(buffer, rows);
        EmbeddingRow read = Assert.Single(RowBinarySerializer.ReadList<EmbeddingRow>(buffer.WrittenSpan.ToArray(), RowBinaryFormat.RowBinary));

        Assert.Equal(rows[0].Vector, read.Vector);
        Assert.Equal(rows[0].Pair, read.Pair);
    }

    [Fact]
    public void An_Array_of_Nothing_is_always_empty_both_ways()
    {
        var buffer = new ArrayBufferWriter<byte>();
        RowBinarySerializer.Write(buffer, [new NothingRow([])]);
        Assert.Equal([0x00], buffer.WrittenSpan.ToArray());
        Assert.Empty(Assert.Single(RowBinarySerializer.ReadList<NothingRow>([0x00], RowBinaryFormat.RowBinary)).Empty);

        RowBinaryException write = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.Write(new ArrayBufferWriter<byte>(), [new NothingRow([new object()])]));
        Assert.Equal("empty", write.Column);
        Assert.Contains("Array(Nothing) holds only empty arrays (Nothing has no values), but the member has 1 elements", write.Message, StringComparison.Ordinal);

        RowBinaryException read = Assert.Throws<RowBinaryException>(() => RowBinarySerializer.ReadList<NothingRow>([0x02, 0x00, 0x00], RowBinaryFormat.RowBinary));
        Assert.Equal("empty", read.Column);
        Assert.Contains("it claims 2 elements, but Nothing has no values", read.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ClickHouseGeometry_maps_to_Geometry_and_float_arrays_stay_Arrays_without_a_Type()
    {
        Assert.Equal(
            [("shape", "Geometry"), ("vector", "Array(Float32)")],
            ClickHouseRowSchema.Of<DefaultShapeRow>().Columns.Select(c => (c.Name, c.Type)));
    }

    [Theory]
    [InlineData("QBit(Float32, 3)", "double[]", "CHRB004", "Float32 is held by 'float'")]
    [InlineData("QBit(Float32, 3)", "float", "CHRB004", "QBit(Float32, 3) is held by T[], List<T>")]
    [InlineData("QBit(UInt8, 3)", "byte[]", "CHRB003", "QBit supports only Int8, BFloat16, Float32 or Float64 elements, not UInt8")]
    [InlineData("QBit(Float32, 0)", "float[]", "CHRB003", "dimension must be between 1 and 134217720")]
    [InlineData("MultiPoint", "(double X, double Y)", "CHRB004", "MultiPoint is held by T[], List<T>")]
    [InlineData("Geometry", "string", "CHRB004", "Geometry is held by 'ClickHouseGeometry', or by a ClickHouseVariant")]
    [InlineData("Geometry", "ClickHouseVariant<(double X, double Y), string>", "CHRB004", "Geometry has 7 types but the ClickHouseVariant has 2 arms")]
    [InlineData("Nullable(Geometry)", "ClickHouseGeometry", "CHRB003", "Geometry cannot be inside Nullable")]
    [InlineData("AggregateFunction(sum, UInt64)", "byte[]", "CHRB003", "not self-delimiting in RowBinary: each function writes a state of its own making")]
    [InlineData("Nothing", "object", "CHRB004", "Nothing has no values: ClickHouse sends it only inside Nullable(Nothing)")]
    [InlineData("Array(Nothing)", "string[]", "CHRB004", "Nothing has no values")]
    public void Type_strings_and_member_types_are_checked_at_compile_time(string clickHouseType, string memberType, string id, string message)
    {
        GeneratorResult result = GeneratorHarness.Run($$"""
            using ClickHouse.RowBinary;

            [ClickHouseRow]
            public partial class Checked
            {
                [ClickHouseColumn("c", Type = "{{clickHouseType}}")]
                public {{memberType}} C { get; set; } = default!;
            }
            """);

        Diagnostic diagnostic = Assert.Single(result.GeneratorDiagnostics);
        Assert.Equal(id, diagnostic.Id);
        Assert.Contains(message, diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }
}

[ClickHouseRow]
public partial record EmbeddingRow(
    [property: ClickHouseColumn("id")] uint Id,
    [property: ClickHouseColumn("vector", Type = "QBit(Float32, 4)")] float[] Vector,
    [property: ClickHouseColumn("pair", Type = "QBit(Float64, 2)")] List<double> Pair);

[ClickHouseRow]
public partial record NothingRow([property: ClickHouseColumn("empty", Type = "Array(Nothing)")] object[] Empty);

[ClickHouseRow]
public partial record DefaultShapeRow(
    [property: ClickHouseColumn("shape")] ClickHouseGeometry Shape,
    [property: ClickHouseColumn("vector")] float[] Vector);
