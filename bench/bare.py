"""A bare Flask app answering /healthz under the same waitress settings as `scorekeeper serve`.

The floor for the app's own /healthz: whatever the app adds per request (session,
hooks, headers) is the difference between the two, measured in the same run.

    python -m bench.bare --port 8001 [--threads 8]
"""

from __future__ import annotations

import argparse

from flask import Flask, Response


def bare_app() -> Flask:
    app = Flask(__name__)

    @app.get("/healthz")
    def healthz() -> Response:
        return Response("ok\n", mimetype="text/plain")

    return app


def main() -> None:
    from waitress import serve

    from scorekeeper.cli import CONNECTION_LIMIT

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args()
    serve(
        bare_app(),
        host="127.0.0.1",
        port=args.port,
        threads=args.threads,
        ident="bare",
        connection_limit=CONNECTION_LIMIT,
        asyncore_use_poll=True,
    )


if __name__ == "__main__":
    main()
