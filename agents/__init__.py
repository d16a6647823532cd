"""Agents that answer by searching more than once: `agents.iterative.answer_iterative`
(a LangGraph plan -> search -> assess -> write loop under guardrails)."""
