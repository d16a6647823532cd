"""Who holds the embedded store, as a waiting run and a refused command say it."""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta

from finrag.store.holder import StoreHolder, command_line, holding_as

NOW = datetime(2026, 12, 1, 17, 14, tzinfo=UTC)


def test_a_holder_is_named_with_its_pid_and_since_when():
    holder = StoreHolder(pid=4242, what="the ask run 'clever-fox'", since=NOW - timedelta(minutes=12))
    assert holder.describe(NOW) == "the ask run 'clever-fox' (pid 4242), since 17:02 UTC (12 min ago)"
    assert StoreHolder(pid=7, what="`finrag batch`", since=NOW - timedelta(hours=3)).describe(NOW).endswith(
        "since 14:14 UTC (3.0 h ago)")


def test_a_lock_file_of_an_earlier_version_or_one_being_written_still_reads():
    assert StoreHolder.parse("4242\n").describe() == "(pid 4242)"  # a bare pid, as before
    assert StoreHolder.parse("").describe() == ""  # truncated by its new holder a moment ago
    written = StoreHolder(pid=1, what="x", since=NOW)
    assert StoreHolder.parse(written.model_dump_json()) == written


def test_a_flow_names_itself_and_a_command_is_named_by_its_subcommand(monkeypatch):
    with holding_as("the answer_batch run 'tidy-otter'"):
        assert StoreHolder.me().what == "the answer_batch run 'tidy-otter'"
    monkeypatch.setattr(sys, "argv", ["/repo/cli/main.py", "--debug", "ask", "What was revenue?"])
    assert StoreHolder.me().what == command_line() == "`finrag ask`"
    monkeypatch.setattr(sys, "argv", ["/usr/lib/python3/site-packages/pytest/__main__.py", "-q"])
    assert command_line() == "`pytest`"
