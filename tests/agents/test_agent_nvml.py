"""The NVML collector, through nvidia-ml-py's real pynvml module.

On this machine the real pynvml finds no ``libnvidia-ml.so.1``; those tests use it as it is. The
others bind the same real module to a fake driver library (``fake_libnvml``), so every wrapper,
struct and ``NVMLError_*`` class involved is nvidia-ml-py's own.
"""

from __future__ import annotations

import logging
import queue
import sys
from typing import Any

import pynvml
import pytest
from agent_helpers import validate
from fake_libnvml import FakeGpu, FakeNvmlLib, install

from agents.nvml import EventWatcher, NvmlCollector, NvmlUnavailable, open_nvml
from agents.sources import NvmlSource

TS = 1_800_000_000_000_000_000
XID = pynvml.nvmlEventTypeXidCriticalError
CLOCK = pynvml.nvmlEventTypeClock


def two_gpus() -> list[FakeGpu]:
    return [
        FakeGpu("GPU-0a1b", used=30_000_000_000, procs=[(4242, 28_000_000_000), (4243, None)]),
        FakeGpu("GPU-2c3d", used=2_000_000_000, util_gpu=0, power_mw=70_250, temp_c=35),
    ]


@pytest.fixture
def lib(monkeypatch: pytest.MonkeyPatch) -> FakeNvmlLib:
    fake = FakeNvmlLib(two_gpus())
    install(monkeypatch, fake)
    return fake


def collector(node: str = "gpu-node-7") -> NvmlCollector:
    return NvmlCollector(open_nvml(), node, clock=lambda: TS + 1)


def by_gpu(records: list[Any]) -> dict[int, Any]:
    return {r.gpu: r for r in records if r.kind == "sample"}


def test_samples_carry_every_metric_in_contract_units(lib: FakeNvmlLib) -> None:
    nv = collector()
    records = validate(nv.collect(TS))
    nv.close()
    g0, g1 = by_gpu(records)[0], by_gpu(records)[1]
    assert (g0.source, g0.node, g0.ts_ns) == ("nvml", "gpu-node-7", TS)
    assert g0.labels == {"uuid": "GPU-0a1b", "model_name": "NVIDIA H100 80GB HBM3"}
    assert g0.metrics == {
        "mem_used_bytes": 30_000_000_000, "mem_total_bytes": 85_520_809_984,
        "mem_reserved_bytes": 559_939_584, "gpu_util_pct": 65, "mem_util_pct": 30,
        "temp_c": 41, "power_w": 312.456, "proc_used_bytes": 28_000_000_000, "proc_count": 2,
    }
    assert g1.metrics["power_w"] == 70.25 and g1.metrics["proc_count"] == 0
    assert g1.metrics["gpu_util_pct"] == 0 and g1.labels["uuid"] == "GPU-2c3d"
    assert lib.initialised == 0 and lib.shutdowns == 1


def test_no_driver_library_on_this_machine(caplog: pytest.LogCaptureFixture) -> None:
    """The real pynvml, unpatched: this machine has no libnvidia-ml.so.1."""
    with pytest.raises(NvmlUnavailable, match="NVMLError_LibraryNotFound"):
        open_nvml()


async def test_source_without_nvml_logs_once_and_reports_one_permanent_gap(
        caplog: pytest.LogCaptureFixture) -> None:
    source = NvmlSource("n1")
    with caplog.at_level(logging.INFO):
        await source.start()
        first = validate(await source.collect(TS))
        later = [await source.collect(TS + i) for i in range(1, 4)]
        await source.close()
    [line] = [r for r in caplog.records if r.name.startswith("agents")]
    assert line.levelno == logging.WARNING and "NVMLError_LibraryNotFound" in line.getMessage()
    [gap] = first
    assert (gap.source, gap.event, gap.attrs["permanent"]) == ("nvml", "source_gap", True)
    assert later == [[], [], []]


def test_driver_not_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeNvmlLib(two_gpus())
    monkeypatch.setattr(fake, "nvmlInitWithFlags",
                        lambda flags: pynvml.NVML_ERROR_DRIVER_NOT_LOADED)
    install(monkeypatch, fake)
    with pytest.raises(NvmlUnavailable, match="NVMLError_DriverNotLoaded: Driver Not Loaded"):
        open_nvml()


def test_pynvml_not_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", None)  # import pynvml -> ImportError
    with pytest.raises(NvmlUnavailable, match="pynvml cannot be imported"):
        open_nvml()


def test_not_supported_metric_is_skipped_not_fatal(lib: FakeNvmlLib,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    lib.gpus[1].not_supported = {"nvmlDeviceGetPowerUsage"}
    nv = collector()
    with caplog.at_level(logging.INFO):
        first = by_gpu(validate(nv.collect(TS)))
        second = by_gpu(validate(nv.collect(TS + 1)))
    nv.close()
    assert "power_w" not in first[1].metrics and "power_w" not in second[1].metrics
    assert first[1].metrics["temp_c"] == 35 and first[0].metrics["power_w"] == 312.456
    assert lib.calls.count("nvmlDeviceGetPowerUsage") == 3  # GPU 0 twice, GPU 1 once only
    assert sum("not read again" in r.getMessage() for r in caplog.records) == 1


def test_older_driver_without_memory_v2_falls_back_to_v1(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeNvmlLib(two_gpus(), memory_v2=False)
    install(monkeypatch, fake)
    nv = collector()
    first, second = by_gpu(validate(nv.collect(TS))), by_gpu(validate(nv.collect(TS + 1)))
    nv.close()
    # v1 counts the driver's reserved memory as used, and cannot tell it apart
    assert first[0].metrics["mem_used_bytes"] == 30_000_000_000 + 559_939_584
    assert "mem_reserved_bytes" not in first[0].metrics
    assert second[0].metrics["mem_total_bytes"] == 85_520_809_984
    assert fake.calls.count("nvmlDeviceGetMemoryInfo") == 4  # v2 was not asked again


def test_gpu_lost_mid_run_is_one_event(lib: FakeNvmlLib) -> None:
    nv = collector()
    healthy = validate(nv.collect(TS))
    lib.gpus[1].lost = True
    lost = validate(nv.collect(TS + 1))
    still_lost = validate(nv.collect(TS + 2))
    lib.gpus[1].lost = False
    back = validate(nv.collect(TS + 3))
    nv.close()
    assert sorted(by_gpu(healthy)) == [0, 1]
    assert [(r.kind, r.gpu) for r in lost] == [("sample", 0), ("event", 1)]
    assert lost[1].event == "gpu_lost" and lost[1].attrs == {"uuid": "GPU-2c3d"}
    assert [(r.kind, r.gpu) for r in still_lost] == [("sample", 0)]
    assert sorted(by_gpu(back)) == [0, 1]


def test_event_thread_survives_timeouts_and_reports_xid_and_clock(lib: FakeNvmlLib) -> None:
    nvml = open_nvml()
    nv = NvmlCollector(nvml, "gpu-node-7", clock=lambda: TS + 5)
    got: queue.Queue[dict[str, Any]] = queue.Queue()
    watcher = EventWatcher(nvml, "gpu-node-7", nv.gpus, got.put, clock=lambda: TS + 5,
                           timeout_ms=5)
    watcher.start()
    try:
        assert lib.registered == {0: XID | CLOCK, 1: XID | CLOCK}  # PState left alone
        assert lib.wait_for_timeouts(3)  # NVMLError_Timeout thrice: the thread carries on
        lib.emit(1, XID, 79)
        lib.gpus[0].clock_reasons = (pynvml.nvmlClocksEventReasonSwPowerCap
                                     | pynvml.nvmlClocksEventReasonHwThermalSlowdown)
        lib.emit(0, CLOCK)
        xid, clock = validate([got.get(timeout=30), got.get(timeout=30)])
    finally:
        watcher.stop()
        nv.close()
    assert (xid.event, xid.gpu, xid.attrs, xid.source) == ("xid", 1, {"xid": 79}, "nvml")
    assert (clock.event, clock.gpu) == ("clock_event", 0)
    assert clock.attrs == {"reasons": 0x44, "names": ["SwPowerCap", "HwThermalSlowdown"]}
    assert xid.ts_ns == TS + 5
    assert lib.event_sets_freed == 1


def test_collector_rounds_carry_queued_events(lib: FakeNvmlLib) -> None:
    nv = collector()
    nv.watcher.timeout_ms = 5
    nv.start()
    try:
        lib.emit(0, XID, 48)
        lib.wait_for_timeouts(lib.timeouts + 2)  # the event was taken before these timeouts
        records = validate(nv.collect(TS))
    finally:
        nv.close()
    assert [(r.kind, getattr(r, "event", None)) for r in records] == [
        ("sample", None), ("sample", None), ("event", "xid")]
    assert records[2].attrs == {"xid": 48}


def test_gpus_without_event_support_start_no_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    gpus = two_gpus()
    for gpu in gpus:
        gpu.supported_events = pynvml.nvmlEventTypePState
    fake = FakeNvmlLib(gpus)
    install(monkeypatch, fake)
    nv = collector()
    nv.start()
    nv.close()
    assert nv.watcher.registered == [] and fake.event_sets_freed == 1


def test_gpu_lost_before_the_agent_started(lib: FakeNvmlLib) -> None:
    lib.gpus[0].lost = True
    nv = collector()
    nv.start()
    first = validate(nv.collect(TS))
    second = validate(nv.collect(TS + 1))
    lib.gpus[0].lost = False
    back = validate(nv.collect(TS + 2))
    nv.close()
    assert [(r.kind, r.gpu) for r in first] == [("event", 0), ("sample", 1)]
    assert first[0].event == "gpu_lost" and first[0].attrs == {"uuid": ""}
    assert [(r.kind, r.gpu) for r in second] == [("sample", 1)]
    assert by_gpu(back)[0].labels["uuid"] == "GPU-0a1b"  # opened once it answered
    assert lib.registered == {1: XID | CLOCK}


def test_no_event_sets_on_this_platform(lib: FakeNvmlLib) -> None:
    lib.no_event_sets = True
    nv = collector()
    nv.start()  # logs and carries on
    records = validate(nv.collect(TS))
    nv.close()
    assert sorted(by_gpu(records)) == [0, 1] and lib.event_sets_freed == 0


def test_xid_79_from_a_gpu_that_fell_off_the_bus(lib: FakeNvmlLib) -> None:
    """The XID that says the GPU is gone: by the time it is read, every NVML call on the GPU
    (``nvmlDeviceGetIndex`` too) answers ``GpuIsLost``. The XID must still be reported, with
    its GPU, and the event thread must go on reporting the next ones."""
    nv = collector()
    nv.watcher.timeout_ms = 5
    nv.start()
    try:
        lib.emit(1, XID, 79, then_lost=True)
        lib.emit(0, XID, 48)
        assert lib.wait_for_timeouts(lib.timeouts + 2)  # both events were taken before these
        records = validate(nv.collect(TS))
    finally:
        nv.close()
    events = [(r.event, r.gpu, r.attrs) for r in records if r.kind == "event"]
    assert events == [("gpu_lost", 1, {"uuid": "GPU-2c3d"}), ("xid", 1, {"xid": 79}),
                      ("xid", 0, {"xid": 48})]
    assert [r.gpu for r in records if r.kind == "sample"] == [0]


def test_a_gpu_gone_from_the_driver_yields_no_sample_and_one_warning(
        lib: FakeNvmlLib, caplog: pytest.LogCaptureFixture) -> None:
    """After a driver reload without GPU 1, its old handle answers InvalidArgument to every
    call: no empty samples round after round, and one warning per reading, not per round."""
    nv = collector()
    first = by_gpu(validate(nv.collect(TS)))
    gone = lib.gpus.pop()
    with caplog.at_level(logging.WARNING):
        later = [validate(nv.collect(TS + i)) for i in range(1, 5)]
    lib.gpus.append(gone)
    back = by_gpu(validate(nv.collect(TS + 5)))
    nv.close()
    assert sorted(first) == [0, 1] and sorted(back) == [0, 1]
    assert [[r.gpu for r in rnd] for rnd in later] == [[0]] * 4
    assert len([r for r in caplog.records if r.name == "agents.nvml"]) == 5  # the 5 readings


async def test_gpus_that_cannot_be_counted_leave_the_agent_running(
        monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeNvmlLib(two_gpus())
    monkeypatch.setattr(fake, "nvmlDeviceGetCount_v2", lambda count: pynvml.NVML_ERROR_UNKNOWN)
    install(monkeypatch, fake)
    source = NvmlSource("n1", events=False)
    await source.start()
    [gap] = validate(await source.collect(TS))
    await source.close()
    assert gap.event == "source_gap" and gap.attrs["permanent"] is True
    assert gap.attrs["reason"] == "listing GPUs failed: NVMLError_Unknown: Unknown Error"
    assert fake.initialised == 0  # nvmlInit was balanced by nvmlShutdown
