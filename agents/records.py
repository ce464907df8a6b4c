"""Wire-contract records as the agent builds them: plain dicts, ready for ``orjson.dumps``.

The agent never round-trips through the pydantic models on its hot path; the tests validate every
record it emits with ``correlator.wire.decode.decode_record`` instead.

>>> sample(node="n1", source="host", ts_ns=5, gpu=None, metrics={"mem_used_bytes": 1})["kind"]
'sample'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

JsonRecord = dict[str, Any]
"""One record of the contract, as a JSON-ready dict."""


def sample(
    *,
    node: str,
    source: str,
    ts_ns: int,
    gpu: int | None,
    metrics: Mapping[str, float],
    labels: Mapping[str, str] | None = None,
) -> JsonRecord:
    """A ``kind = "sample"`` record; ``labels`` is left out when empty."""
    rec: JsonRecord = {
        "v": 1,
        "ts_ns": ts_ns,
        "node": node,
        "source": source,
        "kind": "sample",
        "gpu": gpu,
        "metrics": dict(metrics),
    }
    if labels:
        rec["labels"] = dict(labels)
    return rec


def event(
    *,
    node: str,
    source: str,
    ts_ns: int,
    gpu: int | None,
    name: str,
    attrs: Mapping[str, Any] | None = None,
) -> JsonRecord:
    """A ``kind = "event"`` record."""
    return {
        "v": 1,
        "ts_ns": ts_ns,
        "node": node,
        "source": source,
        "kind": "event",
        "gpu": gpu,
        "event": name,
        "attrs": dict(attrs or {}),
    }


class Sequencer:
    """Numbers records per (node, source, gpu), starting at 0 and increasing by 1.

    The correlator finds gaps and duplicates with these numbers, so one ``Sequencer`` must stamp
    every record of a node that leaves the agent, in the order they are handed to the publisher.
    Its state is one counter per series, bounded by sources x GPUs.

    Several sources can share a series (the vLLM scraper and the request log; two MIG
    instances' servers), each stamping its records when its round began but handing them over
    when it ended: a record stamped earlier than one numbered before it is moved up to that
    one's time, so that within a series ``seq`` and ``ts_ns`` never disagree (the correlator
    reads a lower ``seq`` with a later time as a producer that restarted its numbering).
    """

    def __init__(self) -> None:
        self._next: dict[tuple[str, str, int | None], int] = {}
        self._last_ns: dict[tuple[str, str, int | None], int] = {}

    def stamp(self, records: Iterable[JsonRecord]) -> list[JsonRecord]:
        """Set ``seq`` on each record (in place) and return them as a list."""
        out = []
        for rec in records:
            key = (rec["node"], rec["source"], rec["gpu"])
            seq = self._next.get(key, 0)
            rec["seq"] = seq
            self._next[key] = seq + 1
            last = self._last_ns.get(key, 0)
            if rec["ts_ns"] < last:
                rec["ts_ns"] = last
            else:
                self._last_ns[key] = rec["ts_ns"]
            out.append(rec)
        return out
