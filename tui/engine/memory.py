"""Running out of memory: the exit status that says so (a served app past `serve --max-memory` ends with it,
and the server tells its visitor why), and how to see a MemoryError behind the error that wraps it."""

from __future__ import annotations

#: The exit status of a process that ran out of memory.
OUT_OF_MEMORY = 3


def out_of_memory(error: BaseException | None) -> bool:
    """Whether `error` is a MemoryError, or was raised because of one (a worker's failure wraps it).

    >>> out_of_memory(RuntimeError("x")), out_of_memory(MemoryError())
    (False, True)
    """
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, MemoryError):
            return True
        seen.add(id(error))
        wrapped = getattr(error, "error", None)
        error = wrapped if isinstance(wrapped, BaseException) else (error.__cause__ or error.__context__)
    return False
