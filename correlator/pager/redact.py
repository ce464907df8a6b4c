"""Keep receiver URLs, routing keys and tokens out of logs and dead letters.

Every text that came from outside (an exception's message, a receiver's answer) passes through
a :class:`Redactor` before it is logged or kept.

>>> r = Redactor(["https://hooks.example/services/T1/B2/XYZ", "0123456789abcdef"])
>>> r("POST https://hooks.example/services/T1/B2/XYZ failed; key 0123456789abcdef; /services/T1/B2/XYZ")
'POST <redacted> failed; key <redacted>; <redacted>'
"""

from __future__ import annotations

from urllib.parse import urlsplit

MASK = "<redacted>"


class Redactor:
    def __init__(self, secrets: list[str]) -> None:
        parts: set[str] = set()
        for s in secrets:
            if not s:
                continue
            parts.add(s)
            u = urlsplit(s)
            tail = u.path + (f"?{u.query}" if u.query else "")
            if u.scheme and len(tail) > 8:
                parts.add(tail)
        self._parts = sorted(parts, key=len, reverse=True)

    def __call__(self, text: str) -> str:
        for p in self._parts:
            text = text.replace(p, MASK)
        return text
