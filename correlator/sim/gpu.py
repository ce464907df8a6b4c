"""One GPU as NVML and DCGM see it: framebuffer use, utilisation, power, temperature.

Framebuffer use follows the engine's life, not its KV contents: a CUDA context at process
start, the weights streaming in, the activation profile, then the whole KV pool at once and the
CUDA graphs. From then on it is flat (the caching allocator keeps what it took) except for
memory outside the pool: leaked draft state, a checkpoint's staging buffers.
"""

from __future__ import annotations

import math
import random

from correlator.sim.catalog import MIB
from correlator.sim.perf import EnginePerf

INIT_S = 8.0
PROFILE_S = 5.0
GRAPHS_S = 12.0
THERMAL_TAU_S = 45.0
W_PER_C = 0.075
NON_PROCESS_BYTES = 270 * MIB


def loading_bytes(perf: EnginePerf, elapsed: float, load_s: float) -> int:
    """Framebuffer use ``elapsed`` seconds into an engine start that takes ``load_s``."""
    weights_s = max(10.0, load_s - INIT_S - PROFILE_S - GRAPHS_S)
    if elapsed < INIT_S:
        return int(perf.cuda_ctx_bytes * min(1.0, elapsed / 2.0))
    used = perf.cuda_ctx_bytes
    e = elapsed - INIT_S
    used += int(perf.weights_per_gpu * min(1.0, e / weights_s))
    if e < weights_s:
        return used
    e -= weights_s
    used += int(perf.activation_bytes * min(1.0, e / PROFILE_S))
    if e < PROFILE_S:
        return used
    e -= PROFILE_S
    return used + perf.pool_bytes + int(perf.graph_bytes * min(1.0, e / GRAPHS_S))


class GpuState:
    """The per-second state of one GPU."""

    __slots__ = (
        "index",
        "jitter",
        "lost",
        "mem_used",
        "mem_util",
        "power",
        "power_offset",
        "proc_used",
        "temp",
        "temp_offset",
        "util",
        "xid",
    )

    def __init__(self, index: int, temp_offset: float, power_offset: float, ambient: float) -> None:
        self.index = index
        self.temp_offset = temp_offset
        self.power_offset = power_offset
        self.temp = ambient + 30.0 + temp_offset
        self.mem_used = 0
        self.proc_used = 0
        self.util = 0.0
        self.mem_util = 0.0
        self.power = 0.0
        self.jitter = 0.0
        self.lost = False
        self.xid: int | None = None

    def set_memory(self, process_bytes: int, rng: random.Random) -> None:
        """``process_bytes`` of the serving process, plus a little allocator noise."""
        if process_bytes <= 0:
            self.mem_used = 0
            self.proc_used = 0
            return
        self.jitter = 0.9 * self.jitter + _noise(rng) * 6.0 * MIB
        self.proc_used = max(0, int(process_bytes + self.jitter))
        self.mem_used = self.proc_used + NON_PROCESS_BYTES

    def set_activity(
        self,
        busy: float,
        mem_busy: float,
        idle_w: float,
        ambient: float,
        rng: random.Random,
        dt: float = 1.0,
    ) -> None:
        """Utilisation, power and a first-order thermal lag towards the power's equilibrium."""
        self.util = _clip(100.0 * busy + _noise(rng) * 1.2 * (busy > 0), 0.0, 100.0)
        self.mem_util = _clip(100.0 * mem_busy + _noise(rng) * (mem_busy > 0), 0.0, 100.0)
        power = idle_w + 470.0 * busy + 90.0 * mem_busy + self.power_offset * (busy > 0)
        self.power = max(idle_w * 0.8, power + _noise(rng) * 4.0)
        target = ambient + self.temp_offset + W_PER_C * self.power
        self.temp += (target - self.temp) * (1.0 - math.exp(-min(dt, 600.0) / THERMAL_TAU_S))


def _noise(rng: random.Random) -> float:
    """Zero-mean noise of unit standard deviation (triangular: cheaper than a Gaussian)."""
    return (rng.random() + rng.random() - 1.0) * 2.449

def _clip(value: float, lo: float, hi: float) -> float:
    return lo if value < lo else hi if value > hi else value
