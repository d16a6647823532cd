"""Run the agent graph in a worker thread, so a deadline can stop the waiting (a blocking
retriever or LLM call cannot hold the answer)."""

from __future__ import annotations

import contextvars
import queue
import threading
from typing import Any

from langgraph.errors import GraphRecursionError
from langgraph.graph.state import CompiledStateGraph

from agents.configuration import RECURSION_LIMIT, TIMEOUT
from agents.state import AgentContext, AgentState

# How long a timed-out agent's worker may take to finish its current step.
TIMEOUT_GRACE_S = 2.0


def stream_until_stopped(
    graph: CompiledStateGraph, graph_input: Any, run_config: dict, ctx: AgentContext, last: AgentState
) -> tuple[AgentState, str | None]:
    """Run the graph in a worker thread until it ends, interrupts or a guard stops it.

    Returns the last full state and the guard that stopped it (None: it ended or was
    interrupted). On a timeout the worker gets a short grace, then is left behind;
    `ctx.cancelled` tells its node to do no further work.
    """
    updates: queue.Queue = queue.Queue()

    def work() -> None:
        try:
            for state in graph.stream(graph_input, run_config, context=ctx, stream_mode="values"):
                updates.put(("state", state))
            updates.put(("done", None))
        except GraphRecursionError as exc:
            updates.put(("recursion", exc))
        except BaseException as exc:  # handed to the caller's thread, raised there
            updates.put(("error", exc))

    # The copied context carries the question's LLM deadline and failure ledger (finrag.llm).
    worker = threading.Thread(target=contextvars.copy_context().run, args=(work,),
                              name=f"agent-{last['question'].id}", daemon=True)
    worker.start()
    stopped_by: str | None = None
    try:
        while True:
            try:
                kind, payload = updates.get(timeout=max(0.01, ctx.seconds_left()))
            except queue.Empty:
                stopped_by = TIMEOUT
                break
            if kind == "state":
                if "question" in payload:  # not an interrupt's own chunk
                    last = payload
            elif kind == "done":
                break
            elif kind == "recursion":
                stopped_by = RECURSION_LIMIT
                break
            else:
                raise payload
    finally:
        ctx.cancelled.set()  # a still-running node sees this and does no further work
        # After a timeout, an LLM call in flight is cut at the same deadline (finrag.llm):
        # a short grace lets it end, so its attempt is counted in this answer's llm_calls.
        worker.join(timeout=TIMEOUT_GRACE_S if stopped_by == TIMEOUT else None)
    return last, stopped_by
