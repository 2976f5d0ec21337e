"""Benchmarks of the engines and the bot; run them all with `python -m benchmarks`."""
