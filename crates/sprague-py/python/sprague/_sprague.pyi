"""Type stubs of the native module ``sprague._sprague`` (PyO3).

The public API is ``sprague`` itself (``sprague/__init__.py``), which wraps
this module; these stubs type what it calls.
"""

from typing import Any, Callable, Iterable, List, Optional, Tuple

import numpy as np
import numpy.typing as npt

class Error(Exception):
    """Every error raised by sprague."""

class BadInput(Error):
    """Bad input: an unknown game, a malformed spec or position, a question the game cannot answer."""

class ScriptError(BadInput):
    """Rules defined at run time (a Rhai script or a Python function) failed."""

class LimitExceeded(Error):
    """A computation would pass a bound (max_states, max_work, memory)."""

class Stopped(Error):
    """The computation was stopped before it ended."""

class InternalError(Error):
    """A bug in sprague: please report it."""

class Native:
    def __init__(self, spec: str) -> None: ...
    @staticmethod
    def from_script(text: str, name: str) -> Native: ...
    @staticmethod
    def from_moves(moves: Callable[[Any], Iterable[Any]], name: str, heap: bool, loopy: bool) -> Native: ...
    def spec(self) -> str: ...
    def is_heap(self) -> bool: ...
    def value(
        self,
        positions: List[str],
        misere: bool = False,
        random: bool = False,
        skill: Optional[str] = None,
        max_moves: int = 100,
        remoteness: bool = True,
        max_states: Optional[int] = None,
        max_work: Optional[int] = None,
    ) -> str: ...
    def table(
        self, n: int, max_states: Optional[int] = None, max_work: Optional[int] = None
    ) -> npt.NDArray[np.uint16] | npt.NDArray[np.uint32]: ...
    def table2(self, n: int, m: int, max_states: Optional[int] = None, max_work: Optional[int] = None) -> str: ...
    def analyze(
        self,
        upto: Optional[int] = None,
        upto2: Optional[int] = None,
        max_states: Optional[int] = None,
        max_work: Optional[int] = None,
    ) -> Tuple[str, Optional[str]]: ...
    def analyze_misere(
        self,
        upto: Optional[int] = None,
        max_order: Optional[int] = None,
        max_states: Optional[int] = None,
        max_work: Optional[int] = None,
    ) -> str: ...
    def skill_curve(
        self,
        positions: List[str],
        misere: bool = False,
        max_states: Optional[int] = None,
        max_work: Optional[int] = None,
    ) -> str: ...

def solve(problem: str, input: str) -> str: ...
def problems() -> str: ...
def catalog() -> str: ...

SURVEY_MAX_UPTO: int

def survey_parse_code(text: str) -> str: ...
def survey_parse_codes(text: str) -> List[str]: ...
def survey_family(digits: int, hex: bool = False) -> List[str]: ...
class StopToken:
    def __init__(self) -> None: ...
    def stop(self) -> None: ...
    def is_stopped(self) -> bool: ...

def survey_code(code_text: str, upto: int, stop: Optional[StopToken] = None) -> str: ...
def survey_read(data: bytes, name: str, upto: Optional[int] = None) -> Tuple[List[Tuple[str, str]], int, bool]: ...
def survey_misere_code(
    code_text: str, upto: int, max_order: int = 1000, stop: Optional[StopToken] = None
) -> str: ...
def survey_read_misere(
    data: bytes, name: str, upto: Optional[int] = None, max_order: Optional[int] = None
) -> Tuple[List[Tuple[str, str]], int, bool]: ...
