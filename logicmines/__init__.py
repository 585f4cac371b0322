"""logicmines: Minesweeper boards reasoned about with logic programming.

Read boards with `parse_boards` (or `parse_board`), choose an engine with `get_backend`, and ask
it `check`, `count`, `solutions` or `analyze`; play clicks on a game board with `reveal` and
`play`. docs/python.md shows each in use. No engine starts at import: SWI-Prolog, clingo and GNU
Prolog are loaded only when a backend that needs one is made.
"""

__version__ = "0.1.0"

from .analysis import Analysis
from .backends import Backend, backend_names, get_backend, make_backend
from .board import Board
from .engine import BackendUnavailable, EngineError, EngineTimeout
from .parse import BoardSyntaxError, parse_board, parse_boards
from .results import CheckResult, Verdict
from .reveal import RevealError, play, reveal, status

__all__ = [
    "Analysis",
    "Backend",
    "BackendUnavailable",
    "Board",
    "BoardSyntaxError",
    "CheckResult",
    "EngineError",
    "EngineTimeout",
    "RevealError",
    "Verdict",
    "__version__",
    "backend_names",
    "get_backend",
    "make_backend",
    "parse_board",
    "parse_boards",
    "play",
    "reveal",
    "status",
]
