"""``pagers.yaml``: receivers, routes and node labels, validated once at load.

Every section forbids unknown keys. Secrets (receiver URLs, routing keys, tokens) come from the
file or, with the ``*_env`` form of the field, from the environment; either way they are held as
:class:`pydantic.SecretStr`, so that printing the configuration never shows them. Errors name
the file, the receiver or route and the field, for example::

    pagers.yaml: receivers[0] 'oncall': field 'routing_key_env': environment variable PD_KEY is not set
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)

from correlator.wire.incidents import ENGINE_CAUSES

PAGERDUTY_URL = "https://events.pagerduty.com/v2/enqueue"
ROUTING_KEY_LEN = 32
"""PagerDuty's Events API v2 routing (integration) keys are 32 characters."""
Pos = Annotated[float, Field(gt=0)]
Share = Annotated[float, Field(ge=0, le=1)]
NAME_RE = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$"
SeverityName = Literal["critical", "warning", "info"]


class PagerConfigError(ValueError):
    """A configuration that cannot be used; the message names file, item and field."""


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Retry(_Section):
    """Exponential backoff with jitter for 429, 5xx and network errors."""

    initial_s: Pos = 1.0
    max_s: Pos = 300.0
    multiplier: Annotated[float, Field(ge=1)] = 2.0
    jitter: Share = 0.5
    give_up_after_s: Pos | None = None


class RateLimit(_Section):
    """At most ``per_minute`` requests per key (routing key, or URL), bursts of ``burst``."""

    per_minute: Pos = 60.0
    burst: Annotated[int, Field(ge=1)] = 10


class _Receiver(_Section):
    name: Annotated[str, Field(pattern=NAME_RE)]
    url: SecretStr | None = None
    url_env: str | None = None
    send_updates: bool = True
    send_resolved: bool = True
    timeout_s: Pos = 10.0
    retry: Retry | None = None
    rate_limit: RateLimit | None = None

    @model_validator(mode="after")
    def _one_url(self) -> _Receiver:
        if self.url is not None and self.url_env is not None:
            raise ValueError("give either 'url' or 'url_env', not both")
        if self.url is None and self.url_env is None and self.default_url() is None:
            raise ValueError("needs 'url' or 'url_env'")
        return self

    def default_url(self) -> str | None:
        return None


class PagerDutyReceiver(_Receiver):
    """PagerDuty Events API v2: trigger on open and on updates (same dedup_key), resolve."""

    type: Literal["pagerduty"]
    routing_key: SecretStr | None = None
    routing_key_env: str | None = None
    client: str = "gpu-correlator"
    client_url: str | None = None

    @model_validator(mode="after")
    def _one_key(self) -> PagerDutyReceiver:
        if (self.routing_key is None) == (self.routing_key_env is None):
            raise ValueError("give exactly one of 'routing_key' and 'routing_key_env'")
        return self

    def default_url(self) -> str | None:
        return PAGERDUTY_URL


class SlackReceiver(_Receiver):
    """A Slack incoming webhook: one readable message per delivered transition."""

    type: Literal["slack"]


class WebhookReceiver(_Receiver):
    """Anything that takes Alertmanager's webhook (version 4) JSON.

    ``max_alerts`` is Alertmanager's: at most this many alerts (one per node) in a message,
    the rest counted in ``truncatedAlerts``; 0 is no limit but the body's size cap.
    """

    type: Literal["webhook"]
    bearer_token: SecretStr | None = None
    bearer_token_env: str | None = None
    max_alerts: Annotated[int, Field(ge=0)] = 0

    @model_validator(mode="after")
    def _one_token(self) -> WebhookReceiver:
        if self.bearer_token is not None and self.bearer_token_env is not None:
            raise ValueError("give either 'bearer_token' or 'bearer_token_env', not both")
        return self


Receiver = Annotated[PagerDutyReceiver | SlackReceiver | WebhookReceiver, Field(discriminator="type")]


class Match(_Section):
    """All given conditions must hold; a list means any of its values."""

    cause: list[str] | None = None
    severity: list[SeverityName] | None = None
    nodes: list[str] | None = None
    node_labels: dict[str, str | list[str]] | None = None

    @field_validator("cause")
    @classmethod
    def _known_causes(cls, causes: list[str] | None) -> list[str] | None:
        """A misspelt cause would match nothing, silently: refuse it at load."""
        unknown = [c for c in causes or [] if c not in ENGINE_CAUSES]
        if unknown:
            raise ValueError(f"unknown cause {', '.join(map(repr, unknown))}; the engine's causes "
                             f"are {', '.join(ENGINE_CAUSES)}")
        return causes


class Route(_Section):
    receivers: Annotated[list[str], Field(min_length=1)]
    match: Match = Match()
    continue_: bool = Field(False, alias="continue")


class NodeLabels(_Section):
    """Labels of the nodes whose names match one of ``nodes`` (shell-style globs)."""

    nodes: Annotated[list[str], Field(min_length=1)]
    labels: dict[str, str]


class Defaults(_Section):
    retry: Retry = Retry()
    rate_limit: RateLimit = RateLimit()


class PagerConfig(_Section):
    external_url: str = ""
    defaults: Defaults = Defaults()
    node_labels: list[NodeLabels] = Field(default_factory=list)
    receivers: Annotated[list[Receiver], Field(min_length=1)]
    routes: Annotated[list[Route], Field(min_length=1)]

    @model_validator(mode="after")
    def _references(self) -> PagerConfig:
        names = [r.name for r in self.receivers]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise ValueError(f"receiver names must be unique: {', '.join(dup)}")
        for i, route in enumerate(self.routes):
            unknown = [n for n in route.receivers if n not in names]
            if unknown:
                raise ValueError(f"routes[{i}] names unknown receivers {unknown} "
                                 f"(known: {', '.join(names)})")
        return self

    def receiver(self, name: str) -> PagerDutyReceiver | SlackReceiver | WebhookReceiver:
        return next(r for r in self.receivers if r.name == name)

    def retry_of(self, r: _Receiver) -> Retry:
        return r.retry or self.defaults.retry

    def rate_limit_of(self, r: _Receiver) -> RateLimit:
        return r.rate_limit or self.defaults.rate_limit


def load_pagers(path: Path, env: Mapping[str, str] | None = None) -> PagerConfig:
    """Read, validate and resolve ``*_env`` secrets from ``env`` (default: the environment)."""
    doc = _read(path)
    try:
        cfg = PagerConfig.model_validate(doc)
    except ValidationError as err:
        raise PagerConfigError(_describe(path, err, doc)) from None
    return _resolve(path, cfg, os.environ if env is None else env)


def _read(path: Path) -> Any:
    try:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f" line {mark.line + 1}:" if mark is not None else ""
        raise PagerConfigError(f"{path}:{where} invalid YAML: {getattr(err, 'problem', err)}") from None
    except OSError as err:
        raise PagerConfigError(f"{path}: cannot read: {err.strerror}") from None
    if not isinstance(doc, dict):
        raise PagerConfigError(f"{path}: the top level must be a mapping (receivers, routes, ...)")
    return doc


_SECRET_FIELDS = ("url", "routing_key", "bearer_token")


def _resolve(path: Path, cfg: PagerConfig, env: Mapping[str, str]) -> PagerConfig:
    receivers = []
    for i, r in enumerate(cfg.receivers):
        update: dict[str, Any] = {}
        for name in _SECRET_FIELDS:
            var = getattr(r, f"{name}_env", None)
            if var is None:
                continue
            value = env.get(var, "").strip()
            if not value:
                raise PagerConfigError(f"{path}: receivers[{i}] '{r.name}': field '{name}_env': "
                                       f"environment variable {var} is not set")
            update[name] = SecretStr(value)
        _check_routing_key(path, i, r, update)
        if r.url is None and "url" not in update:
            update["url"] = SecretStr(r.default_url() or "")
        url = (update.get("url") or r.url or SecretStr("")).get_secret_value()
        if not re.match(r"^https?://[^/\s]+", url):
            raise PagerConfigError(f"{path}: receivers[{i}] '{r.name}': field "
                                   f"'{'url_env' if r.url_env else 'url'}': not an http(s) URL")
        receivers.append(r.model_copy(update=update))
    return cfg.model_copy(update={"receivers": receivers})


def _check_routing_key(path: Path, i: int, r: _Receiver, update: dict[str, Any]) -> None:
    """A key of the wrong length would be refused by PagerDuty on every event: say so at load,
    naming the field and the length, never the key."""
    if not isinstance(r, PagerDutyReceiver):
        return
    key: SecretStr | None = update.get("routing_key") or r.routing_key
    size = len(key.get_secret_value()) if key is not None else 0
    if size != ROUTING_KEY_LEN:
        field = "routing_key_env" if r.routing_key_env else "routing_key"
        held = f" (from {r.routing_key_env})" if r.routing_key_env else ""
        raise PagerConfigError(f"{path}: receivers[{i}] '{r.name}': field '{field}': the routing "
                               f"key{held} has {size} characters; PagerDuty's have {ROUTING_KEY_LEN}")


def _describe(path: Path, err: ValidationError, doc: dict[str, Any]) -> str:
    lines = []
    for e in err.errors(include_url=False):
        loc = [p for p in e["loc"] if p not in ("pagerduty", "slack", "webhook")]
        where = _where(loc, doc)
        msg = e["msg"].removeprefix("Value error, ")
        lines.append(f"{path}: {where}{msg}")
    return "\n".join(lines)


def _where(loc: list[Any], doc: dict[str, Any]) -> str:
    if not loc:
        return ""
    head = str(loc[0])
    rest = loc[1:]
    if head in ("receivers", "routes", "node_labels") and rest and isinstance(rest[0], int):
        item = f"{head}[{rest[0]}]"
        if head == "receivers":
            items = doc.get("receivers") or []
            entry = items[rest[0]] if rest[0] < len(items) else None
            if isinstance(entry, dict) and entry.get("name"):
                item += f" '{entry['name']}'"
        rest = rest[1:]
    else:
        item = head
        if not rest:
            return f"field '{head}': "
    field = ".".join(str(p) for p in rest)
    return f"{item}: field '{field}': " if field else f"{item}: "
