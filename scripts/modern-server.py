#!/usr/bin/env python3
"""ClickHouse 26.9 answering HTTP on this machine: the oracle's engine (chDB, in this process) with its HTTP listener
started. Run by scripts/modern-server.sh, from a folder whose config.xml names the port; it serves until killed.

  python scripts/modern-server.py DATA_DIR
"""
import sys

import chdb._chdb as engine

# clickhouse-local reads ./config.xml (http_port, listen_host) and, run this way, can start the server's HTTP listener.
# The query after it only holds the engine open: one row every 3 seconds, for as long as the process lives. Its format
# becomes the HTTP default (a query without FORMAT answers in it), so it is the server default, TabSeparated.
engine.query(
    "SYSTEM START LISTEN HTTP; "
    "SELECT sleepEachRow(3) FROM numbers(1000000000) SETTINGS max_block_size = 1, max_execution_time = 0",
    "TabSeparated",
    path=sys.argv[1],
)
