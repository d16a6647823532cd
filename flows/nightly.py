"""Nightly flows an operator can leave alone: the report and question inboxes.

- `nightly_batch` answers every question file in the inbox, each file in a run of its own
  (`nightly_file`): a file that cannot be read fails alone, with its reason, and the
  others finish. An answered file moves to `processed/YYYY-MM-DD/` inside the inbox, so
  the next night does not answer (and pay for) it again; a file that cannot be read moves
  to `failed/YYYY-MM-DD/` beside `<name>.reason.txt`, so it is reported once, not every
  night (a file that failed for another reason, a busy store, stays for the next night).
- `ingest_inbox` ingests the PDFs in the reports inbox; a PDF that cannot be read moves to
  `failed/YYYY-MM-DD/` the same way, and the run ends Failed.
- Both create their inbox on first run (the deploy step creates them too) and end as a
  success that says "nothing to do" when the inbox is empty.
- Each nightly run sends one alert when files failed (flows/alerts.py: the deployment, the
  day, the counts, each file's reason, the run's link; a failure already reported is not
  reported again). `notify_failure` is what the failure automation in prefect.yaml runs for
  every other failed run: one alert through the webhook notification block `finrag-alerts`.

Retries and timeouts, and why: only transient causes are retried, where they happen: a
busy store is waited for (flows/store_queue.py), an embedding endpoint failing for a while
is retried per document, an LLM per question. Neither flow is retried as a whole: a bad
file is not fixed by reading it again.
"""

from __future__ import annotations

import shutil
from contextlib import suppress
from datetime import UTC, datetime
from pathlib import Path

from prefect import flow, get_run_logger
from prefect.exceptions import MissingResult
from pydantic import BaseModel, Field

from finrag.models import DocumentReport, StrategyChoice
from finrag.text_files import write_text_atomic
from flows.alerts import (
    ALERT_ARTIFACT,
    ALERT_BLOCK,
    alert_nightly,
    failed_file,
    one_line,
    redacted_url,
    run_link,
    send,
)
from flows.answer_batch import answer_file
from flows.artifacts import REASON_CHARS, BatchSummary, markdown_cell
from flows.batch_io import QUESTION_SUFFIXES, BatchFormatError
from flows.outcome import finish, result_of

PROCESSED = "processed"
FAILED = "failed"
HOUR = 3600


class FileOutcome(BaseModel):
    file: str
    status: str  # "answered", "answered with failures" (moved; some rows failed) or "failed" (left)
    message: str = ""
    moved_to: str | None = None
    # the file's questions: answered, and refused (unverified / not_found / needs_company)
    answered: int = 0
    refused: int = 0


class NightlySummary(BaseModel):
    inbox: str
    message: str
    files: list[FileOutcome] = Field(default_factory=list)


def today() -> str:
    return datetime.now(UTC).date().isoformat()


def ensure_inbox(inbox: str | Path) -> Path:
    path = Path(inbox)
    path.mkdir(parents=True, exist_ok=True)
    return path


def question_files(inbox: Path) -> list[Path]:
    """Question files directly in the inbox (not in processed/), sorted by name."""
    return sorted(p for p in inbox.iterdir() if p.is_file() and p.suffix.lower() in QUESTION_SUFFIXES)


def move_to_processed(path: Path, day: str) -> Path:
    """Move an answered file to `<inbox>/processed/<day>/`, never over an earlier one."""
    return move_under(path, PROCESSED, day)


def move_to_failed(path: Path, day: str, reason: str) -> Path:
    """Move a file that cannot be used to `<inbox>/failed/<day>/`, its one-line reason beside
    it in `<name>.reason.txt`: it is reported the night it fails, not every night after.
    Fixed, it goes back into the inbox."""
    moved = move_under(path, FAILED, day)
    write_text_atomic(moved.with_name(moved.name + ".reason.txt"), reason.strip() + "\n")
    return moved


def move_under(path: Path, folder: str, day: str) -> Path:
    """Move `path` to `<its folder>/<folder>/<day>/`, never over an earlier one."""
    target_dir = path.parent / folder / day
    target_dir.mkdir(parents=True, exist_ok=True)
    target = target_dir / path.name
    n = 1
    while target.exists():  # the same file name dropped twice in a day
        target = target_dir / f"{path.stem}.{n}{path.suffix}"
        n += 1
    shutil.move(str(path), target)
    return target


def file_outcome(path: Path, moved: Path, summary: object, run_problem: str = "") -> FileOutcome:
    """An answered file's outcome, with its questions' counts when its summary came back;
    "answered with failures" when some of its rows failed (the nightly run then ends Failed),
    read from the summary or, without one, from its run's Failed message."""
    if isinstance(summary, BatchSummary):
        problem = summary.problem()
        return FileOutcome(file=path.name, status="answered with failures" if problem else "answered",
                           message=problem or "", moved_to=str(moved), answered=summary.answered,
                           refused=summary.refused)
    return FileOutcome(file=path.name, status="answered with failures" if run_problem else "answered",
                       message=run_problem, moved_to=str(moved))


def where_now(inbox: Path, outcome: FileOutcome) -> Path:
    """Where a file of the night is now: moved (to a file, or into a day's folder) or still in the inbox."""
    if not outcome.moved_to:
        return inbox / outcome.file
    moved = Path(outcome.moved_to)
    return moved / outcome.file if moved.is_dir() else moved


def nightly_message(outcomes: list[FileOutcome]) -> str:
    """"2 of 3 question files answered; failed: bad.jsonl. Questions: 5 answered, 2 refused"."""
    failed = [o for o in outcomes if o.status == "failed"]
    partial = [o for o in outcomes if o.status == "answered with failures"]
    message = f"{len(outcomes) - len(failed)} of {len(outcomes)} question files answered"
    if failed:
        message += "; failed: " + ", ".join(o.file for o in failed)
    if partial:
        message += "; with failed questions: " + ", ".join(f"{o.file} ({o.message})" for o in partial)
    # a refused question (unverified, not_found, needs_company) is never counted as answered
    return message + (f". Questions: {sum(o.answered for o in outcomes)} answered, "
                      f"{sum(o.refused for o in outcomes)} refused")


def nightly_markdown(day: str, message: str, outcomes: list[FileOutcome]) -> str:
    return "\n".join(
        [f"# Nightly batch {day}", "", message, "",
         "| file | status | answered | refused | detail |", "| --- | --- | ---: | ---: | --- |"]
        + [f"| {o.file} | {o.status} | {o.answered} | {o.refused} | "
           f"{markdown_cell(' '.join(filter(None, [o.message, o.moved_to])), REASON_CHARS)} |"
           for o in outcomes]
    )


def _file_run_name() -> str:
    from prefect.runtime import flow_run

    return Path(flow_run.parameters["file"]).name


@flow(name="nightly_file", flow_run_name=_file_run_name, timeout_seconds=4 * HOUR)
def nightly_file(
    file: str, out_dir: str, strategy: StrategyChoice = "auto", store: str | None = None, day: str | None = None
) -> BatchSummary:
    """Answer one question file (resumable), then move it to processed/YYYY-MM-DD/; a file that
    cannot be read moves to failed/YYYY-MM-DD/ with its reason, and the run fails."""
    path = Path(file)
    try:
        summary = answer_file(path, out_dir, strategy=strategy, store=store, key_prefix=f"nightly-{path.name}")
    except BatchFormatError as bad:  # the file's own fault: reading it again tomorrow fails the same way
        moved = move_to_failed(path, day or today(), str(bad))
        raise BatchFormatError(f"{bad} (moved to {moved.parent})") from None
    moved = move_to_processed(path, day or today())
    get_run_logger().info("%s: %s; moved to %s", path.name, summary.status_line(), moved)
    return finish(summary, summary.problem())  # answered, but failed rows end the run Failed


@flow(name="nightly_batch", timeout_seconds=8 * HOUR)
def nightly_batch(
    inbox: str = "data/inbox/questions",
    out_root: str = "out/nightly",
    strategy: StrategyChoice = "auto",
    store: str | None = None,
) -> NightlySummary:
    """Answer every question file in an inbox folder into `out_root/YYYY-MM-DD/<file name>/`
    (the whole name: `team.csv` and `team.jsonl` never write into one folder)."""
    from prefect.artifacts import create_markdown_artifact

    logger = get_run_logger()
    folder = ensure_inbox(inbox)
    files = question_files(folder)
    day = today()
    if not files:
        message = f"nothing to do: no question files in {folder}"
        logger.info(message)
        return NightlySummary(inbox=str(folder), message=message)
    outcomes = []
    for path in files:
        state = nightly_file(
            file=str(path), out_dir=str(Path(out_root) / day / path.name), strategy=strategy, store=store,
            day=day, return_state=True,
        )  # fmt: skip
        try:
            answered = state.result(raise_on_failure=False, _sync=True)  # type: ignore[call-overload]
        except MissingResult:  # results not kept: the file's counts are in its own summary
            answered = None
        processed = folder / PROCESSED / day / path.name
        if isinstance(answered, BatchSummary) or (not path.exists() and processed.exists()):
            # answered (and moved); some rows failed when its run did, even without its counts
            outcome = file_outcome(path, processed, answered, state.message if state.is_failed() else "")
            outcomes.append(outcome)
            if outcome.message:
                logger.error("%s: %s", path.name, outcome.message)
        else:  # moved to failed/ when the file itself is bad; left for tomorrow when not (a busy store)
            where = None if path.exists() else str(folder / FAILED / day)
            outcomes.append(FileOutcome(file=path.name, status="failed", message=state.message or state.name,
                                        moved_to=where))
            logger.error("%s failed: %s%s", path.name, state.message, "" if where else " (left in the inbox)")
    failed = [o for o in outcomes if o.status == "failed"]
    partial = [o for o in outcomes if o.status == "answered with failures"]
    message = nightly_message(outcomes)
    create_markdown_artifact(
        key="nightly-summary",
        markdown=nightly_markdown(day, message, outcomes),
        description=message,
    )
    logger.info(message)
    alert_nightly(folder, day, len(outcomes), [
        failed_file(where_now(folder, o), o.message)
        for o in outcomes if o.status != "answered"
    ], logger)  # fmt: skip
    # Any file failed, or any question in one: the nightly run ends Failed, so monitoring
    # and the failure automation see it (flows/outcome.py).
    return finish(NightlySummary(inbox=str(folder), message=message, files=outcomes),
                  message if failed or partial else None)


# No flow retry: a retry would read the same bad PDFs again. What is transient is retried
# where it happens: a busy store is waited for (flows/store_queue.py), an embedding endpoint
# that fails for a while is retried per document (flows/ingest.py `store_task`).
@flow(name="ingest_inbox", timeout_seconds=6 * HOUR)
def ingest_inbox(inbox: str = "data/inbox/reports", store: str | None = None) -> list[DocumentReport]:
    """Ingest the PDFs in the reports inbox (unchanged files are skipped). A PDF that cannot be
    read moves to failed/YYYY-MM-DD/ beside its `.reason.txt`, and the run ends Failed."""
    from flows.ingest import ingest_reports
    from loaders.files import expand_paths

    logger = get_run_logger()
    folder = ensure_inbox(inbox)
    if not expand_paths([folder]):
        logger.info("nothing to do: no PDFs in %s", folder)
        return []
    state = ingest_reports(paths=[str(folder)], store=store, return_state=True)
    reports = result_of(state)
    day = today()
    for report in reports:
        path = Path(report.file)
        if report.status == "failed" and report.bad_file and path.parent == folder and path.exists():
            moved = move_to_failed(path, day, report.reason)
            logger.error("%s: %s (moved to %s)", path.name, report.reason, moved.parent)
    failed = [r for r in reports if r.status == "failed"]
    moved_away = [Path(r.file).name for r in failed if not Path(r.file).exists()]
    message = state.message if state.is_failed() else None
    if message and moved_away:
        message += f"; moved to {FAILED}/{day}/: " + ", ".join(moved_away)
    alert_nightly(folder, day, len(reports), [failed_file(Path(r.file), r.reason) for r in failed], logger)
    return finish(reports, message)  # a failed PDF: Failed


@flow(name="notify_failure", retries=3, retry_delay_seconds=60, timeout_seconds=300)
def notify_failure(flow_run: str, flow_run_id: str = "", state: str = "Failed", message: str = "") -> None:
    """One alert for a failed FinRAG run, sent through the `finrag-alerts` webhook block:
    "FinRAG <deployment> <day>: <state>", its one-line reason and its link. Nothing for a
    subflow run (its parent's run reports it: a nightly file, or an ingest a retry redid),
    for a run no longer failed when read (retried), or for a nightly run that sent its own."""
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import (
        ArtifactFilter,
        ArtifactFilterFlowRunId,
        ArtifactFilterKey,
    )

    logger = get_run_logger()
    run_id = flow_run_id.removeprefix("prefect.flow-run.")
    label, day = flow_run, today()
    if run_id:
        with get_client(sync_client=True) as client:
            run = client.read_flow_run(run_id)
            if run.parent_task_run_id:
                logger.info("%s is a subflow run: its parent's run reports it", flow_run)
                return
            if run.state is None or not (run.state.is_failed() or run.state.is_crashed()):
                logger.info("%s is %s now: no alert", flow_run, run.state.name if run.state else "unknown")
                return
            own = client.read_artifacts(artifact_filter=ArtifactFilter(
                flow_run_id=ArtifactFilterFlowRunId(any_=[run.id]), key=ArtifactFilterKey(any_=[ALERT_ARTIFACT])))
            if own and run.state.name == "Failed":
                logger.info("%s sent its own nightly alert", flow_run)
                return
            label = (client.read_deployment(run.deployment_id).name if run.deployment_id
                     else client.read_flow(run.flow_id).name)  # the deployment, else the flow
            day = (run.start_time or run.expected_start_time or run.created).date().isoformat()
    reason = one_line(message) if message else "no message"
    link = run_link(run_id) if run_id else None
    sent = send(f"FinRAG {label} {day}: {flow_run} {state}",
                f"{flow_run} ended {state}: {reason}\nRun: {link or 'no UI link'}", logger)
    if sent == "unreachable":
        raise AlertNotSent(f"alert for {flow_run} not sent (see the log)")  # Prefect retries this run


class AlertNotSent(RuntimeError):
    """The webhook could not be reached: notify_failure's retries try again (not for a refusal)."""


def save_alert_webhook(url: str) -> None:
    """Create or replace the `finrag-alerts` block: a JSON POST of subject and body to `url`.
    The URL often carries a token, so it is kept as the block's secret (masked in the UI and
    the API) and put into the request only when one is sent."""
    from prefect.blocks.notifications import CustomWebhookNotificationBlock

    # Replaced, not updated: an update merges into the stored document and kept the old URL in
    # the block's secrets (alerts then went to a receiver that was gone).
    with suppress(ValueError):  # no block yet
        CustomWebhookNotificationBlock.delete(ALERT_BLOCK)
    CustomWebhookNotificationBlock(
        name="finrag-alerts",
        url="{{webhook_url}}",
        secrets={"webhook_url": url},  # type: ignore[arg-type] - validated into a SecretDict
        method="POST",
        json_data={"subject": "{{subject}}", "body": "{{body}}"},
        allow_private_urls=True,  # a receiver on the operator's own network is the usual case
    ).save(ALERT_BLOCK)


def main(argv: list[str] | None = None) -> None:
    import argparse

    parser = argparse.ArgumentParser(description="Create the webhook block failure alerts are sent through.")
    parser.add_argument("url", help="URL that receives a JSON POST {subject, body} per alert")
    url = parser.parse_args(argv).url
    save_alert_webhook(url)
    print(f"saved notification block {ALERT_BLOCK!r} -> POST {redacted_url(url)}")  # its path may hold a token


if __name__ == "__main__":
    main()
