"""vLLM's ``/metrics`` (V1 names) turned into one ``vllm`` sample per engine.

Metric names stay exactly as vLLM exposes them; a series with labels beyond the engine's identity
is written in selector form (``vllm:request_success_total{finished_reason="abort"}``), as the
contract says. Dropped: ``*_created`` series (process bookkeeping, not readings), histogram
buckets (their ``_sum`` and ``_count`` are kept, enough for means and rates), non-``vllm:``
series, and non-finite values. ``*_info`` gauges carry configuration in their labels; the few
that size the KV pool become record labels instead of metrics. Servers before V1 label
``vllm:cache_config_info`` with neither ``engine`` nor ``model_name``: its labels then apply to
every engine of the page.

A node that runs one server per GPU (or per MIG instance) has every server number its engines
from 0: the agent then says which GPU a server runs on (``gpu``, and the instance label for a
MIG instance), and the correlator tells the servers apart by it.
"""

from __future__ import annotations

from agents.dcgm import INSTANCE_LABEL
from agents.exposition import Series, is_reading, parse, selector
from agents.records import JsonRecord, sample

PREFIX = "vllm:"
DROPPED_SUFFIXES = ("_created", "_bucket")
IDENTITY = ("engine", "model_name")
CONFIG_LABELS = (
    "block_size",
    "num_gpu_blocks",
    "gpu_memory_utilization",
    "cache_dtype",
    "enable_prefix_caching",
)


class _Engine:
    def __init__(self) -> None:
        self.metrics: dict[str, float] = {}
        self.labels: dict[str, str] = {}


def parse_vllm(text: str, *, node: str, ts_ns: int, gpu: int | None = None,
               instance: str = "") -> list[JsonRecord]:
    """One ``vllm`` sample per engine (``labels.engine``, ``labels.model_name``).

    ``gpu`` is the GPU the server runs on (None: across the node's GPUs, e.g. tensor parallel),
    ``instance`` its MIG GPU instance there ('' for the whole GPU), written as the same label
    the ``dcgm`` records name it with."""
    engines: dict[str, _Engine] = {}
    for series in parse(text):
        if _wanted(series):
            _add(engines.setdefault(_engine_key(series), _Engine()), series)
    unkeyed = engines.get("")
    for key, e in engines.items():
        if key and unkeyed is not None:  # configuration published for the whole server
            for label, value in unkeyed.labels.items():
                e.labels.setdefault(label, value)
    where = {INSTANCE_LABEL: instance} if instance else {}
    return [
        sample(node=node, source="vllm", ts_ns=ts_ns, gpu=gpu, metrics=e.metrics,
               labels=e.labels | where)
        for _, e in sorted(engines.items())
        if e.metrics
    ]


def _wanted(series: Series) -> bool:
    name = series.name
    return name.startswith(PREFIX) and not name.endswith(DROPPED_SUFFIXES) and is_reading(
        series.value
    )


def _engine_key(series: Series) -> str:
    """V1 labels every series with ``engine``; older servers only with ``model_name``."""
    return series.labels.get("engine") or series.labels.get("model_name", "")


def _add(engine: _Engine, series: Series) -> None:
    for key in IDENTITY:
        if key in series.labels:
            engine.labels.setdefault(key, series.labels[key])
    if series.name.endswith("_info"):
        for key in CONFIG_LABELS:
            value = series.labels.get(key, "None")
            if value != "None":
                engine.labels.setdefault(key, value)
        return
    extra = {k: v for k, v in series.labels.items() if k not in IDENTITY}
    engine.metrics.setdefault(selector(series.name, extra), series.value)
