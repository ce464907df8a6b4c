"""The GPU check's pure parts, its whole loop on a fake driver with a virtual clock, and how it
fails on this machine, which has no GPU."""

from __future__ import annotations

import io
import itertools
import subprocess
from pathlib import Path
from typing import Any

import pytest
from agent_helpers import validate
from fake_libnvml import FakeGpu, FakeNvmlLib, install

from agents.gpu_check import (
    EXIT_NO_GPU,
    GIB,
    GpuSample,
    child_main,
    growth_plan,
    main,
    run_check,
    tracking,
)
from agents.nvml import NvmlCollector, open_nvml
from correlator.config.loader import load_rules
from correlator.core import Engine

REPO = Path(__file__).resolve().parents[2]
H200 = 150_754_820_096


def test_plan_ramps_in_small_steps_then_frees() -> None:
    plan = growth_plan(H200)
    steps = plan.steps
    assert steps[0].at_s == 35 and steps[-1].nbytes == 0 and plan.free_s == 230
    assert plan.end_s == 260
    growth = [b.nbytes - a.nbytes for a, b in itertools.pairwise(steps[:-1])]
    assert set(growth) == {steps[0].nbytes}
    assert steps[0].nbytes / H200 == pytest.approx(0.005, rel=1e-6)  # 6 %/min, 5 s steps
    assert plan.peak / H200 == pytest.approx(0.18, rel=1e-6)
    # a 10 s engine tick sees 1 % at most: far from the 3 % that reads as a checkpoint load
    assert 2 * steps[0].nbytes / H200 < 0.03


def test_plan_refuses_what_it_cannot_do() -> None:
    with pytest.raises(ValueError, match="more than 50%"):
        growth_plan(16 * GIB, rate_pct_per_min=30, ramp_s=180)
    with pytest.raises(ValueError, match="grows nothing"):
        growth_plan(16 * GIB, rate_pct_per_min=0)


def samples(used_at: dict[float, int], proc: int, total: int = 100 * GIB) -> list[GpuSample]:
    return [GpuSample(t, u, total, proc if u > GIB else 0, 1) for t, u in used_at.items()]


def test_tracking_accepts_samples_that_follow_the_plan() -> None:
    plan = growth_plan(100 * GIB, ramp_s=60, step_s=10, rate_pct_per_min=6)  # peak 6 GiB
    good = samples({10: GIB, 45: 2 * GIB, 95: 7 * GIB, 105: 7 * GIB, 130: GIB}, 6 * GIB)
    assert tracking(good, plan).ok


def test_tracking_names_what_went_wrong() -> None:
    plan = growth_plan(100 * GIB, ramp_s=60, step_s=10, rate_pct_per_min=6)
    flat = samples({10: GIB, 95: GIB, 130: GIB}, 0)
    problems = tracking(flat, plan).problems
    assert problems == ("mem_used_bytes grew 0.00 GiB, the plan held 6.00 GiB",
                        "proc_used_bytes peaked at 0.00 GiB, below the 6.00 GiB held")
    kept = samples({10: GIB, 95: 7 * GIB, 130: 7 * GIB}, 6 * GIB)
    assert tracking(kept, plan).problems == ("after the free, 6.00 GiB stayed used",)
    assert "too few samples" in tracking([], plan).problems[0]


class VirtualClock:
    def __init__(self) -> None:
        self.ns = 1_800_000_000_000_000_000

    def now(self) -> int:
        return self.ns

    def sleep(self, seconds: float) -> None:
        self.ns += int(seconds * 1e9)


class FakeGpuHolder:
    """Plays the CUDA child on the fake driver: held bytes show as used and as a process."""

    def __init__(self, gpu: FakeGpu) -> None:
        self.gpu, self.base, self.calls = gpu, gpu.used, 0

    def hold(self, nbytes: int) -> None:
        self.calls += 1
        self.gpu.used = self.base + nbytes
        self.gpu.procs = [(4242, nbytes)] if nbytes else []

    def close(self) -> None:
        pass


def test_whole_check_on_a_fake_gpu_raises_an_incident(monkeypatch: pytest.MonkeyPatch) -> None:
    gpu = FakeGpu("GPU-h200", name="NVIDIA H200", total=H200, used=500_000_000)
    install(monkeypatch, FakeNvmlLib([gpu]))
    clock, lines = VirtualClock(), []
    plan = growth_plan(H200)
    holder = FakeGpuHolder(gpu)
    collector = NvmlCollector(open_nvml(), "gpu-node-7", clock=clock.now)
    result = run_check(collector, holder, plan, Engine(load_rules()), gpu=0, interval_s=2,
                       clock=clock.now, sleep=clock.sleep, emit=lines.append)
    collector.close()
    validate(result.records)
    assert holder.calls == len(plan.steps)
    assert len(result.samples) == 131  # every 2 s over 260 s, both ends included
    assert tracking(result.samples, plan).ok
    assert result.incidents, "the plan's growth no longer makes the engine raise an incident"
    assert {i.nodes[0] for i in result.incidents} == {"gpu-node-7"}
    assert any(line.startswith("INCIDENT open") for line in lines)
    assert lines[0].startswith("t=   0.0s  used    0.47 GiB")


def test_child_holds_grows_and_shrinks_in_blocks() -> None:
    class Recorder:
        name = "recorder"

        def __init__(self) -> None:
            self.live: dict[int, int] = {}
            self.next = 0

        def alloc(self, nbytes: int) -> Any:
            self.next += 1
            self.live[self.next] = nbytes
            return self.next

        def free(self, block: Any) -> None:
            del self.live[block]

    memory, out = Recorder(), io.StringIO()
    child_main(io.StringIO("0\n100\n250\n250\n120\n0\n300\n"), out, memory)
    assert out.getvalue().split("\n")[:-1] == [
        "held 0", "held 100", "held 250", "held 250", "held 120", "held 0", "held 300"]
    assert memory.live == {}  # everything freed when the parent closes the pipe


def test_main_without_a_gpu_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == EXIT_NO_GPU
    assert "no usable NVIDIA GPU here: nvmlInit failed: NVMLError_LibraryNotFound" in (
        capsys.readouterr().err)


def test_script_without_a_gpu_fails_clearly() -> None:
    run = subprocess.run([str(REPO / "scripts" / "gpu-check.sh")], capture_output=True,
                         text=True, timeout=120, check=False)
    assert run.returncode == EXIT_NO_GPU
    assert "gpu-check: no usable NVIDIA GPU here" in run.stderr
