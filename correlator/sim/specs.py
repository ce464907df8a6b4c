"""Fault and look-alike specifications: ``cause[.variant][@node[+node...]][:start_min[-end_min]]``.

A spec says *what* to inject; anything it leaves out (node, start, end, variant) is drawn
from the seed when the scenario is scheduled (:mod:`correlator.sim.schedule`). Several nodes
joined by ``+`` are one root cause on all of them at once (a tenant behind the gateway reusing
session ids on every node it reaches): one label per node, the same window.

>>> parse_specs("session_isolation@gpu-node-02:10-40", FAULT_CAUSES, "--faults")[0].end_min
40.0
>>> parse_specs("session_isolation@n1+n3:12", FAULT_CAUSES, "--faults")[0].nodes
('n1', 'n3')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

FAULT_CAUSES: dict[str, tuple[str, ...]] = {
    "session_isolation": (),
    "spec_residue": (),
    "monitoring_gap": ("silent_host_leak", "silent_session_leak", "no_kv_metric"),
    "xid_79": (),
    "network_partition": (),
}
"""Injectable real faults, each with the variants it accepts."""

BENIGN_CAUSES: dict[str, tuple[str, ...]] = {
    "long_document": (),
    "annual_report": (),
    "retry_burst": (),
    "warmup": (),
    "checkpoint_load": (),
}
"""Injectable benign look-alikes."""

_ITEM = re.compile(
    r"^(?P<cause>[a-z_0-9]+)(?:\.(?P<variant>[a-z_]+))?"
    r"(?:@(?P<node>[A-Za-z0-9][A-Za-z0-9_.\-]*(?:\+[A-Za-z0-9][A-Za-z0-9_.\-]*)*))?"
    r"(?::(?P<start>\d+(?:\.\d+)?)(?:-(?P<end>\d+(?:\.\d+)?))?)?$"
)


class SpecError(ValueError):
    """A ``--faults``/``--benign`` item that cannot be understood; the message says why."""


@dataclass(frozen=True, slots=True)
class InjectSpec:
    """One requested injection; ``None`` fields are drawn from the seed."""

    cause: str
    variant: str | None = None
    node: str | None = None
    start_min: float | None = None
    end_min: float | None = None
    also: tuple[str, ...] = ()
    """Further nodes the same root cause strikes at the same time (``@a+b+c``)."""

    @property
    def nodes(self) -> tuple[str, ...]:
        return ((self.node,) if self.node else ()) + self.also

    def render(self) -> str:
        """The spec back in the command-line syntax."""
        text = self.cause + (f".{self.variant}" if self.variant else "")
        text += "@" + "+".join(self.nodes) if self.node else ""
        if self.start_min is not None:
            text += f":{_num(self.start_min)}"
            text += f"-{_num(self.end_min)}" if self.end_min is not None else ""
        return text


def _num(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def parse_specs(text: str, allowed: dict[str, tuple[str, ...]], option: str) -> list[InjectSpec]:
    """Parse a comma list; raise :class:`SpecError` naming the option, the item and the fault."""
    items = [part.strip() for part in text.split(",")]
    if text.strip() == "":
        return []
    return [_parse_item(item, allowed, option) for item in items]


def _parse_item(item: str, allowed: dict[str, tuple[str, ...]], option: str) -> InjectSpec:
    if not item:
        raise SpecError(f"{option}: empty item (two commas in a row, or a trailing comma?)")
    match = _ITEM.match(item)
    if match is None:
        raise SpecError(
            f"{option}: cannot parse {item!r}; expected cause[.variant][@node[+node...]]"
            "[:start_min[-end_min]], e.g. session_isolation@gpu-node-02:10-40"
        )
    cause, variant = match["cause"], match["variant"]
    _check_cause(cause, variant, allowed, option, item)
    start = float(match["start"]) if match["start"] is not None else None
    end = float(match["end"]) if match["end"] is not None else None
    if start is not None and end is not None and end <= start:
        raise SpecError(f"{option}: in {item!r} the end minute {_num(end)} is not after the start")
    nodes = match["node"].split("+") if match["node"] else [None]
    if len(set(nodes)) < len(nodes):
        raise SpecError(f"{option}: {item!r} names a node twice")
    return InjectSpec(cause, variant, nodes[0], start, end, tuple(n for n in nodes[1:] if n))


def _check_cause(
    cause: str, variant: str | None, allowed: dict[str, tuple[str, ...]], option: str, item: str
) -> None:
    if cause not in allowed:
        known = ", ".join(sorted(allowed))
        hint = ""
        if cause in BENIGN_CAUSES and option == "--faults":
            hint = f" ({cause} is a look-alike: use --benign)"
        elif cause in FAULT_CAUSES and option == "--benign":
            hint = f" ({cause} is a fault: use --faults)"
        raise SpecError(f"{option}: unknown cause {cause!r} in {item!r}; known: {known}{hint}")
    variants = allowed[cause]
    if variant is not None and variant not in variants:
        known = ", ".join(variants) if variants else "none"
        raise SpecError(f"{option}: {cause} has no variant {variant!r}; variants: {known}")
