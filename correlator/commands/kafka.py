"""``correlator kafka``: start, stop and inspect the local broker; create the project's topics.

Every failure the user can fix (no Java, no download, a busy port, mismatched topics) ends in
one ``error:`` line on standard error and exit status 1; ``status`` exits 3 when no broker
runs, as init scripts' ``status`` does.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

from aiokafka.errors import KafkaError

from correlator.kafka import (
    DEFAULT_PARTITIONS,
    KAFKA_VERSION,
    BrokerSettings,
    KafkaSetupError,
    broker_answers,
    broker_status,
    ensure_topics,
    start_broker,
    stop_broker,
)
from correlator.kafka.settings import MAVEN_REPO_ENV, default_cache_dir, default_data_dir

NOT_RUNNING = 3
BOOTSTRAP_ENV = "KAFKA_BOOTSTRAP"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "kafka",
        help="run the local Kafka broker and create topics",
        description="Start, stop and inspect the local single-node Kafka broker (KRaft, "
        "127.0.0.1, from Maven Central's jars); create the project's topics.",
    )
    actions = parser.add_subparsers(dest="kafka_command", metavar="ACTION", required=True)
    _add_start(actions)
    _add_stop(actions)
    _add_status(actions)
    _add_topics(actions)


def _data_dir_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=default_data_dir(),
        help="the broker's folder: storage, config, log, pid (default: %(default)s)",
    )


def _add_start(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = actions.add_parser("start", help="start a single-node KRaft broker on 127.0.0.1")
    parser.add_argument("--port", type=int, default=9092, help="client port (default: 9092)")
    parser.add_argument("--controller-port", type=int, default=9093, help="(default: 9093)")
    _data_dir_option(parser)
    parser.add_argument(
        "--cache-dir",
        type=Path,
        default=default_cache_dir(),
        help="where downloaded jars are kept (default: %(default)s)",
    )
    parser.add_argument("--version", default=KAFKA_VERSION, help="Kafka 4.x release")
    parser.add_argument("--timeout", type=float, default=90.0, help="seconds to wait for the first answer")
    parser.add_argument("--heap", default="768m", help="JVM maximum heap (default: 768m)")
    parser.add_argument(
        "--maven-repo",
        default=os.environ.get(MAVEN_REPO_ENV),
        help=f"Maven repository URL to download from instead of Central (${MAVEN_REPO_ENV})",
    )
    parser.add_argument(
        "--auto-create-topics",
        action="store_true",
        help="let the broker create topics on first use (off: topics are created on purpose)",
    )
    parser.set_defaults(func=_start)


def _add_stop(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = actions.add_parser("stop", help="stop the broker and remove its data")
    _data_dir_option(parser)
    parser.add_argument("--keep-data", action="store_true", help="keep topics for a later start")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds before SIGTERM becomes SIGKILL")
    parser.set_defaults(func=_stop)


def _add_status(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = actions.add_parser("status", help="say whether the broker runs, and where")
    _data_dir_option(parser)
    parser.set_defaults(func=_status)


def _add_topics(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = actions.add_parser("topics", help="create the project's topics where missing")
    parser.add_argument(
        "--kafka",
        default=os.environ.get(BOOTSTRAP_ENV, "127.0.0.1:9092"),
        metavar="HOST:PORT",
        help=f"bootstrap servers (default: ${BOOTSTRAP_ENV} or 127.0.0.1:9092)",
    )
    parser.add_argument("--prefix", default="", help="prepended to every topic name, e.g. 'prod.'")
    parser.add_argument(
        "--partitions",
        type=int,
        default=DEFAULT_PARTITIONS,
        help=f"partitions of every topic (default: {DEFAULT_PARTITIONS})",
    )
    parser.set_defaults(func=_topics)


def _fail(error: KafkaSetupError) -> int:
    print(f"error: {error}", file=sys.stderr)
    return 1


def _start(args: argparse.Namespace) -> int:
    try:
        settings = BrokerSettings(
            port=args.port,
            controller_port=args.controller_port,
            data_dir=args.data_dir,
            cache_dir=args.cache_dir,
            version=args.version,
            heap=args.heap,
            start_timeout_s=args.timeout,
            auto_create_topics=args.auto_create_topics,
            maven_repo=args.maven_repo or None,
        )
        if broker_status(settings.data_dir) is not None:
            print("already running: ", end="")
        info = start_broker(settings, progress=lambda line: print(line, file=sys.stderr))
    except KafkaSetupError as error:
        return _fail(error)
    print(info.describe())
    return 0


def _stop(args: argparse.Namespace) -> int:
    info = stop_broker(args.data_dir, keep_data=args.keep_data, timeout_s=args.timeout)
    kept = f"; data kept in {args.data_dir}" if args.keep_data else ""
    if info is None:
        print(f"no broker was running from {args.data_dir}{kept}")
    else:
        print(f"stopped Kafka on {info.bootstrap} (pid {info.pid}){kept}")
    return 0


def _status(args: argparse.Namespace) -> int:
    info = broker_status(args.data_dir)
    if info is None:
        print(f"not running (data dir {args.data_dir})")
        return NOT_RUNNING
    answering = asyncio.run(broker_answers(info.bootstrap))
    print(f"running{'' if answering else ' (not answering yet)'}: {info.describe()}")
    return 0


def _topics(args: argparse.Namespace) -> int:
    if not asyncio.run(broker_answers(args.kafka)):
        print(f"error: no Kafka broker answers on {args.kafka} (--kafka, or ${BOOTSTRAP_ENV})",
              file=sys.stderr)
        return 1
    try:
        report = asyncio.run(ensure_topics(args.kafka, args.prefix, args.partitions))
    except (KafkaSetupError, KafkaError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    for name in report.created:
        print(f"created {name} ({report.partitions} partitions)")
    for name in report.existing:
        print(f"exists  {name} ({report.partitions} partitions)")
    return 0
