"""River online anomaly detectors on growth rates.

One univariate Gaussian scorer per (node, signal), fed once per evaluation tick: it scores a
growth rate before learning it (River's protocol), so a value is judged against history that
excludes it. Its state is a running mean and variance (O(1), whatever the stream's length).
Only growth *above* the learned mean is anomalous here: a faster reclaim is not a fault.

River (and SciPy under it) takes about a second to import, so it is imported when the first
detector is made, not with the core: commands that make none (``--help``, ``rules check``,
``tail``, the pager) start without it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from river.anomaly import GaussianScorer


@dataclass
class GrowthDetector:
    """Anomaly score in [0, 1] of a growth rate, one-sided (upwards)."""

    grace: int
    threshold: float
    min_excess: float = 0.25
    scorer: GaussianScorer = field(init=False)
    last_score: float = 0.0

    def __post_init__(self) -> None:
        from river.anomaly import GaussianScorer

        self.scorer = GaussianScorer(window_size=None, grace_period=self.grace)  # type: ignore[no-untyped-call]

    def score_then_learn(self, value: float) -> float:
        if value != value:
            return self.last_score
        score = float(self.scorer.score_one(None, value))  # type: ignore[no-untyped-call]
        # Only growth above the learned mean counts, and only by a margin that matters in
        # pp/min: a perfectly flat history has zero variance and would flag any wobble.
        if value - float(self.scorer.gaussian.mu) < self.min_excess:  # type: ignore[arg-type]
            score = 0.0
        if score < self.threshold:
            self.scorer.learn_one(None, value)  # type: ignore[no-untyped-call]
        self.last_score = score
        return score

    @property
    def anomalous(self) -> bool:
        return self.last_score >= self.threshold


@dataclass
class NodeDetectors:
    """The detectors of one node: KV-cache growth, GPU memory growth, host memory growth."""

    grace: int
    threshold: float
    kv: GrowthDetector = field(init=False)
    gpu: GrowthDetector = field(init=False)
    host: GrowthDetector = field(init=False)

    def __post_init__(self) -> None:
        self.kv = GrowthDetector(self.grace, self.threshold)
        self.gpu = GrowthDetector(self.grace, self.threshold)
        self.host = GrowthDetector(self.grace, self.threshold)

    def scores(self) -> dict[str, float]:
        return {"kv": self.kv.last_score, "gpu": self.gpu.last_score, "host": self.host.last_score}
