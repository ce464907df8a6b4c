"""Snapshots taken by an older build of the core, restored by a newer one.

A snapshot pickles the core's objects as they were. When a newer core adds an attribute to a
class, the restored object lacks it and the first use fails. :func:`fill_missing` gives such
objects the new attributes' initial values, taken from a freshly built object of the same
kind; it is a best effort (a changed meaning of an existing attribute cannot be repaired),
and the worker logs when it had to do it. :data:`CORE_BUILD` identifies the source of the
core and of the rules' models: a snapshot pickles its rules too, and a rules setting a newer
build added is filled in from the worker's own rules.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import correlator.config
import correlator.core


def _package_dir(package: Any) -> Path:
    assert package.__file__ is not None
    return Path(package.__file__).parent


BUILD_DIRS = (_package_dir(correlator.core), _package_dir(correlator.config))
"""The sources a snapshot's objects come from: the core, and the rules' models."""


def _core_build(dirs: tuple[Path, ...] = BUILD_DIRS) -> str:
    h = hashlib.sha256()
    for d in dirs:
        for path in sorted(d.glob("*.py")):
            h.update(f"{d.name}/{path.name}".encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


CORE_BUILD = _core_build()


def _attributes(obj: Any) -> dict[str, Any]:
    names: dict[str, Any] = dict(getattr(obj, "__dict__", {}))
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(obj, name):
                names[name] = getattr(obj, name)
    return names


def fill_missing(old: Any, fresh: Any, depth: int = 4) -> int:
    """Copy attributes ``fresh`` has and ``old`` lacks, recursing into the core's own objects;
    returns how many were added."""
    if depth <= 0 or type(old) is not type(fresh):
        return 0
    added = 0
    have = _attributes(old)
    for name, value in _attributes(fresh).items():
        if name not in have:
            # object.__setattr__: frozen dataclasses (the rules' derived windows) get theirs too
            object.__setattr__(old, name, value)
            added += 1
        elif type(value).__module__.startswith("correlator."):
            added += fill_missing(have[name], value, depth - 1)
    return added
