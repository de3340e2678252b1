"""`sprague.survey` on a Dask `LocalCluster` of two worker processes.

The lines equal the CLI's; a worker killed in the middle of a task has
that task run again and the survey completes with every code once; a
survey killed midway resumes from its file to the same records as a run
that was never stopped. One cluster serves the whole file (a few seconds
to start); the file takes about 20 s.
"""

import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest
from conftest import codes_in, lines_without_time, run_cli

import sprague

# `.ci/python` installs Dask wherever its releases run (Python >= 3.10);
# there a missing Dask is a broken set-up and fails, so that these tests
# cannot pass by skipping. Older Pythons skip them.
if sys.version_info < (3, 10):
    pytest.skip("these Dask releases need Python >= 3.10", allow_module_level=True)
import distributed  # noqa: E402

pytestmark = pytest.mark.dask

UPTO = 3000
CODES = sprague.family(1) + ["0.77", "0.07", "0.137", "4.7", "0.16", "octal:0.770"]
# A code whose run takes a couple of seconds: Officers (0.6) to 10^6 has
# no period, so it runs to the end.
SLOW_CODE, SLOW_UPTO = "0.6", 1_000_000


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as c:
        yield c


def without_time(records):
    return sorted((dict(r, seconds=0) for r in records), key=lambda r: r["code"])


@pytest.mark.parametrize("batch", [1, 3])
def test_dask_lines_equal_the_cli_lines(client, tmp_path, sprague_bin, batch):
    ours, theirs = tmp_path / "dask.jsonl", tmp_path / "cli.jsonl"
    records = sprague.survey(CODES, UPTO, client=client, out=ours, batch=batch)
    r = run_cli(sprague_bin, "survey", *CODES, "--upto", str(UPTO), "--out", str(theirs))
    assert r.returncode == 0, r.stderr
    assert lines_without_time(ours.read_bytes()) == lines_without_time(theirs.read_bytes())
    assert [x["code"] for x in records] == sprague.parse_codes(" ".join(CODES))


def _wait(what, predicate, timeout=30.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.02)
    pytest.fail(f"timed out waiting for {what}")


def test_a_worker_killed_mid_task_is_retried(client, tmp_path):
    out = tmp_path / "s.jsonl"
    codes = [SLOW_CODE, "0.77", "0.07", "0.137"]
    result = {}

    def run():
        try:
            result["r"] = sprague.survey(codes, SLOW_UPTO, client=client, out=out)
        except Exception as e:  # reported below, in the test's thread
            result["error"] = e

    t = threading.Thread(target=run)
    t.start()
    try:
        # The worker executing the slow code's task (not merely holding it
        # in its queue): it is then mid-task for a second or more.
        def executing(dask_worker):
            return [str(ts.key) for ts in dask_worker.state.executing]

        def slow_worker():
            busy = [w for w, keys in client.run(executing).items() if any(f"-{SLOW_CODE}-" in k for k in keys)]
            return busy[0] if busy else None

        worker = _wait("the slow task to start", slow_worker)
        pids = client.run(os.getpid)
        os.kill(pids[worker], signal.SIGKILL)
        written_at_kill = codes_in(out.read_bytes())
    finally:
        t.join(timeout=60)
    assert not t.is_alive() and "error" not in result, result
    assert SLOW_CODE not in written_at_kill, "the slow task ended before the kill"
    data = out.read_bytes()
    assert sorted(codes_in(data)) == sorted(codes)
    assert [x["code"] for x in result["r"]] == codes
    # The killed process is gone (the nanny started a new one).
    new_pids = _wait("a new worker", lambda: len(client.run(os.getpid)) == 2 and client.run(os.getpid))
    assert pids[worker] not in new_pids.values()
    expected = sprague.survey([SLOW_CODE], SLOW_UPTO)
    assert without_time(result["r"][:1]) == without_time(expected)


DRIVER = """
import sys
import sprague
from distributed import Client
codes = sys.argv[3].split()
with Client(sys.argv[1]) as client:
    sprague.survey(codes, int(sys.argv[4]), client=client, out=sys.argv[2])
print("done")
"""


def test_a_killed_survey_resumes_to_the_same_records(client, tmp_path):
    out, reference = tmp_path / "s.jsonl", tmp_path / "ref.jsonl"
    codes = sprague.family(2)[:24]
    upto = 60_000
    driver = subprocess.Popen(
        [sys.executable, "-c", DRIVER, client.scheduler.address, str(out), " ".join(codes), str(upto)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        _wait("the first records", lambda: out.exists() and len(codes_in(out.read_bytes())) >= 4, timeout=45)
    finally:
        driver.send_signal(signal.SIGKILL)
        driver.communicate()
    assert driver.returncode == -signal.SIGKILL
    partial = out.read_bytes()
    written = codes_in(partial)
    assert 4 <= len(written) < len(codes), "the survey was not killed midway"
    out.write_bytes(partial + b'{"code":"0.5')  # a torn line, as a kill mid-write leaves
    resumed = sprague.survey(codes, upto, client=client, out=out)
    data = out.read_bytes()
    assert data.startswith(partial) and data.endswith(b"\n")
    assert sorted(codes_in(data)) == sorted(codes)
    # The records written before the kill were kept, not run again.
    before = {json.loads(line)["code"]: json.loads(line) for line in partial.decode().splitlines()}
    assert [r for r in resumed if r["code"] in before] == [before[c] for c in codes if c in before]
    whole = sprague.survey(codes, upto, out=reference)
    assert without_time(resumed) == without_time(whole)
    assert lines_without_time(data) == lines_without_time(reference.read_bytes())


def test_bad_input_with_a_client_leaves_the_file_alone(client, tmp_path):
    out = tmp_path / "s.jsonl"
    sprague.survey(["0.77"], 1000, client=client, out=out)
    for codes, upto, needle in [
        (["0.77", "0.7x"], UPTO, "bad code `0.7x`"),
        (["0.07"], UPTO, "N = 1000"),
    ]:
        with pytest.raises(sprague.BadInput) as e:
            sprague.survey(codes, upto, client=client, out=out)
        assert needle in str(e.value) and "\n" not in str(e.value)
    assert codes_in(out.read_bytes()) == ["0.77"]
