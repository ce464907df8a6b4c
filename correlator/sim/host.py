"""The host: its memory, the serving process's RSS, swap, and the OOM killer.

The serving process holds an API server, one worker per GPU, and whatever the session cache
has offloaded to host memory (plus, under a host-leak defect, what it never frees). When the
host runs out, the kernel's OOM killer takes the biggest process: the serving one.
"""

from __future__ import annotations

import random

from correlator.sim.catalog import GIB, MIB

API_RSS = 5.5 * GIB
WORKER_RSS = 7.5 * GIB
SWAP_TOTAL = 16 * GIB
SWAP_PRESSURE = 0.90
OOM_AT = 0.985


class HostState:
    """Host memory accounting, one second at a time."""

    __slots__ = ("base", "leak", "noise", "oom_kills", "rss", "swap", "total", "used")

    def __init__(self, total: int, base: int, rng: random.Random) -> None:
        self.total = total
        self.base = base
        self.noise = 0.0
        self.rss = 0
        self.leak = 0.0
        self.swap = float(rng.choice((0, 0, 12 * MIB, 40 * MIB, 96 * MIB)))
        self.used = base
        self.oom_kills = 0

    def update(self, process_alive: bool, gpus: int, offloaded: int, rng: random.Random) -> None:
        self.noise = 0.97 * self.noise + (rng.random() + rng.random() - 1.0) * 98.0 * MIB
        if process_alive:
            rss = API_RSS + gpus * WORKER_RSS + offloaded + self.leak + self.noise * 0.3
            self.rss = max(0, int(rss))
        else:
            self.rss = 0
        self.used = int(self.base + self.rss + self.noise)
        self._swap()

    def _swap(self) -> None:
        """Under pressure the kernel swaps out cold pages; they stay out until touched."""
        pressure = self.used / self.total - SWAP_PRESSURE
        if pressure > 0:
            self.swap = min(SWAP_TOTAL, self.swap + pressure * self.total * 0.01)
        else:
            self.swap *= 0.9995

    @property
    def out_of_memory(self) -> bool:
        return self.used >= self.total * OOM_AT
