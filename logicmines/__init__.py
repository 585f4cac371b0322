"""logicmines: Minesweeper boards reasoned about with miniKanren and SWI-Prolog."""

__version__ = "0.1.0"
