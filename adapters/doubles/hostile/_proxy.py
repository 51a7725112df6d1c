"""The shared skeleton of the hostile engines: a proxy in front of the
reference engine (`susurration engine`, whose path is the first argument)
that lets each engine misbehave in one way.

An engine script defines `misbehave(request, forward)`, called for every
request; `forward(request)` asks the reference and returns its response as
a dict. `misbehave` returns the line to write (a dict is dumped as JSON, a
str or bytes is written as it is, with a newline), or None to write nothing.
"""
import json
import os
import subprocess
import sys


def ancestors():
    """The pids above this engine in /proc, its parent first, up to (not
    including) pid 1; the walk stops where /proc no longer answers. Outside
    the sandbox the kit is among them; inside, only the sandbox's own."""
    pid = os.getppid()
    while pid > 1:
        yield pid
        try:
            with open("/proc/%d/stat" % pid) as stat:
                pid = int(stat.read().rsplit(")", 1)[1].split()[1])
        except OSError:
            return


def serve(misbehave):
    real = subprocess.Popen([sys.argv[1], "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def forward(request):
        real.stdin.write(json.dumps(request).encode() + b"\n")
        real.stdin.flush()
        return json.loads(real.stdout.readline())

    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        request = json.loads(line)
        answer = misbehave(request, forward)
        if answer is None:
            continue
        if isinstance(answer, dict):
            answer = json.dumps(answer).encode()
        elif isinstance(answer, str):
            answer = answer.encode("utf-8", "surrogateescape")
        out.write(answer + b"\n")
        out.flush()
        if request["method"] == "shutdown":
            break
    real.stdin.close()
    real.wait()


def saying_in_hello_and_a_reason(text, on_reason=None):
    """A `misbehave` that adds `text` to hello's name, version and language,
    and answers torus_delta unsupported with the reason "no" + `text`:
    engine text that tries to forge the report. `on_reason()`, if given, is
    called before each such answer (to write the text elsewhere too)."""

    def misbehave(request, forward):
        if request["method"] == "hello":
            response = forward(request)
            for key in ("name", "version", "language"):
                response["result"][key] += text
            return response
        if request["method"] == "torus_delta":
            if on_reason:
                on_reason()
            return json.dumps({"id": request["id"], "unsupported": "no" + text})
        return forward(request)

    return misbehave
