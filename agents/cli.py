"""``gpu-agent``: collect a GPU node's telemetry and publish it to Kafka (or print one round).

    gpu-agent --node gpu-17 --kafka kafka:9092 --dcgm-url http://127.0.0.1:9400/metrics \\
              --vllm-url http://127.0.0.1:8000/metrics --kv-events tcp://127.0.0.1:5557
    gpu-agent --once --output - --vllm-url http://127.0.0.1:8000/metrics   # check by eye
    gpu-agent ... --vllm-url 0=http://127.0.0.1:8000/metrics --vllm-url 1=http://127.0.0.1:8001/metrics
    gpu-agent ... --request-log /var/log/gateway/requests.jsonl   # request_finished events
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import re
import signal
import socket
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, BinaryIO, NamedTuple

import aiohttp
import orjson

from agents.host import HostCollector
from agents.publisher import KafkaSettings, Publisher
from agents.records import JsonRecord
from agents.request_fields import FIELDS, FieldMap, parse_field_option
from agents.request_log import STATE_FILE, RequestLogSource
from agents.rounds import Rounds, Scheduled
from agents.selfmetrics import AgentMetrics, Publish
from agents.simulate import run_simulation
from agents.sources import DcgmSource, HostSource, NvmlSource, Source, VllmSource
from agents.spool import Spool
from correlator.obs.serve import start_metrics_server

log = logging.getLogger("gpu-agent")

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")

SIM_OPTIONS = {"nodes": "--sim-nodes", "gpus": "--sim-gpus", "minutes": "--sim-minutes",
               "seed": "--sim-seed", "faults": "--sim-faults", "benign": "--sim-benign",
               "preroll_s": "--sim-preroll"}
"""The simulator's option (a ``SimConfig`` field) -> the agent's own option name."""


def _number(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number: {text!r}") from None


def _positive(text: str) -> float:
    """An argparse type: a number above zero."""
    value = _number(text)
    if not value > 0:  # also refuses nan
        raise argparse.ArgumentTypeError(f"must be above 0, not {text}")
    return value


def _port(text: str) -> int:
    """An argparse type: a TCP port, 0-65535."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid port: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"must be a port number, 0-65535, not {text}")
    return value


def _spool_mb(text: str) -> float:
    """An argparse type: a spool bound that holds at least two 64 KiB segments."""
    value = _number(text)
    if not value >= 0.125:
        raise argparse.ArgumentTypeError(f"must be at least 0.125 (128 KiB), not {text}")
    return value


def _field_option(text: str) -> str:
    """An argparse type: ``NAME=DOTTED.PATH`` for --request-log-field, checked, kept as given."""
    try:
        parse_field_option(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    return text


class VllmTarget(NamedTuple):
    """One ``--vllm-url``: a vLLM server's ``/metrics`` and the GPU (MIG instance) it runs on."""

    url: str
    gpu: int | None = None
    instance: str = ""

    def __str__(self) -> str:
        """As given: ``URL``, ``GPU=URL`` or ``GPU/INSTANCE=URL``."""
        return self.url if self.gpu is None else f"{self.where}={self.url}"

    @property
    def where(self) -> str:
        """``GPU`` or ``GPU/INSTANCE``."""
        return f"{self.gpu}/{self.instance}" if self.instance else str(self.gpu)


VLLM_URL_FORMS = "URL, GPU=URL or GPU/INSTANCE=URL, e.g. 2=http://127.0.0.1:8002/metrics"
_INDEX = re.compile(r"[0-9]+")


def _vllm_target(text: str) -> VllmTarget:
    """An argparse type: ``URL``, ``GPU=URL`` or ``GPU/INSTANCE=URL``. Text before the first
    ``=`` that holds no ``:`` names the GPU (a URL's scheme comes before any ``=`` of it)."""
    head, eq, url = text.partition("=")
    if not eq or ":" in head:
        if not text.strip():
            raise argparse.ArgumentTypeError(f"empty URL ({VLLM_URL_FORMS})")
        return VllmTarget(text)
    gpu, slash, instance = head.partition("/")
    if not _INDEX.fullmatch(gpu) or (slash and not _INDEX.fullmatch(instance)):
        what = f"GPU {gpu!r}" if not _INDEX.fullmatch(gpu) else f"MIG instance {instance!r}"
        raise argparse.ArgumentTypeError(
            f"{text!r}: {what} is not an index ({VLLM_URL_FORMS})")
    if not url.strip():
        raise argparse.ArgumentTypeError(f"{text!r}: empty URL ({VLLM_URL_FORMS})")
    return VllmTarget(url, int(gpu), str(int(instance)) if slash else "")


class _VllmTargets(argparse.Action):
    """Appends each ``--vllm-url``; refuses one whose server the correlator could not tell
    apart from one given before (vLLM numbers every server's engines from 0)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        given: list[VllmTarget] = getattr(namespace, self.dest) or []
        new: VllmTarget = values
        for old in given:
            clash = _clash(old, new)
            if clash:
                raise argparse.ArgumentError(self, f"{str(new)!r}: {clash}")
        setattr(namespace, self.dest, [*given, new])


def _clash(old: VllmTarget, new: VllmTarget) -> str:
    """Why ``new`` cannot be scraped beside ``old``; '' when it can."""
    if new.url == old.url:
        return f"{new.url} is given twice"
    if new.gpu is None and old.gpu is None:
        return (f"a second server on no GPU (after {old.url}): their engines would be one to "
                "the correlator; give each server its GPU (GPU=URL)")
    if new.gpu is None or new.gpu != old.gpu:
        return ""
    if new.instance == old.instance:
        return f"GPU {new.where} is given twice (also {old})"
    if not (new.instance and old.instance):
        return f"GPU {new.gpu} is given both whole and as a MIG instance (also {old})"
    return ""


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="gpu-agent",
        description="Publish a GPU node's NVML, dcgm-exporter, vLLM and host telemetry to Kafka.",
    )
    p.add_argument("--node", default=socket.gethostname(),
                   help="node name: the records' node and the Kafka key (default: host name)")
    p.add_argument("--kafka", metavar="HOST:PORT",
                   help="Kafka bootstrap servers (required unless --once)")
    p.add_argument("--dcgm-url", metavar="URL", help="dcgm-exporter /metrics URL")
    p.add_argument("--vllm-url", metavar="[GPU[/INSTANCE]=]URL", type=_vllm_target,
                   action=_VllmTargets, default=[],
                   help="vLLM /metrics URL; repeat it for one server per GPU, each given as "
                        "GPU=URL (GPU/INSTANCE=URL on a MIG instance) so that its records name "
                        "its GPU; a bare URL is a server across the node's GPUs")
    p.add_argument("--kv-events", metavar="tcp://HOST:PORT",
                   help="vLLM KV-event publisher endpoint (ZMQ) to subscribe to; it goes with "
                        "the first --vllm-url")
    p.add_argument("--interval", type=_positive, default=5.0, metavar="SECONDS",
                   help="seconds between rounds of every source (default 5)")
    for source in ("nvml", "dcgm", "vllm", "host"):
        p.add_argument(f"--{source}-interval", type=_positive, metavar="SECONDS",
                       help=f"override --interval for {source}")
    p.add_argument("--no-nvml", action="store_true", help="do not read NVML")
    p.add_argument("--no-host", action="store_true", help="do not read /proc")
    p.add_argument("--serve-match", default="(?i)vllm", metavar="REGEX",
                   help="command-line pattern of the serving processes whose RSS is reported "
                        "as proc_rss_bytes (default: (?i)vllm, which also matches vLLM's "
                        "VLLM::EngineCore processes)")
    p.add_argument("--scrape-timeout", type=_positive, default=5.0, metavar="SECONDS",
                   help="time limit of one scrape (default 5)")
    p.add_argument("--topic-prefix", default="", metavar="PREFIX",
                   help="prefix of the project's topic names (PREFIXtelemetry.nvml...; "
                        "default: none)")
    p.add_argument("--compression", default="gzip", choices=["gzip", "none"],
                   help="Kafka message compression (default gzip)")
    p.add_argument("--linger-ms", type=int, default=20, metavar="MS",
                   help="how long the producer waits to batch messages (default 20)")
    p.add_argument("--spool-dir", type=Path, metavar="DIR",
                   help="on-disk queue for when Kafka is unreachable "
                        "(default: $XDG_STATE_HOME/gpu-agent/NODE)")
    p.add_argument("--spool-max-mb", type=_spool_mb, default=256.0, metavar="MB",
                   help="spool bound; beyond it the oldest messages are dropped and counted "
                        "(default 256)")
    p.add_argument("--once", action="store_true",
                   help="collect one round from every source and write it instead of publishing")
    p.add_argument("--output", default="-", metavar="FILE|-",
                   help="with --once: JSON Lines file to write, or - for standard output "
                        "(default -)")
    p.add_argument("--log-level", default="INFO", type=str.upper, choices=LOG_LEVELS,
                   help="case-insensitive (default INFO); aiokafka's own connection errors "
                        "are silenced below DEBUG")
    p.add_argument("--metrics-port", type=_port, metavar="PORT",
                   help="serve the agent's own Prometheus metrics on PORT at /metrics")
    p.add_argument("--metrics-host", default="0.0.0.0", metavar="HOST",
                   help="address for --metrics-port (default: all interfaces)")
    req = p.add_argument_group(
        "request log", "request_finished events from a gateway's JSON Lines log of finished "
        "requests (LiteLLM, an OpenAI-compatible router, nginx/Envoy JSON access logs), "
        "published as source vllm every --vllm-interval")
    req.add_argument("--request-log", type=Path, metavar="PATH",
                     help="the log file to follow (rotation and truncation are followed; the "
                          "position is kept in the state folder, --spool-dir)")
    req.add_argument("--request-log-field", type=_field_option, action="append", default=[],
                     metavar="NAME=DOTTED.PATH",
                     help=f"where a field is in a line (repeatable; NAME one of {', '.join(FIELDS)}; "
                          "an integer segment indexes a list, a|b tries a then b, NAME= "
                          "looks it up nowhere); defaults: the OpenAI response shape "
                          "(see docs/agents.md)")
    req.add_argument("--request-log-from-start", action="store_true",
                     help="on a first start (no saved position) read the file from its start, "
                          "not its end; with --once, always from its start")
    req.add_argument("--request-log-max-mb", type=_positive, default=8.0, metavar="MB",
                     help="at most this much of the file is read per round; a longer line is "
                          "skipped and counted (default 8)")
    sim = p.add_argument_group("simulation", "--simulate publishes a simulated fleet's telemetry "
                               "(every node, every source, and its alerts) instead of collecting")
    sim.add_argument("--simulate", action="store_true")
    sim.add_argument("--sim-nodes", type=int, metavar="N", help="nodes, 1-2000 (default 6)")
    sim.add_argument("--sim-gpus", type=int, metavar="N", help="GPUs per node, 1-8 (default 4)")
    sim.add_argument("--sim-minutes", type=float, metavar="M", default=24 * 60.0,
                     help="scenario length, at most a day; the agent exits when it ends "
                          "(default: a day)")
    sim.add_argument("--sim-seed", type=int, metavar="N", help="the simulator's seed (default 1)")
    sim.add_argument("--sim-faults", metavar="SPEC",
                     help="cause[.variant][@node[+node...]][:start_min[-end_min]], comma-separated, "
                          "e.g. session_isolation:2,spec_residue:1 (without a start minute the "
                          "fault comes at a random time in the scenario)")
    sim.add_argument("--sim-benign", metavar="SPEC",
                     help="look-alikes, same syntax, e.g. long_document:1")
    sim.add_argument("--sim-preroll", type=int, metavar="SECONDS",
                     help="silent warm-up simulated before the first published second "
                          "(default 600)")
    sim.add_argument("--sim-speed", type=_positive, default=1.0, metavar="X",
                     help="simulated seconds per wall-clock second (default 1: real time)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    logging.basicConfig(level=args.log_level, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if logging.getLogger().level > logging.DEBUG:  # the publisher logs outages once, itself
        logging.getLogger("aiokafka").setLevel(logging.CRITICAL)
    if not args.once and not args.kafka:
        p.error("--kafka is required (or --once to print one round)")
    if args.simulate and args.once:
        p.error("--simulate publishes to Kafka; it does not combine with --once")
    if args.request_log is None:
        given = [o for o, v in (("--request-log-field", args.request_log_field),
                                ("--request-log-from-start", args.request_log_from_start)) if v]
        if given:
            p.error(f"{given[0]} goes with --request-log PATH")
    try:
        if args.once:
            with _open_output(p, args.output) as out:
                return asyncio.run(_once(args, out))
        # a large fleet takes a while to build: Ctrl-C then ends the agent here, quietly
        sim = _simulation(p, args) if args.simulate else None
        return asyncio.run(_publish(args, sim))
    except KeyboardInterrupt:
        return 130


async def _once(args: argparse.Namespace, out: BinaryIO) -> int:
    rounds: list[list[JsonRecord]] = []  # in the schedule's order

    async def keep(source: str, records: list[JsonRecord]) -> None:
        rounds.append(records)

    async with aiohttp.ClientSession() as session:
        await Rounds(args.node, _schedule(args, session, kv=False), keep).once()
    for records in rounds:
        for record in records:
            out.write(orjson.dumps(record) + b"\n")
    out.flush()
    return 0


class _Simulation(NamedTuple):
    config: Any  # a correlator.sim.SimConfig
    seconds: Iterator[Any]  # its SecondBatches, scheduled already


def _simulation(p: argparse.ArgumentParser, args: argparse.Namespace) -> _Simulation:
    """The scenario of the --sim-* options, its faults scheduled; a mistake in them ends the
    agent here, through ``p.error``, before anything starts."""
    from pydantic import ValidationError

    from agents.simulate import live_config
    from correlator.sim import SpecError, iter_seconds

    try:
        config = live_config(nodes=args.sim_nodes, gpus=args.sim_gpus, minutes=args.sim_minutes,
                             seed=args.sim_seed, faults=args.sim_faults, benign=args.sim_benign,
                             preroll_s=args.sim_preroll)
    except ValidationError as err:
        p.error(_validation_reason(err))
    try:  # scheduling finds the faults that name no node of the fleet or start too late
        return _Simulation(config, iter_seconds(config))
    except SpecError as err:
        p.error(_schedule_reason(err, config))


def _validation_reason(err: Any) -> str:
    """One line, in the agent's option names, for a ``SimConfig`` validation error."""
    parts = []
    for e in err.errors(include_url=False):
        field = str(e["loc"][0]) if e["loc"] else ""
        option = SIM_OPTIONS.get(field, f"--sim-{field.replace('_', '-')}")
        msg = str(e.get("ctx", {}).get("error") or e["msg"])
        if msg.startswith(("--faults: ", "--benign: ")):  # from the spec parser: says it all
            parts.append(_agent_names(msg))
        else:
            value = e["input"]
            given = f"{value:g}" if isinstance(value, float) else str(value)
            parts.append(f"{option} {given}: {msg[:1].lower()}{msg[1:]}")
    return "; ".join(parts)


def _agent_names(text: str) -> str:
    """The simulator's --faults / --benign, as the agent calls them, in a message."""
    return re.sub(r"(?<![\w-])--(faults|benign)\b", r"--sim-\1", text)


def _schedule_reason(err: Exception, config: Any) -> str:
    """``SPEC: problem`` from the simulator's scheduling, with the option that gave SPEC."""
    text = _agent_names(str(err))
    for option, specs in (("--sim-faults", config.faults), ("--sim-benign", config.benign)):
        if any(text.startswith(f"{spec.render()}: ") for spec in specs):
            return f"{option}: {text}"
    return f"--sim-faults/--sim-benign: {text}"


async def _publish(args: argparse.Namespace, sim: _Simulation | None = None) -> int:
    spool_dir = _state_dir(args)
    try:
        spool = Spool(spool_dir, max_bytes=int(args.spool_max_mb * (1 << 20)))
    except OSError as err:
        return _refuse(f"--spool-dir {spool_dir}: cannot keep the spool there: "
                       f"{err.strerror or err}")
    settings = KafkaSettings(args.kafka, topic_prefix=args.topic_prefix,
                             linger_ms=args.linger_ms,
                             compression=None if args.compression == "none" else "gzip")
    publisher = Publisher(settings, spool)
    metrics = AgentMetrics(publisher)
    runner = None
    if args.metrics_port is not None:
        try:
            runner = await start_metrics_server(metrics.registry, args.metrics_host,
                                                args.metrics_port)
        except OSError as err:
            spool.close()
            return _refuse(f"--metrics-port {args.metrics_port}: cannot serve on "
                           f"{args.metrics_host}: {err.strerror or err}")
    stop = asyncio.Event()
    signals: list[str] = []  # the signals that stopped the agent

    def on_signal(sig: signal.Signals) -> None:
        signals.append(sig.name)
        stop.set()

    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, on_signal, sig)
    drain = asyncio.create_task(publisher.run(), name="publisher")
    drain.add_done_callback(lambda _: stop.set())  # a publisher that dies stops the agent
    ran_out = False  # a simulation that published its whole scenario
    if sim is not None:
        config = sim.config
        log.info("simulating %d nodes x %d GPUs for %g minutes at %gx, publishing to %s",
                 config.nodes, config.gpus, config.minutes, args.sim_speed, args.kafka)
        count = await run_simulation(config, metrics.counted(publisher.publish), stop,
                                     args.sim_speed, seconds=sim.seconds)
        if signals:
            log.info("simulation stopped by %s: %d records published", signals[0], count)
        elif stop.is_set():
            log.info("simulation stopped as the publisher ended: %d records published", count)
        else:
            ran_out = True
            log.info("simulation over: its %g simulated minutes ran out; %d records published",
                     config.minutes, count)
    else:
        await _collect(args, metrics, metrics.counted(publisher.publish, rounds=False), stop,
                       spool_dir)
        if signals:
            log.info("stopped by %s", signals[0])
    # After a whole scenario, wait for Kafka to take it (up to 60 s, or until a signal); once
    # stopped by a signal, up to 5 s. What is left stays spooled for the next start.
    await _wait_idle(publisher, stop, 60.0 if ran_out else 5.0)
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


async def _wait_idle(publisher: Publisher, stop: asyncio.Event, timeout: float) -> None:
    """Until everything spooled is acknowledged, ``timeout`` passes, or - when ``stop`` was
    not set yet - until it is."""
    waits: list[asyncio.Future[Any]] = [asyncio.ensure_future(publisher.wait_idle())]
    if not stop.is_set():
        waits.append(asyncio.ensure_future(stop.wait()))
    _, pending = await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)


async def _collect(args: argparse.Namespace, metrics: AgentMetrics, publish: Publish,
                   stop: asyncio.Event, spool_dir: Path) -> None:
    async with aiohttp.ClientSession() as session:
        schedule = _schedule(args, session, kv=True)
        for s in schedule:
            if isinstance(s.source, RequestLogSource):
                metrics.watch_request_log(s.source)
        log.info("node %s: publishing %s to %s (spool %s)", args.node,
                 ", ".join(s.label for s in schedule), args.kafka, spool_dir)
        await Rounds(args.node, schedule, lambda src, recs: publish(src, args.node, recs),
                     on_round=metrics.round).run(stop)


def _schedule(args: argparse.Namespace, session: aiohttp.ClientSession,
              kv: bool) -> list[Scheduled]:
    sources: list[tuple[Source, str]] = []  # and the name the logs call it
    if not args.no_nvml:
        sources.append((NvmlSource(args.node, events=not args.once), ""))
    if args.dcgm_url:
        sources.append((DcgmSource(args.node, args.dcgm_url, session, args.scrape_timeout), ""))
    for i, target in enumerate(args.vllm_url):  # one source per server; KV events: the first's
        vllm = VllmSource(args.node, target.url, session, args.scrape_timeout,
                          kv_endpoint=args.kv_events if kv and i == 0 else None,
                          gpu=target.gpu, instance=target.instance)
        sources.append((vllm, f"vllm {target}"))
    if args.request_log is not None:
        sources.append((_request_log(args), f"request log {args.request_log}"))
    if not args.no_host:
        sources.append((HostSource(HostCollector(args.node, serve_pattern=args.serve_match)), ""))
    return [Scheduled(s, getattr(args, f"{s.source}_interval") or args.interval, name)
            for s, name in sources]


def _request_log(args: argparse.Namespace) -> RequestLogSource:
    """The --request-log source. Its position is kept in the state folder; --once reads it
    but never moves it (what it printed is still published by the next run), and with
    --request-log-from-start ignores it."""
    state = None if args.once and args.request_log_from_start else _state_dir(args) / STATE_FILE
    return RequestLogSource(args.node, args.request_log, FieldMap.parse(args.request_log_field),
                            state_file=state, save=not args.once,
                            from_start=args.request_log_from_start,
                            max_round_bytes=int(args.request_log_max_mb * (1 << 20)))


@contextlib.contextmanager
def _open_output(p: argparse.ArgumentParser, target: str) -> Iterator[BinaryIO]:
    """The --output file, opened (created or emptied) before anything is collected; one that
    cannot be written ends the agent here, through ``p.error``."""
    if target == "-":
        yield sys.stdout.buffer
        return
    try:
        fh = open(target, "wb")  # noqa: SIM115 - closed below; open() is what may fail
    except OSError as err:
        p.error(f"--output {target}: cannot write there: {err.strerror or err}")
    with fh:
        yield fh


def _refuse(reason: str) -> int:
    """What cannot be used (a spool folder, a port), in argparse's one-line form; status 2."""
    print(f"gpu-agent: error: {reason}", file=sys.stderr)
    return 2


def _state_dir(args: argparse.Namespace) -> Path:
    """The agent's state folder: the spool's, which also keeps the request log's position."""
    path: Path = args.spool_dir or _state_home() / "gpu-agent" / args.node
    return path


def _state_home() -> Path:
    return Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state")


if __name__ == "__main__":
    sys.exit(main())
