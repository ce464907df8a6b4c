"""Optional bearer-token authentication of the ingest's write endpoints.

Prometheus (``alerting.alertmanagers[].authorization.credentials_file``) and Alertmanager
(``webhook_configs[].http_config.authorization``) both send ``Authorization: Bearer <token>``.
Tokens are compared in constant time and never echoed.

>>> auth = BearerAuth("s3cret")
>>> auth.refusal("Bearer s3cret") is None, auth.refusal(None), auth.refusal("Bearer nope")
(True, 'missing Authorization header (expected: Bearer token)', 'invalid bearer token')
"""

from __future__ import annotations

import hmac
import os
from pathlib import Path

TOKEN_ENV = "CORRELATOR_INGEST_TOKEN"


class TokenError(ValueError):
    """The token source is unusable (unreadable or empty file)."""


class BearerAuth:
    def __init__(self, token: str | None) -> None:
        self._token = token.encode() if token else None

    @property
    def enabled(self) -> bool:
        return self._token is not None

    def refusal(self, header: str | None) -> str | None:
        """None when the request may pass, else why it may not (for a 401 answer)."""
        if self._token is None:
            return None
        if not header:
            return "missing Authorization header (expected: Bearer token)"
        scheme, _, given = header.partition(" ")
        if scheme.lower() != "bearer" or not given.strip():
            return "the Authorization header must use the Bearer scheme"
        # Header bytes that are not UTF-8 arrive as surrogate escapes: compare them as sent.
        if not hmac.compare_digest(given.strip().encode("utf-8", "surrogateescape"), self._token):
            return "invalid bearer token"
        return None


def load_token(token_file: Path | None, env: dict[str, str] | None = None) -> str | None:
    """The token from ``token_file``, else ``$CORRELATOR_INGEST_TOKEN``, else None (no auth)."""
    if token_file is not None:
        try:
            token = token_file.read_text(encoding="utf-8").strip()
        except OSError as err:
            raise TokenError(f"{token_file}: cannot read the token file: {err.strerror}") from None
        if not token:
            raise TokenError(f"{token_file}: the token file is empty")
        return token
    value = (os.environ if env is None else env).get(TOKEN_ENV, "").strip()
    return value or None
