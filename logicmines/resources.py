"""Where the grammar and the Prolog programs live, installed or in a source checkout."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parent.parent


def data_path(folder: str, name: str) -> Path:
    """A real file path for `folder/name` (pyswip's consult needs one, not a stream).

    A wheel carries the files inside the package (`logicmines/_data/…`); an editable install or a
    source checkout reads them from the project's top-level folders.
    """
    packaged = resources.files("logicmines").joinpath("_data", folder, name)
    if packaged.is_file():
        return Path(str(packaged))
    local = _CHECKOUT / folder / name
    if local.is_file():
        return local
    raise FileNotFoundError(f"logicmines is missing its data file {folder}/{name}")
