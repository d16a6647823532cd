"""Strategies: the router, the direct / single / knowledge-graph strategies and the services
they share. `strategies.dispatch.answer_question` runs one question through them (and the
iterative agent); it is the only module here that imports `agents`."""
