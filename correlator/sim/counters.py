"""An engine's cumulative counters and latency histograms, as vLLM's /metrics exposes them.

Everything here starts from zero when the engine (re)starts, as Prometheus counters do.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from correlator.sim.histogram import E2E_BUCKETS, ITL_BUCKETS, TTFT_BUCKETS, Histogram

FINISH_REASONS = ("stop", "length", "abort", "error")


@dataclass(frozen=True, slots=True)
class SpecConfig:
    """Speculative decoding: ``k`` draft tokens per step, each accepted with ``alpha``
    given the previous one was."""

    method: str
    k: int
    alpha: float
    accepted: float = field(init=False, default=0.0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "accepted", sum(self.alpha**i for i in range(1, self.k + 1)))

    def accepted_per_step(self) -> float:
        return self.accepted


@dataclass(slots=True)
class EngineCounters:
    """Raw cumulative values; a restart replaces the whole object."""

    preemptions: float = 0.0
    prefix_queries: float = 0.0
    prefix_hits: float = 0.0
    prompt_tokens: float = 0.0
    generation_tokens: float = 0.0
    drafts: float = 0.0
    draft_tokens: float = 0.0
    accepted_tokens: float = 0.0
    finished: dict[str, float] = field(default_factory=lambda: dict.fromkeys(FINISH_REASONS, 0.0))
    ttft: Histogram = field(default_factory=lambda: Histogram(TTFT_BUCKETS))
    e2e: Histogram = field(default_factory=lambda: Histogram(E2E_BUCKETS))
    itl: Histogram = field(default_factory=lambda: Histogram(ITL_BUCKETS))
    queue: Histogram = field(default_factory=lambda: Histogram(E2E_BUCKETS))


def seed_counters(counters: EngineCounters, requests: float, spec: SpecConfig | None) -> None:
    """Give a long-running engine plausible totals for the ``requests`` it served before the
    scenario (counters are cumulative since its start, not since ours)."""
    n = round(requests)
    counters.finished.update(stop=round(0.91 * n), length=round(0.06 * n),
                             abort=round(0.02 * n), error=round(0.0004 * n))  # fmt: skip
    counters.prompt_tokens = 1700.0 * n
    counters.generation_tokens = 190.0 * n
    counters.prefix_queries = round(1.1 * counters.prompt_tokens)
    counters.prefix_hits = round(0.55 * counters.prefix_queries)
    counters.preemptions = round(0.002 * n)
    counters.e2e.count, counters.e2e.sum = 0.98 * n, 7.5 * 0.98 * n
    counters.ttft.count, counters.ttft.sum = float(n), 0.18 * n
    if spec is not None:
        counters.drafts = round(counters.generation_tokens / (1.0 + spec.accepted_per_step()))
        counters.draft_tokens = counters.drafts * spec.k
        counters.accepted_tokens = round(counters.drafts * spec.accepted_per_step())
