using System.Buffers;
using System.Collections;
using System.Runtime.Loader;
using ClickHouse.RowBinary.Generator.Tests.Infrastructure;

namespace ClickHouse.RowBinary.Generator.Tests;

/// <summary>
/// The generated code names two helper classes of its own (the column methods nested in the row type, the schema
/// beside it). A user's member, base-class member or containing type's member of the same name must not change what
/// those names bind to.
/// </summary>
public class GeneratedNameClashTests
{
    private const string Source = """
        using System;
        using ClickHouse.RowBinary;

        namespace Clash;

        public static class ClickHouseRowSupport
        {
            public static int Schema => 0;
        }

        public class Base
        {
            public int ClickHouseRowColumns = 1;
        }

        [ClickHouseRow]
        public partial class Inherited : Base
        {
            public int[] Values { get; set; } = Array.Empty<int>();
        }

        [ClickHouseRow]
        public partial class Declared
        {
            public int[] ClickHouseRowColumns { get; set; } = Array.Empty<int>();
            public string ClickHouseRowSupport { get; set; } = "";
            public int[] ClickHouseRowColumns1 { get; set; } = Array.Empty<int>();
        }

        public partial class Outer
        {
            public static string ClickHouseRowSupport => "outer";

            public class ClickHouseRowColumns { }

            [ClickHouseRow]
            public partial record struct Inner(int[] Values, string? Name);
        }
        """;

    [Fact]
    public void Members_named_like_the_generated_helper_classes_compile_cleanly()
    {
        GeneratorResult result = GeneratorHarness.Run(Source);

        Assert.Empty(result.GeneratorDiagnostics);
        Assert.Empty(result.CompilationDiagnostics);
    }

    [Theory]
    [InlineData("Clash.Inherited", "Values")]
    [InlineData("Clash.Declared", "ClickHouseRowColumns1")]
    [InlineData("Clash.Outer+Inner", "Values")]
    public void A_row_type_with_a_clashing_member_still_round_trips(string typeName, string arrayMember)
    {
        GeneratorResult result = GeneratorHarness.Run(Source);
        using var image = new MemoryStream();
        Assert.True(result.Output.Emit(image).Success);

        var context = new AssemblyLoadContext("clashing rows", isCollectible: true);
        try
        {
            image.Position = 0;
            Type rowType = context.LoadFromStream(image).GetType(typeName, throwOnError: true)!;
            object row = Activator.CreateInstance(rowType)!;
            System.Reflection.PropertyInfo values = rowType.GetProperty(arrayMember)!;
            object boxed = row;
            values.SetValue(boxed, new[] { 3, 1, 4 });

            IList rows = (IList)Activator.CreateInstance(typeof(List<>).MakeGenericType(rowType))!;
            rows.Add(boxed);
            var buffer = new ArrayBufferWriter<byte>();
            typeof(RowBinarySerializer).GetMethods()
                .Single(m => m.Name == nameof(RowBinarySerializer.Write) && m.GetParameters()[1].ParameterType.Name == "IEnumerable`1")
                .MakeGenericMethod(rowType)
                .Invoke(null, [buffer, rows, RowBinaryFormat.RowBinary]);

            var read = (IList)typeof(RowBinarySerializer).GetMethods()
                .Single(m => m.Name == nameof(RowBinarySerializer.ReadList) && m.GetParameters().Length == 2 && m.GetParameters()[0].ParameterType == typeof(ReadOnlySequence<byte>))
                .MakeGenericMethod(rowType)
                .Invoke(null, [new ReadOnlySequence<byte>(buffer.WrittenMemory), RowBinaryFormat.RowBinary])!;

            Assert.Equal(new[] { 3, 1, 4 }, (int[])values.GetValue(Assert.Single(read))!);
        }
        finally
        {
            context.Unload();
        }
    }
}
