"""One inference request and the conversation (session) it belongs to."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from correlator.sim.kvcache import Segment
from correlator.sim.tenants import Tenant

if TYPE_CHECKING:
    from correlator.sim.load import Load


class Session:
    """A multi-turn conversation; its context is the list of segments seen so far."""

    __slots__ = (
        "busy",
        "immortal",
        "kind",
        "last_active",
        "node",
        "public_id",
        "segments",
        "sid",
        "tenant",
        "turn_no",
        "turns_left",
    )

    def __init__(self, sid: str, tenant: Tenant, turns: int, kind: str = "chat") -> None:
        self.sid = sid
        self.public_id = sid
        self.tenant = tenant
        self.turns_left = turns
        self.turn_no = 0
        self.segments: list[Segment] = []
        self.last_active = 0.0
        self.node: int | None = None
        self.busy = False
        self.immortal = False
        self.kind = kind

    @property
    def tokens(self) -> int:
        return sum(tokens for _, tokens in self.segments)

    @property
    def history_key(self) -> Hashable:
        """The session's history is one growing segment: each turn is appended to it."""
        return ("hist", self.sid)


class Request:
    """A request from arrival to finish; times are simulated seconds since the epoch start."""

    __slots__ = (
        "admitted",
        "arrival",
        "burst",
        "cached",
        "cancel_frac",
        "decode_from",
        "drafts",
        "error_at",
        "finish_reason",
        "finished_at",
        "first_token",
        "generated",
        "history",
        "interrupt_at",
        "lost",
        "max_out",
        "new_key",
        "node",
        "origin",
        "prefill_left",
        "prompt_tokens",
        "rejected",
        "rid",
        "segments",
        "session",
        "state",
        "sticky",
        "tenant",
        "timed_out",
        "user_tokens",
        "want_out",
    )

    def __init__(
        self,
        rid: str,
        tenant: Tenant,
        arrival: float,
        segments: list[Segment],
        want_out: int,
        max_out: int,
        session: Session | None = None,
    ) -> None:
        self.rid = rid
        self.tenant = tenant
        self.arrival = arrival
        self.segments = segments
        self.new_key: Hashable = segments[-1][0]
        self.user_tokens = segments[-1][1]
        self.prompt_tokens = sum(tokens for _, tokens in segments)
        self.want_out = want_out
        self.max_out = max_out
        self.session = session
        self.node = session.node if session is not None and session.node is not None else 0
        self.rejected = False
        self.lost = False
        self.sticky = False
        self.history: Hashable | None = None
        self.origin: Load | None = None
        self.interrupt_at: float | None = None
        self.cancel_frac: float | None = None
        self.error_at: float | None = None
        self.burst = False
        self.timed_out = False
        self.state = "new"
        self.admitted = 0.0
        self.cached = 0
        self.prefill_left = 0.0
        self.first_token: float | None = None
        self.decode_from = 0.0
        self.generated = 0.0
        self.drafts = 0.0
        self.finish_reason = ""
        self.finished_at = 0.0

    @property
    def target(self) -> int:
        return min(self.want_out, self.max_out)

    def context_tokens(self) -> float:
        return self.prompt_tokens + self.generated
