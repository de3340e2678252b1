"""sprague: impartial combinatorial games, solved (Python bindings).

Describe a game with a one-line spec (``"kayles"``, ``"subtract:1,3,4"``,
``"octal:0.6"``), a Rhai script, or a Python function that lists moves, and
ask who wins, which moves win (also in sums of games), the Grundy values as
a NumPy array, and the pattern they follow.

>>> import sprague
>>> g = sprague.Game("kayles")
>>> g.grundy(7)
2
>>> g.outcome([7, 11])
'N'

Positions
---------
A *position* of one component is an ``int`` (a heap), a ``str`` written as
the CLI reads it (``"3,5"``, ``"[1,2,5]"``), or a ``tuple`` (``(3, 5)``;
tuples nest). A *sum* is a ``list`` of positions; a lone position is a sum
of one. So ``g.outcome([7, 11])`` asks about heaps 7 and 11 together, and
``sprague.Game("wythoff").outcome((3, 5))`` about the one pair (3, 5).

Errors
------
Every error is a :class:`sprague.Error` with the CLI's one-line message:
:class:`BadInput` (unknown game, bad spec or position, a question the game
cannot answer), its subclass :class:`ScriptError` (a script or a Python
``moves`` function failed; the Python exception is its ``__cause__``),
:class:`LimitExceeded` (``max_states``, ``max_work``, memory, or a script's
own bounds), :class:`Stopped` (the computation was stopped before it
ended) and :class:`InternalError` (a bug). The class follows the error's
kind, as the CLI's exit code and the web server's status do. Ctrl-C stops
every long call (tables, values, analyses, skill curves, survey runs)
within a tenth of a second or so, with ``KeyboardInterrupt``.

Surveys
-------
:func:`survey` runs many octal or hexadecimal codes (a list, or
:func:`family`) through the sequence engine, one JSON record each, as
``sprague survey`` does: on every core here, or with a
``dask.distributed`` client on a cluster; records go to a resumable file
that the CLI reads too.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _sprague
from ._sprague import BadInput, Error, InternalError, LimitExceeded, ScriptError, Stopped
from .survey import family, parse_codes, survey

__all__ = [
    "Game",
    "Move",
    "Table",
    "Analysis",
    "Finding",
    "solve",
    "problems",
    "catalog",
    "survey",
    "family",
    "parse_codes",
    "Error",
    "BadInput",
    "ScriptError",
    "LimitExceeded",
    "Stopped",
    "InternalError",
]

#: One component's position: a heap, the CLI's text, or a tuple of positions.
Position = Union[int, str, Tuple[Any, ...]]
#: A sum of positions, or one position alone.
Positions = Union[Position, List[Position]]


def _value_text(p: Any, outer: bool) -> str:
    """A position in the text form the library parses (see ``Value``)."""
    if isinstance(p, bool):
        raise BadInput(f"bad position `{p!r}`: a position is an int, a str or a tuple, not a bool")
    if isinstance(p, int):
        return str(p)
    if isinstance(p, (tuple, list)):
        inner = ",".join(_value_text(q, False) for q in p)
        return inner if outer and len(p) >= 2 else f"[{inner}]"
    raise BadInput(f"bad position `{p!r}`: a position is an int, a str or a tuple, not {type(p).__name__}")


def _position_text(p: Position) -> str:
    return p if isinstance(p, str) else _value_text(p, True)


def _sum_texts(positions: Positions) -> List[str]:
    """The CLI's position arguments for a sum (a list) or one position."""
    if isinstance(positions, list):
        if not positions:
            raise BadInput("give at least one position")
        return [_position_text(p) for p in positions]
    return [_position_text(positions)]


def _component(text: str) -> Any:
    """A component as the game writes it, as Python: an int or a tuple
    where the text is one, else the text."""
    try:
        v = json.loads(f"[{text}]")
    except ValueError:
        return text

    def conv(x: Any) -> Any:
        return tuple(conv(y) for y in x) if isinstance(x, list) else x

    if all(isinstance(x, (int, list)) and not isinstance(x, bool) for x in v):
        return conv(v[0]) if len(v) == 1 else tuple(conv(x) for x in v)
    return text


@dataclass(frozen=True)
class Move:
    """A winning move of a sum.

    Attributes:
        label: what the move is called ("take 2 from the heap of 3").
        position: the whole sum after the move, one component per entry
            (an ``int`` or ``tuple``, or the game's text where it is neither).
        component: the index of the component moved in.
        remoteness: the remoteness of the sum it leaves, where known.
    """

    label: str
    position: Tuple[Any, ...]
    component: int = 0
    remoteness: Optional[int] = None


class Table(np.ndarray):
    """g(0..=N) of a heap game: a NumPy array (uint16, or uint32 where a
    value passes 65535) that also draws itself as a coloured grid in
    Jupyter. ``spec`` names the game. Use it as any array (``plt.plot(t)``);
    ``np.asarray(t)`` gives the plain array, without a copy."""

    spec: str = ""

    def __array_finalize__(self, obj: Any) -> None:
        self.spec = getattr(obj, "spec", "")

    def _repr_html_(self) -> str:
        return _grid_html(self.spec, np.asarray(self))


def _colour(v: int, top: int) -> str:
    """0 (a P-position) white; other values along a hue scale."""
    if v == 0:
        return "#ffffff"
    hue = int(240 * (v - 1) / max(top - 1, 1))
    return f"hsl({240 - hue}, 70%, 80%)"


def _grid_html(spec: str, values: np.ndarray, width: int = 20, most: int = 2000) -> str:
    shown = values[:most]
    top = int(shown.max()) if len(shown) else 0
    rows = []
    head = "".join(f"<th>+{c}</th>" for c in range(min(width, len(shown))))
    rows.append(f"<tr><th>n</th>{head}</tr>")
    for start in range(0, len(shown), width):
        cells = "".join(
            f'<td style="background:{_colour(int(v), top)};text-align:right;padding:1px 4px">{int(v)}</td>'
            for v in shown[start : start + width]
        )
        rows.append(f"<tr><th>{start}</th>{cells}</tr>")
    more = "" if len(values) <= most else f"<p>… {len(values) - most} more values (of {len(values)})</p>"
    title = f"<p><b>{html.escape(spec)}</b>: g(0..={len(values) - 1}); white cells are P-positions</p>"
    return f'{title}<table style="border-collapse:collapse;font-family:monospace;font-size:11px">{"".join(rows)}</table>{more}'


@dataclass(frozen=True)
class Finding:
    """One structure in a game's values (``sprague analyze``).

    Attributes:
        kind: what kind of structure (``"periodic"``, …).
        formula: the structure as a formula a person reads.
        status: ``"proven"`` or ``"observed"``.
        data: every key of the CLI's JSON for this finding.
    """

    kind: str
    formula: str
    status: str
    data: Dict[str, Any] = field(repr=False, default_factory=dict)

    def _repr_html_(self) -> str:
        mark = "✔ proven" if self.status == "proven" else "observed"
        return f"<p><b>{html.escape(self.kind)}</b> ({mark}): <code>{html.escape(self.formula)}</code></p>"


@dataclass(frozen=True)
class Analysis:
    """What ``Game.analyze`` found.

    Attributes:
        spec: the game.
        checked_upto: the last heap (or coordinate) looked at.
        findings: each structure found, proven or observed.
        code: for a proven heap pattern, Python source of ``g(n)``.
    """

    spec: str
    checked_upto: int
    findings: List[Finding]
    code: Optional[str] = field(repr=False, default=None)

    def to_dict(self) -> Dict[str, Any]:
        """The CLI's ``analyze --json`` keys: spec, checked_upto, findings."""
        return {
            "spec": self.spec,
            "checked_upto": self.checked_upto,
            "findings": [f.data for f in self.findings],
        }

    def _repr_html_(self) -> str:
        body = "".join(f._repr_html_() for f in self.findings) or "<p>no pattern found</p>"
        return f"<div><p><b>{html.escape(self.spec)}</b>: values up to {self.checked_upto}</p>{body}</div>"


def _finding(d: Dict[str, Any]) -> Finding:
    return Finding(
        kind=str(d.get("kind", "")),
        formula=str(d.get("formula", "")),
        status=str(d.get("status", "")),
        data=d,
    )


class Game:
    """An impartial game: a built-in spec, a Rhai script, or Python rules.

    ``Game(spec)`` takes any spec of ``sprague games`` (``"nim"``,
    ``"kayles"``, ``"subtract:1,3,4"``, ``"octal:0.6"``, ``"wythoff"``,
    ``"script:FILE.rhai"``, ``"graph:FILE"``). See also
    :meth:`Game.from_script` and :meth:`Game.from_moves`.

    Every computing method takes ``max_states`` (default 10**7) and
    ``max_work`` (default 10**11) as the CLI does; past them it raises
    :class:`LimitExceeded`.
    """

    __slots__ = ("_native",)

    def __init__(self, spec: str) -> None:
        self._native = _sprague.Native(spec)

    @classmethod
    def _wrap(cls, native: Any) -> "Game":
        g = cls.__new__(cls)
        g._native = native
        return g

    @classmethod
    def from_script(cls, text: str, name: str = "script.rhai") -> "Game":
        """A game from the *text* of a Rhai script (see docs/scripts.md);
        its spec is ``script:NAME``."""
        return cls._wrap(_sprague.Native.from_script(text, name))

    @classmethod
    def from_moves(
        cls,
        moves: Callable[[Any], Iterable[Any]],
        *,
        heap: bool = True,
        loopy: bool = False,
        name: Optional[str] = None,
    ) -> "Game":
        """A game whose rules are a Python function.

        ``moves(position)`` returns the moves from ``position``: a list in
        which each move is a ``list`` of the components it leaves (``[]``:
        nothing is left; ``[2, 3]``: two heaps, as a split in Kayles), or a
        single component alone (``n - 1``).

        Positions are ``int`` or ``tuple`` (of ints and tuples, at most 32
        deep), and each is given to ``moves`` that way. With ``heap=True``
        (the default) a position is one number n ≥ 0 and every move leaves
        heaps smaller than n, so tables, patterns and fast sums apply;
        heaps of 0 are dropped from a move. Give ``heap=False`` for other
        positions (pairs, boards) and ``loopy=True`` if a position may recur.

        Moves are asked once per position and cached. An exception raised
        by ``moves`` stops the computation with :class:`ScriptError`, whose
        ``__cause__`` is that exception (KeyboardInterrupt is raised as is).

        >>> def take_1_2_3(n):
        ...     return [[n - k] for k in (1, 2, 3) if k <= n]
        >>> sprague.Game.from_moves(take_1_2_3).table(8).tolist()
        [0, 1, 2, 3, 0, 1, 2, 3, 0]
        """
        label = name or getattr(moves, "__name__", "moves")
        return cls._wrap(_sprague.Native.from_moves(moves, label, heap, loopy))

    @property
    def spec(self) -> str:
        """The canonical spec (``octal:0.77`` for ``kayles``)."""
        return self._native.spec()

    @property
    def is_heap(self) -> bool:
        """Whether positions are heaps n ≥ 0 (tables of g(0..=N))."""
        return self._native.is_heap()

    def value(
        self,
        positions: Positions,
        *,
        misere: bool = False,
        random: bool = False,
        skill: Union[None, float, str, Tuple[float, float]] = None,
        max_moves: int = 100,
        max_states: Optional[int] = None,
        max_work: Optional[int] = None,
    ) -> Dict[str, Any]:
        """Everything ``sprague value --json`` reports, as a dict: ``grundy``,
        ``outcome``, ``convention``, ``remoteness``, ``method``,
        ``winning_moves`` (dicts with ``label``, ``component``, ``position``,
        ``remoteness``), ``winning_moves_total``, ``pattern``, ``spec``,
        ``positions``, ``components``, ``notes``, and with ``random`` or
        ``skill`` (a probability, or ``(mover, opponent)``) the win
        probability keys."""
        if isinstance(skill, tuple):
            skill = f"{skill[0]},{skill[1]}"
        elif skill is not None:
            skill = str(skill)
        text = self._native.value(
            _sum_texts(positions),
            misere=misere,
            random=random,
            skill=skill,
            max_moves=max_moves,
            max_states=max_states,
            max_work=max_work,
        )
        return json.loads(text)

    def grundy(self, position: Positions, **limits: Optional[int]) -> int:
        """The Grundy value of a position (or of a sum: the xor).

        Raises :class:`BadInput` where the game has none (the gcd game, a
        loopy position of infinite value)."""
        r = self._quick(position, **limits)
        if r["grundy"] is None:
            raise BadInput(f"`{r['spec']}`: no Grundy value for {' + '.join(r['positions'])}")
        return int(r["grundy"])

    def outcome(self, positions: Positions, *, misere: bool = False, **limits: Optional[int]) -> str:
        """Who wins the sum: ``"N"`` (the player to move), ``"P"`` (the
        other player) or ``"D"`` (a draw, loopy games)."""
        return str(self._quick(positions, misere=misere, **limits)["outcome"])

    def winning_moves(
        self, positions: Positions, *, misere: bool = False, max_moves: int = 100, **limits: Optional[int]
    ) -> List[Move]:
        """Every winning move of the sum (at most ``max_moves``), fastest
        first where remoteness is known; empty from a P-position."""
        r = self.value(positions, misere=misere, max_moves=max_moves, **limits)
        return [
            Move(
                label=m["label"],
                position=tuple(_component(c) for c in m["position"]),
                component=m["component"],
                remoteness=m["remoteness"],
            )
            for m in r["winning_moves"]
        ]

    def _quick(self, positions: Positions, misere: bool = False, **limits: Optional[int]) -> Dict[str, Any]:
        text = self._native.value(_sum_texts(positions), misere=misere, max_moves=0, remoteness=False, **limits)
        return json.loads(text)

    def table(self, n: int, **limits: Optional[int]) -> Table:
        """g(0..=n) of a heap game as a NumPy array (a :class:`Table`):
        uint16, or uint32 where a value passes 65535; no copy per value.

        The GIL is released while it computes, and Ctrl-C stops it
        (KeyboardInterrupt). Octal codes and Grundy's game use the
        sequence engine from n = 100000 on, as ``sprague table`` does."""
        if n < 0:
            raise BadInput(f"bad table size {n}: give n ≥ 0")
        t = self._native.table(n, **limits).view(Table)
        t.spec = self.spec
        return t

    def table2(self, n: int, m: int, **limits: Optional[int]) -> Dict[str, Any]:
        """The 2-D table of a game on two numbers, as ``sprague table --upto
        N,M --json``: ``spec``, ``row_start``, ``col_start``, ``rows`` (lists,
        ``None`` where a cell is no position)."""
        return json.loads(self._native.table2(n, m, **limits))

    def analyze(
        self,
        upto: Optional[int] = None,
        upto2: Optional[int] = None,
        *,
        misere: bool = False,
        max_order: Optional[int] = None,
        max_memory: Optional[int] = None,
        **limits: Optional[int],
    ) -> Any:
        """The patterns in the values, each proven or observed (``sprague
        analyze``); ``upto`` (and ``upto2`` for a 2-D table) bounds the
        values looked at. ``Analysis.to_dict()`` gives the CLI's JSON keys;
        ``Analysis.code`` Python source of a proven heap pattern's g(n).
        Along a family of boards (``cram:3xN``), a dict with the keys of
        ``sprague analyze FAMILY --json`` (``values``, ``period``,
        ``heap_game`` and ``argument`` where the family is a heap game's
        heaps, as ``node-kayles:path:N`` is octal 0.137's).

        With ``misere=True``, the misère quotient of a heap game instead
        (``sprague analyze --misere``), as a dict with the keys of its
        ``--json`` (``order``, ``p_portion``, ``generators``, ``relations``,
        ``elements``, ``heaps``, ``all_heaps``, ``period``, ``preperiod``,
        ``stopped``, ``proof``, ``max_order``, ``seconds``, ...): of the
        heaps up to ``upto``, or without it the first complete quotient
        (its period proven) among the first 500 heaps (64 for a game
        tame over the first 500: ``tame_upto``, ``search_heaps``),
        candidates of at most 300 elements unless told; ``max_order``
        bounds the elements a candidate may have, and ``max_memory`` the
        bytes its tables may take (by default the memory this process can
        still get, as the CLI reads it: past it, ``LimitExceeded``)."""
        if misere:
            if upto2 is not None:
                raise BadInput("misere=True takes upto (the largest heap), not upto2")
            if max_memory is not None and max_memory < 1:
                raise BadInput(
                    f"max_memory {max_memory}: give the most bytes the quotient's tables may take, at least 1"
                )
            return json.loads(self._native.analyze_misere(upto, max_order, max_memory, **limits))
        if max_order is not None or max_memory is not None:
            raise BadInput("max_order and max_memory bound a misère quotient: give them with misere=True")
        text, code = self._native.analyze(upto, upto2, **limits)
        d = json.loads(text)
        if "findings" not in d:
            # A family of boards: the keys of `sprague analyze FAMILY --json`.
            return d
        return Analysis(
            spec=d["spec"],
            checked_upto=d["checked_upto"],
            findings=[_finding(f) for f in d["findings"]],
            code=code,
        )

    def skill_curve(self, positions: Positions, *, misere: bool = False, **limits: Optional[int]) -> Dict[str, Any]:
        """The chance that the player to move wins the sum against the
        players' skills (a skill: the chance of making the perfect move,
        else a uniformly random one), as ``sprague plot --skill-curve``
        draws it and ``POST /api/skill`` answers it, as a dict:

        - ``curve_skills`` and ``curve``: the chance with both players of
          skill ``curve_skills[k]`` (0 to 1 by 1/32);
        - ``heat_skills`` and ``heat``: ``heat[a][b]`` is the chance with
          the player to move of skill ``heat_skills[a]`` and the opponent
          of skill ``heat_skills[b]`` (by 1/32, or 1/16 or 1/8 on a large
          graph of sums);
        - ``outcome`` (with perfect play), ``play``, ``error_bound`` (on
          every chance's floating-point error), ``states`` and ``moves``
          (of the graph of sums), ``spec``, ``positions``, ``components``.

        Loopy games are refused (:class:`BadInput`): random play need not end."""
        return json.loads(self._native.skill_curve(_sum_texts(positions), misere=misere, **limits))

    def __repr__(self) -> str:
        return f"sprague.Game({self.spec!r})"


def solve(problem: str, input_text: str) -> str:
    """The exact contest output of a reference problem (``sprague solve
    PROBLEM < input``) on ``input_text``; see :func:`problems`."""
    return _sprague.solve(problem, input_text)


def problems() -> List[Dict[str, str]]:
    """The contest problems :func:`solve` knows: ``name``, ``summary``,
    ``source``, ``game``."""
    return json.loads(_sprague.problems())


def catalog() -> List[Dict[str, str]]:
    """The built-in games, as ``sprague games --json``: ``syntax``,
    ``aliases``, ``example``, ``description``."""
    return json.loads(_sprague.catalog())
