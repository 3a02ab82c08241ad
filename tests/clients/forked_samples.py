"""Runs Python scripts as `python SCRIPT` would, each in its own process, forked from one that
has already imported the modules they share (httpx, the clients), so a script does not pay
Python's start and those imports again (tests/clients/test_code_samples.py; decision 95).

Usage: forked_samples.py MODULE,... SCRIPT...   prints {"SCRIPT": exit status, ...} as JSON

Each script's stdout and stderr go to SCRIPT.out and SCRIPT.err. A script runs as `__main__`
(runpy), with sys.argv [SCRIPT] and its own folder first on sys.path, as `python SCRIPT` has
them; its exit status is what `python SCRIPT` would give: 0, its SystemExit code, or 1 with the
traceback on stderr. A script still running after SCRIPT_SECONDS writes where it was to its
stderr and exits with status 1 (faulthandler).
"""

from __future__ import annotations

import contextlib
import faulthandler
import importlib
import json
import os
import runpy
import sys
import traceback

SCRIPT_SECONDS = 60
CHILD_FAILED = 70  # the child could not run the script (EX_SOFTWARE)


def run_here(script: str) -> int:
    """The script run in this (forked) process: its exit status as `python SCRIPT` gives it."""
    sys.argv = [script]
    sys.path[0] = os.path.dirname(os.path.abspath(script))
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as exit_:
        if exit_.code is None or isinstance(exit_.code, int):
            return exit_.code or 0
        print(exit_.code, file=sys.stderr)
        return 1
    except BaseException:  # noqa: BLE001 - what the interpreter does with an uncaught exception
        traceback.print_exc()
        return 1
    return 0


def child(script: str) -> None:
    """The forked process: the script's output to its files, the script, then out, whatever
    happened (never back into the parent's frames)."""
    status = CHILD_FAILED
    try:
        for fd, suffix in ((1, ".out"), (2, ".err")):
            target = os.open(script + suffix, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(target, fd)
            os.close(target)
        faulthandler.dump_traceback_later(SCRIPT_SECONDS, exit=True)
        status = run_here(script)
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(status)


def run_forked(script: str) -> int:
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        child(script)
    _, wait_status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(wait_status)


def main(argv: list[str]) -> int:
    modules, *scripts = argv
    for module in filter(None, modules.split(",")):
        importlib.import_module(module)
    print(json.dumps({script: run_forked(script) for script in scripts}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
