"""``gpu-agent``: collect a GPU node's telemetry and publish it to Kafka (or print one round).

    gpu-agent --node gpu-17 --kafka kafka:9092 --dcgm-url http://127.0.0.1:9400/metrics \\
              --vllm-url http://127.0.0.1:8000/metrics --kv-events tcp://127.0.0.1:5557
    gpu-agent --once --output - --vllm-url http://127.0.0.1:8000/metrics   # check by eye
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import socket
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, BinaryIO

import aiohttp
import orjson

from agents.host import HostCollector
from agents.publisher import KafkaSettings, Publisher
from agents.records import JsonRecord
from agents.rounds import Rounds, Scheduled
from agents.selfmetrics import AgentMetrics, Publish
from agents.simulate import run_simulation
from agents.sources import DcgmSource, HostSource, NvmlSource, Source, VllmSource
from agents.spool import Spool
from correlator.obs.serve import start_metrics_server

log = logging.getLogger("gpu-agent")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="gpu-agent",
        description="Publish a GPU node's NVML, dcgm-exporter, vLLM and host telemetry to Kafka.",
    )
    p.add_argument("--node", default=socket.gethostname(),
                   help="node name: the records' node and the Kafka key (default: host name)")
    p.add_argument("--kafka", metavar="HOST:PORT", help="Kafka bootstrap servers")
    p.add_argument("--dcgm-url", metavar="URL", help="dcgm-exporter /metrics URL")
    p.add_argument("--vllm-url", metavar="URL", help="vLLM /metrics URL")
    p.add_argument("--kv-events", metavar="tcp://HOST:PORT",
                   help="vLLM KV-event publisher endpoint (ZMQ) to subscribe to")
    p.add_argument("--interval", type=float, default=5.0, metavar="SECONDS",
                   help="seconds between rounds of every source (default 5)")
    for source in ("nvml", "dcgm", "vllm", "host"):
        p.add_argument(f"--{source}-interval", type=float, metavar="SECONDS",
                       help=f"override --interval for {source}")
    p.add_argument("--no-nvml", action="store_true", help="do not read NVML")
    p.add_argument("--no-host", action="store_true", help="do not read /proc")
    p.add_argument("--serve-match", default="(?i)vllm", metavar="REGEX",
                   help="command-line pattern of the serving processes whose RSS is reported "
                        "as proc_rss_bytes (default: (?i)vllm, which also matches vLLM's "
                        "VLLM::EngineCore processes)")
    p.add_argument("--scrape-timeout", type=float, default=5.0, metavar="SECONDS")
    p.add_argument("--topic-prefix", default="", metavar="PREFIX",
                   help="prefix of the project's topic names (PREFIXtelemetry.nvml...; "
                        "default: none)")
    p.add_argument("--compression", default="gzip", choices=["gzip", "none"])
    p.add_argument("--linger-ms", type=int, default=20)
    p.add_argument("--spool-dir", type=Path, metavar="DIR",
                   help="on-disk queue for when Kafka is unreachable "
                        "(default: $XDG_STATE_HOME/gpu-agent/NODE)")
    p.add_argument("--spool-max-mb", type=float, default=256.0,
                   help="spool bound; beyond it the oldest messages are dropped and counted")
    p.add_argument("--once", action="store_true",
                   help="collect one round from every source and write it instead of publishing")
    p.add_argument("--output", default="-", metavar="FILE|-",
                   help="with --once: JSON Lines file to write, or - for standard output")
    p.add_argument("--log-level", default="INFO")
    p.add_argument("--metrics-port", type=int, metavar="PORT",
                   help="serve the agent's own Prometheus metrics on PORT at /metrics")
    p.add_argument("--metrics-host", default="0.0.0.0", metavar="HOST",
                   help="address for --metrics-port (default: all interfaces)")
    sim = p.add_argument_group("simulation", "--simulate publishes a simulated fleet's telemetry "
                               "(every node, every source, and its alerts) instead of collecting")
    sim.add_argument("--simulate", action="store_true")
    sim.add_argument("--sim-nodes", type=int, metavar="N")
    sim.add_argument("--sim-gpus", type=int, metavar="N")
    sim.add_argument("--sim-minutes", type=float, metavar="M", default=24 * 60.0,
                     help="scenario length; the agent exits when it ends (default: a day)")
    sim.add_argument("--sim-seed", type=int, metavar="N")
    sim.add_argument("--sim-faults", metavar="SPEC", help="e.g. session_isolation:2,spec_residue:1")
    sim.add_argument("--sim-benign", metavar="SPEC", help="e.g. long_document:1")
    sim.add_argument("--sim-preroll", type=int, metavar="SECONDS",
                     help="silent warm-up simulated before the first published second")
    sim.add_argument("--sim-speed", type=float, default=1.0, metavar="X",
                     help="simulated seconds per wall-clock second (default 1: real time)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    logging.basicConfig(level=args.log_level.upper(), stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if logging.getLogger().level > logging.DEBUG:  # the publisher logs outages once, itself
        logging.getLogger("aiokafka").setLevel(logging.CRITICAL)
    if not args.once and not args.kafka:
        parser().error("--kafka is required (or --once to print one round)")
    if args.simulate and args.once:
        parser().error("--simulate publishes to Kafka; it does not combine with --once")
    config = _sim_config(args) if args.simulate else None
    try:
        return asyncio.run(_once(args) if args.once else _publish(args, config))
    except KeyboardInterrupt:
        return 130


async def _once(args: argparse.Namespace) -> int:
    rounds: dict[str, list[JsonRecord]] = {}

    async def keep(source: str, records: list[JsonRecord]) -> None:
        rounds[source] = records

    async with aiohttp.ClientSession() as session:
        schedule = _schedule(args, session, kv=False)
        await Rounds(args.node, schedule, keep).once()
    with _open_output(args.output) as out:
        for s in schedule:
            for record in rounds.get(s.source.source, []):
                out.write(orjson.dumps(record) + b"\n")
    return 0


def _sim_config(args: argparse.Namespace) -> Any:
    from pydantic import ValidationError

    from agents.simulate import live_config
    from correlator.sim import SpecError

    try:
        return live_config(nodes=args.sim_nodes, gpus=args.sim_gpus, minutes=args.sim_minutes,
                           seed=args.sim_seed, faults=args.sim_faults, benign=args.sim_benign,
                           preroll_s=args.sim_preroll)
    except (ValidationError, SpecError) as err:
        parser().error(f"--simulate: {err}")


async def _publish(args: argparse.Namespace, sim_config: Any = None) -> int:
    spool_dir = args.spool_dir or _state_home() / "gpu-agent" / args.node
    spool = Spool(spool_dir, max_bytes=int(args.spool_max_mb * (1 << 20)))
    settings = KafkaSettings(args.kafka, topic_prefix=args.topic_prefix,
                             linger_ms=args.linger_ms,
                             compression=None if args.compression == "none" else "gzip")
    publisher = Publisher(settings, spool)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    drain = asyncio.create_task(publisher.run(), name="publisher")
    drain.add_done_callback(lambda _: stop.set())  # a publisher that dies stops the agent
    metrics = AgentMetrics(publisher)
    runner = None
    if args.metrics_port is not None:
        runner = await start_metrics_server(metrics.registry, args.metrics_host, args.metrics_port)
    if sim_config is not None:
        log.info("simulating %d nodes x %d GPUs for %g minutes at %gx, publishing to %s",
                 sim_config.nodes, sim_config.gpus, sim_config.minutes, args.sim_speed,
                 args.kafka)
        count = await run_simulation(sim_config, metrics.counted(publisher.publish), stop,
                                     args.sim_speed)
        log.info("simulation over: %d records published", count)
    else:
        await _collect(args, metrics, metrics.counted(publisher.publish, rounds=False), stop,
                       spool_dir)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(publisher.wait_idle(), 60.0 if sim_config else 5.0)
    await publisher.close()
    if runner is not None:
        await runner.cleanup()
    [outcome] = await asyncio.gather(drain, return_exceptions=True)
    messages, records = spool.pending()
    if messages:
        log.info("%d messages (%d records) stay spooled in %s for the next start", messages,
                 records, spool_dir)
    spool.close()
    if isinstance(outcome, BaseException):
        log.error("the publisher failed: %r", outcome)
        return 1
    return 0


async def _collect(args: argparse.Namespace, metrics: AgentMetrics, publish: Publish,
                   stop: asyncio.Event, spool_dir: Path) -> None:
    async with aiohttp.ClientSession() as session:
        schedule = _schedule(args, session, kv=True)
        log.info("node %s: publishing %s to %s (spool %s)", args.node,
                 ", ".join(s.source.source for s in schedule), args.kafka, spool_dir)
        await Rounds(args.node, schedule, lambda src, recs: publish(src, args.node, recs),
                     on_round=metrics.round).run(stop)


def _schedule(args: argparse.Namespace, session: aiohttp.ClientSession,
              kv: bool) -> list[Scheduled]:
    sources: list[Source] = []
    if not args.no_nvml:
        sources.append(NvmlSource(args.node, events=not args.once))
    if args.dcgm_url:
        sources.append(DcgmSource(args.node, args.dcgm_url, session, args.scrape_timeout))
    if args.vllm_url:
        sources.append(VllmSource(args.node, args.vllm_url, session, args.scrape_timeout,
                                  kv_endpoint=args.kv_events if kv else None))
    if not args.no_host:
        sources.append(HostSource(HostCollector(args.node, serve_pattern=args.serve_match)))
    return [Scheduled(s, getattr(args, f"{s.source}_interval") or args.interval)
            for s in sources]


@contextlib.contextmanager
def _open_output(target: str) -> Iterator[BinaryIO]:
    if target == "-":
        yield sys.stdout.buffer
        sys.stdout.buffer.flush()
        return
    with open(target, "wb") as fh:
        yield fh


def _state_home() -> Path:
    return Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state")


if __name__ == "__main__":
    sys.exit(main())
