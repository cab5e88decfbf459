"""The runtime tier's harness: runs a generated bot's ``bot(runner_args)`` on pipecat's own code."""
