"""dcgm-exporter's ``/metrics`` turned into one ``dcgm`` sample per GPU.

Tolerant of what drifts between exporter versions and deployments:
- identity labels in either spelling (``Hostname``/``hostname``, ``UUID``/``uuid``, ``modelName``),
  the static ``DCGM_FI_*`` fields the exporter's counters file declares as ``label`` (driver
  version by default; serial, VBIOS, NVML version... when enabled), Kubernetes pod labels, HPC
  jobs, ``err_code``/``err_msg`` on ``DCGM_FI_DEV_XID_ERRORS`` (exporter 3.3.6 and later): all
  become record labels rather than parts of metric names, so ``DCGM_FI_DEV_FB_USED`` and
  ``DCGM_FI_DEV_XID_ERRORS`` keep their bare names whatever the deployment adds;
- DCGM blank sentinels (values >= 9.2e18, and the fp64 blank codes), which are dropped;
- a missing ``DCGM_FI_DEV_XID_ERRORS`` series, which means "no XID yet" and is simply absent.
Only the labels with which dcgm-exporter itself tells apart several series of one GPU (``xid``
on ``DCGM_EXP_XID_ERRORS_COUNT``, ``nvlink``, ``peer_gpu``...) stay in the name, in selector form,
as the contract writes labelled series. Where pod mapping repeats a GPU's series once per pod,
the GPU's own (pod-less) series wins; otherwise the first one read.
"""

from __future__ import annotations

from collections.abc import Mapping

from agents.exposition import Series, is_reading, parse, selector
from agents.records import JsonRecord, sample

PREFIXES = ("DCGM_FI_", "DCGM_EXP_")

# Labels with which dcgm-exporter keeps several series of one GPU apart: they stay in the name.
SPLITTING = frozenset({
    "xid", "window_size_in_ms",              # DCGM_EXP_XID_ERRORS_COUNT
    "clock_event",                           # DCGM_EXP_CLOCK_EVENTS_COUNT
    "peer_gpu", "link_status",               # DCGM_EXP_P2P_STATUS
    "health_watch", "health_error_code",     # DCGM_EXP_GPU_HEALTH_STATUS
    "nvlink", "nvswitch", "cpu", "cpucore",  # per-link and non-GPU entities
})
INSTANCE_LABEL = "gpu_instance"
"""The record label naming a MIG GPU instance (dcgm-exporter's ``GPU_I_ID``); the vLLM records
of a server on an instance (``--vllm-url GPU/INSTANCE=URL``) carry it too."""
# lower-cased exporter label -> record label name
IDENTITY = {
    "uuid": "uuid",
    "gpu_uuid": "uuid",  # per-link series
    "modelname": "model_name",
    "model_name": "model_name",  # per-link series
    "hostname": "hostname",
    "pci_bus_id": "pci_bus_id",
    "device": "device",
    "gpu_i_profile": "gpu_instance_profile",
    "gpu_i_id": INSTANCE_LABEL,
    "err_code": "xid_err_code",
    "err_msg": "xid_err_msg",
}
FIELD_LABEL_PREFIXES = ("dcgm_fi_dev_", "dcgm_fi_")
"""Static DCGM fields rendered as labels (``DCGM_FI_DRIVER_VERSION`` -> ``driver_version``)."""
# Kubernetes pod mapping, under the names different exporter versions used
POD = {
    "pod": "pod",
    "pod_name": "pod",
    "exported_pod": "pod",
    "namespace": "namespace",
    "pod_namespace": "namespace",
    "exported_namespace": "namespace",
    "container": "container",
    "container_name": "container",
    "exported_container": "container",
}

GpuKey = tuple[int, str]  # (gpu index, MIG instance id or "")


class _Gpu:
    def __init__(self) -> None:
        self.metrics: dict[str, float] = {}
        self.labels: dict[str, str] = {}
        self.users: dict[str, set[str]] = {}
        self.per_user: set[str] = set()  # metrics whose value came from a pod's copy


def parse_dcgm(text: str, *, node: str, ts_ns: int) -> list[JsonRecord]:
    """One ``dcgm`` sample per GPU (per MIG instance where the exporter splits them)."""
    gpus: dict[GpuKey, _Gpu] = {}
    for series in parse(text):
        if series.name.startswith(PREFIXES) and is_reading(series.value):
            _add(gpus, series)
    return [_record(gpus[key], key[0], node, ts_ns) for key in sorted(gpus)]


def _add(gpus: dict[GpuKey, _Gpu], series: Series) -> None:
    lower = {k.lower(): v for k, v in series.labels.items()}
    index = lower.get("gpu", "")
    if not index.isdigit():
        return  # NVSwitch, CPU or host-level series carry no GPU index
    gpu = gpus.setdefault((int(index), lower.get("gpu_i_id", "")), _Gpu())
    extra, users = {}, False
    for key, value in series.labels.items():
        low = key.lower()
        if low == "gpu":
            continue
        if low in SPLITTING:
            extra[key] = value
        elif low in IDENTITY:
            gpu.labels.setdefault(IDENTITY[low], value)
        elif low.startswith(FIELD_LABEL_PREFIXES):
            gpu.labels.setdefault(_field_label(low), value)
        elif value:  # pods, pod labels, HPC jobs...: who uses the GPU
            gpu.users.setdefault(POD.get(low, key), set()).add(value)
            users = True
    _keep(gpu, selector(series.name, extra), series.value, users)


def _field_label(low: str) -> str:
    for prefix in FIELD_LABEL_PREFIXES:
        if low.startswith(prefix):
            return low.removeprefix(prefix)
    return low


def _keep(gpu: _Gpu, name: str, value: float, users: bool) -> None:
    """The GPU's own series wins over a pod's copy of it; otherwise the first one read."""
    if name not in gpu.metrics or (name in gpu.per_user and not users):
        gpu.metrics[name] = value
        if users:
            gpu.per_user.add(name)
        else:
            gpu.per_user.discard(name)


def _record(gpu: _Gpu, index: int, node: str, ts_ns: int) -> JsonRecord:
    labels = dict(gpu.labels)
    for key, value in _joined(gpu.users).items():
        labels.setdefault(key, value)
    return sample(
        node=node, source="dcgm", ts_ns=ts_ns, gpu=index, metrics=gpu.metrics, labels=labels
    )


def _joined(users: Mapping[str, set[str]]) -> dict[str, str]:
    """GPUs shared by several pods list them all, sorted, comma-separated."""
    return {key: ",".join(sorted(values)) for key, values in users.items()}
