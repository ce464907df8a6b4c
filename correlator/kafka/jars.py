"""Fetching the broker's jars from Maven Central into a cache, once per Kafka version.

Kafka publishes no runnable bundle on Maven Central, but ``kafka_2.13`` with its runtime
dependencies is exactly the ``libs/`` folder of the official tarball, less the log4j2 binding
for SLF4J 1.x, which is added here. Maven resolves the tree (a generated POM, then
``dependency:copy-dependencies``) into a private local repository inside the cache, so the
cache folder holds everything and deleting it is a clean reset.

Layout: ``<cache>/<version>/libs/*.jar`` plus a ``.complete`` marker written last, so an
interrupted download is never mistaken for a usable one.
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from xml.sax.saxutils import escape

from correlator.kafka.errors import DownloadError
from correlator.kafka.settings import LOG4J_VERSION

DEPENDENCY_PLUGIN = "org.apache.maven.plugins:maven-dependency-plugin:3.8.1"
COMPLETE_MARKER = ".complete"
DOWNLOAD_TIMEOUT_S = 900.0
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def libs_dir(cache_dir: Path, version: str) -> Path:
    """Where the jars of ``version`` live once downloaded."""
    return cache_dir / version / "libs"


def is_cached(cache_dir: Path, version: str) -> bool:
    """True when a complete download of ``version`` is in the cache."""
    return (libs_dir(cache_dir, version) / COMPLETE_MARKER).is_file()


def pom_xml(version: str) -> str:
    """A POM whose runtime dependencies are the broker and its log4j2 binding."""
    deps = [
        ("org.apache.kafka", "kafka_2.13", version),
        ("org.apache.logging.log4j", "log4j-api", LOG4J_VERSION),
        ("org.apache.logging.log4j", "log4j-core", LOG4J_VERSION),
        ("org.apache.logging.log4j", "log4j-slf4j-impl", LOG4J_VERSION),
    ]
    body = "".join(
        f"    <dependency><groupId>{g}</groupId><artifactId>{a}</artifactId>"
        f"<version>{escape(v)}</version></dependency>\n"
        for g, a, v in deps
    )
    return (
        '<project xmlns="http://maven.apache.org/POM/4.0.0">\n'
        "  <modelVersion>4.0.0</modelVersion>\n"
        "  <groupId>local.gpu-correlator</groupId><artifactId>kafka-broker</artifactId>\n"
        f"  <version>{escape(version)}</version><packaging>pom</packaging>\n"
        f"  <dependencies>\n{body}  </dependencies>\n"
        "</project>\n"
    )


def settings_xml(repo_url: str) -> str:
    """Maven settings routing every download through ``repo_url`` (a mirror of Central)."""
    return (
        "<settings><mirrors><mirror><id>correlator-mirror</id><mirrorOf>*</mirrorOf>"
        f"<url>{escape(repo_url)}</url></mirror></mirrors></settings>\n"
    )


def maven_reason(output: str) -> str:
    """Maven's own explanation: its first ``[ERROR]`` line, without colours or help links."""
    for line in _ANSI.sub("", output).splitlines():
        if line.startswith("[ERROR]") and line[7:].strip():
            return line[7:].strip().removesuffix("-> [Help 1]").strip()
    lines = [line for line in _ANSI.sub("", output).splitlines() if line.strip()]
    return lines[-1].strip() if lines else "Maven failed without saying why"


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """Serialises downloads of one version between processes (two test sessions, say)."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def ensure_jars(
    version: str,
    cache_dir: Path,
    java: Path,
    repo_url: str | None = None,
    progress: Callable[[str], None] | None = None,
) -> Path:
    """The folder of the broker's jars, downloading them first when they are not cached.

    ``progress`` is told before a download starts, since that takes tens of seconds.
    """
    with _locked(cache_dir / version):
        if not is_cached(cache_dir, version):
            if progress is not None:
                progress(
                    f"fetching Kafka {version} from {repo_url or 'Maven Central'} into "
                    f"{cache_dir} (first start only)..."
                )
            _download(version, cache_dir, java, repo_url)
    return libs_dir(cache_dir, version)


def _download(version: str, cache_dir: Path, java: Path, repo_url: str | None) -> None:
    mvn = shutil.which("mvn")
    source = repo_url or "Maven Central"
    if mvn is None:
        raise DownloadError(
            f"Kafka {version} is not in the cache ({cache_dir}) and Maven (`mvn`) is not on PATH "
            "to download it: install Maven, e.g. `apt-get install maven`"
        )
    work = cache_dir / version
    partial = work / "libs.partial"
    shutil.rmtree(partial, ignore_errors=True)
    command = _maven_command(mvn, version, cache_dir, partial, repo_url)
    result = _run_maven(command, java, version, source)
    if result.returncode != 0:
        reason = maven_reason(result.stdout + result.stderr)
        raise DownloadError(f"could not download Kafka {version} from {source}: {reason}")
    if not (partial / f"kafka_2.13-{version}.jar").is_file():
        raise DownloadError(f"Maven finished but kafka_2.13-{version}.jar is not in {partial}")
    (partial / COMPLETE_MARKER).write_text(f"kafka_2.13 {version}\n")
    shutil.rmtree(libs_dir(cache_dir, version), ignore_errors=True)
    partial.rename(libs_dir(cache_dir, version))


def _maven_command(
    mvn: str, version: str, cache_dir: Path, output: Path, repo_url: str | None
) -> list[str]:
    """Writes the POM (and mirror settings) and returns the Maven command line using them."""
    work = cache_dir / version
    (work / "pom.xml").write_text(pom_xml(version))
    command = [mvn, "-B", "-q", "-f", str(work / "pom.xml")]
    if repo_url:
        (work / "settings.xml").write_text(settings_xml(repo_url))
        command += ["-s", str(work / "settings.xml")]
    return [
        *command,
        f"-Dmaven.repo.local={cache_dir / 'maven-repo'}",
        f"{DEPENDENCY_PLUGIN}:copy-dependencies",
        f"-DoutputDirectory={output}",
        "-DincludeScope=runtime",
    ]


def _run_maven(
    command: list[str], java: Path, version: str, source: str
) -> subprocess.CompletedProcess[str]:
    """Runs Maven on the same JDK as the broker (``JAVA_HOME``), bounded in time."""
    env = {**os.environ, "JAVA_HOME": str(java.resolve().parent.parent)}
    try:
        return subprocess.run(
            command,
            capture_output=True,
            text=True,
            env=env,
            timeout=DOWNLOAD_TIMEOUT_S,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        raise DownloadError(
            f"downloading Kafka {version} from {source} took over {DOWNLOAD_TIMEOUT_S:.0f} s"
        ) from exc
