"""A fake ``libnvidia-ml.so.1`` behind nvidia-ml-py's real ``pynvml`` module.

No GPU exists here, so the one thing faked is the C library: an object whose attributes are the
C entry points pynvml looks up (``getattr(nvmlLib, name)``), called with the very ctypes
arguments pynvml builds (``byref`` structs, string buffers, ``c_uint``), returning NVML return
codes. Everything above it is the real ``pynvml``: its wrappers, its struct types, its
``NVMLError_*`` classes raised by its own ``_nvmlCheckReturn``. An entry point the fake does not
define raises ``NVMLError_FunctionNotFound``, exactly as with an older driver.

Install with :func:`install` (a pytest ``monkeypatch``), which swaps ``pynvml.nvmlLib`` and
empties pynvml's function-pointer cache.
"""

from __future__ import annotations

import ctypes
import threading
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import pynvml
import pytest

SUCCESS = pynvml.NVML_SUCCESS
HANDLE_BASE = 0x7F000000


@dataclass
class FakeGpu:
    """The state of one fake GPU; tests change it between rounds."""

    uuid: str
    name: str = "NVIDIA H100 80GB HBM3"
    total: int = 85_520_809_984
    reserved: int = 559_939_584
    used: int = 1_000_000_000
    util_gpu: int = 65
    util_mem: int = 30
    temp_c: int = 41
    power_mw: int = 312_456
    procs: list[tuple[int, int | None]] = field(default_factory=list)  # (pid, used bytes)
    supported_events: int = (
        pynvml.nvmlEventTypeXidCriticalError | pynvml.nvmlEventTypeClock
        | pynvml.nvmlEventTypePState
    )
    clock_reasons: int = 0
    not_supported: set[str] = field(default_factory=set)  # C entry points answering 3
    lost: bool = False


class FakeNvmlLib:
    """The C entry points pynvml calls, over a list of :class:`FakeGpu`."""

    def __init__(self, gpus: list[FakeGpu], memory_v2: bool = True) -> None:
        self.gpus = gpus
        self.initialised = 0
        self.shutdowns = 0
        self.calls: list[str] = []
        self.registered: dict[int, int] = {}  # gpu index -> event mask
        self.event_sets_freed = 0
        self.timeouts = 0
        self.no_event_sets = False
        self._events: deque[tuple[int, int, int, bool]] = deque()  # (gpu, type, data, lost)
        self._cond = threading.Condition()
        if not memory_v2:
            self.nvmlDeviceGetMemoryInfo_v2 = None  # type: ignore[assignment]

    def __getattribute__(self, name: str) -> Any:
        value = object.__getattribute__(self, name)
        if value is None and name.startswith("nvml"):
            raise AttributeError(name)  # the symbol is absent from this "driver"
        return value

    # ---- test controls -------------------------------------------------------------------
    def emit(self, gpu: int, event_type: int, data: int = 0, then_lost: bool = False) -> None:
        """Queue an event as the driver would (e.g. an XID on ``gpu``); ``then_lost``: the GPU
        falls off the bus as the event is delivered (XID 79), so every later call on it answers
        ``NVML_ERROR_GPU_IS_LOST``."""
        with self._cond:
            self._events.append((gpu, event_type, data, then_lost))
            self._cond.notify_all()

    def wait_for_timeouts(self, count: int, guard_s: float = 30.0) -> bool:
        """Block until the event wait has timed out ``count`` times (a deadlock guard only)."""
        with self._cond:
            return self._cond.wait_for(lambda: self.timeouts >= count, guard_s)

    # ---- helpers ---------------------------------------------------------------------------
    def _gpu(self, handle: Any, entry: str) -> tuple[int, FakeGpu | int]:
        self.calls.append(entry)
        index = (ctypes.cast(handle, ctypes.c_void_p).value or 0) - HANDLE_BASE
        if not 0 <= index < len(self.gpus):
            return index, pynvml.NVML_ERROR_INVALID_ARGUMENT
        gpu = self.gpus[index]
        if not self.initialised:
            return index, pynvml.NVML_ERROR_UNINITIALIZED
        if gpu.lost:
            return index, pynvml.NVML_ERROR_GPU_IS_LOST
        if entry in gpu.not_supported:
            return index, pynvml.NVML_ERROR_NOT_SUPPORTED
        return index, gpu

    @staticmethod
    def _set_pointer(ptr: Any, value: int) -> None:
        ctypes.cast(ctypes.pointer(ptr), ctypes.POINTER(ctypes.c_void_p)).contents.value = value

    # ---- C entry points ---------------------------------------------------------------------
    def nvmlInitWithFlags(self, flags: int) -> int:
        self.initialised += 1
        return SUCCESS

    def nvmlShutdown(self) -> int:
        if not self.initialised:
            return pynvml.NVML_ERROR_UNINITIALIZED
        self.initialised -= 1
        self.shutdowns += 1
        return SUCCESS

    def nvmlDeviceGetCount_v2(self, count: Any) -> int:
        count._obj.value = len(self.gpus)
        return SUCCESS

    def nvmlDeviceGetHandleByIndex_v2(self, index: Any, device: Any) -> int:
        if not 0 <= index.value < len(self.gpus):
            return pynvml.NVML_ERROR_INVALID_ARGUMENT
        if self.gpus[index.value].lost:
            return pynvml.NVML_ERROR_GPU_IS_LOST
        self._set_pointer(device._obj, HANDLE_BASE + index.value)
        return SUCCESS

    def nvmlDeviceGetIndex(self, handle: Any, index: Any) -> int:
        i, gpu = self._gpu(handle, "nvmlDeviceGetIndex")
        if isinstance(gpu, int):
            return gpu
        index._obj.value = i
        return SUCCESS

    def nvmlDeviceGetUUID(self, handle: Any, buf: Any, size: Any) -> int:
        _, gpu = self._gpu(handle, "nvmlDeviceGetUUID")
        if isinstance(gpu, int):
            return gpu
        buf.value = gpu.uuid.encode()
        return SUCCESS

    def nvmlDeviceGetName(self, handle: Any, buf: Any, size: Any) -> int:
        _, gpu = self._gpu(handle, "nvmlDeviceGetName")
        if isinstance(gpu, int):
            return gpu
        buf.value = gpu.name.encode()
        return SUCCESS

    def nvmlDeviceGetMemoryInfo(self, handle: Any, mem: Any) -> int:
        _, gpu = self._gpu(handle, "nvmlDeviceGetMemoryInfo")
        if isinstance(gpu, int):
            return gpu
        m = mem._obj  # v1: "used" includes what the driver reserves
        m.total, m.used = gpu.total, gpu.used + gpu.reserved
        m.free = gpu.total - m.used
        return SUCCESS

    def nvmlDeviceGetMemoryInfo_v2(self, handle: Any, mem: Any) -> int:
        _, gpu = self._gpu(handle, "nvmlDeviceGetMemoryInfo_v2")
        if isinstance(gpu, int):
            return gpu
        m = mem._obj
        if m.version != pynvml.nvmlMemory_v2:
            return pynvml.NVML_ERROR_ARGUMENT_VERSION_MISMATCH
        m.total, m.reserved, m.used = gpu.total, gpu.reserved, gpu.used
        m.free = gpu.total - gpu.reserved - gpu.used
        return SUCCESS

    def nvmlDeviceGetUtilizationRates(self, handle: Any, util: Any) -> int:
        _, gpu = self._gpu(handle, "nvmlDeviceGetUtilizationRates")
        if isinstance(gpu, int):
            return gpu
        util._obj.gpu, util._obj.memory = gpu.util_gpu, gpu.util_mem
        return SUCCESS

    def nvmlDeviceGetTemperature(self, handle: Any, sensor: Any, temp: Any) -> int:
        _, gpu = self._gpu(handle, "nvmlDeviceGetTemperature")
        if isinstance(gpu, int):
            return gpu
        if sensor.value != pynvml.NVML_TEMPERATURE_GPU:
            return pynvml.NVML_ERROR_INVALID_ARGUMENT
        temp._obj.value = gpu.temp_c
        return SUCCESS

    def nvmlDeviceGetPowerUsage(self, handle: Any, power: Any) -> int:
        _, gpu = self._gpu(handle, "nvmlDeviceGetPowerUsage")
        if isinstance(gpu, int):
            return gpu
        power._obj.value = gpu.power_mw
        return SUCCESS

    def nvmlDeviceGetComputeRunningProcesses_v3(
        self, handle: Any, count: Any, procs: Any
    ) -> int:
        _, gpu = self._gpu(handle, "nvmlDeviceGetComputeRunningProcesses_v3")
        if isinstance(gpu, int):
            return gpu
        n = len(gpu.procs)
        if procs is None or count._obj.value < n:
            count._obj.value = n
            return SUCCESS if n == 0 else pynvml.NVML_ERROR_INSUFFICIENT_SIZE
        for i, (pid, used) in enumerate(gpu.procs):
            procs[i].pid = pid
            procs[i].usedGpuMemory = (
                used if used is not None else pynvml.NVML_VALUE_NOT_AVAILABLE_ulonglong.value
            )
        count._obj.value = n
        return SUCCESS

    def nvmlDeviceGetCurrentClocksEventReasons(self, handle: Any, reasons: Any) -> int:
        _, gpu = self._gpu(handle, "nvmlDeviceGetCurrentClocksEventReasons")
        if isinstance(gpu, int):
            return gpu
        reasons._obj.value = gpu.clock_reasons
        return SUCCESS

    def nvmlEventSetCreate(self, event_set: Any) -> int:
        if self.no_event_sets:
            return pynvml.NVML_ERROR_NOT_SUPPORTED
        self._set_pointer(event_set._obj, 0xE7E7)
        return SUCCESS

    def nvmlDeviceGetSupportedEventTypes(self, handle: Any, types: Any) -> int:
        _, gpu = self._gpu(handle, "nvmlDeviceGetSupportedEventTypes")
        if isinstance(gpu, int):
            return gpu
        types._obj.value = gpu.supported_events
        return SUCCESS

    def nvmlDeviceRegisterEvents(self, handle: Any, types: Any, event_set: Any) -> int:
        i, gpu = self._gpu(handle, "nvmlDeviceRegisterEvents")
        if isinstance(gpu, int):
            return gpu
        if types.value & ~gpu.supported_events:
            return pynvml.NVML_ERROR_NOT_SUPPORTED
        self.registered[i] = types.value
        return SUCCESS

    def nvmlEventSetWait_v2(self, event_set: Any, data: Any, timeout_ms: Any) -> int:
        with self._cond:
            if not self._cond.wait_for(lambda: self._events, timeout_ms.value / 1000):
                self.timeouts += 1
                self._cond.notify_all()
                return pynvml.NVML_ERROR_TIMEOUT
            gpu, event_type, payload, then_lost = self._events.popleft()
        if self.gpus[gpu].lost:
            return pynvml.NVML_ERROR_GPU_IS_LOST
        self._set_pointer(data._obj.device, HANDLE_BASE + gpu)
        data._obj.eventType, data._obj.eventData = event_type, payload
        self.gpus[gpu].lost |= then_lost
        return SUCCESS

    def nvmlEventSetFree(self, event_set: Any) -> int:
        self.event_sets_freed += 1
        return SUCCESS


def install(monkeypatch: pytest.MonkeyPatch, lib: FakeNvmlLib) -> Any:
    """Bind the real pynvml to ``lib`` for one test; returns the pynvml module."""
    monkeypatch.setattr(pynvml, "nvmlLib", lib)
    monkeypatch.setattr(pynvml, "_nvmlGetFunctionPointer_cache", {})
    return pynvml
