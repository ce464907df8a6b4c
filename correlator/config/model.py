"""The validated shape of ``rules/*.yaml``.

Every section forbids unknown keys, so a typo is an error at load and never a silently
ignored threshold. Durations are seconds, growth rates percentage points per minute.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Pos = Annotated[float, Field(gt=0)]
NonNeg = Annotated[float, Field(ge=0)]
Share = Annotated[float, Field(ge=0, le=1)]
PosInt = Annotated[int, Field(gt=0)]


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Alignment(_Section):
    """Per-node event-time alignment of the sources."""

    allowed_lateness_s: NonNeg = 3.0
    silence_after_s: Pos = 45.0
    max_clock_offset_s: NonNeg = 30.0
    max_pending_per_node: PosInt = 20000


class Features(_Section):
    """Feature windows. ``tick_s`` is the evaluation cadence and the history resolution."""

    tick_s: Pos = 10.0
    history_s: Pos = 1200.0
    growth_window_s: Pos = 180.0
    short_window_s: Pos = 60.0
    reclaim_drop_pct: Pos = 2.0
    session_ttl_s: Pos = 3600.0
    max_sessions_per_node: PosInt = 512
    node_ttl_s: Pos = 3600.0

    @model_validator(mode="after")
    def _windows_fit(self) -> Features:
        for name in ("growth_window_s", "short_window_s"):
            if getattr(self, name) > self.history_s:
                raise ValueError(f"{name} must not exceed history_s ({self.history_s})")
            if getattr(self, name) < 2 * self.tick_s:
                raise ValueError(f"{name} must span at least two ticks (tick_s={self.tick_s})")
        return self


class Detectors(_Section):
    """River online detectors on growth rates (score before learn)."""

    grace_ticks: PosInt = 30
    threshold: Share = 0.995


class SessionIsolation(_Section):
    prior: Share = 0.45
    min_growth_pct_per_min: Pos = 0.6
    monotonic_window_s: Pos = 240.0
    trend_minutes: Annotated[int, Field(ge=3, le=20)] = 12
    min_tau: Share = 0.85
    min_relative_rise: NonNeg = 0.4
    fast_minutes: Annotated[int, Field(ge=3, le=20)] = 6
    fast_tau: Share = 0.7
    fast_relative_rise: NonNeg = 0.3
    rebuild_rise: Pos = 1.6
    demand_window_s: Pos = 300.0
    max_load_growth: NonNeg = 0.3
    min_kv_pct: NonNeg = 20.0
    saturated_kv_pct: Annotated[float, Field(gt=0, le=100)] = 90.0
    hot_session_turns_per_min: Pos = 2.0


class SpecResidue(_Section):
    prior: Share = 0.35
    residue_mb_per_interrupt: Pos = 4.7
    min_growth_pct_per_min: Pos = 0.1
    monotonic_window_s: Pos = 180.0
    trend_minutes: Annotated[int, Field(ge=2, le=15)] = 3
    bucket_s: Pos = 30.0
    min_tau: Share = 0.7
    min_rise_pct: NonNeg = 0.25
    min_interrupts_per_min: NonNeg = 5.0
    slow_minutes: Annotated[int, Field(ge=3, le=20)] = 12
    slow_tau: Share = 0.9
    slow_rise_pct: NonNeg = 0.1
    slow_interrupts_per_min: NonNeg = 1.0


class MonitoringGap(_Section):
    prior: Share = 0.20
    host_growth_pct_per_min: Pos = 0.5
    trend_minutes: Annotated[int, Field(ge=2, le=15)] = 3
    min_alerts: PosInt = 3
    required_vllm_metrics: list[str] = Field(
        default_factory=lambda: ["vllm:kv_cache_usage_perc", "vllm:num_requests_running"]
    )


class Hypotheses(_Section):
    """Root-cause hypotheses and their prior weights (the priors sum to 1)."""

    session_isolation: SessionIsolation = SessionIsolation()
    spec_residue: SpecResidue = SpecResidue()
    monitoring_gap: MonitoringGap = MonitoringGap()

    @model_validator(mode="after")
    def _priors_sum_to_one(self) -> Hypotheses:
        total = self.session_isolation.prior + self.spec_residue.prior + self.monitoring_gap.prior
        if abs(total - 1.0) > 1e-6:
            raise ValueError(f"the priors must sum to 1, they sum to {total:g}")
        return self


class Benign(_Section):
    """Explanations that make a look-alike legitimate and suppress paging."""

    warmup_s: Pos = 600.0
    kv_refill_s: Pos = 900.0
    checkpoint_spike_pct: Pos = 3.0
    checkpoint_settle_s: Pos = 180.0
    long_document_prompt_tokens: PosInt = 16000
    long_session_s: Pos = 1200.0
    retry_burst_max_s: Pos = 300.0


class Incidents(_Section):
    """The incident state machine's hysteresis."""

    open_score: Share = 0.55
    open_after_ticks: PosInt = 2
    resolve_score: Share = 0.25
    resolve_after_s: Pos = 300.0
    correlate_window_s: NonNeg = 45.0
    min_update_interval_s: NonNeg = 60.0
    reopen_window_s: NonNeg = 1800.0
    max_listed: PosInt = 200

    @model_validator(mode="after")
    def _hysteresis(self) -> Incidents:
        if self.resolve_score >= self.open_score:
            raise ValueError("resolve_score must be below open_score (hysteresis)")
        return self


class AlertGrouping(_Section):
    """Alert-storm collapse: attach to incidents, else group Alertmanager-style."""

    attach_before_s: NonNeg = 900.0
    attach_after_s: NonNeg = 600.0
    group_interval_s: Pos = 300.0
    group_expire_s: Pos = 1800.0
    max_alerts_per_node: PosInt = 256
    escalate_after_s: Pos = 900.0
    escalate_min_critical: PosInt = 2


Signal = Literal[
    "gpu_memory_growth_pct_per_min",
    "kv_cache_growth_pct_per_min",
    "memory_growth_pct_per_min",
    "gpu_memory_pct",
    "kv_cache_pct",
]


class Level1Rule(_Section):
    """One automatic remediation: ``action`` when ``signal`` is above ``above`` for ``for_s``."""

    name: Annotated[str, Field(min_length=1)]
    action: Literal["degrade_weight", "isolate_node", "force_cleanup"]
    signal: Signal
    above: float
    for_s: NonNeg = 0.0
    cooldown_s: NonNeg = 300.0
    params: dict[str, Any] = Field(default_factory=dict)
    suppress_when: list[Literal["warmup", "checkpoint_load"]] = Field(default_factory=list)


class RuleSet(_Section):
    """Everything the engine is configured by."""

    alignment: Alignment = Alignment()
    features: Features = Features()
    detectors: Detectors = Detectors()
    hypotheses: Hypotheses = Hypotheses()
    benign: Benign = Benign()
    incidents: Incidents = Incidents()
    alert_grouping: AlertGrouping = AlertGrouping()
    level1: list[Level1Rule] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique_rule_names(self) -> RuleSet:
        seen: set[str] = set()
        for rule in self.level1:
            if rule.name in seen:
                raise ValueError(f"two level1 rules are named {rule.name!r}")
            seen.add(rule.name)
        return self
