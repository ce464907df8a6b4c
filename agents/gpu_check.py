"""GPU check: the NVML collector against a real GPU while GPU memory grows in steps and is freed.

Run by ``scripts/gpu-check.sh`` on a machine with an NVIDIA GPU. A child process holds GPU memory
(PyTorch when it is installed, else the CUDA driver API through ctypes) following a plan: a
quiet baseline, a ramp of small steps at a set rate in percent of the GPU's memory per minute,
a hold, then everything freed. The parent samples the GPU with :class:`~agents.nvml.NvmlCollector`,
feeds every record to the embedded correlation engine, and prints the samples, the Level-1
actions and the incidents as they come. It ends with a verdict:

- the samples must track the plan: ``mem_used_bytes`` rises by the planned peak (within 10 %),
  the allocating process shows in ``proc_used_bytes``, and the memory comes back when freed;
- the engine must raise an incident for the growth.

The plan, the verdict and the printing are pure functions of their inputs (tested on a CPU-only
machine with a virtual clock); only :class:`CudaChildAllocator` and :func:`main` touch the GPU.
Steps stay well below the engine's checkpoint-load spike (3 % in one 10 s tick), so that the
growth reads as growth, not as a checkpoint being loaded.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Protocol

import orjson

from agents.nvml import NvmlCollector, NvmlUnavailable, open_nvml
from agents.records import JsonRecord, Sequencer

GIB = 1 << 30
NS = 1_000_000_000
EXIT_NO_GPU, EXIT_TRACKING, EXIT_NO_INCIDENT = 2, 1, 3


@dataclass(frozen=True)
class Step:
    """At ``at_s`` seconds from the start, the child holds ``nbytes``."""

    at_s: float
    nbytes: int


@dataclass(frozen=True)
class Plan:
    """The allocation steps, when the memory is freed, and when the check ends."""

    steps: tuple[Step, ...]
    free_s: float
    end_s: float

    @property
    def peak(self) -> int:
        return max(s.nbytes for s in self.steps)


def growth_plan(total_bytes: int, *, baseline_s: float = 30, ramp_s: float = 180,
                step_s: float = 5, rate_pct_per_min: float = 6.0, hold_s: float = 20,
                after_s: float = 30, max_fraction: float = 0.5) -> Plan:
    """Grow by ``rate_pct_per_min`` of ``total_bytes`` per minute in steps of ``step_s``.

    >>> p = growth_plan(100 * 2**30, ramp_s=60, step_s=10, rate_pct_per_min=6)
    >>> [round(s.nbytes / 2**30, 1) for s in p.steps], p.free_s, p.end_s
    ([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 0.0], 110, 140)
    """
    per_step = int(total_bytes * rate_pct_per_min / 100 * step_s / 60)
    count = round(ramp_s / step_s)
    if per_step <= 0 or count <= 0:
        raise ValueError("the plan grows nothing: check the rate, the ramp and the step")
    if per_step * count > total_bytes * max_fraction:
        raise ValueError(f"the plan would hold {per_step * count / GIB:.1f} GiB, more than "
                         f"{max_fraction:.0%} of the GPU's {total_bytes / GIB:.1f} GiB")
    steps = [Step(baseline_s + i * step_s, per_step * i) for i in range(1, count + 1)]
    free_s = baseline_s + count * step_s + hold_s
    return Plan((*steps, Step(free_s, 0)), free_s, free_s + after_s)


@dataclass(frozen=True)
class GpuSample:
    """The numbers of one NVML sample of the checked GPU, ``t_s`` seconds from the start."""

    t_s: float
    used: int
    total: int
    proc_used: int
    proc_count: int

    @staticmethod
    def of(record: JsonRecord, start_ns: int) -> GpuSample:
        m = record["metrics"]
        return GpuSample((record["ts_ns"] - start_ns) / NS, int(m.get("mem_used_bytes", 0)),
                         int(m.get("mem_total_bytes", 0)), int(m.get("proc_used_bytes", 0)),
                         int(m.get("proc_count", 0)))


@dataclass(frozen=True)
class Tracking:
    """Whether the samples followed the plan, and the numbers that say so."""

    ok: bool
    baseline: int
    peak: int
    after_free: int
    planned: int
    proc_peak: int
    problems: tuple[str, ...]


def tracking(samples: Sequence[GpuSample], plan: Plan, tolerance: float = 0.10) -> Tracking:
    """Compare what NVML reported with what the child held."""
    first_step = plan.steps[0].at_s
    base = [s.used for s in samples if s.t_s < first_step]
    held = [s for s in samples if first_step <= s.t_s < plan.free_s]
    after = [s.used for s in samples if s.t_s >= plan.free_s + 5]
    problems = []
    if not base or not held or not after:
        problems.append("too few samples in the baseline, the ramp or after the free")
    baseline = min(base) if base else 0
    peak = max((s.used for s in held), default=0)
    proc_peak = max((s.proc_used for s in held), default=0)
    after_free = after[-1] if after else 0
    grew = peak - baseline
    if abs(grew - plan.peak) > tolerance * plan.peak:
        problems.append(f"mem_used_bytes grew {grew / GIB:.2f} GiB, the plan held "
                        f"{plan.peak / GIB:.2f} GiB")
    if proc_peak < (1 - tolerance) * plan.peak:
        problems.append(f"proc_used_bytes peaked at {proc_peak / GIB:.2f} GiB, below the "
                        f"{plan.peak / GIB:.2f} GiB held")
    if after and after_free - baseline > tolerance * plan.peak:
        problems.append(f"after the free, {(after_free - baseline) / GIB:.2f} GiB stayed used")
    return Tracking(not problems, baseline, peak, after_free, plan.peak, proc_peak,
                    tuple(problems))


def sample_row(s: GpuSample) -> str:
    """One printed line per sample."""
    pct = 100 * s.used / s.total if s.total else 0.0
    return (f"t={s.t_s:6.1f}s  used {s.used / GIB:7.2f} GiB ({pct:5.2f} %)  "
            f"procs {s.proc_count}  proc_used {s.proc_used / GIB:7.2f} GiB")


def incident_row(inc: Any) -> str:
    actions = ", ".join(a.action for a in inc.actions) or "-"
    return (f"INCIDENT {inc.status:8s} {inc.incident_id} cause={inc.cause} "
            f"confidence={inc.confidence:.2f} severity={inc.severity} actions={actions}\n"
            f"         {inc.summary}")


class Allocator(Protocol):
    """Holds a given amount of GPU memory on request."""

    def hold(self, nbytes: int) -> None: ...
    def close(self) -> None: ...


@dataclass
class CheckResult:
    records: list[JsonRecord] = field(default_factory=list)
    samples: list[GpuSample] = field(default_factory=list)
    incidents: list[Any] = field(default_factory=list)
    actions: list[Any] = field(default_factory=list)


def run_check(collector: NvmlCollector, allocator: Allocator, plan: Plan, engine: Any, *,
              gpu: int, interval_s: float, clock: Callable[[], int] = time.time_ns,
              sleep: Callable[[float], None] = time.sleep,
              emit: Callable[[str], None] = print) -> CheckResult:
    """Follow the plan, sample every ``interval_s``, feed the engine, print as it goes."""
    from correlator.wire.decode import decode_record

    result, sequencer = CheckResult(), Sequencer()
    start = clock()
    pending = list(plan.steps)
    next_sample = 0.0
    while (now := (clock() - start) / NS) <= plan.end_s:
        while pending and pending[0].at_s <= now:
            allocator.hold(pending.pop(0).nbytes)
        if now >= next_sample:
            for record in sequencer.stamp(collector.collect(clock())):
                _feed(result, engine.process(decode_record(orjson.dumps(record))), emit)
                result.records.append(record)
                if record["kind"] == "sample" and record["gpu"] == gpu:
                    result.samples.append(GpuSample.of(record, start))
                    emit(sample_row(result.samples[-1]))
                elif record["kind"] == "event":
                    emit(f"EVENT    {record['event']} gpu={record['gpu']} {record['attrs']}")
            next_sample += interval_s
        wake = min([next_sample, *(s.at_s for s in pending[:1])])
        sleep(max(0.0, wake - (clock() - start) / NS))
    _feed(result, engine.finish(), emit)
    return result


def _feed(result: CheckResult, out: Any, emit: Callable[[str], None]) -> None:
    for action in out.actions:
        result.actions.append(action)
        emit(f"ACTION   {action.action} node={action.node} rule={action.rule} "
             f"{action.signal}={action.value:.2f}")
    for inc in out.incidents:
        result.incidents.append(inc)
        emit(incident_row(inc))


class CudaChildAllocator:
    """A child process that holds GPU memory; each ``hold`` waits for the child's answer."""

    def __init__(self, gpu: int) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "agents.gpu_check", "--child", "--gpu", str(gpu)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            # NVML numbers GPUs by PCI bus id; make CUDA's numbering agree before choosing one
            env={**os.environ, "CUDA_DEVICE_ORDER": "PCI_BUS_ID",
                 "CUDA_VISIBLE_DEVICES": str(gpu)})
        self._ask("0")

    def hold(self, nbytes: int) -> None:
        self._ask(str(nbytes))

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=60)

    def _ask(self, line: str) -> None:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().strip()
        if not answer.startswith("held "):
            raise RuntimeError(f"the GPU memory holder failed: {answer or 'it exited'}")


class _TorchMemory:
    def __init__(self) -> None:
        import torch

        self.torch = torch
        self.name = f"torch {torch.__version__}"
        torch.zeros(1, device="cuda")  # create the context before the baseline is taken

    def alloc(self, nbytes: int) -> Any:
        block = self.torch.empty(nbytes, dtype=self.torch.uint8, device="cuda")
        block.fill_(1)  # touch it, as a real workload would
        self.torch.cuda.synchronize()
        return block

    def free(self, block: Any) -> None:
        block.untyped_storage().resize_(0)  # frees now, whoever still holds the tensor
        self.torch.cuda.empty_cache()  # and hands it back to the driver, where NVML sees it


class _DriverMemory:
    """The CUDA driver API through ctypes, for machines without PyTorch."""

    def __init__(self) -> None:
        self.cuda = ctypes.CDLL("libcuda.so.1")
        self.name = "CUDA driver API (libcuda.so.1)"
        ctx = ctypes.c_void_p()
        self._check(self.cuda.cuInit(0), "cuInit")
        self._check(self.cuda.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), 0), "ctx retain")
        self._check(self.cuda.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")

    def alloc(self, nbytes: int) -> int:
        ptr = ctypes.c_uint64()
        self._check(self.cuda.cuMemAlloc_v2(ctypes.byref(ptr), ctypes.c_size_t(nbytes)),
                    "cuMemAlloc")
        self._check(self.cuda.cuMemsetD8_v2(ptr, ctypes.c_ubyte(1), ctypes.c_size_t(nbytes)),
                    "cuMemsetD8")
        self._check(self.cuda.cuCtxSynchronize(), "cuCtxSynchronize")
        return ptr.value

    def free(self, ptr: int) -> None:
        self._check(self.cuda.cuMemFree_v2(ctypes.c_uint64(ptr)), "cuMemFree")

    @staticmethod
    def _check(code: int, what: str) -> None:
        if code != 0:
            raise RuntimeError(f"{what} failed with CUDA error {code}")


class GpuMemory(Protocol):
    name: str

    def alloc(self, nbytes: int) -> Any: ...
    def free(self, block: Any) -> None: ...


def gpu_memory() -> GpuMemory:
    """PyTorch when it is installed, else the CUDA driver."""
    try:
        return _TorchMemory()
    except ImportError:
        return _DriverMemory()


def child_main(stdin: IO[str], stdout: IO[str], memory: GpuMemory | None = None) -> int:
    """Hold the number of bytes named on each input line, in blocks; answer ``held N``."""
    memory = memory or gpu_memory()
    print(f"gpu-check: holding GPU memory with {memory.name}", file=sys.stderr)
    blocks: list[tuple[int, Any]] = []
    for line in stdin:
        target = int(line)
        while blocks and sum(n for n, _ in blocks) > target:
            memory.free(blocks.pop()[1])
        held = sum(n for n, _ in blocks)
        if target > held:
            blocks.append((target - held, memory.alloc(target - held)))
        print(f"held {sum(n for n, _ in blocks)}", file=stdout, flush=True)
    for _, block in blocks:
        memory.free(block)
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="gpu-check", description=__doc__.split("\n\n")[0])
    p.add_argument("--gpu", type=int, default=0)
    p.add_argument("--node", default=socket.gethostname())
    p.add_argument("--out", type=Path, help="folder for records.jsonl, incidents.jsonl, "
                                             "summary.json")
    p.add_argument("--interval", type=float, default=2.0, help="seconds between samples")
    p.add_argument("--baseline", type=float, default=30.0, help="seconds before the ramp")
    p.add_argument("--ramp", type=float, default=180.0, help="seconds of growth")
    p.add_argument("--step", type=float, default=5.0, help="seconds between allocations")
    p.add_argument("--rate", type=float, default=6.0, help="growth, %% of GPU memory a minute")
    p.add_argument("--hold", type=float, default=20.0, help="seconds held at the peak")
    p.add_argument("--after", type=float, default=30.0, help="seconds watched after the free")
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.child:
        return child_main(sys.stdin, sys.stdout)
    try:
        nvml = open_nvml()
    except NvmlUnavailable as err:
        print(f"gpu-check: no usable NVIDIA GPU here: {err}", file=sys.stderr)
        return EXIT_NO_GPU
    collector = NvmlCollector(nvml, args.node)
    if not 0 <= args.gpu < len(collector.gpus) or collector.gpus[args.gpu].handle is None:
        print(f"gpu-check: GPU {args.gpu} cannot be opened ({len(collector.gpus)} found; "
              "see the warning above)", file=sys.stderr)
        collector.close()
        return EXIT_NO_GPU
    total = nvml.nvmlDeviceGetMemoryInfo(collector.gpus[args.gpu].handle).total
    plan = growth_plan(total, baseline_s=args.baseline, ramp_s=args.ramp, step_s=args.step,
                       rate_pct_per_min=args.rate, hold_s=args.hold, after_s=args.after)
    return _run(args, collector, plan)


def _run(args: argparse.Namespace, collector: NvmlCollector, plan: Plan) -> int:
    from correlator.config.loader import load_rules
    from correlator.core import Engine

    gpu = collector.gpus[args.gpu]
    print(f"gpu-check: GPU {args.gpu} {gpu.labels} on node {args.node}; the plan holds up to "
          f"{plan.peak / GIB:.2f} GiB ({args.rate:g} %/min from t={plan.steps[0].at_s:g}s, "
          f"freed at t={plan.free_s:g}s, end at t={plan.end_s:g}s)", flush=True)
    collector.start()
    allocator = CudaChildAllocator(args.gpu)
    try:
        result = run_check(collector, allocator, plan, Engine(load_rules()), gpu=args.gpu,
                           interval_s=args.interval,
                           emit=lambda line: print(line, flush=True))
    finally:
        allocator.close()
        collector.close()
    return _verdict(args, plan, result)


def _verdict(args: argparse.Namespace, plan: Plan, result: CheckResult) -> int:
    track = tracking(result.samples, plan)
    summary = {"node": args.node, "gpu": args.gpu, "samples": len(result.samples),
               "records": len(result.records), "baseline_bytes": track.baseline,
               "peak_bytes": track.peak, "after_free_bytes": track.after_free,
               "planned_bytes": track.planned, "proc_peak_bytes": track.proc_peak,
               "tracking_ok": track.ok, "problems": list(track.problems),
               "incidents": len({i.incident_id for i in result.incidents}),
               "actions": [a.action for a in result.actions]}
    if args.out:
        _write(args.out, result, summary)
    print("gpu-check summary: " + json.dumps(summary))
    if not track.ok:
        print("gpu-check: FAILED, the NVML samples did not track the allocations: "
              + "; ".join(track.problems), file=sys.stderr)
        return EXIT_TRACKING
    if not result.incidents:
        print("gpu-check: the samples tracked the allocations, but the engine raised no "
              "incident", file=sys.stderr)
        return EXIT_NO_INCIDENT
    print("gpu-check: OK")
    return 0


def _write(out: Path, result: CheckResult, summary: dict[str, Any]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with (out / "records.jsonl").open("wb") as fh:
        fh.writelines(orjson.dumps(r) + b"\n" for r in result.records)
    with (out / "incidents.jsonl").open("w") as fh:
        fh.writelines(i.model_dump_json() + "\n" for i in result.incidents)
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")


if __name__ == "__main__":
    sys.exit(main())
