"""The agent's sources: each wraps a pure collector in the little I/O it needs.

A source answers ``collect(ts_ns)`` with the records of one round and never raises for a
failure of what it reads: a target that does not answer yields a ``source_gap`` event instead
(see :mod:`agents.health`), so that the correlator sees the gap.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Protocol

import aiohttp

from agents.dcgm import parse_dcgm
from agents.health import GapTracker
from agents.host import HostCollector
from agents.kv_subscriber import KvEventBuffer, KvEventSubscriber
from agents.nvml import Nvml, NvmlCollector, NvmlUnavailable, open_nvml
from agents.records import JsonRecord
from agents.scrape import ScrapeError, fetch_text
from agents.vllm_metrics import parse_vllm

log = logging.getLogger(__name__)


class Source(Protocol):
    """One source of records, read once per round."""

    source: str

    async def start(self) -> None: ...
    async def collect(self, ts_ns: int) -> list[JsonRecord]: ...
    async def close(self) -> None: ...


class ScrapedSource:
    """Base of the two ``/metrics`` scrapers: fetch, parse, or report the gap.

    A page that parses but holds nothing of this source (an empty body, another exporter's page,
    only blank values) is a failed round too: the target answered, but not with telemetry.
    """

    source = ""
    expects = ""

    def __init__(self, node: str, url: str, session: aiohttp.ClientSession,
                 timeout_s: float = 5.0) -> None:
        self.node, self.url, self.session, self.timeout_s = node, url, session, timeout_s
        self.gap = GapTracker(node, self.source, url)

    def parse(self, text: str, ts_ns: int) -> list[JsonRecord]:
        raise NotImplementedError

    async def start(self) -> None:
        return None

    async def collect(self, ts_ns: int) -> list[JsonRecord]:
        try:
            records = self._scrape(await fetch_text(self.session, self.url, self.timeout_s),
                                   ts_ns)
        except (ScrapeError, ValueError) as err:
            if self.gap.failures == 0:
                log.warning("%s: %s", self.source, err)
            return [self.gap.failed(str(err), ts_ns)]
        if self.gap.failures:
            log.info("%s: %s answers again", self.source, self.url)
        self.gap.answered()
        return records

    def _scrape(self, text: str, ts_ns: int) -> list[JsonRecord]:
        records = self.parse(text, ts_ns)
        if not records:
            page = "an empty page" if not text.strip() else f"a page without {self.expects}"
            raise ScrapeError(f"{self.url} answered with {page}")
        return records

    async def close(self) -> None:
        return None


class DcgmSource(ScrapedSource):
    """dcgm-exporter's ``/metrics``."""

    source = "dcgm"
    expects = "any DCGM_ reading of a GPU"

    def parse(self, text: str, ts_ns: int) -> list[JsonRecord]:
        return parse_dcgm(text, node=self.node, ts_ns=ts_ns)


class VllmSource(ScrapedSource):
    """vLLM's ``/metrics``, plus the KV events received since the last round (if subscribed).

    ``gpu`` (and ``instance``, a MIG GPU instance on it) is the GPU the server runs on: its
    samples, and the gaps of its page, carry it. None for a server across the node's GPUs. The
    KV events stay node-level (``gpu`` null) either way."""

    source = "vllm"
    expects = "any vllm: reading"

    def __init__(self, node: str, url: str, session: aiohttp.ClientSession,
                 timeout_s: float = 5.0, kv_endpoint: str | None = None, *,
                 gpu: int | None = None, instance: str = "") -> None:
        super().__init__(node, url, session, timeout_s)
        self.gpu, self.instance = gpu, instance
        self.gap.gpu = gpu
        self.kv: KvEventSubscriber | None = None
        if kv_endpoint:
            self.kv = KvEventSubscriber(kv_endpoint, KvEventBuffer(node))
            self.kv_gap = GapTracker(node, "vllm", kv_endpoint)

    def parse(self, text: str, ts_ns: int) -> list[JsonRecord]:
        return parse_vllm(text, node=self.node, ts_ns=ts_ns, gpu=self.gpu,
                          instance=self.instance)

    async def start(self) -> None:
        if self.kv is not None:
            self.kv.start()

    async def collect(self, ts_ns: int) -> list[JsonRecord]:
        records = await super().collect(ts_ns)
        if self.kv is None:
            return records
        drained = self.kv.buffer.drain()
        records += drained.records
        if drained.problems:
            records.append(self.kv_gap.failed("; ".join(drained.problems), ts_ns))
        else:
            self.kv_gap.answered()
        return records

    async def close(self) -> None:
        if self.kv is not None:
            await self.kv.close()


class HostSource:
    """``/proc`` and the kernel log (read in a worker thread: it lists every process)."""

    source = "host"

    def __init__(self, collector: HostCollector) -> None:
        self.collector = collector
        self.gap = GapTracker(collector.node, "host", str(collector.proc))

    async def start(self) -> None:
        return None

    async def collect(self, ts_ns: int) -> list[JsonRecord]:
        try:
            records = await asyncio.to_thread(self.collector.collect, ts_ns)
        except OSError as err:
            return [self.gap.failed(f"reading {err.filename}: {err.strerror}", ts_ns)]
        self.gap.answered()
        return records

    async def close(self) -> None:
        self.collector.close()


class NvmlSource:
    """NVML, if this machine has it: otherwise one log line, one permanent gap, then nothing."""

    source = "nvml"

    def __init__(self, node: str, loader: Callable[[], Nvml] | None = None,
                 clock: Callable[[], int] = time.time_ns, events: bool = True) -> None:
        self.node, self.loader, self.clock, self.events = node, loader, clock, events
        self.collector: NvmlCollector | None = None
        self.unavailable: str | None = None
        self.gap = GapTracker(node, "nvml", "libnvidia-ml")

    async def start(self) -> None:
        try:
            self.collector = await asyncio.to_thread(self._open)
        except NvmlUnavailable as err:
            self.unavailable = str(err)
            log.warning("NVML unavailable, GPU samples will come from other sources only: %s",
                        err)
            return
        if self.events:
            self.collector.start()

    def _open(self) -> NvmlCollector:
        nvml = open_nvml(self.loader)
        try:
            return NvmlCollector(nvml, self.node, self.clock)
        except nvml.NVMLError as err:  # initialised, but the GPUs cannot even be counted
            with contextlib.suppress(nvml.NVMLError):
                nvml.nvmlShutdown()
            raise NvmlUnavailable(f"listing GPUs failed: {type(err).__name__}: {err}") from None

    async def collect(self, ts_ns: int) -> list[JsonRecord]:
        if self.collector is not None:
            return await asyncio.to_thread(self.collector.collect, ts_ns)
        if self.unavailable and self.gap.failures == 0:
            return [self.gap.failed(self.unavailable, ts_ns, permanent=True)]
        return []

    async def close(self) -> None:
        if self.collector is not None:
            await asyncio.to_thread(self.collector.close)
            self.collector = None
