"""vLLM engines of one node told apart: a node that runs one vLLM server per GPU."""

from __future__ import annotations

from correlator.core.nodestate import ENGINES_KEPT, GPUS_KEPT, NodeState, engine_key
from correlator.core.sessions import SessionTracker
from correlator.obs.tracker import NodeTracker
from correlator.wire.records import SampleRecord

T0 = 1_740_996_000 * 10**9
STOP = 'vllm:request_success_total{finished_reason="stop"}'


def server(t: int, gpu: int | None, served: float, kv: float, engine: str | None = "0") -> SampleRecord:
    labels = {"model_name": "meta-llama/Llama-3.1-8B-Instruct"} | ({"engine": engine} if engine else {})
    return SampleRecord(v=1, ts_ns=T0 + t * 10**9, node="l40s-01", source="vllm", kind="sample", gpu=gpu,
                        labels=labels, metrics={STOP: served, "vllm:kv_cache_usage_perc": kv})


def test_servers_on_separate_gpus_that_all_say_engine_0_are_separate_engines() -> None:
    """Each server's counters count from its own start (here 10,000 and 500 requests): read as
    one engine they went down and up every scrape, a restart each time."""
    st = NodeState(cap=120, sessions=SessionTracker(64, 3600 * 10**9))
    for k in range(30):
        st.ingest(server(10 * k, 0, 10_000 + 5 * k, 0.30))
        st.ingest(server(10 * k, 1, 500 + 5 * k, 0.70))
    assert sorted(st.engines) == ["0 on GPU 0", "0 on GPU 1"]
    assert all(e.restart_ns == 0 for e in st.engines.values())
    kv = {k: round(e.kv_pct.last_value, 3) for k, e in st.engines.items()}
    assert kv == {"0 on GPU 0": 30.0, "0 on GPU 1": 70.0}


def test_engine_keys_without_a_gpu_are_the_engine_label_as_before() -> None:
    assert engine_key({"engine": "1"}, None) == "1"
    assert engine_key({}, None) == "0"
    assert engine_key({}, 3) == "3"
    assert engine_key({"engine": "0"}, 3) == "0 on GPU 3"


def test_the_kv_health_tracker_uses_the_same_keys() -> None:
    t = NodeTracker(warmup_ns=0)
    for k in range(3):
        t.observe(server(10 * k, 0, 10_000 + 5 * k, 0.30))
        t.observe(server(10 * k, 1, 500 + 5 * k, 0.70))
    assert {e for e, _ in t._raw} == {"0 on GPU 0", "0 on GPU 1"}


def test_made_up_engine_labels_and_gpu_indices_do_not_grow_a_node_without_bound() -> None:
    """A producer that puts a pod name per restart in ``engine``, or numbers GPUs at random:
    beyond the bound, the engine or GPU silent longest makes way for the new one."""
    st = NodeState(cap=120, sessions=SessionTracker(64, 3600 * 10**9))
    for k in range(10 * ENGINES_KEPT):
        st.ingest(server(k, None, 10.0, 0.3, engine=f"pod-{k}"))
    assert len(st.engines) == ENGINES_KEPT
    assert f"pod-{10 * ENGINES_KEPT - 1}" in st.engines and "pod-0" not in st.engines
    for k in range(10 * GPUS_KEPT):
        st.ingest(SampleRecord(v=1, ts_ns=T0 + k * 10**9, node="l40s-01", source="nvml", kind="sample",
                               gpu=1000 + k, metrics={"mem_used_bytes": 1e9, "mem_total_bytes": 4.8e10}))
    assert len(st.gpus) == GPUS_KEPT and 1000 + 10 * GPUS_KEPT - 1 in st.gpus


def test_made_up_gpu_indices_and_sources_do_not_grow_a_nodes_aligner_without_bound() -> None:
    from correlator.config import load_rules
    from correlator.core import Engine
    from correlator.core.align import SOURCES_KEPT, STREAMS_KEPT

    eng = Engine(load_rules())
    for k in range(3 * STREAMS_KEPT):
        eng.process(SampleRecord(v=1, ts_ns=T0 + k * 10**8, node="l40s-01", source="nvml", kind="sample",
                                 gpu=k, seq=0, metrics={"mem_used_bytes": 1e9}))
    aligner = eng.fleet.nodes["l40s-01"].aligner
    assert len(aligner.streams) == STREAMS_KEPT and len(aligner.seqs) <= STREAMS_KEPT
    assert ("nvml", 3 * STREAMS_KEPT - 1) in aligner.streams
    refused = []
    for k in range(2 * SOURCES_KEPT):
        out = eng.process(SampleRecord(v=1, ts_ns=T0 + 10**11 + k * 10**8, node="l40s-01", source=f"src-{k}",
                                       kind="sample", metrics={"x": 1.0}))
        refused += out.rejected
    assert len(aligner.sources) == SOURCES_KEPT
    assert len(refused) == SOURCES_KEPT + 1  # nvml was the first source
    assert refused[0].reason.startswith("overflow:") and "'src-15'" in refused[0].reason


def test_servers_on_the_mig_instances_of_one_gpu_are_separate_engines() -> None:
    st = NodeState(cap=120, sessions=SessionTracker(64, 3600 * 10**9))
    for k in range(30):
        for inst, served in (("1", 10_000 + 5 * k), ("2", 500 + 5 * k)):
            rec = server(10 * k, 0, served, 0.3)
            st.ingest(rec.model_copy(update={"labels": {**(rec.labels or {}), "GPU_I_ID": inst}}))
    assert sorted(st.engines) == ["0 on GPU 0/1", "0 on GPU 0/2"]
    assert all(e.restart_ns == 0 for e in st.engines.values())
    assert engine_key({"engine": "0", "gpu_instance": "3"}, 1) == "0 on GPU 1/3"


def test_free_form_finished_reasons_and_gpu_indices_stay_bounded_in_core_and_tracker() -> None:
    from correlator.core.nodestate import COUNTERS_KEPT, MIG_TRACKS_MAX

    st = NodeState(cap=120, sessions=SessionTracker(64, 3600 * 10**9))
    tracker = NodeTracker(warmup_ns=0)
    for k in range(200):
        rec = SampleRecord(v=1, ts_ns=T0 + k * 10**9, node="l40s-01", source="vllm", kind="sample",
                           labels={"engine": "0"},
                           metrics={f'vllm:request_success_total{{finished_reason="r{k}"}}': 5.0 + k})
        st.ingest(rec)
        tracker.observe(rec)
        tracker.observe(SampleRecord(v=1, ts_ns=T0 + k * 10**9, node="l40s-01", source="nvml", kind="sample",
                                     gpu=k, metrics={"mem_used_bytes": 1e9}))
    assert len(st.engines["0"].counters) == COUNTERS_KEPT
    assert len(tracker.gpus) == GPUS_KEPT + MIG_TRACKS_MAX
    assert len(tracker._raw) <= ENGINES_KEPT * COUNTERS_KEPT
