"""Put one partition's records back in order across its five topics.

Replays: :class:`PunctuatedOrder` rebuilds the exact global order. Live traffic:
:class:`EventTimeOrder` releases records in event-time order as far as the topics that still
have messages waiting in Kafka allow.


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

import heapq
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


FAR_PAST = -(1 << 62)


@dataclass
class EventTimeOrder(Generic[T]):
    """Live records of one partition, released in event-time order.

    A consumer catching up on a backlog reads the five topics at different paces: one topic's
    fetches can run minutes of event time ahead of another's, and a node would then take the
    slower source for silent and refuse its records as late. So a record is held while a topic
    that still has messages waiting in Kafka (``behind``) has not yet delivered anything that
    recent. A topic that is caught up holds nothing back, so in steady operation nothing waits.
    Every topic counts as behind until it shows otherwise (the shell asks Kafka about those
    that deliver nothing), so the first topic fetched cannot run ahead of the others.

    >>> o = EventTimeOrder(("a", "b"))
    >>> o.push("a", 10, "a10"); o.push("a", 20, "a20"); o.progress("a", behind=False)
    >>> list(o.ready())
    []
    >>> o.push("b", 15, "b15"); list(o.ready())
    ['a10', 'b15']
    >>> o.progress("b", behind=False); list(o.ready())
    ['a20']
    """

    topics: tuple[str, ...]
    heap: list[tuple[int, int, T]] = field(default_factory=list)
    newest: dict[str, int] = field(default_factory=dict)
    behind: set[str] = field(default_factory=set)
    _n: int = 0

    def __post_init__(self) -> None:
        self.behind = set(self.topics)

    def silent(self) -> list[str]:
        """Topics still counted as behind that have delivered nothing."""
        return [t for t in self.behind if t not in self.newest]

    def push(self, topic: str, ts_ns: int, item: T) -> None:
        self._n += 1
        heapq.heappush(self.heap, (ts_ns, self._n, item))
        if ts_ns > self.newest.get(topic, FAR_PAST):
            self.newest[topic] = ts_ns

    def progress(self, topic: str, behind: bool) -> None:
        """Whether ``topic`` has messages in Kafka that were not delivered yet."""
        if behind:
            self.behind.add(topic)
        else:
            self.behind.discard(topic)

    def pending(self) -> int:
        return len(self.heap)

    def ready(self) -> Iterator[T]:
        upto = min((self.newest.get(t, FAR_PAST) for t in self.behind), default=END)
        heap = self.heap
        while heap and heap[0][0] <= upto:
            yield heapq.heappop(heap)[2]
