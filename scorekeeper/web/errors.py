"""Every refusal in one place: JSON for the API, a page for the browser."""

from __future__ import annotations

from flask import Flask, Response, jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from scorekeeper.errors import AppError, RuleError, TooManyRequests


def wants_json() -> bool:
    return request.path.startswith("/api/")


def error_response(status: int, message: str, field: str | None = None) -> Response:
    if wants_json():
        body: dict[str, str] = {"error": message}
        if field:
            body["field"] = field
        response = jsonify(body)
    else:
        response = Response(render_template("error.html", status=status, message=message))
    response.status_code = status
    return response


def init_app(app: Flask) -> None:
    @app.errorhandler(AppError)
    def app_error(error: AppError) -> Response:
        response = error_response(error.status, error.message, error.field)
        if isinstance(error, TooManyRequests):
            response.headers["Retry-After"] = str(error.retry_after)
        return response

    @app.errorhandler(RuleError)
    def rule_error(error: RuleError) -> Response:
        return error_response(422, error.message[:1].upper() + error.message[1:], error.field)

    @app.errorhandler(CSRFError)
    def forged_form(_error: CSRFError) -> Response:
        # A form without a valid CSRF token did not come from our page: refuse it as forbidden.
        return error_response(
            403,
            "This form has expired or did not come from this app. Reload the page and try again.",
        )

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Response:
        messages = {
            404: "There is nothing at this address.",
            405: "That is not something this address does.",
            413: "That request is far larger than any real entry.",
        }
        status = error.code or 500
        return error_response(status, messages.get(status, error.description or error.name))
