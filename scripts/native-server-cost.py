#!/usr/bin/env python3
"""The server's own cost per format: ClickHouse 26.9 (the oracle's engine, chDB, in process) parsing an INSERT's rows
into a Null table and into MergeTree, and writing SELECT * from a Memory table, in RowBinary and in Native, for 1M
web_visits rows and 250k rows of the 23-column wide row (the benchmarks' data sets). Runs are interleaved and
repeated; it prints the median of each and Native's ratio to RowBinary.

  ~/.cache/clickhouse-oracle/venv/bin/python scripts/native-server-cost.py [repeats]

(the venv the oracle installs on first use: run ../shared/clickhouse-oracle/oracle version once first).
"""
import os
import statistics
import sys
import tempfile
import time

from chdb import session

WEB_VISITS = """
SELECT toDate('2024-01-01') + toUInt16(cityHash64(number, 1) % 366) AS day,
  concat('https://example.com/', ['p', 'news', 'shop', 'docs', 'blog'][1 + cityHash64(number % 1000, 2) % 5],
    '/', repeat('x-', cityHash64(number % 1000, 3) % 12), toString(number % 1000)) AS page_url,
  toUInt16(1 + cityHash64(number, 4) % 249) AS country_id, toUInt8(1 + cityHash64(number, 5) % 19) AS browser_id,
  toUInt8(1 + cityHash64(number, 6) % 5) AS device_id, toUInt8(1 + cityHash64(number, 7) % 12) AS os_id,
  if(cityHash64(number, 8) % 10 = 0, cityHash64(number, 9), cityHash64(number, 9) % 1000) AS visits
FROM numbers({rows})"""

WIDE = """
SELECT number AS id, toInt32(number % 100000) - 50000 AS delta,
  toDate('2024-01-01') + toUInt16(number % 366) AS day,
  toDateTime('2024-01-01 00:00:00', 'UTC') + toUInt32(number) AS created,
  toDateTime64('2024-01-01 00:00:00', 3, 'UTC') + toIntervalMillisecond(number * 7) AS ts,
  CAST((number % 1000000) / 1000 AS Decimal(18, 4)) AS amount, generateUUIDv4(number) AS uuid,
  toFloat64(number) / 3 AS score, toFloat32((number % 1000) / 7) AS ratio, CAST(number % 2 AS Bool) AS flag,
  if(number % 5 = 0, NULL, concat('ref-', toString(number % 777))) AS referrer,
  toLowCardinality(['chrome', 'firefox', 'safari', 'edge'][1 + number % 4]) AS browser,
  toLowCardinality(['DE', 'FR', 'US', 'JP', 'BR', 'IN'][1 + number % 6]) AS country,
  arrayMap(x -> toUInt32(x * 3), range(number % 5)) AS tags,
  arrayMap(x -> concat('label-', toString(x)), range(number % 3)) AS labels,
  map('clicks', toUInt64(number % 10), 'views', toUInt64(number % 100)) AS counters,
  if(number % 3 = 0, NULL, toInt64(number) - 1) AS parent_id, toUInt16(number % 65535) AS port,
  toInt8(toInt32(number % 100) - 50) AS small, concat('user-', toString(number % 50000)) AS user_name,
  toIPv4(toUInt32(167772160 + number % 65536)) AS ip, toUInt16(200 + number % 5) AS status,
  toUInt32(number % 1000) AS duration_ms
FROM numbers({rows})"""

FORMATS = ("RowBinary", "Native")


def timed(s, sql, fmt="Null"):
    start = time.perf_counter()
    s.query(sql, fmt)
    return (time.perf_counter() - start) * 1000


def main():
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    work = tempfile.mkdtemp(prefix="native-cost-")
    s = session.Session(os.path.join(work, "db"))
    print(f"ClickHouse {s.query('SELECT version()', 'TabSeparatedRaw').bytes().decode().strip()}, "
          f"load average {os.getloadavg()[0]:.1f}, {repeats} interleaved runs, median ms")
    print("| data set | work | RowBinary ms | Native ms | Native / RowBinary |")
    print("|---|---|---:|---:|---:|")
    for name, sql, rows in (("web_visits", WEB_VISITS, 1_000_000), ("wide", WIDE, 250_000)):
        s.query(f"CREATE TABLE src_{name} ENGINE = Memory AS {sql.format(rows=rows)}")
        structure = s.query(f"SELECT arrayStringConcat(groupArray(name || ' ' || type), ', ') FROM system.columns "
                            f"WHERE database = currentDatabase() AND table = 'src_{name}'", "TabSeparatedRaw").bytes().decode().strip()
        quoted = structure.replace("\\", "\\\\").replace("'", "\\'")
        files = {}
        for fmt in FORMATS:
            files[fmt] = os.path.join(work, f"{name}.{fmt}")
            with open(files[fmt], "wb") as f:
                f.write(s.query(f"SELECT * FROM src_{name}", fmt).bytes())
        s.query(f"CREATE TABLE null_{name} ({structure}) ENGINE = Null")
        s.query(f"CREATE TABLE tree_{name} ({structure}) ENGINE = MergeTree ORDER BY tuple()")
        work_items = {
            "INSERT into Null": lambda fmt: timed(s, f"INSERT INTO null_{name} SELECT * FROM file('{files[fmt]}', '{fmt}', '{quoted}')"),
            "INSERT into MergeTree": lambda fmt: (s.query(f"TRUNCATE TABLE tree_{name}"),
                                                  timed(s, f"INSERT INTO tree_{name} SELECT * FROM file('{files[fmt]}', '{fmt}', '{quoted}')"))[1],
            "SELECT * from memory": lambda fmt: timed(s, f"SELECT * FROM src_{name}", fmt),
        }
        for work_name, run in work_items.items():
            times = {fmt: [] for fmt in FORMATS}
            for _ in range(repeats):
                for fmt in FORMATS:
                    times[fmt].append(run(fmt))
            rb, nat = statistics.median(times["RowBinary"]), statistics.median(times["Native"])
            print(f"| {name} ({rows:,} rows) | {work_name} | {rb:.0f} | {nat:.0f} | {nat / rb:.2f} |", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
