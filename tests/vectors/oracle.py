#!/usr/bin/env python3
"""ClickHouse as an offline test oracle, from chDB (`pip install chdb-core`): no server, no network.

    oracle.py version                     the ClickHouse version
    oracle.py query SQL [FORMAT]          the result's raw bytes on stdout (RowBinaryWithNamesAndTypes by default)
    oracle.py parse STRUCTURE [FORMAT]    bytes on stdin (RowBinary by default) read by ClickHouse as a table of
                                          STRUCTURE; the rows on stdout as JSONEachRow

Exits 1 with ClickHouse's message on stderr when it refuses the query or the bytes. The tests run it when
CLICKHOUSE_ORACLE names it (tests/vectors/README.md).
"""
import os
import sys
import tempfile

import chdb

# Experimental types exist only when enabled; UTC keeps DateTime values the same on every machine.
SETTINGS = ", ".join([
    "allow_experimental_variant_type = 1",
    "allow_experimental_dynamic_type = 1",
    "allow_experimental_json_type = 1",
    "allow_experimental_bfloat16_type = 1",
    "enable_time_time64_type = 1",
    "allow_suspicious_low_cardinality_types = 1",
    "allow_suspicious_variant_types = 1",
    "session_timezone = 'UTC'",
])


def run(sql, fmt):
    joiner = ", " if " SETTINGS " in sql.upper() else " SETTINGS "
    return chdb.query(sql + joiner + SETTINGS, fmt).bytes()


def parse(structure, fmt, data):
    with tempfile.NamedTemporaryFile(suffix=".bin", delete=False) as file:
        file.write(data)
    try:
        quoted = structure.replace("\\", "\\\\").replace("'", "\\'")
        return run(f"SELECT * FROM file('{file.name}', '{fmt}', '{quoted}')", "JSONEachRow")
    finally:
        os.unlink(file.name)


def main(argv):
    command = argv[1] if len(argv) > 1 else "--help"
    try:
        if command == "version":
            sys.stdout.write(run("SELECT version()", "TabSeparatedRaw").decode())
        elif command == "query" and len(argv) > 2:
            sys.stdout.buffer.write(run(argv[2], argv[3] if len(argv) > 3 else "RowBinaryWithNamesAndTypes"))
        elif command == "parse" and len(argv) > 2:
            sys.stdout.buffer.write(parse(argv[2], argv[3] if len(argv) > 3 else "RowBinary", sys.stdin.buffer.read()))
        else:
            print(__doc__)
            return 0 if command in ("-h", "--help") else 2
    except Exception as error:  # ClickHouse's own message is what the caller needs
        print(error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
