#!/usr/bin/python3
"""An engine with a table of published answers laid over it.

Run: table_over.py VECTORS_DIR CASE_IDS_FILE ENGINE_COMMAND   (spec/PROTOCOL.md on stdin and stdout)

The cheat of issue 53: an engine that gets a few published cases wrong
answers exactly those from the published vectors (the ids in
CASE_IDS_FILE, one a line; engine.py's table, kept to those cases) and
passes every other request to ENGINE_COMMAND, answering with its answer.
Graded on the published set it passes whatever the engine gets wrong; only
questions nobody published (the fresh set, PROTO-12) can still find the
engine's mistake. fresh.a-table-of-the-published-answers-a-wrong-engine-misses-fails-every-seed
(conformance/grader/tests/fresh_test.py) wraps the naive-limits variant
(adapters/doubles/variants) in it.
"""
import json
import pathlib
import shlex
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import engine as table  # noqa: E402  (the lookup table's reading of the vectors)


def main():
    if len(sys.argv) != 4:
        sys.stderr.write("usage: table_over.py VECTORS_DIR CASE_IDS_FILE ENGINE_COMMAND\n")
        return 2
    vectors, ids_file, command = sys.argv[1:]
    only = {line.strip() for line in open(ids_file) if line.strip()}
    answers, _ = table.load(vectors, only)
    inner = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    for line in sys.stdin:
        request = json.loads(line)
        found = answers.get(table.key(request.get("method", ""), request.get("params", {})))
        if found is not None:
            rid = request["id"]
            reply = ({"id": rid, "error": {"code": "invalid-input", "field": found["refuse"], "message": "looked up"}}
                     if "refuse" in found else {"id": rid, "result": found})
            sys.stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        else:
            inner.stdin.write(line if line.endswith("\n") else line + "\n")
            inner.stdin.flush()
            sys.stdout.write(inner.stdout.readline())
        sys.stdout.flush()
        if request.get("method") == "shutdown":
            break
    inner.stdin.close()
    return inner.wait()


if __name__ == "__main__":
    sys.exit(main())
