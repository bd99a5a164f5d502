using System.Net;

namespace ClickHouse.RowBinary.IntegrationTests.Http;

/// <summary>Query parameter values, the text the client must send for them, and the ClickHouse type that parses it.</summary>
internal static class ParameterCases
{
    public static readonly (string Name, object? Value, string Text)[] All =
    [
        ("s", "tab\there\nnew line \\ back'slash \"quoted\"", "tab\\there\\nnew line \\\\ back\\'slash \"quoted\""),
        ("empty", "", ""),
        ("unicode", "Zürich 東京 🙂", "Zürich 東京 🙂"),
        ("i", -42, "-42"),
        ("u64", ulong.MaxValue, "18446744073709551615"),
        ("big", Int128.MinValue, "-170141183460469231731687303715884105728"),
        ("f", 0.1, "0.1"),
        ("f32", 1.5f, "1.5"),
        ("nan", double.NaN, "nan"),
        ("ninf", double.NegativeInfinity, "-inf"),
        ("dec", -123.4500m, "-123.4500"),
        ("flag", true, "1"),
        ("date", new DateOnly(2025, 1, 31), "2025-01-31"),
        ("dt", new DateTime(2025, 1, 31, 23, 59, 58, DateTimeKind.Utc), "2025-01-31 23:59:58"),
        ("dt64", new DateTime(2025, 1, 31, 23, 59, 58, DateTimeKind.Utc).AddTicks(1234567), "2025-01-31 23:59:58.1234567"),
        ("dto", new DateTimeOffset(2025, 1, 31, 10, 0, 0, TimeSpan.FromHours(2)), "2025-01-31 08:00:00"),
        ("uuid", Guid.Parse("61f0c404-5cb3-11e7-907b-a6006ad3dba0"), "61f0c404-5cb3-11e7-907b-a6006ad3dba0"),
        ("ip", IPAddress.Parse("2001:db8::1"), "2001:db8::1"),
        ("none", null, "\\N"),
        ("arr", new[] { "a'b", "c\\d" }, "['a\\'b','c\\\\d']"),
        ("arr_n", new int?[] { 1, null, 3 }, "[1,NULL,3]"),
        ("nested", new[] { new[] { 1, 2 }, [] }, "[[1,2],[]]"),
        ("tuple", (1, "x", new DateOnly(2025, 1, 1)), "(1,'x','2025-01-01')"),
        ("map", new Dictionary<string, int> { ["k"] = 1, ["l'"] = 2 }, "{'k':1,'l\\'':2}"),
    ];

    /// <summary>
    /// How ClickHouse renders each value in JSON once it has parsed the text as the parameter's type: the C# value,
    /// written the JSON way (ClickHouse writes NaN and infinities as null, and 64-bit and larger integers unquoted).
    /// </summary>
    public static readonly Dictionary<string, string> Json = new()
    {
        ["s"] = "\"tab\\there\\nnew line \\\\ back'slash \\\"quoted\\\"\"",
        ["empty"] = "\"\"",
        ["unicode"] = "\"Zürich 東京 🙂\"",
        ["i"] = "-42",
        ["u64"] = "18446744073709551615",
        ["big"] = "-170141183460469231731687303715884105728",
        ["f"] = "0.1",
        ["f32"] = "1.5",
        ["nan"] = "null",
        ["ninf"] = "null",
        ["dec"] = "-123.45",
        ["flag"] = "true",
        ["date"] = "\"2025-01-31\"",
        ["dt"] = "\"2025-01-31 23:59:58\"",
        ["dt64"] = "\"2025-01-31 23:59:58.1234567\"",
        ["dto"] = "\"2025-01-31 08:00:00\"",
        ["uuid"] = "\"61f0c404-5cb3-11e7-907b-a6006ad3dba0\"",
        ["ip"] = "\"2001:db8::1\"",
        ["none"] = "null",
        ["arr"] = "[\"a'b\",\"c\\\\d\"]",
        ["arr_n"] = "[1,null,3]",
        ["nested"] = "[[1,2],[]]",
        ["tuple"] = "[1,\"x\",\"2025-01-01\"]",
        ["map"] = "{\"k\":1,\"l'\":2}",
    };

    /// <summary>The ClickHouse type of each parameter, for a server or the oracle to parse the text with.</summary>
    public static readonly Dictionary<string, string> Types = new()
    {
        ["s"] = "String",
        ["empty"] = "String",
        ["unicode"] = "String",
        ["i"] = "Int32",
        ["u64"] = "UInt64",
        ["big"] = "Int128",
        ["f"] = "Float64",
        ["f32"] = "Float32",
        ["nan"] = "Float64",
        ["ninf"] = "Float64",
        ["dec"] = "Decimal(9, 4)",
        ["flag"] = "Bool",
        ["date"] = "Date",
        ["dt"] = "DateTime('UTC')",
        ["dt64"] = "DateTime64(7, 'UTC')",
        ["dto"] = "DateTime('UTC')",
        ["uuid"] = "UUID",
        ["ip"] = "IPv6",
        ["none"] = "Nullable(String)",
        ["arr"] = "Array(String)",
        ["arr_n"] = "Array(Nullable(Int32))",
        ["nested"] = "Array(Array(Int32))",
        ["tuple"] = "Tuple(Int32, String, Date)",
        ["map"] = "Map(String, Int32)",
    };
}
