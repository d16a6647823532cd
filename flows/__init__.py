"""Prefect flows. Importing any of them makes a run's failure on the user's own file one
log line, not a traceback, on its run page (flows.runtime.UserErrorsInOneLine)."""

from flows.runtime import user_errors_in_one_line

user_errors_in_one_line()
