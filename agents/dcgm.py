"""dcgm-exporter's ``/metrics`` turned into one ``dcgm`` sample per GPU.

Tolerant of what drifts between exporter versions and deployments:
- identity labels in either spelling (``Hostname``/``hostname``, ``UUID``/``uuid``, ``modelName``),
  and Kubernetes pod labels, which become record labels rather than parts of metric names;
- DCGM blank sentinels (values >= 9.2e18, and the fp64 blank codes), which are dropped;
- a missing ``DCGM_FI_DEV_XID_ERRORS`` series, which means "no XID yet" and is simply absent.
Any other label (e.g. ``xid`` on ``DCGM_EXP_XID_ERRORS_COUNT``) keeps the series apart in
selector form, as the contract writes labelled series.
"""

from __future__ import annotations

from collections.abc import Mapping

from agents.exposition import Series, is_reading, parse, selector
from agents.records import JsonRecord, sample

PREFIXES = ("DCGM_FI_", "DCGM_EXP_")

# lower-cased exporter label -> record label name
IDENTITY = {
    "uuid": "uuid",
    "modelname": "model_name",
    "hostname": "hostname",
    "pci_bus_id": "pci_bus_id",
    "device": "device",
    "dcgm_fi_driver_version": "driver_version",
    "gpu_i_profile": "gpu_instance_profile",
    "gpu_i_id": "gpu_instance",
}
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
        self.pods: dict[str, set[str]] = {}


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
    extra = {}
    for key, value in series.labels.items():
        low = key.lower()
        if low in IDENTITY:
            gpu.labels.setdefault(IDENTITY[low], value)
        elif low in POD:
            if value:
                gpu.pods.setdefault(POD[low], set()).add(value)
        elif low != "gpu":
            extra[key] = value
    gpu.metrics.setdefault(selector(series.name, extra), series.value)


def _record(gpu: _Gpu, index: int, node: str, ts_ns: int) -> JsonRecord:
    labels = dict(gpu.labels)
    labels.update(_joined(gpu.pods))
    return sample(
        node=node, source="dcgm", ts_ns=ts_ns, gpu=index, metrics=gpu.metrics, labels=labels
    )


def _joined(pods: Mapping[str, set[str]]) -> dict[str, str]:
    """GPUs shared by several pods list them all, sorted, comma-separated."""
    return {key: ",".join(sorted(values)) for key, values in pods.items()}
