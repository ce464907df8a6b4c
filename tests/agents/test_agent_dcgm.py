"""dcgm-exporter captures served over real HTTP and scraped by the agent's DCGM source."""

from __future__ import annotations

import aiohttp
import pytest
from agent_helpers import Served, fixture_text, validate

from agents.dcgm import parse_dcgm
from agents.sources import DcgmSource

TS = 1_789_095_808_000_000_000

# (fixture, expected labels, expected metric values) - read off the capture files by hand
CAPTURES = [
    (
        "dcgm_exporter_metrics_l40s_upcloud.prom",
        {"uuid": "GPU-5b4e07f6-3a86-4340-039d-25f2a83cdc43", "model_name": "NVIDIA L40S",
         "hostname": "gpu1-wl8sg", "driver_version": "595.58.03", "pci_bus_id": "00000000:00:07.0"},
        {"DCGM_FI_DEV_FB_FREE": 45459, "DCGM_FI_DEV_FB_USED": 0, "DCGM_FI_DEV_FB_RESERVED": 608,
         "DCGM_FI_DEV_POWER_USAGE": 35.686, "DCGM_FI_DEV_GPU_TEMP": 32,
         "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION": 5551899580, "DCGM_FI_DEV_SM_CLOCK": 210,
         "DCGM_FI_PROF_DRAM_ACTIVE": 0.000131, "DCGM_FI_PROF_PCIE_TX_BYTES": 175084},
    ),
    (
        "dcgm_exporter_metrics_l4_kops.prom",
        {"uuid": "GPU-c2f76b33-7953-256e-8f33-1343419b1a1c", "model_name": "NVIDIA L4",
         "hostname": "i-030791dc5a37cd257", "driver_version": "580.105.08"},
        {"DCGM_FI_DEV_FB_FREE": 22563, "DCGM_FI_DEV_FB_RESERVED": 470,
         "DCGM_FI_DEV_POWER_USAGE": 16.365, "DCGM_FI_DEV_GPU_TEMP": 31,
         "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION": 4742776, "DCGM_FI_PROF_PCIE_RX_BYTES": 17544},
    ),
    (
        "dcgm_exporter_metrics_t4_ericsson_nohelp.prom",
        {"uuid": "GPU-6d5c0ac5-74d7-3130-46f1-e93ed57f469a", "model_name": "Tesla T4",
         "hostname": "cp-bm14r7", "driver_version": "590.48.01"},
        {"DCGM_FI_DEV_GPU_UTIL": 91, "DCGM_FI_DEV_MEM_COPY_UTIL": 73, "DCGM_FI_DEV_FB_USED": 5120,
         "DCGM_FI_DEV_FB_FREE": 9791, "DCGM_FI_DEV_FB_RESERVED": 447, "DCGM_FI_DEV_GPU_TEMP": 74,
         "DCGM_FI_DEV_POWER_USAGE": 68.244, "DCGM_FI_DEV_SM_CLOCK": 660,
         "DCGM_FI_DEV_MEM_CLOCK": 5000, "DCGM_FI_PROF_GR_ENGINE_ACTIVE": 0.156205},
    ),
]


@pytest.mark.parametrize(("name", "labels", "values"), CAPTURES, ids=lambda v: str(v)[:24])
async def test_capture_scraped_over_http(served: Served, name: str, labels: dict[str, str],
                                         values: dict[str, float]) -> None:
    text = fixture_text(name)
    served.pages["/metrics"] = (200, text)
    async with aiohttp.ClientSession() as session:
        records = await DcgmSource("gpu-node-7", served.url("/metrics"), session).collect(TS)
    [model] = validate(records)
    assert (model.node, model.source, model.kind, model.gpu, model.ts_ns) == (
        "gpu-node-7", "dcgm", "sample", 0, TS)
    assert model.labels is not None and labels.items() <= model.labels.items()
    for metric, value in values.items():
        assert model.metrics[metric] == pytest.approx(value, rel=1e-12), metric
    # every DCGM_ line of the capture became one metric, nothing else did
    assert len(model.metrics) == sum(1 for line in text.splitlines() if line.startswith("DCGM_"))
    assert "DCGM_FI_DEV_XID_ERRORS" not in model.metrics  # no XID yet: absent, not zero


def drifted_t4() -> str:
    """The T4 capture as a newer exporter on Kubernetes would write it, with a second GPU."""
    gpu0 = (fixture_text("dcgm_exporter_metrics_t4_ericsson_nohelp.prom")
            .replace('UUID="', 'uuid="').replace('Hostname="', 'hostname="')
            .replace('DCGM_FI_DRIVER_VERSION="590.48.01"}',
                     'DCGM_FI_DRIVER_VERSION="590.48.01",pod="vllm-0",namespace="llm",'
                     'container="vllm"}'))
    gpu1 = (gpu0.replace('gpu="0"', 'gpu="1"').replace("6d5c0ac5", "7e6d1bd6")
            .replace('pod="vllm-0"', 'pod="vllm-1"'))
    blank = 'DCGM_FI_DEV_XID_ERRORS{gpu="0",uuid="GPU-6d5c0ac5-74d7-3130-46f1-e93ed57f469a"} ' \
            '9223372036854775794\n'
    xid = 'DCGM_FI_DEV_XID_ERRORS{gpu="1",uuid="GPU-7e6d1bd6-74d7-3130-46f1-e93ed57f469a"} 79\n'
    return gpu0 + gpu1 + blank + xid


def test_label_drift_pods_blank_sentinel_and_xid() -> None:
    records = parse_dcgm(drifted_t4(), node="n1", ts_ns=TS)
    gpu0, gpu1 = validate(records)
    assert (gpu0.gpu, gpu1.gpu) == (0, 1)
    assert gpu0.labels["uuid"] == "GPU-6d5c0ac5-74d7-3130-46f1-e93ed57f469a"
    assert gpu1.labels["uuid"] == "GPU-7e6d1bd6-74d7-3130-46f1-e93ed57f469a"
    assert gpu0.labels["hostname"] == "cp-bm14r7"
    assert (gpu0.labels["pod"], gpu0.labels["namespace"], gpu1.labels["pod"]) == (
        "vllm-0", "llm", "vllm-1")
    assert "DCGM_FI_DEV_XID_ERRORS" not in gpu0.metrics  # the blank sentinel is no reading
    assert gpu1.metrics["DCGM_FI_DEV_XID_ERRORS"] == 79
    assert gpu1.metrics["DCGM_FI_DEV_GPU_UTIL"] == 91
    assert not any("pod" in name for name in gpu0.metrics)  # pod labels never split series


def test_extra_labels_keep_series_apart_in_selector_form() -> None:
    text = ('DCGM_EXP_XID_ERRORS_COUNT{gpu="0",UUID="GPU-x",xid="79",window_size_in_ms="300000"} 2\n'
            'DCGM_EXP_XID_ERRORS_COUNT{gpu="0",UUID="GPU-x",xid="13",window_size_in_ms="300000"} 1\n'
            'DCGM_FI_DEV_FB_USED{gpu="0",UUID="GPU-x"} 140737488355329\n'  # fp64 "not found"
            'DCGM_FI_DEV_FB_FREE{nvswitch="0"} 1\n')  # no GPU index: not a GPU series
    [rec] = validate(parse_dcgm(text, node="n1", ts_ns=TS))
    assert rec.metrics == {
        'DCGM_EXP_XID_ERRORS_COUNT{window_size_in_ms="300000",xid="13"}': 1,
        'DCGM_EXP_XID_ERRORS_COUNT{window_size_in_ms="300000",xid="79"}': 2,
    }


async def test_unreachable_and_failing_exporter_become_gaps(served: Served) -> None:
    served.pages["/metrics"] = (500, "dcgm hostengine down")
    async with aiohttp.ClientSession() as session:
        source = DcgmSource("n1", served.url("/metrics"), session, timeout_s=5)
        first = validate(await source.collect(TS))
        second = validate(await source.collect(TS + 10))
        served.pages["/metrics"] = (200, fixture_text("dcgm_exporter_metrics_l4_kops.prom"))
        back = validate(await source.collect(TS + 20))
        served.pages["/metrics"] = (200, "DCGM_FI_DEV_FB_FREE{gpu=0 oops\n")
        garbled = validate(await source.collect(TS + 30))
    assert [r.event for r in first + second] == ["source_gap", "source_gap"]
    assert first[0].source == "dcgm" and "HTTP 500" in first[0].attrs["reason"]
    assert second[0].attrs["failures"] == 2 and second[0].attrs["since_ns"] == TS
    assert back[0].kind == "sample" and source.gap.failures == 1  # garbled page: a new streak
    assert garbled[0].event == "source_gap" and garbled[0].attrs["failures"] == 1


async def test_connection_refused_is_a_gap() -> None:
    import socket

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()  # nothing listens there now
    async with aiohttp.ClientSession() as session:
        [gap] = validate(await DcgmSource("n1", f"http://127.0.0.1:{port}/metrics",
                                          session).collect(TS))
    assert gap.event == "source_gap" and gap.attrs["target"].endswith(f"{port}/metrics")


def current_exporter_l40s() -> str:
    """The L40S capture as dcgm-exporter >= 3.3.6 writes it with an XID raised, the serial and
    VBIOS label fields of its counters file enabled (``DCGM_FI_DEV_SERIAL, label`` ...; see
    ../shared/data/telemetry/dcgm_exporter_default-counters_d5e5f51.csv) and pod mapping with
    ``--kubernetes-enable-pod-uid`` and pod labels on: every series gains those labels, and
    ``DCGM_FI_DEV_XID_ERRORS`` carries ``err_code``/``err_msg`` (internal/pkg/collector/
    gpu_collector.go and transformation/kubernetes.go at d5e5f51)."""
    labels = ('DCGM_FI_DRIVER_VERSION="595.58.03",DCGM_FI_DEV_SERIAL="1652923001234",'
              'DCGM_FI_DEV_VBIOS_VERSION="95.02.5D.00.01",container="vllm",namespace="llm",'
              'pod="vllm-0",pod_uid="7c1e0b6a-1f2d-4c59-9a43-2f0c8e1d9b11",'
              'app_kubernetes_io_name="vllm"}')
    text = fixture_text("dcgm_exporter_metrics_l40s_upcloud.prom").replace(
        'DCGM_FI_DRIVER_VERSION="595.58.03"}', labels)
    xid = ('# HELP DCGM_FI_DEV_XID_ERRORS Value of the last XID error encountered.\n'
           '# TYPE DCGM_FI_DEV_XID_ERRORS gauge\n'
           'DCGM_FI_DEV_XID_ERRORS{gpu="0",UUID="GPU-5b4e07f6-3a86-4340-039d-25f2a83cdc43",'
           'pci_bus_id="00000000:00:07.0",device="nvidia0",modelName="NVIDIA L40S",'
           'Hostname="gpu1-wl8sg",' + labels.replace("}", ',err_code="79",'
                                                    'err_msg="GPU has fallen off the bus"}')
           + ' 79\n')
    return text + xid


def test_label_fields_pods_and_xid_attributes_never_rename_the_metrics() -> None:
    text = current_exporter_l40s()
    [rec] = validate(parse_dcgm(text, node="n1", ts_ns=TS))
    assert rec.metrics["DCGM_FI_DEV_XID_ERRORS"] == 79  # the name the correlator reads
    assert rec.metrics["DCGM_FI_DEV_FB_FREE"] == 45459 and rec.metrics["DCGM_FI_DEV_FB_USED"] == 0
    assert all("{" not in name for name in rec.metrics), sorted(rec.metrics)
    assert len(rec.metrics) == sum(1 for line in text.splitlines() if line.startswith("DCGM_"))
    assert rec.labels is not None
    assert {k: rec.labels[k] for k in ("driver_version", "serial", "vbios_version", "pod",
                                       "pod_uid", "app_kubernetes_io_name", "xid_err_msg")} == {
        "driver_version": "595.58.03", "serial": "1652923001234", "vbios_version": "95.02.5D.00.01",
        "pod": "vllm-0", "pod_uid": "7c1e0b6a-1f2d-4c59-9a43-2f0c8e1d9b11",
        "app_kubernetes_io_name": "vllm", "xid_err_msg": "GPU has fallen off the bus"}


def test_the_correlator_reads_framebuffer_and_xid_from_a_current_exporter() -> None:
    from correlator.core.nodestate import NodeState
    from correlator.core.sessions import SessionTracker

    [rec] = validate(parse_dcgm(current_exporter_l40s(), node="n1", ts_ns=TS))
    state = NodeState(cap=60, sessions=SessionTracker(1000, 10**12))
    state.ingest(rec)
    gpu = state.gpus[0]
    assert (gpu.xid, gpu.total_mib) == (79, 0 + 45459 + 608)


def test_the_gpus_own_series_wins_over_per_pod_copies() -> None:
    """Shared GPUs (virtual GPUs, time slicing): the exporter writes the device-level
    ``DCGM_FI_DEV_FB_USED`` and then one per pod with the pod's own use."""
    text = ('DCGM_FI_DEV_FB_USED{gpu="0",UUID="GPU-x",pod="a",namespace="llm",vgpu="0"} 3000\n'
            'DCGM_FI_DEV_FB_USED{gpu="0",UUID="GPU-x"} 9000\n'
            'DCGM_FI_DEV_FB_USED{gpu="0",UUID="GPU-x",pod="b",namespace="llm",vgpu="1"} 6000\n'
            'DCGM_FI_DEV_GPU_UTIL{gpu="0",UUID="GPU-x",pod="a",namespace="llm",vgpu="0"} 40\n')
    [rec] = validate(parse_dcgm(text, node="n1", ts_ns=TS))
    assert rec.metrics == {"DCGM_FI_DEV_FB_USED": 9000, "DCGM_FI_DEV_GPU_UTIL": 40}
    assert rec.labels is not None
    assert (rec.labels["pod"], rec.labels["vgpu"], rec.labels["uuid"]) == ("a,b", "0,1", "GPU-x")


def test_per_link_series_keep_their_link_and_name_the_gpu_once() -> None:
    text = ('DCGM_FI_PROF_NVLINK_TX_BYTES{nvlink="0",gpu="0",gpu_uuid="GPU-x",model_name="H100"} 5\n'
            'DCGM_FI_PROF_NVLINK_TX_BYTES{nvlink="1",gpu="0",gpu_uuid="GPU-x",model_name="H100"} 7\n')
    [rec] = validate(parse_dcgm(text, node="n1", ts_ns=TS))
    assert rec.metrics == {'DCGM_FI_PROF_NVLINK_TX_BYTES{nvlink="0"}': 5,
                           'DCGM_FI_PROF_NVLINK_TX_BYTES{nvlink="1"}': 7}
    assert rec.labels == {"uuid": "GPU-x", "model_name": "H100"}


@pytest.mark.parametrize(("body", "says"), [
    ("", "an empty page"),
    ("# HELP up\nup 1\nnode_load1 0.25\n", "a page without any DCGM_ reading of a GPU"),
    ('DCGM_FI_DEV_FB_USED{gpu="0",UUID="GPU-x"} 9223372036854775794\n',  # blank only
     "a page without any DCGM_ reading of a GPU"),
])
async def test_a_page_without_readings_is_a_gap(served: Served, body: str, says: str) -> None:
    served.pages["/metrics"] = (200, body)
    async with aiohttp.ClientSession() as session:
        [gap] = validate(await DcgmSource("n1", served.url("/metrics"), session).collect(TS))
    assert gap.event == "source_gap" and gap.attrs["reason"].endswith(f"answered with {says}")
