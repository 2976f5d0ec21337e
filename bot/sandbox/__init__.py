"""A local sandbox: the real bot against a fake Discord on 127.0.0.1, played in the browser."""
