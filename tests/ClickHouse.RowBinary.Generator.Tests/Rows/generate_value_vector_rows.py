#!/usr/bin/env python3
"""Writes ValueVectorRows.cs: one single-column [ClickHouseRow] type per (ClickHouse type, C# type) of the golden
vectors in tests/vectors/values.json, declared as a user would, with the default C# type where there is one.

Run from anywhere: python3 generate_value_vector_rows.py [path/to/values.json]. It fails on a vector type that the
table below does not map, so a new vector cannot be silently left out.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_VECTORS = os.path.join(HERE, "..", "..", "vectors", "values.json")

# ClickHouse type -> [(row name, C# type, [ClickHouseColumn] Type or None for the default mapping, holds text)].
# "holds text": the row reads String bytes as UTF-8 text, so vectors that are not valid UTF-8 must be rejected by it.
MAPPINGS = {
    "UInt8": [("UInt8", "byte", None, False)],
    "UInt16": [("UInt16", "ushort", None, False)],
    "UInt32": [("UInt32", "uint", None, False)],
    "UInt64": [("UInt64", "ulong", None, False)],
    "UInt128": [("UInt128", "UInt128", None, False)],
    "UInt256": [("UInt256", "BigInteger", "UInt256", False)],
    "Int8": [("Int8", "sbyte", None, False)],
    "Int16": [("Int16", "short", None, False)],
    "Int32": [("Int32", "int", None, False)],
    "Int64": [("Int64", "long", None, False)],
    "Int128": [("Int128", "Int128", None, False)],
    "Int256": [("Int256", "BigInteger", None, False)],
    "Float32": [("Float32", "float", None, False)],
    "Float64": [("Float64", "double", None, False)],
    "BFloat16": [("BFloat16", "float", "BFloat16", False)],
    "Bool": [("Bool", "bool", None, False)],
    "String": [("String", "string", None, True), ("StringBytes", "byte[]", None, False), ("StringMemory", "ReadOnlyMemory<byte>", None, False)],
    "FixedString(1)": [("FixedString1", "byte[]", "FixedString(1)", False), ("FixedString1Text", "string", "FixedString(1)", True)],
    "FixedString(8)": [("FixedString8", "byte[]", "FixedString(8)", False), ("FixedString8Text", "string", "FixedString(8)", True)],
    "Date": [("Date", "DateOnly", None, False), ("DateAsDateTime", "DateTime", "Date", False)],
    "Date32": [("Date32", "DateOnly", "Date32", False)],
    "DateTime": [("DateTime", "DateTime", "DateTime", False), ("DateTimeOffset", "DateTimeOffset", "DateTime", False)],
    "DateTime('Asia/Tokyo')": [("DateTimeTokyo", "DateTimeOffset", "DateTime('Asia/Tokyo')", False)],
    "DateTime64(0, 'UTC')": [("DateTime64P0", "DateTime", "DateTime64(0, 'UTC')", False)],
    "DateTime64(3, 'UTC')": [("DateTime64P3", "DateTime", "DateTime64(3, 'UTC')", False), ("DateTime64P3Raw", "long", "DateTime64(3, 'UTC')", False)],
    "DateTime64(6, 'Europe/Amsterdam')": [("DateTime64P6Amsterdam", "DateTimeOffset", "DateTime64(6, 'Europe/Amsterdam')", False)],
    # Nanoseconds are finer than DateTime's 100 ns ticks: a user who needs them all maps the raw ticks.
    "DateTime64(9, 'UTC')": [("DateTime64P9Raw", "long", "DateTime64(9, 'UTC')", False)],
    "Decimal32(2)": [("Decimal32", "decimal", "Decimal32(2)", False)],
    "Decimal64(4)": [("Decimal64", "decimal", "Decimal64(4)", False)],
    "Decimal(18, 0)": [("Decimal18", "decimal", "Decimal(18, 0)", False)],
    "Decimal128(10)": [("Decimal128", "ClickHouseDecimal", "Decimal128(10)", False)],
    "Decimal256(20)": [("Decimal256", "ClickHouseDecimal", "Decimal256(20)", False)],
    "UUID": [("Uuid", "Guid", None, False)],
    "IPv4": [("IPv4", "IPAddress", "IPv4", False), ("IPv4Number", "uint", "IPv4", False)],
    "IPv6": [("IPv6", "IPAddress", None, False)],
    "Enum8('a' = -128, 'b' = 0, 'c' = 127)": [("Enum8", "Letter", None, False), ("Enum8Label", "string", "Enum8('a' = -128, 'b' = 0, 'c' = 127)", False), ("Enum8Number", "sbyte", "Enum8('a' = -128, 'b' = 0, 'c' = 127)", False)],
    "Enum16('x' = -32768, 'y' = 1000)": [("Enum16", "Axis", None, False), ("Enum16Number", "short", "Enum16('x' = -32768, 'y' = 1000)", False)],
    "Nullable(UInt32)": [("NullableUInt32", "uint?", None, False)],
    "Nullable(String)": [("NullableString", "string?", None, True)],
    "Nullable(Decimal64(3))": [("NullableDecimal64", "decimal?", "Nullable(Decimal64(3))", False)],
    "LowCardinality(String)": [("LowCardinalityString", "string", "LowCardinality(String)", True)],
    "LowCardinality(Nullable(String))": [("LowCardinalityNullableString", "string?", "LowCardinality(Nullable(String))", True)],
    "LowCardinality(FixedString(3))": [("LowCardinalityFixedString", "string", "LowCardinality(FixedString(3))", True)],
    "Array(UInt8)": [("ArrayUInt8", "byte[]", "Array(UInt8)", False), ("ArrayUInt8List", "List<byte>", None, False)],
    "Array(String)": [("ArrayString", "string[]", None, True), ("ArrayStringList", "List<string>", None, True), ("ArrayStringReadOnlyList", "IReadOnlyList<string>", None, True), ("ArrayStringImmutable", "ImmutableArray<string>", None, True)],
    "Array(Nullable(Int32))": [("ArrayNullableInt32", "int?[]", None, False)],
    "Array(Array(UInt16))": [("ArrayArrayUInt16", "ushort[][]", None, False), ("ArrayArrayUInt16Lists", "IList<List<ushort>>", None, False)],
    "Array(LowCardinality(String))": [("ArrayLowCardinalityString", "string[]", "Array(LowCardinality(String))", True)],
    "Tuple(UInt8, String)": [("TupleUInt8String", "(byte, string)", None, True)],
    "Tuple(a Int32, b Nullable(String), c Array(UInt8))": [("TupleNamed", "TupleAbc", None, True), ("TupleNamedValueTuple", "(int A, string? B, byte[] C)", "Tuple(a Int32, b Nullable(String), c Array(UInt8))", True)],
    "Tuple(Tuple(UInt8, UInt8), String)": [("TupleOfTuple", "((byte, byte), string)", None, True)],
    "Map(String, UInt64)": [("MapStringUInt64", "Dictionary<string, ulong>", None, True), ("MapStringUInt64Pairs", "List<KeyValuePair<string, ulong>>", None, True), ("MapStringUInt64ReadOnly", "IReadOnlyDictionary<string, ulong>", None, True)],
    "Map(LowCardinality(String), Array(Nullable(Float64)))": [("MapLowCardinality", "Dictionary<string, double?[]>", "Map(LowCardinality(String), Array(Nullable(Float64)))", True)],
    "Map(UInt8, Map(String, String))": [("MapOfMap", "Dictionary<byte, Dictionary<string, string>>", None, True)],
    "Variant(String, UInt64, Array(UInt8))": [("VariantStringUInt64Array", "ClickHouseVariant<string, ulong, byte[]>", "Variant(String, UInt64, Array(UInt8))", True)],
    "Variant(Int32, Float64, Bool, Date)": [("VariantScalars", "ClickHouseVariant<int, double, bool, DateOnly>", None, False)],
    "Dynamic": [("Dynamic", "ClickHouseDynamic", None, True)],
    "JSON": [("JsonText", "string", "JSON", True), ("JsonTree", "JsonNode", None, True)],
    "Point": [("Point", "(double X, double Y)", "Point", False)],
    "Ring": [("Ring", "(double X, double Y)[]", "Ring", False)],
    "LineString": [("LineString", "List<(double X, double Y)>", "LineString", False)],
    "MultiLineString": [("MultiLineString", "(double X, double Y)[][]", "MultiLineString", False)],
    "Polygon": [("Polygon", "(double X, double Y)[][]", "Polygon", False)],
    "MultiPolygon": [("MultiPolygon", "(double X, double Y)[][][]", "MultiPolygon", False)],
    "Time": [("Time", "TimeSpan", "Time", False)],
    "Time64(3)": [("Time64P3", "TimeSpan", "Time64(3)", False)],
    "Time64(6)": [("Time64P6", "TimeSpan", "Time64(6)", False)],
    "IntervalSecond": [("IntervalSecond", "TimeSpan", "IntervalSecond", False), ("IntervalSecondCount", "long", "IntervalSecond", False)],
    "IntervalDay": [("IntervalDay", "long", "IntervalDay", False)],
    "SimpleAggregateFunction(sum, UInt64)": [("SimpleAggregateSum", "ulong", "SimpleAggregateFunction(sum, UInt64)", False)],
    "SimpleAggregateFunction(anyLast, Nullable(String))": [("SimpleAggregateAnyLast", "string?", "SimpleAggregateFunction(anyLast, Nullable(String))", True)],
    "Nullable(Nothing)": [("NullableNothing", "object?", "Nullable(Nothing)", False)],
    "QBit(Float32, 3)": [("QBitFloat32", "float[]", "QBit(Float32, 3)", False), ("QBitFloat32List", "List<float>", "QBit(Float32, 3)", False), ("QBitFloat32Immutable", "ImmutableArray<float>", "QBit(Float32, 3)", False)],
    "QBit(BFloat16, 2)": [("QBitBFloat16", "float[]", "QBit(BFloat16, 2)", False)],
    "QBit(Float64, 2)": [("QBitFloat64", "double[]", "QBit(Float64, 2)", False), ("QBitFloat64ReadOnlyList", "IReadOnlyList<double>", "QBit(Float64, 2)", False)],
    "QBit(Int8, 4)": [("QBitInt8", "sbyte[]", "QBit(Int8, 4)", False)],
    "QBit(Float32, 16, 8)": [("QBitWithStride", "float[]", "QBit(Float32, 16, 8)", False)],
    "Nullable(QBit(Float32, 2))": [("NullableQBit", "float[]?", "Nullable(QBit(Float32, 2))", False)],
    "Array(QBit(Float64, 1))": [("ArrayQBit", "double[][]", "Array(QBit(Float64, 1))", False)],
    "MultiPoint": [("MultiPoint", "(double X, double Y)[]", "MultiPoint", False)],
    # A ClickHouseVariant with its arms in Geometry's discriminator order holds a Geometry too.
    "Geometry": [("Geometry", "ClickHouseGeometry", None, False), ("GeometryVariant", "ClickHouseVariant<(double X, double Y)[], (double X, double Y)[][], (double X, double Y)[][][], (double X, double Y), (double X, double Y)[][], (double X, double Y)[], (double X, double Y)[]>", "Geometry", False)],
    "Array(Nothing)": [("ArrayNothing", "object[]", "Array(Nothing)", False)],
}

HEADER = """// <auto-generated>
// Written by generate_value_vector_rows.py from tests/vectors/values.json; rerun it rather than editing by hand.
// </auto-generated>
#nullable enable

using System.Collections.Immutable;
using System.Net;
using System.Numerics;
using System.Text.Json.Nodes;

namespace ClickHouse.RowBinary.Generator.Tests.Rows;

/// <summary>The labels of the vectors' Enum8, so that the default mapping of this enum is that very type.</summary>
public enum Letter : sbyte
{
    a = -128,
    b = 0,
    c = 127,
}

/// <summary>The labels of the vectors' Enum16.</summary>
public enum Axis : short
{
    x = -32768,
    y = 1000,
}

/// <summary>A nested row type whose default mapping is the vectors' named Tuple.</summary>
[ClickHouseRow]
public partial record TupleAbc(
    [property: ClickHouseColumn("a")] int A,
    [property: ClickHouseColumn("b")] string? B,
    [property: ClickHouseColumn("c", Type = "Array(UInt8)")] byte[] C);
"""


def csharp_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_VECTORS
    with open(path, encoding="utf-8") as f:
        vectors = json.load(f)["vectors"]
    types = []
    for vector in vectors:
        if vector["type"] not in types:
            types.append(vector["type"])
    missing = [t for t in types if t not in MAPPINGS]
    if missing:
        sys.exit("No C# mapping for the vector types: " + ", ".join(missing))

    out = [HEADER]
    registry = []
    for clickhouse_type in types:
        for name, cs_type, declared, holds_text in MAPPINGS[clickhouse_type]:
            attribute = '"v"' if declared is None else f'"v", Type = {csharp_string(declared)}'
            out.append(f"[ClickHouseRow]\npublic partial record {name}Row([property: ClickHouseColumn({attribute})] {cs_type} V) : IValueVectorRow\n"
                       "{\n    object? IValueVectorRow.Value => V;\n}\n")
            registry.append(f"        new({csharp_string(clickhouse_type)}, {csharp_string(cs_type)}, {'true' if holds_text else 'false'}, ValueVectorCodec.RoundTrip<{name}Row>),")

    out.append("/// <summary>Every row type above, by the vector type it maps.</summary>\ninternal static class ValueVectorRows\n{\n"
               "    public static readonly IReadOnlyList<ValueVectorCodec> All =\n    [\n" + "\n".join(registry) + "\n    ];\n}\n")
    target = os.path.join(HERE, "ValueVectorRows.cs")
    with open(target, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(out))
    print(f"Wrote {target}: {len(registry)} row types for {len(types)} ClickHouse types.")


if __name__ == "__main__":
    main()
