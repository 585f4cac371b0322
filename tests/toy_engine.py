"""A toy engine, added by following docs/architecture.md's "add an engine" recipe literally.

It lists a piece's models by trying every value of every variable: as plain as an engine gets.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from logicmines.backends.staged import StagedBackend
from logicmines.engine import Model, Piece


class ToyBackend(StagedBackend):
    """check / count / solve / analyze with generate-and-test as the engine."""

    name = "toy"

    def models(self, piece: Piece, limit: int | None = None) -> Sequence[Model]:
        found: list[Model] = []
        for values in product(*(range(size + 1) for size in piece.sizes)):
            if all(sum(values[i] for i in indices) == total for indices, total in piece.sums):
                found.append(values)
                if limit is not None and len(found) >= limit:
                    break
        return found
