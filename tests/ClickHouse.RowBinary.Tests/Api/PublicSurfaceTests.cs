using System.Reflection;
using System.Xml.Linq;

namespace ClickHouse.RowBinary.Tests.Api;

/// <summary>
/// The package's public surface as CONTRIBUTING.md describes it: guarded by the API files in every shipped project,
/// public only what users and generated code call, documented, and no shared metadata a caller can change.
/// </summary>
public sealed class PublicSurfaceTests
{
    private static readonly Assembly Runtime = typeof(RowBinarySerializer).Assembly;

    [Fact]
    public void Every_shipped_project_tracks_its_public_API_in_files_beside_it()
    {
        string[] shipped = [.. Directory.GetFiles(Path.Combine(SharedFiles.RepositoryRoot, "src"), "*.csproj", SearchOption.AllDirectories)
            .Where(project => File.ReadAllText(project).Contains("<PackageId>", StringComparison.Ordinal))];

        Assert.Equal(4, shipped.Length);
        foreach (string project in shipped)
        {
            Assert.Contains("<TrackPublicApi>true</TrackPublicApi>", File.ReadAllText(project), StringComparison.Ordinal);
            foreach (string file in new[] { "PublicAPI.Shipped.txt", "PublicAPI.Unshipped.txt" })
            {
                string path = Path.Combine(Path.GetDirectoryName(project)!, file);
                Assert.True(File.Exists(path), $"{path} is missing");
                Assert.StartsWith("#nullable enable", File.ReadAllText(path), StringComparison.Ordinal);
            }
        }
    }

    [Theory]
    [InlineData("ClickHouse.RowBinary.RowBinaryHeaderChecker")]
    [InlineData("ClickHouse.RowBinary.ClickHouseVariantOrder")]
    [InlineData("ClickHouse.RowBinary.ClickHouseBinaryTypeCodec")]
    [InlineData("ClickHouse.RowBinary.ClickHouseValueCodec")]
    [InlineData("ClickHouse.RowBinary.RowBinaryNeedMoreDataException")]
    [InlineData("ClickHouse.RowBinary.PooledBufferWriter")]
    public void Codecs_checks_and_buffers_users_never_call_are_not_public(string typeName)
    {
        Type? type = Runtime.GetType(typeName);

        Assert.NotNull(type);
        Assert.False(type.IsVisible, $"{typeName} is public");
    }

    [Theory]
    [InlineData(typeof(RowBinaryGeneratedSupport))]
    [InlineData(typeof(RowBinaryPrimitives))]
    [InlineData(typeof(NativeColumns))]
    public void What_only_generated_code_calls_is_hidden_from_IntelliSense(Type type)
    {
        var browsable = type.GetCustomAttribute<System.ComponentModel.EditorBrowsableAttribute>();

        Assert.Equal(System.ComponentModel.EditorBrowsableState.Never, browsable?.State);
    }

    [Fact]
    public void The_reader_s_and_writer_s_members_for_generated_code_are_hidden_from_IntelliSense()
    {
        Assert.Equal(System.ComponentModel.EditorBrowsableState.Never,
            typeof(RowBinaryWriter).GetProperty(nameof(RowBinaryWriter.CurrentColumn))!.GetCustomAttribute<System.ComponentModel.EditorBrowsableAttribute>()?.State);
        Assert.Equal(System.ComponentModel.EditorBrowsableState.Never,
            typeof(RowBinaryReader).GetMethod(nameof(RowBinaryReader.TryReadSpan))!.GetCustomAttribute<System.ComponentModel.EditorBrowsableAttribute>()?.State);
        Assert.Equal(System.ComponentModel.EditorBrowsableState.Never,
            typeof(RowBinaryWriter).GetMethod(nameof(RowBinaryWriter.BeginValueColumn))!.GetCustomAttribute<System.ComponentModel.EditorBrowsableAttribute>()?.State);
    }

    [Fact]
    public void A_stream_reader_s_more_data_signal_cannot_be_asked_for_through_a_public_constructor()
    {
        ConstructorInfo[] constructors = typeof(RowBinaryReader).GetConstructors(BindingFlags.Public | BindingFlags.Instance);

        Assert.DoesNotContain(constructors, c => c.GetParameters().Any(p => p.ParameterType == typeof(bool)));
    }

    [Fact]
    public void Every_public_type_has_a_summary_in_the_package_s_documentation()
    {
        string xmlPath = Path.ChangeExtension(Runtime.Location, ".xml");
        Assert.True(File.Exists(xmlPath), $"{xmlPath} is missing: the runtime generates its documentation file");
        HashSet<string> documented = [.. XDocument.Load(xmlPath).Descendants("member")
            .Where(member => member.Element("summary") is { } summary && summary.Value.Trim().Length > 0)
            .Select(member => (string)member.Attribute("name")!)];

        string[] undocumented = [.. Runtime.GetExportedTypes()
            .Select(type => "T:" + type.FullName!.Replace('+', '.'))
            .Where(id => !documented.Contains(id))
            .Order(StringComparer.Ordinal)];

        Assert.Empty(undocumented);
    }

    [Fact]
    public void A_row_schema_keeps_a_copy_of_its_columns_that_no_caller_can_change()
    {
        ClickHouseColumnInfo[] columns = [.. ClickHouseRowSchema.Of<SchemaProbeRow>().Columns];
        var schema = new ClickHouseRowSchema("Probe", columns);
        ClickHouseColumnInfo first = columns[0];

        columns[0] = columns[1];

        Assert.Same(first, schema.Columns[0]);
        Assert.IsNotType<ClickHouseColumnInfo[]>(schema.Columns);
        Assert.Throws<NotSupportedException>(() => ((IList<ClickHouseColumnInfo>)schema.Columns)[0] = columns[1]);
    }

    [Fact]
    public void A_header_and_a_schema_mismatch_keep_copies_of_their_lists()
    {
        string[] names = ["a", "b"];
        string[] types = ["UInt8", "String"];
        var header = new RowBinaryHeader(names, types);
        RowBinaryColumnMismatch[] mismatches = [.. MismatchesOf(header)];
        var error = new RowBinarySchemaMismatchException("Probe", table: null, mismatches);
        RowBinaryColumnMismatch first = mismatches[0];

        names[0] = "changed";
        types[0] = "Int64";
        mismatches[0] = mismatches[^1];

        Assert.Equal(["a", "b"], header.Names);
        Assert.Equal(["UInt8", "String"], header.Types);
        Assert.IsNotType<string[]>(header.Names);
        Assert.Same(first, error.Mismatches[0]);
        Assert.IsNotType<RowBinaryColumnMismatch[]>(error.Mismatches);
    }

    /// <summary>Two mismatches from the schema check itself: <see cref="SchemaProbeRow"/> read from a header it does not fit.</summary>
    private static IReadOnlyList<RowBinaryColumnMismatch> MismatchesOf(RowBinaryHeader header)
    {
        var written = new System.Buffers.ArrayBufferWriter<byte>();
        var writer = new RowBinaryWriter(written);
        header.Write(ref writer);
        writer.Flush();
        var error = Assert.Throws<RowBinarySchemaMismatchException>(
            () => RowBinarySerializer.ReadList<SchemaProbeRow>(written.WrittenSpan, RowBinaryFormat.RowBinaryWithNamesAndTypes));
        Assert.True(error.Mismatches.Count >= 2, error.Message);
        return error.Mismatches;
    }
}

[ClickHouseRow]
public sealed partial record SchemaProbeRow(
    [property: ClickHouseColumn("id")] ulong Id,
    [property: ClickHouseColumn("name")] string Name);
