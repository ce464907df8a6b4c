"""``gpu-agent --simulate``: live telemetry from the project's fault simulator, at real-time pace.

For demos and docker-compose: no GPU, vLLM or exporter is needed. The simulator
(:func:`correlator.sim.iter_seconds`) produces each simulated second's records for a whole fleet
- every source of every node, plus the alerts a Prometheus rule set would fire - stamped from
the moment the agent started. Each second is published once its wall-clock time has passed
(``speed`` compresses time for demos), one message per (node, source), exactly as live
collectors would publish their rounds. The simulator numbers its records itself (``seq``,
including the gaps its injected faults make), so they are published unchanged.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

from agents.records import JsonRecord

log = logging.getLogger(__name__)

Publish = Callable[[str, str, list[JsonRecord]], Awaitable[None]]
"""``publish(source, node, records)``."""


def by_node_and_source(records: list[JsonRecord]) -> list[tuple[str, str, list[JsonRecord]]]:
    """The second's records as (source, node, records) rounds, in order of first appearance.

    >>> rs = [{"node": "a", "source": "nvml"}, {"node": "b", "source": "nvml"},
    ...       {"node": "a", "source": "nvml"}]
    >>> [(s, n, len(r)) for s, n, r in by_node_and_source(rs)]
    [('nvml', 'a', 2), ('nvml', 'b', 1)]
    """
    rounds: dict[tuple[str, str], list[JsonRecord]] = {}
    for record in records:
        rounds.setdefault((record["source"], record["node"]), []).append(record)
    return [(source, node, recs) for (source, node), recs in rounds.items()]


async def run_simulation(config: Any, publish: Publish, stop: asyncio.Event,
                         speed: float = 1.0, seconds: Iterator[Any] | None = None) -> int:
    """Publish the scenario of ``config`` (a ``SimConfig``) second by second; returns the number
    of records published. Returns early when ``stop`` is set. ``seconds``: the scenario's
    ``iter_seconds(config)`` when the caller made it already (that schedules the faults, and
    raises ``SpecError`` for one that cannot be placed)."""
    if seconds is None:
        from correlator.sim import iter_seconds

        seconds = iter_seconds(config)
    loop = asyncio.get_running_loop()
    started = loop.time()
    published = 0
    while not stop.is_set():
        batch = await asyncio.to_thread(next, seconds, None)
        if batch is None:
            break
        due = started + ((batch.t_ns - config.start_ns) / 1e9 + 1) / speed
        if await _wait(stop, due - loop.time()):
            break
        for source, node, records in by_node_and_source(batch.records):
            await publish(source, node, records)
            published += len(records)
    return published


async def _wait(stop: asyncio.Event, seconds: float) -> bool:
    """Sleep ``seconds`` unless ``stop`` is set first; True when stopped."""
    if seconds <= 0:
        return stop.is_set()
    try:
        await asyncio.wait_for(stop.wait(), seconds)
    except TimeoutError:
        return False
    return True


def live_config(**options: Any) -> Any:
    """A ``SimConfig`` whose scenario starts now (whole seconds), from the CLI's options."""
    from correlator.sim import SimConfig

    now_s = time.time_ns() // 1_000_000_000
    return SimConfig(start_ns=now_s * 1_000_000_000,
                     **{k: v for k, v in options.items() if v is not None})
