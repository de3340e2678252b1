"""Shared by the survey tests: the `sprague` binary and the `dask` marker."""

import os
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "dask: runs a dask.distributed LocalCluster of two worker processes (skipped without dask)",
    )


def cli_path() -> str:
    """The CLI: `$SPRAGUE_BIN`, else target/{release,debug}/sprague."""
    if os.environ.get("SPRAGUE_BIN"):
        return os.environ["SPRAGUE_BIN"]
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    for profile in ("release", "debug"):
        p = target / profile / "sprague"
        if p.exists():
            return str(p)
    # A missing reference is a failure, not a skip: a suite that skips every
    # comparison would pass without checking anything.
    pytest.fail("no sprague binary: build it with `cargo build -p sprague-cli` or set SPRAGUE_BIN")


@pytest.fixture(scope="session")
def sprague_bin() -> str:
    """The CLI, as a fixture ([`cli_path`])."""
    return cli_path()


def run_cli(binary: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([binary, *args], capture_output=True, text=True, timeout=120)


SECONDS = re.compile(rb'"seconds":[^,}]*')


def lines_without_time(data: bytes) -> list:
    """The lines of a survey file with every `seconds` value blanked, sorted
    (the order is the order in which runs ended)."""
    return sorted(SECONDS.sub(b'"seconds":_', line) for line in data.splitlines())


def codes_in(data: bytes) -> list:
    """The `code` of each line, in file order."""
    return [m.decode() for m in re.findall(rb'"code":"([^"]*)"', data)]
