#!/usr/bin/env python3
"""The server's own cost per format: ClickHouse 26.9 (the oracle's engine, chDB, in process) parsing an INSERT's rows
into a Null table and into MergeTree, and writing SELECT * from a Memory table, in RowBinary and in Native, for 1M
web_visits rows and 250k rows of the 23-column wide row (the benchmarks' data sets, as recorded under
artifacts/replay/ by their first run). Runs are interleaved and
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

REPLAY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "artifacts", "replay")
# The benchmarks' own data sets, as ClickHouse 26.9 recorded them for the peer suites (benchmarks/Peer/PeerRecordings.cs).
DATA_SETS = (("web_visits", "WebVisits-1000000"), ("wide", "Wide-250000"))

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
    for name, recording in DATA_SETS:
        path = os.path.join(REPLAY, recording + ".RowBinaryWithNamesAndTypes")
        if not os.path.exists(path):
            sys.exit(f"{path} is missing: run the peer benchmarks once (dotnet run -c Release --project benchmarks -- --quick --filter '*.FormatBenchmarks*') to record it.")
        s.query(f"CREATE TABLE src_{name} ENGINE = Memory AS SELECT * FROM file('{path}', 'RowBinaryWithNamesAndTypes')")
        rows = int(s.query(f"SELECT count() FROM src_{name}", "TabSeparatedRaw").bytes().decode())
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
