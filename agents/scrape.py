"""HTTP GET of a ``/metrics`` page; every way it can fail becomes one :class:`ScrapeError`."""

from __future__ import annotations

import aiohttp


class ScrapeError(RuntimeError):
    """The target did not answer with a page; the message says how, in one line."""


async def fetch_text(session: aiohttp.ClientSession, url: str, timeout_s: float) -> str:
    """The body of ``url`` as text, or :class:`ScrapeError`."""
    try:
        async with session.get(url, timeout=aiohttp.ClientTimeout(total=timeout_s)) as resp:
            if resp.status != 200:
                raise ScrapeError(f"{url} answered HTTP {resp.status}")
            return await resp.text()
    except TimeoutError:
        raise ScrapeError(f"{url} did not answer within {timeout_s:g} s") from None
    except (aiohttp.ClientError, UnicodeDecodeError) as err:
        raise ScrapeError(f"{url}: {type(err).__name__}: {err}") from None
