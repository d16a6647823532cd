"""Failure alerts through the operator's webhook (the `finrag-alerts` Prefect block).

A webhook URL is a secret: chat and paging services put the token that lets anyone post
into it (a path, a query, a user:password). So it is kept in the block's secrets (the UI
shows it masked), and a failed send reports what went wrong (the answer's status, an
unreachable host) with every form of the URL redacted, whatever the server echoes back:
nothing of it reaches a message, a log or a Prefect state. A wrong URL or a refused
token (4xx) is not retried; a server that is down or busy is, a minute apart.
"""

from __future__ import annotations

import contextlib
from urllib.parse import urlsplit

from prefect import task
from prefect.cache_policies import NO_CACHE

from finrag.config import redact

ALERT_BLOCK = "finrag-alerts"
_URL_SECRET = "alert_url"  # the block's URL is "{{alert_url}}", filled from its secrets
# 4xx answers worth another try a minute later: a timeout, rate limiting
_TRANSIENT_4XX = {408, 425, 429}


class AlertNotSent(Exception):
    """The webhook refused the alert or could not be reached; the message holds no secret."""

    def __init__(self, message: str, permanent: bool) -> None:
        super().__init__(message)
        self.permanent = permanent


def save_alert_webhook(url: str) -> None:
    """Create or replace the `finrag-alerts` block: a JSON POST of subject and body to `url`,
    the URL kept among the block's secrets."""
    from prefect.blocks.notifications import CustomWebhookNotificationBlock

    CustomWebhookNotificationBlock(
        name=ALERT_BLOCK,
        url="{{" + _URL_SECRET + "}}",
        secrets={_URL_SECRET: url},
        method="POST",
        json_data={"subject": "{{subject}}", "body": "{{body}}"},
        allow_private_urls=True,  # a receiver on the operator's own network is the usual case
    ).save(ALERT_BLOCK, overwrite=True)


def shown_url(url: str) -> str:
    """The URL as it may be shown: scheme and host only."""
    parts = urlsplit(url)
    host = parts.hostname or "?"
    return f"{parts.scheme}://{host}{f':{parts.port}' if parts.port else ''}/***"


def url_secrets(url: str) -> list[str]:
    """Every part of a webhook URL that may carry its token, in the forms a client or a
    server may echo it: the whole URL, its path and query, its user:password."""
    import httpx

    parts = urlsplit(url)
    found = [url, url.rstrip("/")]
    with contextlib.suppress(httpx.InvalidURL, TypeError, ValueError):
        found.append(str(httpx.URL(url)))  # as httpx writes it in its errors
    tail = parts.path + (f"?{parts.query}" if parts.query else "")
    found += [tail, parts.path, parts.query, parts.password or "", parts.username or ""]
    return [s for s in found if s and s != "/"]


def alert_problem(err: BaseException, secrets: list[str], where: str) -> AlertNotSent:
    """What went wrong sending an alert, in one line without any of `secrets`."""
    import httpx

    if isinstance(err, httpx.HTTPStatusError):
        status = err.response.status_code
        said = " ".join(err.response.text.split())[:200]
        message = f"the alert webhook {where} answered {status} {err.response.reason_phrase}" + (
            f": {said}" if said else "")
        permanent = 400 <= status < 500 and status not in _TRANSIENT_4XX
    elif isinstance(err, httpx.RequestError):
        message = f"the alert webhook {where} cannot be reached ({type(err).__name__}: {err})"
        permanent = False
    else:  # no block saved, a template that does not render: the same again a minute later
        message = f"the alert could not be sent ({type(err).__name__}: {err})"
        permanent = True
    return AlertNotSent(redact(message, secrets), permanent=permanent)


def _worth_retrying(task, task_run, state) -> bool:  # noqa: ANN001 - Prefect's retry_condition_fn
    try:
        state.result()
    except AlertNotSent as exc:
        return not exc.permanent
    except Exception:  # noqa: BLE001 - anything else: the retry policy decides
        return True
    return True


@task(name="send-alert", retries=3, retry_delay_seconds=60, retry_condition_fn=_worth_retrying,
      cache_policy=NO_CACHE)
def send_alert(body: str, subject: str) -> None:
    """POST the alert through the `finrag-alerts` block; AlertNotSent (redacted) when it fails."""
    from prefect.blocks.notifications import CustomWebhookNotificationBlock

    secrets: list[str] = []
    where = "(finrag-alerts)"
    problem: AlertNotSent | None = None
    try:
        block = CustomWebhookNotificationBlock.load(ALERT_BLOCK)
        values = {k: str(v) for k, v in block.secrets.get_secret_value().items()}
        url = block.url
        for name, value in values.items():
            url = url.replace("{{" + name + "}}", value)
        secrets = [*url_secrets(url), *url_secrets(block.url), *values.values()]
        where = f"at {shown_url(url)}"
        block.notify(body=body, subject=subject)
    except Exception as err:  # noqa: BLE001 - every failure leaves as one redacted line
        problem = alert_problem(err, secrets, where)
    if problem is not None:
        raise problem  # outside the except: the exception that echoed the URL is not its context
