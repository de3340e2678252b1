"""Ctrl-C stops a long call: SIGINT sent to the process while the native
module computes raises KeyboardInterrupt within a few tenths of a second,
the computation stopped (its thread ended), and the module answers again
at once. Each computation here would run for seconds (a script's
top-level statements: to their 2 s time bound) or far longer if not stopped.
"""

import os
import random
import signal
import threading
import time

import pytest

import sprague
from sprague import _sprague

#: How long a stopped call may take to come back after the signal.
PROMPT = 2.0
#: When the signal is sent, after the call starts.
AFTER = 0.3


@pytest.fixture(autouse=True)
def python_handles_sigint():
    """Python's own SIGINT handler for each test. A process started in the
    background by a shell without job control (`cmd &` in a script, as
    some CI runners do) inherits SIGINT ignored, and Python then leaves it
    ignored: no KeyboardInterrupt could come, whatever the module does."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def _take_1_2_3(n):
    return [[n - k] for k in (1, 2, 3) if k <= n]


def _seagm_input(deals, cards):
    """SEAGM input of `deals` deals of `cards` cards each, drawn (seeded)
    from the 6719 divisors > 1 of 963761198400 = 2^6·3^4·5^2·7·11·13·17·19·23:
    many common divisors make many gcd states, so that each deal takes
    some tenths of a second in release (a stop ends the solver between
    two deals)."""
    divisors = [1]
    for p, e in [(2, 6), (3, 4), (5, 2), (7, 1), (11, 1), (13, 1), (17, 1), (19, 1), (23, 1)]:
        divisors = [d * p**k for d in divisors for k in range(e + 1)]
    divisors = sorted(divisors)[1:]
    rng = random.Random(35)
    lines = [str(deals)]
    for _ in range(deals):
        lines += [str(cards), " ".join(map(str, rng.sample(divisors, cards)))]
    return "\n".join(lines) + "\n"


#: Top-level statements that run until the script's time bound (2 s): the
#: array's size is checked by walking it, so each push costs more.
_GROWING_SCRIPT = "let a = []; loop { a.push(a.len()); }\nfn moves(n) { [] }\n"


LONG_CALLS = {
    # The sequence engine (Grundy's game to 10^7: about 15 s in release).
    "table": lambda: sprague.Game("grundy").table(10**7),
    # Rules from Python: the dense table calls back into Python per heap.
    "table_of_python_rules": lambda: sprague.Game.from_moves(_take_1_2_3).table(5 * 10**6),
    # A misère quotient (Dawson's Kayles to heap 33: about 10 s in release).
    "analyze_misere": lambda: sprague.Game("dawson-kayles").analyze(33, misere=True),
    # One survey run, called from the main thread (0.6 to 10^7: about 18 s).
    "survey_code": lambda: _sprague.survey_code("0.6", 10**7),
    # A contest problem on a long input (about 12 s), stopped between two deals.
    "solve": lambda: sprague.solve("seagm", _SEAGM_LONG),
    # A constructor whose script's top-level statements run long.
    "from_script": lambda: sprague.Game.from_script(_GROWING_SCRIPT, "grow.rhai"),
}

#: The input of the `solve` call, made before it (not while it is timed):
#: 30 SEAGM deals of 500 cards, about 0.4 s each in release.
_SEAGM_LONG = _seagm_input(30, 500)

#: Calls with a tighter bound than PROMPT: the script's own time bound
#: (2 s) would end it within PROMPT of the signal even if Ctrl-C did not.
PROMPTS = {"from_script": 1.0}


@pytest.mark.parametrize("name", sorted(LONG_CALLS))
def test_sigint_stops_a_long_call_promptly(name):
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(AFTER, interrupt)
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            LONG_CALLS[name]()
    finally:
        timer.cancel()
    ended = time.monotonic()
    assert sent, f"{name} ended after {ended - start:.2f} s, before the signal: make it longer"
    prompt = PROMPTS.get(name, PROMPT)
    assert ended - sent[0] < prompt, f"{name}: KeyboardInterrupt {ended - sent[0]:.2f} s after SIGINT"
    # The module is free again: a short call answers at once.
    assert sprague.Game("kayles").grundy(7) == 2


def test_a_stop_token_stops_a_run_on_another_thread():
    """A survey's pool runs codes on threads that signals do not reach:
    the survey's token stops them instead."""
    token = _sprague.StopToken()
    result = {}

    def run():
        start = time.monotonic()
        try:
            _sprague.survey_code("0.6", 10**7, token)
        except BaseException as e:  # noqa: BLE001 - the test reports what came
            result["error"] = e
        result["seconds"] = time.monotonic() - start

    t = threading.Thread(target=run)
    t.start()
    time.sleep(AFTER)
    assert not token.is_stopped()
    token.stop()
    t.join(timeout=10)
    assert not t.is_alive(), "the run went on after its token was stopped"
    assert isinstance(result.get("error"), sprague.Stopped), result
    assert result["seconds"] < AFTER + PROMPT, result
