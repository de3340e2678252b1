"""`sprague.survey` on this machine (no Dask) against `sprague survey`.

The lines must be the CLI's (apart from `seconds`), and a file written by
either front end must be resumable and reportable by the other.
"""

import fcntl
import importlib
import json

import pytest
from conftest import codes_in, lines_without_time, run_cli

import sprague

# The module, not the function `sprague.survey` that shadows its name.
survey_module = importlib.import_module("sprague.survey")

CODES = ["0.77", "0.07", "0.6", "0.33", "octal:0.160", "0.137", "4.7"]
UPTO = 2000


def test_family_and_code_lists():
    assert sprague.family(1) == ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"]
    assert len(sprague.family(2)) == 63 and len(sprague.family(2, hex=True)) == 255
    assert sprague.family(2)[:3] == ["0.01", "0.02", "0.03"]
    assert sprague.parse_codes("0.77, .07 # Kayles\noctal:0.770 hex:0.F\n") == ["0.77", "0.07", "0.f"]


def test_local_survey_writes_the_cli_lines(tmp_path, sprague_bin):
    ours, theirs = tmp_path / "py.jsonl", tmp_path / "cli.jsonl"
    records = sprague.survey(CODES, UPTO, out=ours)
    r = run_cli(sprague_bin, "survey", *CODES, "--upto", str(UPTO), "--out", str(theirs))
    assert r.returncode == 0, r.stderr
    assert lines_without_time(ours.read_bytes()) == lines_without_time(theirs.read_bytes())
    # The records come back in the order given, as the file holds them.
    assert [x["code"] for x in records] == ["0.77", "0.07", "0.6", "0.33", "0.16", "0.137", "4.7"]
    assert (records[0]["status"], records[0]["preperiod"], records[0]["period"]) == ("proven", 71, 12)
    in_file = {json.loads(line)["code"]: json.loads(line) for line in ours.read_text().splitlines()}
    assert records == [in_file[x["code"]] for x in records]
    # The report of the CLI reads the Python file.
    r = run_cli(sprague_bin, "survey", "--report", str(ours))
    assert r.returncode == 0 and "0.137" in r.stdout, r.stderr


def test_cli_resumes_a_python_file(tmp_path, sprague_bin):
    out = tmp_path / "s.jsonl"
    sprague.survey(CODES[:3], UPTO, out=out)
    before = out.read_bytes()
    r = run_cli(sprague_bin, "survey", *CODES, "--upto", str(UPTO), "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert "3 already in the file" in r.stdout, r.stdout
    after = out.read_bytes()
    assert after.startswith(before)
    assert sorted(codes_in(after)) == sorted(sprague.parse_codes(" ".join(CODES)))


def test_python_resumes_a_cli_file_with_a_torn_last_line(tmp_path, sprague_bin):
    out = tmp_path / "s.jsonl"
    r = run_cli(sprague_bin, "survey", *CODES[:4], "--upto", str(UPTO), "--out", str(out))
    assert r.returncode == 0, r.stderr
    whole = out.read_bytes()
    out.write_bytes(whole + b'{"code":"0.16","status":"pro')  # a survey killed mid-line
    records = sprague.survey(CODES, UPTO, out=out)
    data = out.read_bytes()
    assert data.startswith(whole) and data.endswith(b"\n")
    assert sorted(codes_in(data)) == sorted(x["code"] for x in records)
    assert len(codes_in(data)) == len(CODES)
    # The CLI's four records were not run again: returned as written.
    cli_records = [json.loads(line) for line in whole.decode().splitlines()]
    assert sorted(records[:4], key=lambda x: x["code"]) == sorted(cli_records, key=lambda x: x["code"])
    # A second run has nothing left to do and writes nothing.
    assert sprague.survey(CODES, UPTO, out=out) == records
    assert out.read_bytes() == data


def test_resumed_records_come_back_exactly_as_written(tmp_path):
    out = tmp_path / "s.jsonl"
    sprague.survey(["0.77"], UPTO, out=out)
    # A time that a float parser off by one ulp would not give back.
    line = json.loads(out.read_text())
    line["seconds"] = 1.535206398
    out.write_text(json.dumps(line, separators=(",", ":")) + "\r\n\n")
    records = sprague.survey(["0.07", "0.77"], UPTO, out=out)
    assert records[1] == line and records[1]["seconds"] == 1.535206398


def test_each_code_is_run_and_written_once(tmp_path, monkeypatch):
    out = tmp_path / "s.jsonl"
    calls = []
    real = survey_module._local

    def twice(todo, upto, *rest):
        # Every result arrives twice, as from a task that Dask ran twice.
        calls.append(list(todo))
        for got in real(todo, upto, *rest):
            yield got
            yield got

    monkeypatch.setattr(survey_module, "_local", twice)
    records = sprague.survey(["0.77", "octal:0.770", "0.07", "hex:0.77"], UPTO, out=out)
    assert calls == [["0.77", "0.07"]]
    assert [x["code"] for x in records] == ["0.77", "0.07"]
    assert sorted(codes_in(out.read_bytes())) == ["0.07", "0.77"]


def test_a_code_that_fails_is_not_written_and_the_others_are(tmp_path, monkeypatch):
    out = tmp_path / "s.jsonl"
    real = survey_module._sprague.survey_code

    def failing(code, upto, stop=None):
        if code == "0.f":
            raise sprague.BadInput("a run that failed")
        return real(code, upto, stop)

    monkeypatch.setattr(survey_module._sprague, "survey_code", failing)
    with pytest.raises(sprague.BadInput) as e:
        sprague.survey(["0.77", "hex:0.f", "0.07"], UPTO, out=out)
    assert "0.f was not written" in _one_line(e)
    assert sorted(codes_in(out.read_bytes())) == ["0.07", "0.77"]


def test_hexadecimal_codes_are_surveyed_as_the_cli_does(tmp_path, sprague_bin):
    out, cli = tmp_path / "s.jsonl", tmp_path / "cli.jsonl"
    records = sprague.survey(["0.77", "hex:0.f", "hex:0.8"], UPTO, out=out)
    assert [x["code"] for x in records] == ["0.77", "0.f", "0.8"]
    r = run_cli(sprague_bin, "survey", "0.77", "hex:0.f", "hex:0.8", "--upto", str(UPTO), "--out", str(cli))
    assert r.returncode == 0, r.stderr
    assert lines_without_time(out.read_bytes()) == lines_without_time(cli.read_bytes())


def test_progress_counts_codes_on_stderr(tmp_path, capsys):
    out = tmp_path / "s.jsonl"
    sprague.survey(["0.77", "0.33"], UPTO, out=out)
    sprague.survey("0.77 0.33 0.6", UPTO, out=out, progress=True)
    err = capsys.readouterr().err
    assert err.endswith("3/3 codes · 2 proven, 0 observed, 1 open\n"), err
    sprague.survey(["0.77"], UPTO)
    assert capsys.readouterr().err == ""


def test_a_locked_file_is_refused(tmp_path):
    out = tmp_path / "s.jsonl"
    with open(out, "wb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        with pytest.raises(sprague.BadInput, match="in use by another sprague survey"):
            sprague.survey(["0.77"], UPTO, out=out)
    assert out.read_bytes() == b""


def _one_line(e: pytest.ExceptionInfo) -> str:
    text = str(e.value)
    assert "\n" not in text and text
    return text


@pytest.mark.parametrize(
    "codes,upto,kw,needle",
    [
        (["0.77", "0.7x"], UPTO, {}, "bad code `0.7x`"),
        (["0.77", 77], UPTO, {}, "item 2"),
        ("0.77\n0.7x", UPTO, {}, "line 2"),
        (["kayles"], UPTO, {}, "bad code `kayles`"),
        ([], UPTO, {}, "no codes to survey"),
        (["0.77"], 0, {}, "bad upto 0"),
        (["0.77"], 2**32, {}, "bad upto"),
        (["0.77"], UPTO, {"batch": 0}, "bad batch 0"),
        (["0.77"], UPTO, {"retries": -1}, "bad retries -1"),
    ],
)
def test_bad_input_is_one_line(codes, upto, kw, needle):
    with pytest.raises(sprague.BadInput) as e:
        sprague.survey(codes, upto, **kw)
    assert needle in _one_line(e)


def test_a_file_of_another_survey_is_refused_untouched(tmp_path):
    out = tmp_path / "s.jsonl"
    sprague.survey(["0.77", "0.07"], 1000, out=out)
    before = out.read_bytes()
    with pytest.raises(sprague.BadInput) as e:
        sprague.survey(["0.77", "0.6"], UPTO, out=out)
    assert "line 1" in _one_line(e) and "N = 1000" in str(e.value)
    other = tmp_path / "notes.txt"
    other.write_text("shopping list\n")
    with pytest.raises(sprague.BadInput) as e:
        sprague.survey(["0.77"], UPTO, out=other)
    assert "not a survey record" in _one_line(e)
    assert out.read_bytes() == before and other.read_text() == "shopping list\n"


def test_families_too_large_or_empty_are_refused():
    with pytest.raises(sprague.BadInput) as e:
        sprague.family(7)
    assert "2097151" in _one_line(e)
    with pytest.raises(sprague.BadInput):
        sprague.family(6, hex=True)
    with pytest.raises(sprague.BadInput):
        sprague.family(0)


def test_a_bare_code_with_digits_8_or_9_is_refused_with_the_hex_spelling():
    with pytest.raises(sprague.BadInput, match="hex:0.99"):
        sprague.survey(["0.99"], UPTO)


def test_misere_survey_writes_the_cli_lines(tmp_path, sprague_bin):
    codes = ["0.75", "0.34", "0.77", "0.3"]
    ours, theirs = tmp_path / "py.jsonl", tmp_path / "cli.jsonl"
    records = sprague.survey(codes, 200, out=ours, misere=True, max_order=200)
    r = run_cli(sprague_bin, "survey", *codes, "--misere", "--upto", "200", "--max-order", "200", "--out", str(theirs))
    assert r.returncode == 0, r.stderr
    assert lines_without_time(ours.read_bytes()) == lines_without_time(theirs.read_bytes())
    by_code = {x["code"]: x for x in records}
    assert (by_code["0.75"]["order"], by_code["0.75"]["all_heaps"], by_code["0.75"]["period"]) == (8, True, 2)
    assert by_code["0.3"]["kind"] == "tame"
    # Resumed: nothing is run again, and the CLI reports the Python file.
    assert sprague.survey(codes, 200, out=ours, misere=True, max_order=200) == records
    # Another N or another bound would mix two surveys: refused.
    with pytest.raises(sprague.BadInput, match="not 100"):
        sprague.survey(codes, 100, out=ours, misere=True, max_order=200)
    with pytest.raises(sprague.BadInput, match="at most 200 elements, not 1000"):
        sprague.survey(codes, 200, out=ours, misere=True)
    r = run_cli(sprague_bin, "survey", "--report", str(ours))
    assert r.returncode == 0 and "| 0.75 | solved | 8 |" in r.stdout, r.stderr
