"""Alerts an operator reads: one per nightly run, each failure reported once, none for a retry.

- **One per nightly run.** A nightly run (`nightly_batch`, `ingest_inbox`) sends one alert when
  files failed: the subject names the deployment, the day and the counts ("FinRAG batch-nightly
  2026-12-01: 2 of 5 files failed"); the body lists each failed file with its one-line reason,
  then the link to the run in the UI (none for a temporary server: it is gone by the time
  anyone reads the alert). Once it is sent (or every failure was reported before), the run
  publishes the same text as its `nightly-alert` artifact, which tells the failure automation
  (`notify_failure`) that this run has spoken for itself; an alert that could not be sent
  leaves that to the automation, which retries the webhook.
- **Once per failure.** A file that stays in the inbox fails again every night; its failure is
  keyed by the file's content hash and its reason, and the keys seen on the last run are kept
  in `<inbox>/failed/.alerted.json`. A key seen before is not reported again; a changed file or
  a new reason is. (A file moved to `failed/YYYY-MM-DD/` is not in the inbox the next night, so
  it cannot repeat either way.)
- **Final state only.** A run that Prefect will retry (a busy store) says nothing; if the retry
  succeeds nothing was sent. `notify_failure` ignores subflow runs (their parent's run reports
  them) and runs whose state is no longer a failure when it reads it.
- The webhook's URL is a secret (it often carries a token): it is never logged or printed.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

from finrag.wording import plural, shorten

ALERT_BLOCK = "finrag-alerts"
ALERT_ARTIFACT = "nightly-alert"
LEDGER = Path("failed") / ".alerted.json"  # inside the inbox, beside ops' failed/YYYY-MM-DD/ folders
REASON_CHARS = 300

# What Prefect puts before an exception's own words in a state message.
_PREFECT_PREFIX = re.compile(r"^(?:Flow run encountered an exception:\s*)?(?:[A-Za-z_.]*(?:Error|Exception|Busy):\s*)?")


class FailedFile(BaseModel):
    file: str
    reason: str  # one line
    key: str  # sha256 of the file's bytes (its name when it is gone) and of the reason


class NightlyAlert(BaseModel):
    subject: str
    body: str
    new: list[FailedFile]  # the failures this alert reports (none: all were reported before)

    def markdown(self) -> str:
        return f"# {self.subject}\n\n{self.body}\n"


def one_line(reason: str) -> str:
    """A failure's reason as one line, without Prefect's "Flow run encountered an exception:"."""
    first = next((line for line in reason.splitlines() if line.strip()), "") or "no reason given"
    return shorten(_PREFECT_PREFIX.sub("", first.strip()) or first, REASON_CHARS)


def failed_file(path: Path, reason: str) -> FailedFile:
    # the file is named once, in front: not again with the folder it was read from
    reason = re.sub(rf"[^\s()]*{re.escape(os.sep)}{re.escape(path.name)}\b", path.name, one_line(reason))
    digest = hashlib.sha256()
    try:
        digest.update(path.read_bytes())
    except OSError:  # moved to failed/ already, or unreadable: its name stands in for it
        digest.update(path.name.encode())
    digest.update(b"\0" + reason.encode())
    return FailedFile(file=path.name, reason=reason, key=digest.hexdigest())


def new_failures(inbox: Path, failures: list[FailedFile]) -> list[FailedFile]:
    """The failures not reported on the last run that alerted."""
    try:
        seen = set(json.loads((inbox / LEDGER).read_text()))
    except (OSError, ValueError):
        seen = set()
    return [f for f in failures if f.key not in seen]


def remember(inbox: Path, failures: list[FailedFile]) -> None:
    """The ledger holds exactly this run's keys (once its alert went out), so a file fixed and
    later broken the same way is reported again, and an alert that could not be sent is
    tried again the next night."""
    ledger = inbox / LEDGER
    ledger.parent.mkdir(parents=True, exist_ok=True)
    ledger.write_text(json.dumps(sorted(f.key for f in failures)))


def compose(label: str, day: str, total: int, failures: list[FailedFile], new: list[FailedFile],
            link: str | None) -> NightlyAlert:
    subject = f"FinRAG {label} {day}: {len(failures)} of {plural(total, 'file')} failed"
    lines = [f"- {f.file}: {f.reason}" for f in new]
    old = [f.file for f in failures if f not in new]
    if old:
        lines.append(f"Still failing, reported before: {', '.join(old)}")
    lines.append(f"Run: {link}" if link else "Run: no UI link (the run used a temporary Prefect server)")
    return NightlyAlert(subject=subject, body="\n".join(lines), new=new)


def run_link(flow_run_id: object) -> str | None:
    """The run's page in the UI (PREFECT_UI_URL, else the API's address without /api); None on
    a temporary server, whose UI address runtime.py clears."""
    from prefect.utilities.urls import url_for

    return url_for("flow-run", obj_id=str(flow_run_id)) or None


def run_label() -> str:
    """The run's deployment ("batch-nightly"), else its flow's name when run without one."""
    from prefect.runtime import deployment, flow_run

    return deployment.name or flow_run.flow_name or "nightly"


def final_attempt() -> bool:
    """False when a failure of this run would be retried by Prefect (run count within the
    run's retries: the server's RetryFailedFlows rule), so only the last attempt alerts."""
    from prefect.client.orchestration import get_client
    from prefect.runtime import flow_run

    if not flow_run.id:
        return True
    with get_client(sync_client=True) as client:
        run = client.read_flow_run(flow_run.id)
    retries = run.empirical_policy.retries
    return retries is None or run.run_count > retries


def alert_nightly(inbox: Path, day: str, total: int, failures: Iterable[FailedFile],
                  logger: logging.Logger | logging.LoggerAdapter) -> NightlyAlert | None:
    """The nightly run's one alert: sent (new failures only) and published as an artifact, on
    the run's final attempt; None when nothing failed or the run will be retried."""
    from prefect.artifacts import create_markdown_artifact
    from prefect.runtime import flow_run

    failures = list(failures)
    if not failures:
        return None
    if not final_attempt():
        logger.info("%s failed; not alerting: Prefect retries this run", plural(len(failures), "file"))
        return None
    alert = compose(run_label(), day, total, failures, new_failures(inbox, failures), run_link(flow_run.id))
    if alert.new and send(alert.subject, alert.body, logger) != "sent":
        return alert  # no artifact: the failure automation alerts for this run (and retries the webhook)
    if not alert.new:
        logger.info("%s: every failure was reported before; no alert sent", alert.subject)
    remember(inbox, failures)
    create_markdown_artifact(key=ALERT_ARTIFACT, markdown=alert.markdown(), description=alert.subject)
    return alert


# What became of an alert: "refused" (no block, or the receiver answered 4xx: a wrong URL or
# token fails the same way again, so it is never retried) or "unreachable" (down, 5xx: worth a retry).
Sent = Literal["sent", "refused", "unreachable"]


def send(subject: str, body: str, logger: logging.Logger | logging.LoggerAdapter) -> Sent:
    """Post through the `finrag-alerts` block; a missing block or a receiver that is down or
    refuses is logged (without the URL), never raised: the run's own outcome stands."""
    from prefect.blocks.notifications import CustomWebhookNotificationBlock

    try:
        block = CustomWebhookNotificationBlock.load(ALERT_BLOCK)
    except ValueError:
        logger.warning("no alert sent: no %r block (create it: python -m flows.nightly URL)", ALERT_BLOCK)
        return "refused"
    try:
        block.notify(body=body, subject=subject)
    except Exception as exc:  # noqa: BLE001 - an httpx error's text carries the URL
        status = getattr(getattr(exc, "response", None), "status_code", None)
        logger.error("alert not sent: %s%s", type(exc).__name__, f" (HTTP {status})" if status else "")
        return "refused" if status is not None and 400 <= status < 500 else "unreachable"
    logger.info("alert sent: %s", subject)
    return "sent"


def redacted_url(url: str) -> str:
    """"https://hooks.example.com/…" : the scheme and host, never the path or query (a token)."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.hostname or ''}{f':{parts.port}' if parts.port else ''}/…"
