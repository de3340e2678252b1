"""The Python module against the `sprague` CLI on the same inputs.

Every function of the module is called here, and where the CLI answers the
same question its `--json` output is the reference. The CLI binary comes
from `$SPRAGUE_BIN`, else `target/{release,debug}/sprague` of
`$CARGO_TARGET_DIR` or the workspace (`.ci/python` builds it).
"""

import json
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import sprague

from conftest import ROOT, cli_path as _cli_path


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([_cli_path(), *args], input=stdin, capture_output=True, text=True)


def cli_json(*args: str):
    r = cli(*args, "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


# --- value, outcome, winning moves, grundy --------------------------------

VALUE_CASES = [
    ("kayles", ["7", "11"], {}),
    ("nim", ["3", "4", "5"], {}),
    ("nim", ["1", "1", "5"], {"misere": True}),
    ("kayles", ["4", "5"], {"random": True}),
    ("kayles", ["4", "5"], {"skill": "0.5"}),
    ("subtract:1,3,4", ["10", "7"], {"misere": True}),
    ("wythoff", ["3,5"], {}),
    ("grid:2x3", ["4,4"], {}),
    ("gcd", ["6,10,15,22,28"], {}),
    ("updown:1,2/3/20", ["7"], {}),
    ("divide:2..6", ["17", "1000000000000000000"], {}),
]


def _flags(kw):
    out = []
    if kw.get("misere"):
        out.append("--misere")
    if kw.get("random"):
        out.append("--random")
    if "skill" in kw:
        out += ["--skill", kw["skill"]]
    return out


@pytest.mark.parametrize("spec,positions,kw", VALUE_CASES)
def test_value_matches_cli_json(spec, positions, kw):
    ours = sprague.Game(spec).value(positions, **kw)
    theirs = cli_json("value", spec, *positions, *_flags(kw))
    assert ours == theirs


def test_outcome_grundy_and_moves_match_cli():
    g = sprague.Game("kayles")
    ref = cli_json("value", "kayles", "7", "11")
    assert g.outcome([7, 11]) == ref["outcome"] == "N"
    assert g.grundy([7, 11]) == ref["grundy"]
    assert g.grundy(7) == 2
    moves = g.winning_moves([7, 11])
    assert [m.label for m in moves] == [m["label"] for m in ref["winning_moves"]]
    assert [m.position for m in moves] == [tuple(int(c) for c in m["position"]) for m in ref["winning_moves"]]
    assert all(isinstance(m, sprague.Move) for m in moves)
    assert g.outcome([1, 1]) == "P" and g.winning_moves([1, 1]) == []


def test_positions_as_tuples_and_text():
    w = sprague.Game("wythoff")
    assert w.outcome((3, 5)) == w.outcome("3,5") == "P"
    assert w.outcome((4, 5)) == "N"
    assert w.winning_moves((4, 5))[0].position == ((1, 2),)
    assert sprague.Game("nim").outcome([(3), "4", 5]) == "N"


def test_misere_outcome():
    assert sprague.Game("nim").outcome([1, 1, 5], misere=True) == cli_json("value", "nim", "1", "1", "5", "--misere")["outcome"]
    assert sprague.Game("nim").outcome([1, 1], misere=True) == "N"


def test_loopy_outcome_and_draw():
    g = sprague.Game("updown:1,2/3/20")
    ref = cli_json("value", "updown:1,2/3/20", "7")
    assert g.outcome(7) == ref["outcome"]


# --- tables -----------------------------------------------------------------

@pytest.mark.parametrize("spec,n", [("kayles", 200), ("subtract:1,3,4", 100), ("grundy", 300), ("divide:2..6", 150)])
def test_table_matches_cli(spec, n):
    t = sprague.Game(spec).table(n)
    assert isinstance(t, np.ndarray) and isinstance(t, sprague.Table)
    assert t.dtype == np.uint16 and t.shape == (n + 1,)
    assert t.tolist() == cli_json("table", spec, "--upto", str(n))["values"]
    assert t.spec == sprague.Game(spec).spec


@pytest.mark.parametrize("family,n", [("cram:3xN", 8), ("node-kayles:path:N", 30)])
def test_a_family_of_boards_tables_as_the_cli(family, n):
    g = sprague.Game(family)
    assert g.spec == family and not g.is_heap
    t = g.table(n)
    assert t.tolist() == cli_json("table", family, "--upto", str(n))["values"]
    # Each member's start, valued as a game of its own.
    for k in range(1, min(n, 5) + 1):
        member = sprague.Game(family.replace("N", str(k)))
        assert member.value(["start"])["grundy"] == t[k]
    # A family has no positions of its own: the other questions are refused.
    with pytest.raises(sprague.BadInput, match="family of boards"):
        g.value(["1"])
    # Its analysis is the CLI's (`analyze FAMILY --json`).
    assert g.analyze(upto=12) == cli_json("analyze", family, "--upto", "12")
    with pytest.raises(sprague.BadInput, match="varies one size, N: .* not upto2=4"):
        g.analyze(upto=12, upto2=4)
    # And one board has no line of values: the library's error, as the CLI's.
    one = sprague.Game(family.replace("N", "3"))
    for ask in (lambda: one.table(4), lambda: one.analyze(upto=4)):
        with pytest.raises(sprague.BadInput, match="write N in place of one size"):
            ask()


def test_long_table_uses_the_sequence_engine_and_matches_cli():
    n = 120_000
    t = sprague.Game("octal:0.6").table(n)
    ref = cli("table", "octal:0.6", "--upto", str(n), "--full", "--json")
    assert ref.returncode == 0, ref.stderr
    ref = json.loads(ref.stdout)
    assert ref["values"] == t.tolist()


def test_table_is_uint32_when_values_pass_16_bits():
    t = sprague.Game("nim").table(70_000)
    assert t.dtype == np.uint32 and int(t[-1]) == 70_000


def test_table_html():
    html = sprague.Game("kayles").table(30)._repr_html_()
    assert "<table" in html and "octal:0.77" in html


def test_table2_matches_cli():
    ours = sprague.Game("wythoff").table2(6, 7)
    assert ours == cli_json("table", "wythoff", "--upto", "6,7")
    with pytest.raises(sprague.BadInput):
        sprague.Game("wythoff").table(10)


# --- analyze, catalog, solve --------------------------------------------------

@pytest.mark.parametrize("spec", ["kayles", "subtract:1,3,4", "divide:2..6"])
def test_analyze_matches_cli(spec):
    a = sprague.Game(spec).analyze()
    assert a.to_dict() == cli_json("analyze", spec)
    assert a.findings and a.findings[0].status in ("proven", "observed")
    assert "<p>" in a._repr_html_() and a.findings[0]._repr_html_()


def test_analyze_code_evaluates_g():
    a = sprague.Game("subtract:1,3,4").analyze()
    assert a.code is not None
    scope = {}
    exec(a.code, scope)
    fn = next(v for k, v in scope.items() if callable(v) and not k.startswith("__"))
    assert [fn(n) for n in range(50)] == sprague.Game("subtract:1,3,4").table(49).tolist()


def _timeless(d):
    assert isinstance(d.pop("seconds"), float)
    return d


@pytest.mark.parametrize("spec,upto", [("octal:0.75", None), ("kayles", 12), ("dawson-kayles", 14)])
def test_misere_analysis_matches_cli(spec, upto):
    ours = sprague.Game(spec).analyze(upto, misere=True)
    args = ["analyze", spec, "--misere"] + (["--upto", str(upto)] if upto else [])
    assert _timeless(ours) == _timeless(cli_json(*args))
    assert ours["convention"] == "misere" and ours["order"] >= 8
    if upto is None:
        assert ours["all_heaps"] and ours["period"] is not None


def test_misere_analysis_is_bounded_by_memory():
    """max_memory bounds the quotient's tables (by default the memory the
    process can still get, as the CLI reads it): less memory, fewer
    elements a candidate may have, and a quotient past it is refused."""
    g = sprague.Game("kayles")
    orders = [g.analyze(12, misere=True, max_memory=m)["max_order"] for m in (1 << 20, 1 << 26, 1 << 40)]
    assert 0 < orders[0] < orders[1] < orders[2], orders
    # By default the memory the process can still get bounds it, as the CLI
    # reads it (not the library's unbounded default, 2^27 elements): a
    # huge max_order is lowered to what that memory holds, about the CLI's
    # figure (the free memory moves a little between the two runs).
    huge = str(10**9)
    ours = g.analyze(12, misere=True, max_order=int(huge))["max_order"]
    cli = cli_json("analyze", "kayles", "--misere", "--upto", "12", "--max-order", huge)["max_order"]
    assert ours < 1 << 27 and abs(ours - cli) <= cli // 10, (ours, cli)
    with pytest.raises(sprague.LimitExceeded, match="memory available"):
        sprague.Game("dawson-kayles").analyze(20, misere=True, max_memory=1 << 16)
    for bad in (0, -1):
        with pytest.raises(sprague.BadInput, match="max_memory"):
            g.analyze(12, misere=True, max_memory=bad)


def test_misere_analysis_bounds_and_refusals():
    g = sprague.Game("kayles")
    assert g.analyze(12, misere=True, max_order=100)["max_order"] == 100
    with pytest.raises(sprague.LimitExceeded) as e:
        sprague.Game("dawson-kayles").analyze(20, misere=True, max_order=10)
    assert "elements, past the limit of 10" in str(e.value)
    with pytest.raises(sprague.BadInput, match="at least 1"):
        g.analyze(12, misere=True, max_order=0)
    with pytest.raises(sprague.BadInput, match="upto2"):
        g.analyze(3, 4, misere=True)
    with pytest.raises(sprague.BadInput, match="misere=True"):
        g.analyze(12, max_order=10)
    with pytest.raises(sprague.BadInput, match="misere=True"):
        g.analyze(12, max_memory=1 << 20)
    with pytest.raises(sprague.BadInput) as e:
        sprague.Game("wythoff").analyze(misere=True)
    assert str(e.value) == _cli_error("analyze", "wythoff", "--misere")


def test_catalog_matches_cli():
    assert sprague.catalog() == cli_json("games")


@pytest.mark.parametrize("problem", ["fdivgame", "potato", "seagm", "tuzgmbr", "wizards"])
def test_solve_matches_cli_output(problem):
    data = ROOT / "crates/sprague-cli/tests/data/solve"
    text = (data / f"{problem}.in").read_text()
    r = cli("solve", problem, stdin=text)
    assert r.returncode == 0, r.stderr
    assert sprague.solve(problem, text) == r.stdout == (data / f"{problem}.out").read_text()
    assert problem in [p["name"] for p in sprague.problems()]


# --- rules from Python and from scripts ----------------------------------------

def test_python_subtraction_game_equals_its_twin():
    def take_1_2_3(n):
        return [[n - k] for k in (1, 2, 3) if k <= n]

    g = sprague.Game.from_moves(take_1_2_3)
    twin = sprague.Game("subtract:1,2,3")
    assert g.spec == "python:take_1_2_3"
    assert g.table(500).tolist() == twin.table(500).tolist()
    for sum_ in ([5, 9], [4, 8], [13]):
        assert g.outcome(sum_) == twin.outcome(sum_)
        assert g.outcome(sum_, misere=True) == twin.outcome(sum_, misere=True)
        assert [m.position for m in g.winning_moves(sum_)] == [m.position for m in twin.winning_moves(sum_)]
    assert g.analyze().findings[0].formula == twin.analyze().findings[0].formula


def test_python_kayles_equals_kayles():
    def kayles(n):
        out = []
        for take in (1, 2):
            for left in range(0, n - take + 1):
                right = n - take - left
                if left <= right:
                    out.append([left, right])
        return out

    g = sprague.Game.from_moves(kayles)
    twin = sprague.Game("kayles")
    assert g.table(120).tolist() == twin.table(120).tolist()
    assert g.value([4, 5], random=True)["win_probability_exact"] == twin.value([4, 5], random=True)["win_probability_exact"]


def test_python_pair_game_with_tuples():
    # Wythoff's game on tuples, against the built-in one.
    def wythoff(p):
        a, b = p
        out = [(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
        out += [(a - k, b - k) for k in range(1, min(a, b) + 1)]
        return out

    g = sprague.Game.from_moves(wythoff, heap=False)
    twin = sprague.Game("wythoff")
    for p in [(3, 5), (4, 7), (6, 6), (2, 1)]:
        assert g.outcome(p) == twin.outcome(p)
        assert g.grundy(p) == twin.grundy(p)


def test_python_loopy_game():
    # up-down: take 1 or 2, or add 3 while the heap stays <= 20; an empty
    # heap has no move.
    def updown(n):
        if n == 0:
            return []
        return [[n - k] for k in (1, 2) if k <= n] + ([[n + 3]] if n + 3 <= 20 else [])

    g = sprague.Game.from_moves(updown, heap=False, loopy=True)
    twin = sprague.Game("updown:1,2/3/20")
    for n in range(1, 21):
        assert g.outcome(n) == twin.outcome(n), n


def test_script_text_equals_its_twin():
    text = (ROOT / "examples/subtract.rhai").read_text()
    g = sprague.Game.from_script(text, "subtract.rhai")
    assert g.spec == "script:subtract.rhai"
    assert g.table(200).tolist() == sprague.Game("subtract:1,3,4").table(200).tolist()
    assert sprague.Game(f"script:{ROOT / 'examples/kayles.rhai'}").table(80).tolist() == sprague.Game("kayles").table(80).tolist()


# --- errors -------------------------------------------------------------------

def _cli_error(*args):
    r = cli(*args)
    assert r.returncode == 2
    line = r.stderr.strip().splitlines()[0]
    assert line.startswith("sprague: error: ")
    return line[len("sprague: error: "):]


@pytest.mark.parametrize(
    "spec,pos",
    [("subtract:", "3"), ("octal:0.9", "3"), ("kayles", "x"), ("wythoff", "3"), ("gcd", "1,,2")],
)
def test_bad_input_has_the_cli_message(spec, pos):
    with pytest.raises(sprague.BadInput) as e:
        sprague.Game(spec).value([pos])
    assert str(e.value) == _cli_error("value", spec, pos)


def test_unknown_game():
    with pytest.raises(sprague.BadInput) as e:
        sprague.Game("nope")
    assert str(e.value) == "unknown game `nope`"
    assert isinstance(e.value, sprague.Error)


def test_limits_raise_limit_exceeded():
    with pytest.raises(sprague.LimitExceeded) as e:
        # Below the sequence engine's threshold: the dense table, bounded.
        sprague.Game("kayles").table(10_000 - 1, max_states=1000)
    assert "limit" in str(e.value)
    with pytest.raises(sprague.LimitExceeded) as e:
        sprague.Game("grundy").value([2000], max_states=100)
    # The CLI adds how to raise the bound.
    cli_line = _cli_error("value", "grundy", "2000", "--max-states", "100")
    assert cli_line == str(e.value) + "; raise the bound with --max-states"


def test_a_table_past_the_bound_names_the_limit_the_cli_names():
    # Computed in slices, but checked whole first: the same numbers.
    with pytest.raises(sprague.LimitExceeded) as e:
        sprague.Game("nim").table(10**8)
    cli_line = _cli_error("table", "nim", "--upto", "100000000")
    assert cli_line == str(e.value) + "; raise the bound with --max-states"
    assert "a table of 100000001 values" in str(e.value)


def test_python_exception_becomes_script_error():
    def bad(n):
        if n == 5:
            raise ValueError("boom")
        return [n - 1] if n else []

    with pytest.raises(sprague.ScriptError) as e:
        sprague.Game.from_moves(bad).table(10)
    assert "ValueError: boom" in str(e.value) and "`5`" in str(e.value)
    assert isinstance(e.value.__cause__, ValueError)
    # The game still answers below the failing position.
    assert sprague.Game.from_moves(bad).grundy(4) == 0


@pytest.mark.parametrize(
    "ret,needle",
    [(lambda n: 3, "not a list of moves"), (lambda n: ["x"], "not a str"), (lambda n: [[n + 1]], "smaller")],
)
def test_bad_moves_are_script_errors(ret, needle):
    with pytest.raises(sprague.ScriptError) as e:
        sprague.Game.from_moves(ret).table(5)
    assert needle in str(e.value)
    assert "\n" not in str(e.value)


def test_bad_script_and_problem():
    with pytest.raises(sprague.ScriptError):
        sprague.Game.from_script("fn moves(n) { [n - ] }")
    with pytest.raises(sprague.BadInput) as e:
        sprague.solve("nope", "")
    assert "unknown problem" in str(e.value)
    with pytest.raises(sprague.BadInput) as e:
        sprague.solve("fdivgame", "x\n")
    assert str(e.value) == _cli_error_stdin("fdivgame", "x\n")


def _cli_error_stdin(problem, text):
    r = cli("solve", problem, stdin=text)
    assert r.returncode == 2
    return r.stderr.strip().splitlines()[-1][len("sprague: error: "):]


def test_bad_positions_from_python():
    g = sprague.Game("kayles")
    for bad in (True, 1.5, [], None):
        with pytest.raises(sprague.BadInput):
            g.outcome(bad)


def test_help_reads_well():
    doc = sprague.Game.__doc__ + sprague.Game.from_moves.__doc__ + sprague.Game.table.__doc__
    assert "spec" in doc and "moves(position)" in doc and "Ctrl-C" in doc
    assert sprague.__doc__.startswith("sprague:")


# --- the GIL and Ctrl-C -------------------------------------------------------

@pytest.mark.parametrize(
    "code",
    [
        "import sprague; sprague.Game('octal:0.6').table(2 * 10**8)",
        "import sprague; sprague.Game('subtract:1..300').table(10**7 - 1, max_work=10**15)",
        "import sprague\ndef f(n): return [[n - k] for k in (1, 2, 3) if k <= n]\n"
        "sprague.Game.from_moves(f).table(10**7 - 1)",
    ],
)
def test_ctrl_c_stops_a_long_table(code):
    import signal
    import sys
    import time

    # A job started in the background by a shell inherits SIGINT ignored,
    # and Python then installs no handler for it: restore the default, as
    # a terminal gives it.
    p = subprocess.Popen(
        [sys.executable, "-c", code],
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(1.5)
    assert p.poll() is None, p.stderr.read()
    sent = time.monotonic()
    p.send_signal(signal.SIGINT)
    p.wait(timeout=20)
    assert time.monotonic() - sent < 5
    assert "KeyboardInterrupt" in p.stderr.read()


def test_table_releases_the_gil():
    import threading

    done = threading.Event()
    ticks = 0

    def run():
        sprague.Game("subtract:1..200").table(400_000)
        done.set()

    t = threading.Thread(target=run)
    t.start()
    while not done.is_set():
        ticks += 1
    t.join()
    assert ticks > 10_000


def test_a_script_bound_is_limit_exceeded():
    # The kind of the error decides the class: a script that passes its
    # call-depth limit reached a bound (the CLI names the flag to raise).
    text = "fn f(k) { f(k + 1) }\nfn moves(n) { f(0); [] }\n"
    with pytest.raises(sprague.LimitExceeded) as e:
        sprague.Game.from_script(text).grundy(3)
    assert "the call-depth limit" in str(e.value)
    assert not isinstance(e.value, sprague.BadInput)
