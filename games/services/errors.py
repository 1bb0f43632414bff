"""The one exception services raise: a refusal with a code for clients and a message for people."""


class ServiceError(Exception):
    """A refused request; `code` names the reason (docs/protocol.md lists them)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
