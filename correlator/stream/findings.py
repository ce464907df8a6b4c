"""The internal ``findings`` topic: what stage one tells stage two.

One message per partition and processed batch: the partition's new findings, each tagged with
its position, and the partition's watermark after them. ``eos`` says the partition ended its
run (watermark +infinity); ``max_ns`` is its newest event time, which the desk needs to drain.

>>> m = FindingsMessage("r", 2, 3, "w1", [], 17, False, 20)
>>> FindingsMessage.decode(m.encode()) == m
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from correlator.core.outputs import Finding

Tagged = tuple[int, int, Finding]


@dataclass
class FindingsMessage:
    run: str
    partition: int
    partitions: int
    worker: str
    findings: list[Tagged]
    watermark_ns: int
    eos: bool
    max_ns: int

    def encode(self) -> bytes:
        doc: dict[str, Any] = {
            "run": self.run, "p": self.partition, "n": self.partitions, "w": self.worker,
            "items": [[pos, k, f.to_json()] for pos, k, f in self.findings],
            "wm": self.watermark_ns, "eos": self.eos, "max_ns": self.max_ns,
        }
        return orjson.dumps(doc)

    @classmethod
    def decode(cls, raw: bytes) -> FindingsMessage:
        d = orjson.loads(raw)
        items = [(int(pos), int(k), Finding.from_json(f)) for pos, k, f in d["items"]]
        return cls(str(d["run"]), int(d["p"]), int(d["n"]), str(d.get("w", "")), items,
                   int(d["wm"]), bool(d["eos"]), int(d["max_ns"]))
