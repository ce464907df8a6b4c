"""In-band control of the input topics: message headers and control markers.

Live traffic is plain records (one JSON record or a same-node JSON array per message, key =
node). A replay through the broker adds headers so that a worker can rebuild the embedded
engine's exact sequence of calls:

- ``cx-run``: the replay's run id, on every message of the run;
- ``cx-ord``: on a data message, each record's index in the replay's global event-time order
  (little-endian int64s);
- ``cx-ctl``: marks a control message, whose value is a small JSON object:

  ``start``  ``{"partitions", "lateness_ns", "tick_ns"}``: a run begins (first on every
             topic-partition);
  ``pct``    ``{"key"}``: nothing more on this topic-partition up to record ``key`` (the end
             of a window); on the alerts topic also ``"adv": [[k, now_ns], ...]``: the
             embedded fleet advanced its clock to ``now_ns`` right after record ``k``, for
             every such point of the window, and ``"src": [[k, source], ...]``: record ``k``
             was the fleet's first of that source;
  ``eos``    ``{"key"}``: end of the run on this topic-partition (last on every one);
  ``drained`` ``{}``: (on ``findings``, from the desk) every incident of the run is published.

Incident records published for a run carry ``cx-run`` and ``cx-seq`` (the desk's publication
counter), so a collector can restore publication order and drop re-published duplicates.

>>> c = Control("pct", "r1", key=7, advances=((6, 5),), sources=((2, "nvml"),))
>>> parse_control(header_map(c.headers()), c.value()) == c
True
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import orjson

RUN = "cx-run"
ORDER = "cx-ord"
CONTROL = "cx-ctl"
SEQ = "cx-seq"

ControlKind = Literal["start", "pct", "eos", "drained"]
CONTROL_KINDS: tuple[str, ...] = ("start", "pct", "eos", "drained")

Headers = list[tuple[str, bytes]]
HeadersIn = Mapping[str, bytes] | Iterable[tuple[str, bytes]] | None


def header_map(headers: HeadersIn) -> dict[str, bytes]:
    """Headers as a dict, whichever shape the client library delivers them in."""
    if not headers:
        return {}
    items = headers.items() if isinstance(headers, Mapping) else headers
    return {k: bytes(v) if v is not None else b"" for k, v in items}


def pack_order(keys: Sequence[int]) -> bytes:
    return array("q", keys).tobytes()


def unpack_order(raw: bytes) -> list[int]:
    a = array("q")
    a.frombytes(raw)
    return a.tolist()


@dataclass(frozen=True)
class Control:
    """One control marker."""

    kind: ControlKind
    run: str
    key: int = -1
    advances: tuple[tuple[int, int], ...] = ()
    sources: tuple[tuple[int, str], ...] = ()
    partitions: int = 0
    lateness_ns: int = 0
    tick_ns: int = 0
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def headers(self) -> Headers:
        return [(RUN, self.run.encode()), (CONTROL, self.kind.encode())]

    def value(self) -> bytes:
        body: dict[str, Any]
        if self.kind == "start":
            body = {"partitions": self.partitions, "lateness_ns": self.lateness_ns,
                    "tick_ns": self.tick_ns}
        elif self.kind == "pct" and (self.advances or self.sources):
            body = {"key": self.key, "adv": [list(a) for a in self.advances],
                    "src": [list(s) for s in self.sources]}
        elif self.kind in ("pct", "eos"):
            body = {"key": self.key}
        else:
            body = {}
        return orjson.dumps(body | self.extra)


class ControlError(ValueError):
    """A message marked as control whose content cannot be understood."""


def parse_control(headers: Mapping[str, bytes], value: bytes | None) -> Control | None:
    """The control marker of a message, or None for a data message."""
    kind = headers.get(CONTROL)
    if kind is None:
        return None
    name = kind.decode(errors="replace")
    if name not in CONTROL_KINDS:
        raise ControlError(f"unknown control kind {name!r}")
    try:
        body = orjson.loads(value or b"{}")
        return Control(
            kind=name,  # type: ignore[arg-type]
            run=headers.get(RUN, b"").decode(),
            key=int(body.get("key", -1)),
            advances=tuple((int(k), int(now)) for k, now in body.get("adv", ())),
            sources=tuple((int(k), str(name)) for k, name in body.get("src", ())),
            partitions=int(body.get("partitions", 0)),
            lateness_ns=int(body.get("lateness_ns", 0)),
            tick_ns=int(body.get("tick_ns", 0)),
        )
    except (orjson.JSONDecodeError, AttributeError, TypeError, ValueError) as err:
        raise ControlError(f"{name} marker with an unreadable body: {err}") from None


def run_of(headers: Mapping[str, bytes]) -> str:
    """The replay run a message belongs to; ``""`` for live traffic."""
    return headers.get(RUN, b"").decode(errors="replace")
