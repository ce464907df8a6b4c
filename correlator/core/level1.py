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
from correlator.core.series import Series, slope_per_min


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

    def evaluate(
        self, node: str, state: NodeState, ts_ns: int, suppressed: frozenset[str]
    ) -> list[ActionEvent]:
        if not self.rules:
            return []
        signals = self.signals(state)
        out = []
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

    def signals(self, state: NodeState) -> dict[str, float]:
        gpu_growth = gpu_pct = kv_growth = kv_pct = None
        for g in state.gpus.values():
            s = g.best_pct()
            gpu_growth = _max(gpu_growth, self._growth(s))
            gpu_pct = _max(gpu_pct, s.last_value)
        for e in state.engines.values():
            kv_growth = _max(kv_growth, self._growth(e.kv_pct))
            kv_pct = _max(kv_pct, e.kv_pct.last_value)
        out: dict[str, float] = {}
        for name, value in (("gpu_memory_growth_pct_per_min", gpu_growth),
                            ("kv_cache_growth_pct_per_min", kv_growth),
                            ("gpu_memory_pct", gpu_pct), ("kv_cache_pct", kv_pct)):
            if value is not None:
                out[name] = value
        growth = [v for v in (gpu_growth, kv_growth) if v is not None]
        if growth:
            out["memory_growth_pct_per_min"] = max(growth)
        return out

    def _growth(self, s: Series) -> float | None:
        """Slope over the short window, the newest raw sample included."""
        if s.last_ns < 0:
            return None
        values = [*s.tail(self.short_ticks), s.last_value]
        slope = slope_per_min(values, self.tick_s)
        return slope if slope == slope else None


def _max(a: float | None, b: float | None) -> float | None:
    if b is None or b != b:
        return a
    return b if a is None or b > a else a
