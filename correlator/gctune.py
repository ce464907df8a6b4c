"""Python's cyclic garbage collector, tuned for the long-lived objects a replay or a worker holds.

A replay keeps every decoded record until the engine has taken it, and a node engine's state
lives for the whole run. With the interpreter's default thresholds (a young collection every
700 net allocations, an old one every 100 young ones) the collector walks that growing heap
again and again: reading the 12-node benchmark recording spent more time in the collector than
in pydantic's validation (1.37 s against 0.52 s with the collector off). Reference counting
still frees what is not in a cycle at once; only the walk for cycles runs less often.

>>> import gc
>>> before = gc.get_threshold()
>>> with bulk_phase():
...     gc.get_threshold()[0] >= 50_000
True
>>> gc.get_threshold() == before
True
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG = 50_000
"""Net allocations between two young collections (the default is 700)."""
OLD = 20
"""Young collections between two older ones (the default is 10 and 10)."""


@contextmanager
def bulk_phase() -> Iterator[None]:
    """Collect cycles less often while the block runs; the thresholds come back after it."""
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], YOUNG), max(before[1], OLD), max(before[2], OLD))
    try:
        yield
    finally:
        gc.set_threshold(*before)

