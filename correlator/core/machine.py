"""The per-node finding state machine: idle -> pending -> active -> recovering -> idle.

Hysteresis keeps it from flapping: a finding is raised only after ``open_after_ticks``
consecutive ticks at or above ``open_score`` (one tick for a definitive cause: a critical XID,
every source of the node silent; and one for a saturated strength, at or above
``open_at_once``: hysteresis guards borderline scores, and a saturated one is not), and
cleared only after the evidence has stayed below ``resolve_score`` *and* the node's alerts
have been quiet for ``resolve_after_s``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

STICKY = frozenset({"gpu_failure", "node_unreachable"})
CONSEQUENCES = frozenset({"monitoring_gap", "unexplained_alerts", "engine_slowed"})


class Phase(Enum):
    IDLE = "idle"
    PENDING = "pending"
    ACTIVE = "active"
    RECOVERING = "recovering"


class Step(Enum):
    NONE = "none"
    RAISE = "raise"
    UPDATE = "update"
    CLEAR = "clear"


@dataclass
class NodeMachine:
    open_score: float
    open_after: int
    resolve_score: float
    resolve_after_ns: int
    update_every_ns: int
    open_at_once: float = 1.0
    phase: Phase = Phase.IDLE
    cause: str = ""
    pending_ticks: int = 0
    quiet_since_ns: int = 0
    published_ns: int = 0
    switch_ticks: int = 0

    def step(self, ts_ns: int, winner: str, strength: float, cause_strength: float,
             symptoms: bool) -> Step:
        """Advance one tick. ``cause_strength`` is the current cause's own strength."""
        if self.phase in (Phase.IDLE, Phase.PENDING):
            return self._idle(ts_ns, winner, strength)
        return self._active(ts_ns, winner, strength, cause_strength, symptoms)

    def _idle(self, ts_ns: int, winner: str, strength: float) -> Step:
        if strength < self.open_score or not winner:
            self.phase, self.pending_ticks = Phase.IDLE, 0
            return Step.NONE
        if self.phase is Phase.PENDING and winner != self.cause:
            self.pending_ticks = 0
        self.phase, self.cause = Phase.PENDING, winner
        self.pending_ticks += 1
        at_once = winner in STICKY or strength >= self.open_at_once
        if self.pending_ticks < (1 if at_once else self.open_after):
            return Step.NONE
        self.phase, self.published_ns, self.quiet_since_ns = Phase.ACTIVE, ts_ns, 0
        return Step.RAISE

    def _active(self, ts_ns: int, winner: str, strength: float, cause_strength: float,
                symptoms: bool) -> Step:
        if max(cause_strength, strength) >= self.resolve_score or symptoms:
            self.phase, self.quiet_since_ns = Phase.ACTIVE, 0
        elif self.quiet_since_ns == 0:
            self.phase, self.quiet_since_ns = Phase.RECOVERING, ts_ns
        elif ts_ns - self.quiet_since_ns >= self.resolve_after_ns:
            self.phase, self.pending_ticks = Phase.IDLE, 0
            return Step.CLEAR
        if self._switches(winner, strength, cause_strength):
            self.cause = winner
            self.published_ns = ts_ns
            return Step.UPDATE
        if ts_ns - self.published_ns >= self.update_every_ns and self.phase is Phase.ACTIVE:
            self.published_ns = ts_ns
            return Step.UPDATE
        return Step.NONE

    def _switches(self, winner: str, strength: float, cause_strength: float) -> bool:
        """A different cause takes over only when clearly stronger for two ticks running.

        Consequences never take over from their cause: a failed GPU or an unreachable node
        silences exporters and fires alerts, which would read as a monitoring gap; a pool
        that a leak fills slows its engine's requests, and its peers', like a starved host.
        """
        sticky = self.cause in STICKY or winner in CONSEQUENCES
        if not sticky and winner and winner != self.cause and strength >= self.open_score and (
            strength > 1.25 * cause_strength
        ):
            self.switch_ticks += 1
        else:
            self.switch_ticks = 0
        return self.switch_ticks >= 2

    def reset(self) -> None:
        self.phase, self.pending_ticks, self.quiet_since_ns, self.switch_ticks = Phase.IDLE, 0, 0, 0

    @property
    def engaged(self) -> bool:
        """Anything but idle: the node must be evaluated in full every tick."""
        return self.phase is not Phase.IDLE

    @property
    def active(self) -> bool:
        return self.phase in (Phase.ACTIVE, Phase.RECOVERING)
