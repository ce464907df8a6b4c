"""GPUs split into MIG instances: each instance is a framebuffer of its own.

dcgm-exporter reports framebuffer fields per GPU instance on a MIG GPU (labels ``GPU_I_ID`` and
``GPU_I_PROFILE``; the node agent passes them on as ``gpu_instance`` and
``gpu_instance_profile``), so one GPU index carries several dcgm samples per scrape. Keyed by
the index alone they overwrote each other and the instance read last hid the others.
"""

from __future__ import annotations

import pickle

import pytest

from agents.dcgm import parse_dcgm
from correlator.config import load_rules
from correlator.core import Engine
from correlator.core.nodestate import MIG_TRACKS_MAX, NodeState
from correlator.core.sessions import SessionTracker
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, at, merged, node_records
from tests.unit.test_engine_timelines import healthy

RULES = load_rules()
SLICE_MIB = 40_448.0  # a 3g.40gb instance of an 80 GB card


def dcgm(t: float, instance: str, pct: float, *, label: str = "gpu_instance", gpu: int = 0,
         seq: int | None = None) -> SampleRecord:
    used = SLICE_MIB * pct / 100.0
    return SampleRecord(v=1, ts_ns=at(t), node="gpu-node-01", source="dcgm", kind="sample", gpu=gpu,
                        seq=seq, metrics={"DCGM_FI_DEV_FB_USED": used,
                                          "DCGM_FI_DEV_FB_FREE": SLICE_MIB - used},
                        labels={label: instance, "uuid": "GPU-0a1b"} if instance else {"uuid": "GPU-0a1b"})


def leaking_instance_records(seconds: float, *, label: str = "gpu_instance") -> list[Record]:
    """Instance 1 leaks 10 %/min of its slice from minute 30; instance 2, read last, stays flat."""
    recs: list[Record] = []
    seq = 0
    t = 0.0
    while t <= seconds:
        leak = 40.0 + max(0.0, t - 1800) / 60 * 10.0
        for inst, pct in (("1", min(leak, 99.0)), ("2", 50.0)):
            recs.append(dcgm(t, inst, pct, label=label, seq=seq))
            seq += 1
        t += 10.0
    return recs


def run(records: list[Record]) -> tuple[Engine, list]:  # type: ignore[type-arg]
    eng = Engine(RULES)
    actions = []
    for r in records:
        actions += eng.process(r).actions
    actions += eng.finish().actions
    return eng, actions


def node_with_mig(seconds: float, label: str = "gpu_instance") -> list[Record]:
    """A node whose only GPU telemetry is DCGM on one MIG GPU (no NVML), vLLM and host as usual."""
    mig = leaking_instance_records(seconds, label=label)
    return merged(node_records(healthy(gpus=0), seconds), iter(mig))


@pytest.mark.parametrize("label", ["gpu_instance", "GPU_I_ID"])
def test_a_leak_in_one_instance_is_seen_although_another_is_read_after_it(label: str) -> None:
    eng, actions = run(node_with_mig(2400, label))
    st = eng.fleet.nodes["gpu-node-01"].state
    assert set(st.mig) == {(0, "1"), (0, "2")}
    assert [p for p in st.pools()] == [st.mig[(0, "1")], st.mig[(0, "2")]]  # the GPU is split
    degrade = [a for a in actions if a.action == "degrade_weight"]
    assert degrade, "the leaking instance's growth must reach Level 1"
    assert 1800 < (degrade[0].ts_ns - T0) / 1e9 <= 1800 + 70
    assert 5.0 <= degrade[0].value <= 12.0  # the instance's 10 %/min
    isolate = [a for a in actions if a.action == "isolate_node"]
    assert isolate and (isolate[0].ts_ns - degrade[0].ts_ns) / 1e9 >= 180 - 70


def test_two_flat_instances_at_different_levels_are_no_growth() -> None:
    """Told apart, two steady instances (40 % and 60 % of their slices) grow nowhere, in
    whatever order a scrape lists them; keyed by the GPU alone they made one series that
    jumped 20 points whenever the order changed, read as fast growth."""
    recs: list[Record] = []
    for k in range(240):
        pair = [dcgm(k * 10.0, "1", 40.0), dcgm(k * 10.0, "2", 60.0)]
        for j, r in enumerate(pair if k % 7 else pair[::-1]):
            recs.append(r.model_copy(update={"seq": 2 * k + j}))
    eng = Engine(RULES)
    out = [eng.process(r) for r in merged(node_records(healthy(gpus=0), 2400), recs)] + [eng.finish()]
    assert [a.action for o in out for a in o.actions] == []
    assert [i for o in out for i in o.incidents] == []


def state() -> NodeState:
    return NodeState(cap=120, sessions=SessionTracker(64, 3600 * 10**9))


def test_the_gpu_as_a_whole_is_the_sum_of_its_instances_read_in_the_last_minute() -> None:
    st = state()
    st.ingest(dcgm(0, "1", 40.0))
    st.ingest(dcgm(0, "2", 60.0))
    whole = st.gpus[0].dcgm_pct
    assert whole.last_value == pytest.approx(50.0)  # (40 % + 60 %) of two equal slices
    assert st.gpus[0].used_mib.last_value == pytest.approx(SLICE_MIB)
    st.ingest(dcgm(90, "1", 80.0))  # instance 2 not read for 90 s: no longer counted
    assert whole.last_value == pytest.approx(80.0)


def test_a_gpu_whose_mig_is_turned_off_is_judged_whole_again() -> None:
    st = state()
    st.ingest(dcgm(0, "1", 40.0))
    assert st.pools() == [st.mig[(0, "1")]]
    st.ingest(dcgm(30, "", 45.0))
    assert st.pools() == [st.mig[(0, "1")]]  # within a minute of an instance's reading
    st.ingest(dcgm(61, "", 45.0))
    assert st.pools()[0] is st.gpus[0]


def test_instances_tracked_per_node_are_bounded() -> None:
    st = state()
    for i in range(3 * MIG_TRACKS_MAX):
        st.ingest(dcgm(i, str(i), 30.0))
    assert len(st.mig) == MIG_TRACKS_MAX


def test_a_node_state_saved_before_mig_tracking_restores() -> None:
    st = state()
    st.ingest(dcgm(0, "", 45.0))
    del st.__dict__["mig"]  # as the snapshots of earlier versions hold it
    back = pickle.loads(pickle.dumps(st))
    assert back.mig == {} and back.pools() == [back.gpus[0]]
    back.ingest(dcgm(10, "3", 45.0))
    assert set(back.mig) == {(0, "3")}


def mig_scrape(used: dict[str, int], slice_mib: int) -> str:
    """dcgm-exporter's text for one H200 split into instances (labels as the exporter names them)."""
    lines = []
    for field, value in (("FREE", lambda u: slice_mib - u), ("USED", lambda u: u)):
        lines += [f"# HELP DCGM_FI_DEV_FB_{field} Framebuffer memory {field.lower()} (in MiB).",
                  f"# TYPE DCGM_FI_DEV_FB_{field} gauge"]
        for inst, u in used.items():
            labels = (f'gpu="0",UUID="GPU-0a1b",device="nvidia0",modelName="NVIDIA H200",'
                      f'GPU_I_PROFILE="3g.71gb",GPU_I_ID="{inst}",Hostname="gpu-node-01"')
            lines.append(f"DCGM_FI_DEV_FB_{field}{{{labels}}} {value(u)}")
    return "\n".join(lines) + "\n"


def test_the_agents_mig_records_reach_the_instances() -> None:
    """An exporter scrape in MIG mode, through the agent's parser, into the core."""
    st = state()
    for rec in parse_dcgm(mig_scrape({"1": 20000, "2": 60000}, 72448), node="gpu-node-01", ts_ns=at(0)):
        st.ingest(SampleRecord.model_validate(rec))
    assert {k: round(t.dcgm_pct.last_value, 2) for k, t in st.mig.items()} == {
        (0, "1"): round(100 * 20000 / 72448, 2), (0, "2"): round(100 * 60000 / 72448, 2)}
    assert st.gpus[0].dcgm_pct.last_value == pytest.approx(100 * 80000 / (2 * 72448))
