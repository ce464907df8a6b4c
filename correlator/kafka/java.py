"""Finding the Java runtime the broker needs (17 or newer for Kafka 4).

Looked up as Kafka's own ``kafka-run-class.sh`` does: ``$JAVA_HOME/bin/java`` first, then
``java`` on ``PATH``, so a user's choice of JDK is respected.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from correlator.kafka.errors import JavaMissingError

MIN_JAVA = 17
_VERSION_LINE = re.compile(r'version "(\d+)(?:\.(\d+))?')


def find_java() -> Path | None:
    """The ``java`` executable to use, or ``None`` when there is none."""
    home = os.environ.get("JAVA_HOME")
    if home and os.access(Path(home) / "bin" / "java", os.X_OK):
        return Path(home) / "bin" / "java"
    found = shutil.which("java")
    return Path(found) if found else None


def parse_major_version(version_output: str) -> int | None:
    """The major version from ``java -version`` output (``1.8.0`` counts as 8).

    >>> parse_major_version('openjdk version "17.0.15" 2025-04-15')
    17
    >>> parse_major_version('java version "1.8.0_402"')
    8
    """
    match = _VERSION_LINE.search(version_output)
    if match is None:
        return None
    major = int(match.group(1))
    return int(match.group(2) or 0) if major == 1 else major


def require_java() -> Path:
    """The ``java`` executable, checked to be recent enough; raises a one-line error otherwise."""
    java = find_java()
    if java is None:
        raise JavaMissingError(
            f"Java {MIN_JAVA}+ is needed to run Kafka and none was found (no java on PATH, "
            "no JAVA_HOME): install a JDK, e.g. `apt-get install openjdk-17-jre-headless`"
        )
    result = subprocess.run(
        [str(java), "-version"], capture_output=True, text=True, timeout=60, check=False
    )
    major = parse_major_version(result.stderr + result.stdout)
    if major is None or major < MIN_JAVA:
        raise JavaMissingError(
            f"Kafka needs Java {MIN_JAVA}+, but {java} reports "
            f"{'an unknown version' if major is None else f'version {major}'}: "
            "set JAVA_HOME to a newer JDK"
        )
    return java
