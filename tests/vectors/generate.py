#!/usr/bin/env python3
"""Regenerates the golden vectors (values.json, tables.json, native.json) from ClickHouse itself.

The engine is chDB, ClickHouse built as a Python module: `pip install chdb-core` (the version that
installs names the ClickHouse release recorded in each file as "clickhouse"). Run from anywhere:

    python3 tests/vectors/generate.py            # rewrites values.json, tables.json and native.json beside this script
    python3 tests/vectors/generate.py OUT_DIR    # writes them to OUT_DIR instead (to compare)

Every value is asked of ClickHouse three ways: its RowBinary bytes (`hex`), its JSONEachRow rendering
(`json`) and `toString` (`text`). Every table is created, filled and read back as RowBinary,
RowBinaryWithNamesAndTypes and JSONEachRow. Every value and table is also asked for as Native (native.json), with
JSON columns as text. README.md beside this script says what each field means.
"""
import json
import os
import shutil
import sys
import tempfile

import chdb
from chdb import session as chdb_session

from oracle import SETTINGS as ORACLE_SETTINGS

# Invalid UTF-8 in a String becomes U+FFFD in JSON, so the JSON rendering is valid JSON.
SETTINGS = ORACLE_SETTINGS + ", output_format_json_validate_utf8 = 1"

# Native as the Native writer writes it: JSON columns as text, everything else in ClickHouse's own layout.
NATIVE_SETTINGS = SETTINGS + ", output_format_native_write_json_as_string = 1"

# (ClickHouse type, [SQL expressions cast to it]): each pair is one vector, in this order.
VALUES = [
    ('UInt8', ['0', '1', '127', '128', '255']),
    ('UInt16', ['0', '258', '65535']),
    ('UInt32', ['0', '16909060', '4294967295']),
    ('UInt64', ['0', '72623859790382856', '18446744073709551615']),
    ('UInt128', ['0', "'340282366920938463463374607431768211455'", "'1234567890123456789012345678901234567'"]),
    ('UInt256', ['0', "'115792089237316195423570985008687907853269984665640564039457584007913129639935'", "'1'"]),
    ('Int8', ['-128', '-1', '0', '127']),
    ('Int16', ['-32768', '-2', '32767']),
    ('Int32', ['-2147483648', '-3', '2147483647']),
    ('Int64', ['-9223372036854775808', '-4', '9223372036854775807']),
    ('Int128', ["'-170141183460469231731687303715884105728'", '-5', "'170141183460469231731687303715884105727'"]),
    ('Int256', [
        "'-57896044618658097711785492504343953926634992332820282019728792003956564819968'",
        '-6',
        "'57896044618658097711785492504343953926634992332820282019728792003956564819967'",
    ]),
    ('Float32', ['0', '-0.0', '1.5', '-3.4028235e38', 'inf', '-inf', 'nan', '1e-45']),
    ('Float64', ['0', '-0.0', '3.141592653589793', '1.7976931348623157e308', '-inf', 'nan', '5e-324']),
    ('BFloat16', ['0', '1.5', '-2', 'inf', 'nan', '3.140625']),
    ('Bool', ['false', 'true']),
    ('String', [
        "''",
        "'a'",
        "'hello, world'",
        "'Привет, мир 👋'",
        "repeat('x', 127)",
        "repeat('y', 128)",
        "repeat('z', 16384)",
        "unhex('00FF80C0')",
    ]),
    ('FixedString(1)', ["'a'", "''"]),
    ('FixedString(8)', ["'abc'", "'12345678'", "unhex('0001020304050607')"]),
    ('Date', ["'1970-01-01'", "'2024-02-29'", "'2149-06-06'"]),
    ('Date32', ["'1900-01-01'", "'1969-12-31'", "'1970-01-01'", "'2299-12-31'"]),
    ('DateTime', ["'1970-01-01 00:00:00'", "'2024-02-29 12:34:56'", "'2106-02-07 06:28:15'"]),
    ("DateTime('Asia/Tokyo')", ["'2024-02-29 12:34:56'"]),
    ("DateTime64(0, 'UTC')", ["'2024-02-29 12:34:56'"]),
    ("DateTime64(3, 'UTC')", [
        "'1970-01-01 00:00:00.000'",
        "'2024-02-29 12:34:56.789'",
        "'1900-01-01 00:00:00.001'",
        "'2299-12-31 23:59:59.999'",
    ]),
    ("DateTime64(6, 'Europe/Amsterdam')", ["'2024-07-01 12:00:00.123456'"]),
    ("DateTime64(9, 'UTC')", ["'1969-12-31 23:59:59.999999999'", "'2262-04-11 23:47:16.854775807'"]),
    ('Decimal32(2)', ['0', "'1.23'", "'-9999999.99'", "'9999999.99'"]),
    ('Decimal64(4)', ["'-1.0001'", "'99999999999999.9999'"]),
    ('Decimal(18, 0)', ["'123456789012345678'"]),
    ('Decimal128(10)', ["'-1.0000000001'", "'12345678901234567890123456.7890123456'"]),
    ('Decimal256(20)', ["'0.00000000000000000001'", "'-123456789012345678901234567890.12345678901234567890'"]),
    ('UUID', [
        "'00000000-0000-0000-0000-000000000000'",
        "'61f0c404-5cb3-11e7-907b-a6006ad3dba0'",
        "'ffffffff-ffff-ffff-ffff-fffffffffffe'",
    ]),
    ('IPv4', ["'0.0.0.0'", "'1.2.3.4'", "'255.255.255.254'"]),
    ('IPv6', ["'::'", "'2001:db8::ff00:42:8329'", "'::ffff:1.2.3.4'"]),
    ("Enum8('a' = -128, 'b' = 0, 'c' = 127)", ["'a'", "'b'", "'c'"]),
    ("Enum16('x' = -32768, 'y' = 1000)", ["'x'", "'y'"]),
    ('Nullable(UInt32)', ['NULL', '7']),
    ('Nullable(String)', ['NULL', "''", "'n'"]),
    ('Nullable(Decimal64(3))', ['NULL', "'-1.5'"]),
    ('LowCardinality(String)', ["''", "'low'"]),
    ('LowCardinality(Nullable(String))', ['NULL', "'lcn'"]),
    ('LowCardinality(FixedString(3))', ["'abc'"]),
    ('Array(UInt8)', ['[]', '[1, 2, 3]']),
    ('Array(String)', ['[]', "['a', '', 'ccc']"]),
    ('Array(Nullable(Int32))', ['[NULL, 1, NULL, -1]']),
    ('Array(Array(UInt16))', ['[[], [1], [2, 3]]']),
    ('Array(LowCardinality(String))', ["['x', 'y', 'x']"]),
    ('Tuple(UInt8, String)', ["(1, 'one')"]),
    ('Tuple(a Int32, b Nullable(String), c Array(UInt8))', ['(-1, NULL, [9])', "(2, 'two', [])"]),
    ('Tuple(Tuple(UInt8, UInt8), String)', ["((1, 2), 'nested')"]),
    ('Map(String, UInt64)', ['map()', "map('a', 1, 'b', 2)"]),
    ('Map(LowCardinality(String), Array(Nullable(Float64)))', ["map('k', [1.5, NULL])"]),
    ('Map(UInt8, Map(String, String))', ["map(1, map('x', 'y'))"]),
    ('Variant(String, UInt64, Array(UInt8))', ['NULL', "'str'::String", '42::UInt64', '[1, 2]::Array(UInt8)']),
    ('Variant(Int32, Float64, Bool, Date)', ['NULL', '1::Int32', '2.5::Float64', 'true::Bool', "'2024-01-01'::Date"]),
    ('Dynamic', [
        'NULL',
        '42::UInt64',
        "'dyn'::String",
        '[1, 2]::Array(Int64)',
        '3.5::Float64',
        "'2024-01-01 00:00:00'::DateTime64(3, 'UTC')",
        "map('a', 1::Int32)::Map(String, Int32)",
        "(1, 'a')::Tuple(UInt8, String)",
        'toDecimal64(1.25, 2)',
    ]),
    ('JSON', ["'{}'", '\'{"a": 1}\'', '\'{"a": {"b": "x", "c": [1, 2]}, "d": 2.5, "e": null, "f": true}\'']),
    ('Point', ['(0, 0)', '(1.5, -2.5)']),
    ('Ring', ['[]', '[(0, 0), (1, 0), (1, 1)]']),
    ('LineString', ['[(0, 0), (2, 2)]']),
    ('MultiLineString', ['[[(0, 0), (1, 1)], [(2, 2)]]']),
    ('Polygon', ['[[(0, 0), (10, 0), (10, 10), (0, 0)], [(1, 1), (2, 2), (1, 2), (1, 1)]]']),
    ('MultiPolygon', ['[[[(0, 0), (1, 0), (1, 1), (0, 0)]]]']),
    ('Time', ["'00:00:00'", "'12:34:56'", "'-01:00:00'", "'999:59:59'"]),
    ('Time64(3)', ["'00:00:00.000'", "'12:34:56.789'", "'-00:00:01.500'"]),
    ('Time64(6)', ["'23:59:59.999999'"]),
    ('IntervalSecond', ['toIntervalSecond(0)', 'toIntervalSecond(-5)', 'toIntervalSecond(86400)']),
    ('IntervalDay', ['toIntervalDay(3)']),
    ('SimpleAggregateFunction(sum, UInt64)', ['42']),
    ('SimpleAggregateFunction(anyLast, Nullable(String))', ['NULL', "'last'"]),
    ('Nullable(Nothing)', ['NULL']),
    # Types ClickHouse 26.9 added to the ones above; kept last, so that the earlier vectors keep their places.
    # Not inf or nan: ClickHouse 26.9 writes them bare into a QBit's JSON (inf, nan), which no JSON parser reads.
    ('QBit(Float32, 3)', ['[1, -2.5, 3.25]', '[0, -0.0, 1e-45]']),
    ('QBit(BFloat16, 2)', ['[1.5, -2]', '[3.140625, 0]']),
    ('QBit(Float64, 2)', ['[3.141592653589793, -1e308]']),
    ('QBit(Int8, 4)', ['[-128, 0, 1, 127]']),
    # The stride is how the server groups elements on disk; the RowBinary is the same.
    ('QBit(Float32, 16, 8)', ['arrayMap(x -> x / 2, range(16))']),
    ('Nullable(QBit(Float32, 2))', ['NULL', '[1, 2]']),
    # CAST does not turn an Array(Array(T)) into an Array(QBit): each element is cast on its own.
    ('Array(QBit(Float64, 1))', ['[]', "arrayMap(x -> CAST(x AS QBit(Float64, 1)), [[1], [-2]])"]),
    ('MultiPoint', ['[]', '[(0, 0), (1.5, -2.5)]']),
    # One value of each geo type, each with its discriminator, and NULL.
    ('Geometry', [
        'NULL',
        '[(0, 0), (1, 1)]::LineString',
        '[[(0, 0), (1, 1)], [(2, 2)]]::MultiLineString',
        '[[[(0, 0), (1, 0), (1, 1), (0, 0)]]]::MultiPolygon',
        '(1, 2)::Point',
        '[[(0, 0), (10, 0), (10, 10), (0, 0)], [(1, 1), (2, 2), (1, 2), (1, 1)]]::Polygon',
        '[(0, 0), (1, 0), (1, 1)]::Ring',
        '[(1, 2), (3, 4)]::MultiPoint',
    ]),
    # A Dynamic keeps QBit with its own type code and the geo types by name.
    ('Dynamic', ['[1, 2]::QBit(Float32, 2)', 'arrayMap(x -> toInt8(x), range(16))::QBit(Int8, 16, 8)', '[(1, 2)]::MultiPoint', '(3, 4)::Point::Geometry']),
    ('Array(Nothing)', ['[]']),
]

# (name, columns, SELECT that fills them): each table is one stream of several rows.
TABLES = [
    ("web_visits",
     "day Date, page_url String, country_id UInt16, browser_id UInt8, device_id UInt8, os_id UInt8, visits UInt64",
     "SELECT toDate('2025-01-01') + number, concat('https://example.com/p/', toString(number)), number, number,"
     " number % 3, number, number * 17 FROM numbers(5)"),
    # A Nested column reaches the client flattened: one `n.a`, `n.b` Array column per field, in the header and the data.
    ("nested_flattened",
     "id UInt32, n Nested(a UInt8, b String)",
     "SELECT number, [number, number + 1], ['x', toString(number)] FROM numbers(3)"),
    ("events",
     "id UUID, ts DateTime64(3, 'UTC'), user_id Nullable(UInt64), kind LowCardinality(String), tags Array(String),"
     " props Map(String, String), amount Decimal64(4), ip IPv6, flag Bool",
     "SELECT toUUID(concat('00000000-0000-4000-8000-', leftPad(toString(number), 12, '0'))),"
     " toDateTime64('2025-03-01 10:00:00', 3, 'UTC') + number, if(number % 2 = 1, number, NULL),"
     " ['click', 'view', 'buy'][number % 3 + 1], arrayMap(i -> concat('t', toString(i)), range(number % 3)),"
     " map('k', toString(number)), toDecimal64(number / 3, 4), toIPv6('2001:db8::1'), number % 2 = 1"
     " FROM numbers(4)"),
    # Types ClickHouse 26.9 added: a vector of a fixed dimension, points, and a geometry of any geo type or NULL.
    ("vectors_and_shapes",
     "id UInt32, embedding QBit(Float32, 4), stops MultiPoint, shape Geometry",
     "SELECT number, arrayMap(i -> toFloat32(number * 4 + i) / 8, range(4)),"
     " arrayMap(i -> (toFloat64(i), toFloat64(number) / 2), range(number % 3)),"
     " multiIf(number = 0, CAST(NULL AS Geometry), number = 1, CAST((1.5, 2)::Point AS Geometry),"
     " number = 2, CAST([(0, 0), (1, 1)]::LineString AS Geometry), CAST([[(0, 0), (1, 0), (1, 1), (0, 0)]]::Polygon AS Geometry))"
     " FROM numbers(4)"),
]


def query(run, sql, fmt):
    return run(f"{sql} SETTINGS {SETTINGS}", fmt).bytes()


def json_rows(data):
    return [json.loads(line) for line in data.decode("utf-8").splitlines() if line]


def value_vectors(run):
    vectors = []
    for clickhouse_type, expressions in VALUES:
        for expr in expressions:
            value = f"CAST({expr} AS {clickhouse_type})"
            text = query(run, f"SELECT toString({value})", "TabSeparatedRaw")
            vectors.append({
                "type": clickhouse_type,
                "expr": expr,
                "hex": query(run, f"SELECT {value} AS v", "RowBinary").hex(),
                "json": json_rows(query(run, f"SELECT {value} AS v", "JSONEachRow"))[0]["v"],
                # toString's bytes as they are, but for the line end; bytes that are not UTF-8 become U+FFFD.
                "text": text[:-1].decode("utf-8", errors="replace"),
            })
    return vectors


def table_vectors(session):
    tables = []
    for name, columns, select in TABLES:
        session.query(f"CREATE TABLE {name} ({columns}) ENGINE = Memory")
        session.query(f"INSERT INTO {name} {select} SETTINGS {SETTINGS}")
        tables.append({
            "name": name,
            "schema": columns,
            "rowbinary_hex": query(session.query, f"SELECT * FROM {name}", "RowBinary").hex(),
            "with_names_and_types_hex": query(session.query, f"SELECT * FROM {name}", "RowBinaryWithNamesAndTypes").hex(),
            "rows": json_rows(query(session.query, f"SELECT * FROM {name}", "JSONEachRow")),
        })
    return tables


def native_vectors(session, state):
    """Each value and table in Native twice: as a SELECT sends it, and as ClickHouse writes the same rows read from
    their RowBinary bytes, where the placeholder under a NULL is the type's default (a SELECT may keep any value there)."""
    def native(sql):
        return session.query(f"{sql} SETTINGS {NATIVE_SETTINGS}", "Native").bytes().hex()

    def from_rowbinary(hex_bytes, structure):
        path = os.path.join(state, "rows.rowbinary")
        with open(path, "wb") as file:
            file.write(bytes.fromhex(hex_bytes))
        quoted = structure.replace("\\", "\\\\").replace("'", "\\'")
        return native(f"SELECT * FROM file('{path}', 'RowBinary', '{quoted}')")

    values = []
    for vector in json.load(open(os.path.join(state, "values.json"), encoding="utf-8"))["vectors"]:
        value = f"CAST({vector['expr']} AS {vector['type']})"
        values.append({"type": vector["type"], "expr": vector["expr"], "hex": native(f"SELECT {value} AS v"),
                       "written_hex": from_rowbinary(vector["hex"], f"v {vector['type']}")})
    tables = []
    for (name, columns, _), table in zip(TABLES, json.load(open(os.path.join(state, "tables.json"), encoding="utf-8"))["tables"]):
        tables.append({"name": name, "hex": native(f"SELECT * FROM {name}"), "written_hex": from_rowbinary(table["rowbinary_hex"], columns)})
    return {"settings": NATIVE_SETTINGS, "values": values, "tables": tables}


def write(path, document):
    with open(path, "w", encoding="utf-8") as file:
        json.dump(document, file, indent=1, ensure_ascii=False)


def main(argv):
    out = argv[1] if len(argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    version = query(chdb.query, "SELECT version()", "TabSeparatedRaw").decode().strip()
    write(os.path.join(out, "values.json"), {"clickhouse": version, "vectors": value_vectors(chdb.query)})
    with tempfile.TemporaryDirectory() as state:
        session = chdb_session.Session(state)
        try:
            write(os.path.join(out, "tables.json"), {"clickhouse": version, "tables": table_vectors(session)})
            for name in ("values.json", "tables.json"):
                shutil.copy(os.path.join(out, name), state)
            write(os.path.join(out, "native.json"), {"clickhouse": version, **native_vectors(session, state)})
        finally:
            session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
