"""The in-memory result of a simulation: records in delivery order, labels, the schedule.

>>> from correlator.sim.config import SimConfig
>>> s = simulate(SimConfig(nodes=1, minutes=1, preroll_s=60, faults="xid_79:0.5"))
>>> [label.detail for label in s.labels]
['xid_79']
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from correlator.sim.config import SimConfig
from correlator.sim.fleet import NodeSpec
from correlator.sim.schedule import Injection
from correlator.sim.simulator import Record, Simulation
from correlator.sim.writer import WriteSummary, delivered, write_scenario
from correlator.wire.labels import FaultLabel


@dataclass(frozen=True, slots=True)
class Scenario:
    config: SimConfig
    records: list[Record]
    labels: list[FaultLabel]
    injections: list[Injection]
    fleet: list[NodeSpec]


def simulate(config: SimConfig) -> Scenario:
    """Run the whole scenario in memory (fine for tests and small fleets; the CLI streams)."""
    sim = Simulation(config)
    records = list(delivered(sim))
    labels = [inj.label(config.start_ns) for inj in sim.injections]
    return Scenario(config, records, labels, sim.injections, sim.fleet)


def simulate_to(config: SimConfig, out_dir: Path) -> WriteSummary:
    """Run the scenario and stream it to ``out_dir``."""
    return write_scenario(Simulation(config), out_dir)
