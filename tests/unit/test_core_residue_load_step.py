"""A framebuffer rise that is one step within a minute is something loading, not a residue
(outsider s309: a weight refresh reaching one GPU of a spec-decoding node first, 670 MiB in its
first minute while the node's client cancelled ~10 requests a minute, opened a residue at once,
before the refresh's other GPUs showed it for the checkpoint load it was)."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.core import hypotheses
from correlator.core.features import GpuView, Level, PoolView
from correlator.core.trends import NONE, Monotone
from tests.unit.test_core_residue_abort_step import one_server

RULES = load_rules()


def gpu3(step_mib: float) -> PoolView:
    """s309's ps-h100-03, GPU 3, at minute 55.7: its framebuffer rose in every pair of the
    last 3 minutes' half-minute means, 68 MiB a minute where its ~10 interrupts a minute leave
    43; ``step_mib``: the largest rise within a minute, where it is the whole rise (0: none is)."""
    view = GpuView(gpus=1, level=Level(now=91.73, trend=Monotone(6, 1.0, 0.083, 0.25, 91.6)), slow=NONE,
                   growth_mib_per_min=68.1, total_mib=81559.0, gpu_step_mib=step_mib)
    return PoolView("GPU 3", view, 9.67, 3600.0, (9.5, 9.5), 9.8)


def test_a_steady_rise_of_the_interrupts_size_is_a_residue() -> None:
    assert hypotheses.spec_residue(one_server(gpu3(0.0)), RULES, []).strength >= 0.5


def test_the_same_rise_in_one_step_is_a_load() -> None:
    assert hypotheses.spec_residue(one_server(gpu3(672.0)), RULES, []).strength == 0.0


def test_a_residues_own_steps_are_no_load() -> None:
    """A burst of interrupts leaves its draft state in a step too, of tens to ~200 MiB (s216's
    residue under a batch toggle: 96-161 MiB within a minute): it is judged as before, below a
    fifth of a checkpoint's spike (480 MiB on an 80 GiB GPU)."""
    assert hypotheses.spec_residue(one_server(gpu3(161.0)), RULES, []).strength >= 0.5
