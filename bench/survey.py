#!/usr/bin/env python3
"""Scaling of a survey: one worker against two, Dask against the CLI.

Every octal code with at most D digits after the point (default 2: 63
codes) run to N (default 10^5), four ways, in one run of this script:

- `sprague survey --digits D --upto N --jobs 1` and `--jobs 2` (the release
  binary; the whole command, process start included);
- `sprague.survey(sprague.family(D), N, client=...)` on a Dask
  `LocalCluster` of 1 and of 2 worker processes (one thread each); the
  cluster is started before the clock starts and closed after it stops.

Each survey writes a fresh file in a temporary directory; the script checks
that all four files hold the same records (apart from `seconds`) and
prints a Markdown table: wall time, and the speed-up of two workers over
one. Run it with the module installed (`maturin develop --release` or
`pip install ./crates/sprague-py`), dask and distributed installed, and the
release binary built (`cargo build --release -p sprague-cli`):

    python bench/survey.py [DIGITS] [N]

The binary is `$SPRAGUE_BIN`, else `$CARGO_TARGET_DIR/release/sprague`,
else `target/release/sprague`. The machine should be otherwise quiet.
"""

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import sprague
from distributed import Client, LocalCluster

root = Path(__file__).resolve().parents[1]
binary = os.environ.get("SPRAGUE_BIN") or str(
    Path(os.environ.get("CARGO_TARGET_DIR", root / "target")) / "release/sprague"
)
digits = int(sys.argv[1]) if len(sys.argv) > 1 else 2
upto = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000


def records(path: Path) -> list:
    """The file's records without `seconds`, sorted by code."""
    rs = [json.loads(line) for line in path.read_text().splitlines()]
    return sorted((dict(r, seconds=0) for r in rs), key=lambda r: r["code"])


def cli(jobs: int, out: Path) -> float:
    args = [binary, "survey", "--digits", str(digits), "--upto", str(upto), "--jobs", str(jobs), "--out", str(out)]
    t = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True)
    return time.perf_counter() - t


def dask(workers: int, out: Path) -> float:
    with LocalCluster(
        n_workers=workers, processes=True, threads_per_worker=1, dashboard_address=None
    ) as cluster, Client(cluster) as client:
        client.wait_for_workers(workers)
        codes = sprague.family(digits)
        t = time.perf_counter()
        sprague.survey(codes, upto, client=client, out=out)
        return time.perf_counter() - t


def main() -> None:
    n_codes = len(sprague.family(digits))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for name, run in [("CLI", cli), ("Dask LocalCluster", dask)]:
            times = []
            for workers in (1, 2):
                out = Path(tmp) / f"{name.split()[0]}-{workers}.jsonl"
                times.append(run(workers, out))
                files.append(out)
            rows.append((name, times[0], times[1]))
        reference = records(files[0])
        with_time = [json.loads(line) for line in files[0].read_text().splitlines()]
        total = sum(r["seconds"] for r in with_time)
        slowest = max(with_time, key=lambda r: r["seconds"])
        assert len(reference) == n_codes, "a survey left codes out"
        for f in files[1:]:
            assert records(f) == reference, f"{f.name} differs from {files[0].name}"
        counts = {}
        for r in reference:
            counts[r["status"]] = counts.get(r["status"], 0) + 1
    load = os.getloadavg()
    print(f"survey of the {n_codes} octal codes with at most {digits} digits to N = {upto}")
    print(f"statuses: {', '.join(f'{n} {s}' for s, n in sorted(counts.items()))}; all four files agree")
    print(f"load average before the last run ended: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; {os.cpu_count()} cores")
    print(
        f"one worker's runs (CLI --jobs 1) add up to {total:.2f} s, the slowest {slowest['code']} "
        f"{slowest['seconds']:.2f} s: two workers can be at most {total / max(slowest['seconds'], total / 2):.2f}× faster"
    )
    print()
    print("| runner | 1 worker (s) | 2 workers (s) | ratio |")
    print("|---|---:|---:|---:|")
    for name, one, two in rows:
        print(f"| {name} | {one:.2f} | {two:.2f} | {one / two:.2f}× |")


if __name__ == "__main__":
    main()
