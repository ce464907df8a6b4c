"""Level-1 rules: immediate remediation requests, evaluated on every memory sample.

A rule fires when its signal has stayed above ``above`` for ``for_s`` (0: at once) and its
cooldown has passed. The signals are read at the sample's event time, so an action is stamped
at most one sample after its condition became true. Warm-up and checkpoint loads grow memory
legitimately and may suppress a rule (``suppress_when``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from correlator.config.model import Level1Rule
from correlator.core.nodestate import NodeState
from correlator.core.outputs import ActionEvent
from correlator.core.series import NAN, Series
from correlator.wire.records import SampleRecord


@dataclass(slots=True)
class RuleState:
    above_since_ns: int = -1
    fired_ns: int = -(1 << 62)


@dataclass
class Level1:
    """Per-node state of every Level-1 rule."""

    rules: list[Level1Rule]
    short_ticks: int
    tick_s: float
    states: dict[str, RuleState] = field(default_factory=dict)
    gpu: dict[str, tuple[float, float]] = field(default_factory=dict)
    kv: dict[str, tuple[float, float]] = field(default_factory=dict)
    _last: tuple[float, float] = (NAN, NAN)
    _min_growth: float = field(init=False)
    _min_level: float = field(init=False)

    def __post_init__(self) -> None:
        growth = [r.above for r in self.rules if "growth" in r.signal]
        level = [r.above for r in self.rules if "growth" not in r.signal]
        self._min_growth = min(growth, default=float("inf"))
        self._min_level = min(level, default=float("inf"))

    def evaluate(
        self, node: str, state: NodeState, rec: SampleRecord, suppressed: frozenset[str]
    ) -> list[ActionEvent]:
        if not self.rules or not self._observe(state, rec):
            return []
        if self._quiet():
            return []
        signals = self.signals()
        out = []
        ts_ns = rec.ts_ns
        for rule in self.rules:
            value = signals.get(rule.signal)
            if value is None:
                continue
            st = self.states.setdefault(rule.name, RuleState())
            if value <= rule.above or suppressed.intersection(rule.suppress_when):
                st.above_since_ns = -1
                continue
            if st.above_since_ns < 0:
                st.above_since_ns = ts_ns
            held = ts_ns - st.above_since_ns >= rule.for_s * 1e9
            cooled = ts_ns - st.fired_ns >= rule.cooldown_s * 1e9
            if held and cooled:
                st.fired_ns = ts_ns
                out.append(ActionEvent(node, ts_ns, rule.action, rule.name, rule.signal, value,
                                       dict(rule.params)))
        return out

    def _quiet(self) -> bool:
        """Nothing is above any threshold and no rule is holding: skip the full evaluation."""
        if any(st.above_since_ns >= 0 for st in self.states.values()):
            return False
        growth, level = self._last
        return not (growth > self._min_growth or level > self._min_level)

    def _observe(self, state: NodeState, rec: SampleRecord) -> bool:
        """Refresh the growth and level of the series this sample fed; False if none."""
        if rec.source in ("nvml", "dcgm"):
            inst, g = state.pool_of(rec)
            if g is None:
                return False
            self._store(self.gpu, f"{rec.gpu}/{inst}" if inst else f"{rec.gpu}", g.best_pct())
            return True
        if rec.source == "vllm":
            for key, e in state.engines.items():
                if e.kv_pct.last_ns == rec.ts_ns:
                    self._store(self.kv, key, e.kv_pct)
            return True
        return False

    def _store(self, table: dict[str, tuple[float, float]], key: str, s: Series) -> None:
        if s.last_ns >= 0:
            self._last = (self._growth(s), s.last_value)
            table[key] = self._last

    def signals(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for prefix, table in (("gpu_memory", self.gpu), ("kv_cache", self.kv)):
            growth = [g for g, _ in table.values() if g == g]
            levels = [v for _, v in table.values() if v == v]
            if growth:
                out[f"{prefix}_growth_pct_per_min"] = max(growth)
            if levels:
                out[f"{prefix}_pct"] = max(levels)
        growth_all = [out[k] for k in ("gpu_memory_growth_pct_per_min", "kv_cache_growth_pct_per_min")
                      if k in out]
        if growth_all:
            out["memory_growth_pct_per_min"] = max(growth_all)
        return out

    def _growth(self, s: Series) -> float:
        """Change per minute from the tick value one short window ago to the newest sample."""
        past = s.ago(self.short_ticks - 1)
        if past != past:
            return NAN
        return (s.last_value - past) / (self.short_ticks * self.tick_s / 60.0)
