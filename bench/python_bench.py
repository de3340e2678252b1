#!/usr/bin/env python3
"""Speed of the Python module against the CLI, measured in one run.

1. Officers (octal:0.6) to 10^6: `Game("octal:0.6").table(10**6)` in this
   process against `sprague table octal:0.6 --upto 1000000 --full` (the
   whole command, process start included), interleaved, medians.
2. A subtraction game {1,2,3} written in Python (`Game.from_moves`) against
   the built-in `subtract:1,2,3`, table to 10^4, both from Python.

Run it with the module installed (`pip install ./crates/sprague-py`) and
the release binary built (`cargo build --release -p sprague-cli`):

    python bench/python_bench.py [ROUNDS]

The binary is `$SPRAGUE_BIN`, else `$CARGO_TARGET_DIR/release/sprague`,
else `target/release/sprague`.
"""

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import sprague

root = Path(__file__).resolve().parents[1]
binary = os.environ.get("SPRAGUE_BIN") or str(Path(os.environ.get("CARGO_TARGET_DIR", root / "target")) / "release/sprague")
rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5


def timed(f):
    t = time.perf_counter()
    r = f()
    return time.perf_counter() - t, r


def cli_officers():
    subprocess.run([binary, "table", "octal:0.6", "--upto", "1000000", "--full"], check=True, capture_output=True)


officers = sprague.Game("octal:0.6")
py_times, cli_times = [], []
for _ in range(rounds):
    t, values = timed(lambda: officers.table(10**6))
    py_times.append(t)
    cli_times.append(timed(cli_officers)[0])
assert values.dtype.name == "uint16" and len(values) == 10**6 + 1
py, cl = statistics.median(py_times), statistics.median(cli_times)
print(f"octal:0.6 to 10^6: Python {py:.3f} s, CLI --full {cl:.3f} s, ratio {py / cl:.2f}x (medians of {rounds})")


def take_1_2_3(n):
    return [[n - k] for k in (1, 2, 3) if k <= n]


builtin = sprague.Game("subtract:1,2,3")
py_game_times, builtin_times = [], []
for _ in range(rounds):
    # A fresh game each round: moves are cached per game.
    t, a = timed(lambda: sprague.Game.from_moves(take_1_2_3).table(10**4))
    py_game_times.append(t)
    t, b = timed(lambda: builtin.table(10**4))
    builtin_times.append(t)
assert a.tolist() == b.tolist()
pg, bt = statistics.median(py_game_times), statistics.median(builtin_times)
print(f"subtract {{1,2,3}} to 10^4: Python-defined {pg * 1e3:.2f} ms, built-in {bt * 1e3:.3f} ms, ratio {pg / bt:.0f}x (medians of {rounds})")
