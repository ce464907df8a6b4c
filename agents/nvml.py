"""NVML through nvidia-ml-py (``import pynvml``): per-GPU samples and a thread for XID/clock events.

Failure modes are part of the design, not afterthoughts:
- no NVML at all (``ImportError``, ``NVMLError_LibraryNotFound``, ``NVMLError_DriverNotLoaded``):
  :func:`open_nvml` raises :class:`NvmlUnavailable` with one clear sentence and the agent runs
  its other collectors;
- a metric that answers ``NotSupported`` (or ``NoPermission``) is skipped from then on for that
  GPU, logged once;
- a GPU that answers ``GpuIsLost`` yields one ``gpu_lost`` event and no sample until it answers
  again;
- the event thread treats ``NVMLError_Timeout`` from the wait as "nothing happened".

The pynvml module is passed in, so the same code runs against the real library and, in tests,
against the real pynvml module bound to a fake ``libnvidia-ml``.
"""

from __future__ import annotations

import ctypes
import importlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from agents.records import JsonRecord, event, sample

log = logging.getLogger(__name__)

Nvml = Any  # the pynvml module; its functions are untyped
Clock = Callable[[], int]

MEMORY_V2_FALLBACK = ("NVMLError_FunctionNotFound", "NVMLError_ArgumentVersionMismatch",
                      "NVMLError_NotSupported")
SKIP_FOREVER = ("NVMLError_NotSupported", "NVMLError_NoPermission")


class NvmlUnavailable(RuntimeError):
    """NVML cannot be used on this machine; the message says why in one line."""


def open_nvml(loader: Callable[[], Nvml] | None = None) -> Nvml:
    """Import pynvml and initialise it, or raise :class:`NvmlUnavailable`."""
    try:
        nvml = (loader or (lambda: importlib.import_module("pynvml")))()
    except ImportError as err:
        raise NvmlUnavailable(f"pynvml cannot be imported ({err})") from None
    try:
        nvml.nvmlInit()
    except nvml.NVMLError as err:
        raise NvmlUnavailable(f"nvmlInit failed: {type(err).__name__}: {err}") from None
    return nvml


@dataclass
class Gpu:
    """What the collector knows of one GPU between rounds."""

    index: int
    handle: Any  # None until NVML hands it out (a GPU lost at start)
    labels: dict[str, str]
    skipped: set[str] = field(default_factory=set)
    failing: set[str] = field(default_factory=set)  # readers that failed last round
    memory_v2: bool = True
    lost: bool = False


class NvmlCollector:
    """Reads one ``nvml`` sample per GPU each round, plus the events the watcher queued."""

    def __init__(self, nvml: Nvml, node: str, clock: Clock = time.time_ns) -> None:
        self.nvml = nvml
        self.node = node
        self.events: queue.SimpleQueue[JsonRecord] = queue.SimpleQueue()
        self.gpus = [self._gpu(i) for i in range(nvml.nvmlDeviceGetCount())]
        self.watcher = EventWatcher(nvml, node, self.gpus, self.events.put, clock)

    def _gpu(self, index: int) -> Gpu:
        gpu = Gpu(index, None, {})
        try:
            self._identify(gpu)
        except self.nvml.NVMLError as err:  # lost, or not ready: retried every round
            log.warning("GPU %d cannot be opened: %s", index, err)
        return gpu

    def _identify(self, gpu: Gpu) -> None:
        """Get the GPU's handle (raises if NVML refuses it) and its labels."""
        gpu.handle = self.nvml.nvmlDeviceGetHandleByIndex(gpu.index)
        for label, fn in (("uuid", "nvmlDeviceGetUUID"), ("model_name", "nvmlDeviceGetName")):
            try:
                gpu.labels[label] = getattr(self.nvml, fn)(gpu.handle)
            except self.nvml.NVMLError as err:
                log.warning("GPU %d: %s failed: %s", gpu.index, fn, err)

    def start(self) -> None:
        """Start the event thread (XID and clock events)."""
        self.watcher.start()

    def collect(self, ts_ns: int) -> list[JsonRecord]:
        """Blocking (NVML calls); run it in a thread from async code."""
        records = [r for gpu in self.gpus for r in self._read(gpu, ts_ns)]
        while not self.events.empty():
            records.append(self.events.get_nowait())
        return records

    def close(self) -> None:
        self.watcher.stop()
        try:
            self.nvml.nvmlShutdown()
        except self.nvml.NVMLError as err:
            log.warning("nvmlShutdown failed: %s", err)

    def _read(self, gpu: Gpu, ts_ns: int) -> list[JsonRecord]:
        metrics: dict[str, float] = {}
        try:
            if gpu.handle is None:
                self._identify(gpu)
            for name, reader in self._readers():
                if name not in gpu.skipped:
                    self._try(gpu, name, reader, metrics)
        except self.nvml.NVMLError_GpuIsLost:
            return self._lost(gpu, ts_ns)
        except self.nvml.NVMLError as err:  # the handle could not be had for another reason
            log.warning("GPU %d cannot be opened: %s", gpu.index, err)
            return []
        gpu.lost = False
        if not metrics:  # every read failed (a GPU gone from the driver): no sample, no noise
            return []
        return [sample(node=self.node, source="nvml", ts_ns=ts_ns, gpu=gpu.index,
                       metrics=metrics, labels=gpu.labels)]

    def _readers(self) -> list[tuple[str, Callable[[Gpu], dict[str, float]]]]:
        return [("memory", self._memory), ("utilization", self._utilization),
                ("temperature", self._temperature), ("power", self._power),
                ("processes", self._processes)]

    def _try(self, gpu: Gpu, name: str, reader: Callable[[Gpu], dict[str, float]],
             metrics: dict[str, float]) -> None:
        try:
            metrics.update(reader(gpu))
        except self.nvml.NVMLError_GpuIsLost:
            raise
        except self.nvml.NVMLError as err:
            if type(err).__name__ in SKIP_FOREVER:
                gpu.skipped.add(name)
                log.info("GPU %d: %s is %s; not read again", gpu.index, name, err)
            elif name not in gpu.failing:  # once per streak, not once per round
                gpu.failing.add(name)
                log.warning("GPU %d: reading %s failed: %s", gpu.index, name, err)
            return
        if name in gpu.failing:
            gpu.failing.discard(name)
            log.info("GPU %d: %s answers again", gpu.index, name)

    def _lost(self, gpu: Gpu, ts_ns: int) -> list[JsonRecord]:
        if gpu.lost:
            return []
        gpu.lost = True
        log.error("GPU %d (%s) is lost", gpu.index, gpu.labels.get("uuid", "?"))
        return [event(node=self.node, source="nvml", ts_ns=ts_ns, gpu=gpu.index,
                      name="gpu_lost", attrs={"uuid": gpu.labels.get("uuid", "")})]

    def _memory(self, gpu: Gpu) -> dict[str, float]:
        nv = self.nvml
        if gpu.memory_v2:
            try:
                mem = nv.nvmlDeviceGetMemoryInfo(gpu.handle, version=nv.nvmlMemory_v2)
                return {"mem_used_bytes": mem.used, "mem_total_bytes": mem.total,
                        "mem_reserved_bytes": mem.reserved}
            except nv.NVMLError as err:
                if type(err).__name__ not in MEMORY_V2_FALLBACK:
                    raise
                gpu.memory_v2 = False
                log.info("GPU %d: memory info v2 is %s; using v1", gpu.index, err)
        mem = nv.nvmlDeviceGetMemoryInfo(gpu.handle)
        return {"mem_used_bytes": mem.used, "mem_total_bytes": mem.total}

    def _utilization(self, gpu: Gpu) -> dict[str, float]:
        util = self.nvml.nvmlDeviceGetUtilizationRates(gpu.handle)
        return {"gpu_util_pct": util.gpu, "mem_util_pct": util.memory}

    def _temperature(self, gpu: Gpu) -> dict[str, float]:
        nv = self.nvml
        try:
            return {"temp_c": nv.nvmlDeviceGetTemperature(gpu.handle, nv.NVML_TEMPERATURE_GPU)}
        except nv.NVMLError_FunctionNotFound:  # drivers after CUDA 13 keep only the V form
            return {"temp_c": nv.nvmlDeviceGetTemperatureV(gpu.handle, nv.NVML_TEMPERATURE_GPU)}

    def _power(self, gpu: Gpu) -> dict[str, float]:
        return {"power_w": self.nvml.nvmlDeviceGetPowerUsage(gpu.handle) / 1000.0}

    def _processes(self, gpu: Gpu) -> dict[str, float]:
        procs = self.nvml.nvmlDeviceGetComputeRunningProcesses(gpu.handle)
        used = [p.usedGpuMemory for p in procs if p.usedGpuMemory is not None]
        return {"proc_used_bytes": sum(used), "proc_count": len(procs)}


class EventWatcher:
    """A thread waiting on an NVML event set for XID and clock events of every GPU.

    Each event becomes an ``xid`` or ``clock_event`` record stamped when it was received, handed
    to ``sink`` (thread-safe). The wait has a timeout so that ``stop`` is honoured promptly.
    """

    def __init__(self, nvml: Nvml, node: str, gpus: list[Gpu],
                 sink: Callable[[JsonRecord], None], clock: Clock = time.time_ns,
                 timeout_ms: int = 500) -> None:
        self.nvml, self.node, self.gpus, self.sink = nvml, node, gpus, sink
        self.clock, self.timeout_ms = clock, timeout_ms
        self.wanted = nvml.nvmlEventTypeXidCriticalError | nvml.nvmlEventTypeClock
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.registered: list[int] = []

    def start(self) -> None:
        try:
            event_set = self.nvml.nvmlEventSetCreate()
        except self.nvml.NVMLError as err:
            log.info("NVML event sets unavailable (%s); no XID or clock events", err)
            return
        for gpu in self.gpus:
            if gpu.handle is not None:
                self._register(gpu, event_set)
        if not self.registered:
            self.nvml.nvmlEventSetFree(event_set)
            log.info("no GPU supports XID or clock events; event thread not started")
            return
        self._thread = threading.Thread(target=self._run, args=(event_set,),
                                        name="nvml-events", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def _register(self, gpu: Gpu, event_set: Any) -> None:
        nv = self.nvml
        try:
            mask = nv.nvmlDeviceGetSupportedEventTypes(gpu.handle) & self.wanted
            if mask:
                nv.nvmlDeviceRegisterEvents(gpu.handle, mask, event_set)
                self.registered.append(gpu.index)
        except nv.NVMLError as err:
            log.info("GPU %d: events not available: %s", gpu.index, err)

    def _run(self, event_set: Any) -> None:
        nv = self.nvml
        try:
            while not self._stop.is_set():
                try:
                    data = nv.nvmlEventSetWait(event_set, self.timeout_ms)
                except nv.NVMLError_Timeout:
                    continue
                except nv.NVMLError as err:
                    log.warning("NVML event wait failed: %s", err)
                    self._stop.wait(self.timeout_ms / 1000)
                    continue
                try:
                    record = self._record(data)
                except Exception:  # one bad event must not end XID reporting
                    log.exception("NVML event %r could not be read", data)
                    continue
                if record is not None:
                    self.sink(record)
        finally:
            nv.nvmlEventSetFree(event_set)

    def _index(self, handle: Any) -> int | None:
        """The GPU an event came from, without asking NVML: after an XID 79 the GPU is off the
        bus, and ``nvmlDeviceGetIndex`` on it answers ``GpuIsLost``."""
        address = _address(handle)
        for gpu in self.gpus:
            if address is not None and gpu.handle is not None and _address(gpu.handle) == address:
                return gpu.index
        try:
            return int(self.nvml.nvmlDeviceGetIndex(handle))
        except self.nvml.NVMLError as err:
            log.warning("an NVML event came from a GPU that cannot be named: %s", err)
            return None

    def _record(self, data: Any) -> JsonRecord | None:
        nv, ts_ns = self.nvml, self.clock()
        index = self._index(data.device)
        if data.eventType & nv.nvmlEventTypeXidCriticalError:
            return event(node=self.node, source="nvml", ts_ns=ts_ns, gpu=index, name="xid",
                         attrs={"xid": int(data.eventData)})
        if data.eventType & nv.nvmlEventTypeClock:
            return event(node=self.node, source="nvml", ts_ns=ts_ns, gpu=index,
                         name="clock_event", attrs=self._clock_reasons(data.device))
        return None

    def _clock_reasons(self, handle: Any) -> dict[str, Any]:
        nv = self.nvml
        try:
            mask = int(nv.nvmlDeviceGetCurrentClocksEventReasons(handle))
        except nv.NVMLError:
            return {}
        names = [name.removeprefix("nvmlClocksEventReason") for name in CLOCK_REASONS
                 if mask & getattr(nv, name, 0)]
        return {"reasons": mask, "names": names}


def _address(handle: Any) -> int | None:
    """An ``nvmlDevice_t`` as the address it points at (ctypes pointers compare by identity)."""
    return ctypes.cast(handle, ctypes.c_void_p).value


CLOCK_REASONS = (
    "nvmlClocksEventReasonGpuIdle",
    "nvmlClocksEventReasonApplicationsClocksSetting",
    "nvmlClocksEventReasonSwPowerCap",
    "nvmlClocksEventReasonHwSlowdown",
    "nvmlClocksEventReasonSyncBoost",
    "nvmlClocksEventReasonSwThermalSlowdown",
    "nvmlClocksEventReasonHwThermalSlowdown",
    "nvmlClocksEventReasonHwPowerBrakeSlowdown",
    "nvmlClocksEventReasonDisplayClockSetting",
)
