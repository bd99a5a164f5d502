using System.Buffers;
using System.Collections;
using System.Reflection;
using System.Runtime.Loader;
using ClickHouse.RowBinary.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace ClickHouse.RowBinary.Generator.Tests;

/// <summary>
/// A user's source compiled with the generator into an assembly in memory, loaded into a collectible context and
/// called: the generated code works in a compilation of its own, not only in this test project.
/// </summary>
public class InMemoryCompilationTests
{
    private const string UserSource = """
        using System;
        using ClickHouse.RowBinary;

        namespace Shop;

        [ClickHouseRow]
        public partial record WebVisit(
            [property: ClickHouseColumn("day", Type = "Date")] DateOnly Day,
            [property: ClickHouseColumn("page_url")] string PageUrl,
            [property: ClickHouseColumn("country_id")] ushort CountryId,
            [property: ClickHouseColumn("browser_id")] byte BrowserId,
            [property: ClickHouseColumn("device_id")] byte DeviceId,
            [property: ClickHouseColumn("os_id")] byte OsId,
            [property: ClickHouseColumn("visits")] ulong Visits);
        """;

    [Fact]
    public void A_compiled_user_row_type_reads_and_writes_the_web_visits_table()
    {
        using System.Text.Json.JsonDocument tables = SharedFiles.LoadVector("tables.json");
        System.Text.Json.JsonElement table = tables.RootElement.GetProperty("tables").EnumerateArray().First(t => t.GetProperty("name").GetString() == "web_visits");
        byte[] rowBinary = Convert.FromHexString(table.GetProperty("rowbinary_hex").GetString()!);
        byte[] withNamesAndTypes = Convert.FromHexString(table.GetProperty("with_names_and_types_hex").GetString()!);

        GeneratorResult result = GeneratorHarness.Run(UserSource);
        Assert.Empty(result.CompilationDiagnostics);
        using var image = new MemoryStream();
        Assert.True(result.Output.Emit(image).Success);

        var context = new AssemblyLoadContext("generated rows", isCollectible: true);
        try
        {
            image.Position = 0;
            Type rowType = context.LoadFromStream(image).GetType("Shop.WebVisit", throwOnError: true)!;

            var rows = (IList)Invoke(nameof(RowBinarySerializer.ReadList), rowType, withNamesAndTypes, RowBinaryFormat.RowBinaryWithNamesAndTypes);
            Assert.Equal(5, rows.Count);
            object last = rows[4]!;
            Assert.Equal(new DateOnly(2025, 1, 5), rowType.GetProperty("Day")!.GetValue(last));
            Assert.Equal("https://example.com/p/4", rowType.GetProperty("PageUrl")!.GetValue(last));
            Assert.Equal(68UL, rowType.GetProperty("Visits")!.GetValue(last));

            var buffer = new ArrayBufferWriter<byte>();
            MethodInfo write = typeof(RowBinarySerializer).GetMethods()
                .Single(m => m.Name == nameof(RowBinarySerializer.Write) && m.GetParameters()[1].ParameterType.Name == "IEnumerable`1")
                .MakeGenericMethod(rowType);
            write.Invoke(null, [buffer, rows, RowBinaryFormat.RowBinary]);
            Assert.Equal(Convert.ToHexStringLower(rowBinary), Convert.ToHexStringLower(buffer.WrittenSpan));
        }
        finally
        {
            context.Unload();
        }
    }

    /// <summary>C# 11 (the first with static abstract members), with no nullable annotations on references.</summary>
    private const string PlainSource = """
        using System;
        using System.Collections.Generic;
        using System.Collections.Immutable;
        using System.Net;
        using ClickHouse.RowBinary;

        namespace Legacy
        {
            [ClickHouseRow]
            public partial class Reading
            {
                public Guid Id { get; set; }
                public string Name { get; set; } = "";
                public int? Count { get; set; }
                public List<string> Tags { get; set; } = new List<string>();
                public Dictionary<string, double[]> Series { get; set; } = new Dictionary<string, double[]>();
                public ImmutableArray<ushort> Codes { get; set; } = ImmutableArray<ushort>.Empty;
                public (int, string) Pair { get; set; }
                public Place Where { get; set; } = new Place();
                public List<Step> Steps { get; set; } = new List<Step>();
                [ClickHouseColumn(Type = "IPv4")]
                public IPAddress Client { get; set; } = IPAddress.Loopback;
                [ClickHouseColumn(Type = "Variant(String, UInt64)")]
                public ClickHouseVariant<string, ulong> Choice { get; set; }
                [ClickHouseColumn(UseServerDefault = true)]
                public DateTime Seen { get; set; }
            }

            [ClickHouseRow]
            public partial class Place
            {
                public string City { get; set; } = "";
                public byte[] Code { get; set; } = Array.Empty<byte>();
            }

            [ClickHouseRow]
            public partial struct Step
            {
                public string Name { get; set; }
                public TimeSpan Took { get; set; }
            }
        }
        """;

    [Theory]
    [InlineData(NullableContextOptions.Disable, LanguageVersion.CSharp11)]
    [InlineData(NullableContextOptions.Enable, LanguageVersion.CSharp11)]
    [InlineData(NullableContextOptions.Annotations, LanguageVersion.Latest)]
    [InlineData(NullableContextOptions.Warnings, LanguageVersion.Latest)]
    public void Generated_code_compiles_cleanly_in_any_nullable_context_from_CSharp_11(NullableContextOptions nullable, LanguageVersion version)
    {
        GeneratorResult result = GeneratorHarness.Run(GeneratorHarness.CreateCompilation(nullable, new CSharpParseOptions(version), PlainSource));

        Assert.Equal(3, result.Sources.Count);
        Assert.Empty(result.GeneratorDiagnostics);
        Assert.Empty(result.CompilationDiagnostics);
    }

    // Spans cannot pass through reflection: the sequence overload reads the same bytes.
    private static object Invoke(string name, Type rowType, byte[] data, RowBinaryFormat format)
        => typeof(RowBinarySerializer).GetMethods()
            .Single(m => m.Name == name && m.GetParameters().Length == 2 && m.GetParameters()[0].ParameterType == typeof(ReadOnlySequence<byte>))
            .MakeGenericMethod(rowType)
            .Invoke(null, [new ReadOnlySequence<byte>(data), format])!;
}
