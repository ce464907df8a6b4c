"""A job loading onto one GPU of a node that runs a server per GPU (outsider s74): its step
is a quarter of the node's mean framebuffer, under the checkpoint-load threshold there, and
read as a framebuffer leak; the GPU's own framebuffer shows the step."""

from __future__ import annotations

import dataclasses

from correlator.config import load_rules
from correlator.core.benign import explain
from correlator.core.engine import Engine
from correlator.core.features import GpuView, Level, NodeFeatures, PoolView
from correlator.core.trends import NONE, Monotone
from tests.timeline import NodeSpec, merged, node_records

RULES = load_rules()


def features() -> NodeFeatures:
    engine = Engine(RULES)
    for rec in merged(node_records(NodeSpec(), 900)):
        engine.process(rec)
    node = next(iter(engine.fleet.nodes.values()))
    return node.features(engine.fleet.now_ns)


def gpu(step: float, slope: float) -> GpuView:
    return GpuView(gpus=1, level=Level(now=90.0, trend=Monotone(18, 0.9, slope, 2.0, 89.0), step=step,
                                       low_recent=82.0), slow=NONE, growth_mib_per_min=0.0)


def names(f: NodeFeatures) -> list[str]:
    return [e.name for e in explain(f, RULES.benign)]


def test_a_step_on_one_gpu_of_four_is_a_checkpoint_load_though_the_mean_steps_less() -> None:
    node_mean = gpu(step=1.9, slope=0.75)  # the node's mean over four GPUs: 7.5 / 4
    f = dataclasses.replace(features(), gpu=node_mean, pools=[PoolView("GPU 1", gpu(7.5, 3.0), 0.0, 3600.0)])
    got = [e for e in explain(f, RULES.benign) if e.name == "checkpoint_load"]
    assert got and "GPU 1" in got[0].detail
    assert "checkpoint_load" not in names(dataclasses.replace(f, pools=[]))


def test_a_ramp_on_one_gpu_is_no_checkpoint_load() -> None:
    f = dataclasses.replace(features(), gpu=gpu(step=0.3, slope=0.75),
                            pools=[PoolView("GPU 1", gpu(0.9, 3.0), 0.0, 3600.0)])
    assert "checkpoint_load" not in names(f)


def h200(step: float) -> GpuView:
    """A 141 GB H200's framebuffer (143,771 MiB) after a step of ``step`` points."""
    return dataclasses.replace(gpu(step=step, slope=0.75), total_mib=143771.0)


def test_a_checkpoint_on_a_large_gpu_is_judged_by_its_size_in_mib() -> None:
    """Outsider s94: a 2.5 GiB checkpoint loaded and released on an H200 node is 1.8 points
    of its framebuffers, under the 3 points an 80 GB GPU's checkpoint makes, and was paged as
    a framebuffer leak. A checkpoint's size does not grow with the GPU."""
    f = features()
    assert "checkpoint_load" in names(dataclasses.replace(f, gpu=h200(1.8)))  # 2,590 MiB
    assert "checkpoint_load" not in names(dataclasses.replace(f, gpu=h200(1.0)))  # 1,440 MiB
    unknown = gpu(step=1.8, slope=0.75)  # the framebuffer's size not reported
    assert "checkpoint_load" not in names(dataclasses.replace(f, gpu=unknown))


def test_a_checkpoint_load_explains_the_host_memory_it_passes_through() -> None:
    """Outsider s146: a checkpoint read onto a node's GPUs climbs through its host memory (page
    cache, pinned staging buffers) in the same minutes; on a node whose server exports no vLLM
    series that climb was a monitoring gap's symptom, and paged. The load explains it; a ramp
    of the framebuffer does not."""
    from correlator.core.benign import HOST, explained

    f = features()
    assert explained(explain(dataclasses.replace(f, gpu=gpu(step=3.2, slope=3.0)), RULES.benign), HOST)
    per_gpu = dataclasses.replace(f, gpu=gpu(step=1.9, slope=0.75),
                                  pools=[PoolView("GPU 1", gpu(7.5, 3.0), 0.0, 3600.0)])
    assert explained(explain(per_gpu, RULES.benign), HOST)
    assert not explained(explain(dataclasses.replace(f, gpu=gpu(step=0.3, slope=0.75)), RULES.benign), HOST)


def test_a_job_on_one_gpu_of_a_server_spanning_four_is_a_checkpoint_load() -> None:
    """Outsider s166: a GPU benchmark job taking 6 GiB on one GPU of a TP4 node for ten
    minutes: 1.9 points of the node's mean, and no server of its own to judge it on; it was
    paged as a memory leak. One GPU's own step shows it."""
    from correlator.core.features import _gpu_step

    f = features()
    mean = gpu(step=1.9, slope=0.75)
    def with_step(mib: float) -> NodeFeatures:
        return dataclasses.replace(f, gpu=dataclasses.replace(mean, gpu_step_mib=mib))

    assert "checkpoint_load" in names(with_step(6144.0))
    assert "checkpoint_load" not in names(with_step(900.0))
    # a step is the whole of the GPU's rise over the window; a climb of the same size is not one
    flat, up = [74000.0] * 12, [80144.0] * 6
    assert _gpu_step(flat + up, 6) == 6144.0
    assert _gpu_step([74000.0 + 400.0 * i for i in range(18)], 6) == 0.0
