"""The fault simulator: a physically modelled LLM-inference fleet with injected faults.

Python API::

    from correlator.sim import SimConfig, simulate, iter_seconds, simulate_to
    scenario = simulate(SimConfig(nodes=2, minutes=10, faults="session_isolation:2"))
    for batch in iter_seconds(SimConfig(nodes=1, minutes=1)):  # one simulated second each
        ...
"""

from correlator.sim.config import SimConfig
from correlator.sim.scenario import Scenario, simulate, simulate_to
from correlator.sim.simulator import SecondBatch, Simulation, iter_seconds
from correlator.sim.specs import InjectSpec, SpecError, parse_specs
from correlator.sim.writer import WriteSummary, write_scenario

__all__ = [
    "InjectSpec",
    "Scenario",
    "SecondBatch",
    "SimConfig",
    "Simulation",
    "SpecError",
    "WriteSummary",
    "iter_seconds",
    "parse_specs",
    "simulate",
    "simulate_to",
    "write_scenario",
]
