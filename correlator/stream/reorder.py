"""Rebuild one partition's global order from its topic-partitions (replays only).

A replay's records of one partition number are spread over five topics, and a consumer sees
those topics interleaved however its fetches happen to fall. Every replay item carries its
key in the global order (record index, then 0 for a record and 1 for the fleet-clock advance
that follows it). The producer closes a window every few seconds of event time with a
punctuation on every topic-partition saying "nothing up to key K is still to come here"; once
every topic has said so, the items up to K are sorted and released.

>>> r = PunctuatedOrder(("a", "b"))
>>> r.push((2, 0), "r2"); r.push((0, 0), "r0"); r.push((5, 0), "r5")
>>> r.punctuate("a", 3); list(r.ready())
[]
>>> r.punctuate("b", 3); list(r.ready())
['r0', 'r2']
>>> r.end("a"); r.end("b"); list(r.ready()), r.done
(['r5'], True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Generic, TypeVar

Key = tuple[int, int]
T = TypeVar("T")
END = 1 << 62


@dataclass
class PunctuatedOrder(Generic[T]):
    """Items released in key order once every input has punctuated past them."""

    topics: tuple[str, ...]
    marks: dict[str, int] = field(default_factory=dict)
    items: list[tuple[Key, int, T]] = field(default_factory=list)
    released: int = -(1 << 62)
    _n: int = 0

    def push(self, key: Key, item: T) -> None:
        self._n += 1
        self.items.append((key, self._n, item))

    def punctuate(self, topic: str, key: int) -> None:
        """Nothing with a record index up to ``key`` is still to come on ``topic``."""
        if key > self.marks.get(topic, -(1 << 62)):
            self.marks[topic] = key

    def end(self, topic: str) -> None:
        self.marks[topic] = END

    @property
    def done(self) -> bool:
        return self.released >= END and not self.items

    def pending(self) -> int:
        return len(self.items)

    def ready(self) -> Iterator[T]:
        upto = min((self.marks.get(t, -(1 << 62)) for t in self.topics), default=END)
        if upto <= self.released:
            return
        self.released = upto
        self.items.sort(key=lambda e: (e[0], e[1]))
        cut = 0
        for cut, (key, _, _) in enumerate(self.items):  # noqa: B007
            if key[0] > upto:
                break
        else:
            cut = len(self.items)
        out, self.items = self.items[:cut], self.items[cut:]
        for _, _, item in out:
            yield item
