"""Where the grammar, the programs and the example boards live: installed, or in a checkout."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

_CHECKOUT = Path(__file__).resolve().parent.parent
EXAMPLE_SUFFIX = ".txt"


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


def _examples_folder() -> Traversable:
    """The folder of example boards: in the package when installed from a wheel, else the
    checkout's `examples/`."""
    packaged = resources.files("logicmines").joinpath("_data", "examples")
    if packaged.is_dir():
        return packaged
    local = _CHECKOUT / "examples"
    if local.is_dir():
        return local
    raise FileNotFoundError("logicmines is missing its example boards (examples/)")


def example_names() -> list[str]:
    """The names of the example boards (`spec` for `examples/spec.txt`), in alphabetical order."""
    return sorted(
        entry.name.removesuffix(EXAMPLE_SUFFIX)
        for entry in _examples_folder().iterdir()
        if entry.name.endswith(EXAMPLE_SUFFIX) and entry.is_file()
    )


def example_text(name: str) -> str:
    """The text of the example board file `name`; KeyError when there is none of that name."""
    if name not in example_names():
        raise KeyError(name)
    return _examples_folder().joinpath(name + EXAMPLE_SUFFIX).read_text(encoding="utf-8")


def example_summary(text: str) -> str:
    """What an example file holds, in one line: its first comment line, without the `#`."""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            return stripped.lstrip("#").strip().rstrip(":.")
        if stripped:
            break
    return ""
