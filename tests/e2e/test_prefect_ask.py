"""End to end through Prefect: a real server, `prefect deploy` from prefect.yaml, a process
worker, the `ask` flow triggered over the REST API, its answer read back as an artifact —
and the same seen in the UI by headless Chromium.

The server, the deployments and the worker are shared with the other e2e tests (conftest.py).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from tests.e2e.conftest import open_artifact
from tests.support.prefect_server import api, wait_for_run

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


@pytest.fixture(scope="module")
def ask_run(deployed) -> dict:
    """One `ask` run triggered through the REST API, waited for until it ends."""
    server = deployed.server
    run = api(
        server, "POST", f"/deployments/{deployed.deployments['ask']}/create_flow_run",
        {"parameters": {"request": {"questions": [deployed.question], "strategy": "single"}}},
    )  # fmt: skip
    run = wait_for_run(server, run["id"])
    log = (server.home / "worker.log").read_text(errors="replace")[-3000:]
    assert run["state"]["type"] == "COMPLETED", f"run ended {run['state']}; worker log:\n{log}"
    return run


def test_ask_through_the_api_returns_the_answer_as_an_artifact(deployed, ask_run):
    artifacts = api(
        deployed.server, "POST", "/artifacts/filter",
        {"artifacts": {"flow_run_id": {"any_": [ask_run["id"]]}}},
    )  # fmt: skip
    (artifact,) = artifacts  # one question: its answer, no overview
    assert artifact["type"] == "markdown"
    slug = re.sub(r"[^a-z0-9]+", "-", deployed.question.lower()).strip("-")[:80].strip("-")
    assert artifact["key"] == f"ask-{slug}-{datetime.now(UTC).date().isoformat()}"
    markdown = artifact["data"]
    assert deployed.question in markdown
    assert "via **single**" in markdown  # the strategy chosen in the form was used
    if "`answered`" in markdown:
        # Cited from the worker's store (the only documents it has), a table row with its periods.
        assert deployed.company_doc.split("_")[0] in markdown and "(columns: " in markdown
    else:
        assert "`not_found`" in markdown, markdown


def test_the_run_form_offers_questions_a_strategy_dropdown_and_plain_hint_fields(deployed, browser, test_output_dir):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(f"{deployed.server.url}/deployments/deployment/{deployed.deployments['ask']}/run")
    page.get_by_text("Questions", exact=True).first.wait_for(timeout=60_000)
    page.get_by_text("Add item").first.wait_for()  # the list of questions
    strategy = page.locator(
        ".schema-form-property", has=page.get_by_text("Strategy (Optional)", exact=True)
    ).last
    select = strategy.locator(".p-select-button__control")
    assert select.inner_text().strip() == "auto"  # the enum's default
    assert "iterative: an agent that plans searches" in strategy.inner_text()  # each strategy explained
    for name in ("Company (Optional)", "Period (Optional)"):  # plain text fields, no "None" toggle
        field = page.locator(".schema-form-property", has=page.get_by_text(name, exact=True)).last
        assert field.locator("textarea").count() == 1, name  # a text box to type into
        assert field.locator("[role=switch], input[type=checkbox]").count() == 0, name
    assert "Property is type None" not in page.content()
    page.get_by_text("Review the plan (Optional)", exact=True).first.wait_for()
    page.screenshot(path=str(test_output_dir / "e2e-ask-run-form.png"), full_page=True)
    # This select opens with focus + ArrowDown (a click does not open it).
    select.focus()
    page.keyboard.press("ArrowDown")
    options = page.get_by_role("option")
    options.last.wait_for(timeout=10_000)
    assert options.all_inner_texts() == ["auto", "direct", "single", "iterative", "graph"]
    page.screenshot(path=str(test_output_dir / "e2e-ask-strategy-open.png"), full_page=True)
    page.close()


def test_the_flow_run_page_shows_the_answer_artifact(deployed, ask_run, browser, test_output_dir):
    artifacts = api(
        deployed.server, "POST", "/artifacts/filter",
        {"artifacts": {"flow_run_id": {"any_": [ask_run["id"]]}, "type": {"any_": ["markdown"]}}},
    )  # fmt: skip
    (artifact,) = artifacts
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    open_artifact(page, deployed.server, ask_run["id"], artifact["key"])
    first_line = next(line for line in artifact["data"].splitlines()[1:] if line.strip())
    page.get_by_text(deployed.question).first.wait_for(timeout=30_000)
    page.get_by_text(" ".join(first_line.split()[:4])).first.wait_for(timeout=10_000)  # the answer
    page.screenshot(path=str(test_output_dir / "e2e-ask-artifact.png"), full_page=True)
    page.close()
