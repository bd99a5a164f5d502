using System.Collections;
using System.Reflection;

namespace ClickHouse.RowBinary.Tests.Api;

public sealed class QueryOptionsCopyTests
{
    [Fact]
    public void A_copy_carries_every_option_in_collections_of_its_own()
    {
        var options = new ClickHouseQueryOptions
        {
            Database = "db",
            QueryId = "q",
            Idempotent = false,
            Format = RowBinaryFormat.RowBinary,
            WireFormat = ClickHouseWireFormat.Native,
            Progress = new Progress<ClickHouseQueryProgress>(),
            Parameters = { ["p"] = 1 },
            Settings = { ["max_threads"] = "1" },
            Roles = { "analyst" },
            Headers = { ["X-Trace"] = "t" },
            ExternalTables = { ClickHouseExternalTable.Create("ids", "id", new ulong[] { 1, 2 }) },
        };

        ClickHouseQueryOptions copy = options.Copy();

        // Every public property, so that one added later and not copied fails here.
        foreach (PropertyInfo property in typeof(ClickHouseQueryOptions).GetProperties(BindingFlags.Public | BindingFlags.Instance))
        {
            object? original = property.GetValue(options);
            object? copied = property.GetValue(copy);
            Assert.True(original is not null, $"the test gives {property.Name} no value");
            if (original is IEnumerable items and not string)
            {
                Assert.NotEmpty(items);
                Assert.NotSame(original, copied);
                Assert.Equal(items.Cast<object>(), ((IEnumerable)copied!).Cast<object>());
            }
            else
            {
                Assert.Equal(original, copied);
            }
        }
        copy.Settings["max_block_size"] = "8192";
        copy.Roles.Add("admin");
        Assert.False(options.Settings.ContainsKey("max_block_size"));
        Assert.Equal(["analyst"], options.Roles);
    }
}
