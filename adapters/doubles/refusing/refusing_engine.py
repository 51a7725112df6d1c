"""A planted engine that refuses one "must accept" of spec/must-accept.md
and is right about everything else (issue 53): it forwards every request
to a real engine (the words after --) except those that ask the row named
by its first argument, which it refuses as an engine that does not accept
that form or value would, naming the parameter.

  python3 refusing_engine.py ACCEPT-1 REPO -- susurration engine

REPO is the repository's folder, on the command line so that a sandboxed
grade binds it (the table and the lint's checks are read from it).

Which requests ask a row is must_accept.py's check for it, the one the lint
holds the published cases to; whether a grade then fails the engine is the
grader's, which knows nothing of the table.
"""
import json
import pathlib
import subprocess
import sys



def main():
    row_id, root, rest = sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3:]
    sys.path.insert(0, str(root / "conformance" / "lint"))
    import must_accept
    command = rest[1:] if rest and rest[0] == "--" else rest
    rows = {r["id"]: r for r in must_accept.read_table(root / "spec" / "must-accept.md")}
    asks = must_accept.check(rows[row_id]["check"])
    real = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    for line in sys.stdin:
        request = json.loads(line)
        method, params = request.get("method"), request.get("params", {})
        asked = dict(params, **{must_accept.REQUEST_ID: request["id"]})
        field = asks(method, asked) if method not in ("hello", "shutdown") else None
        if field is not None:
            code, named, _ = must_accept.refusal(method, field)
            print(json.dumps({"id": request["id"], "error": {"code": code, "field": named,
                                                             "message": "refused (%s): %s" % (row_id, field)}}),
                  flush=True)
            continue
        real.stdin.write(line)
        real.stdin.flush()
        answer = real.stdout.readline()
        if not answer:
            return 1
        sys.stdout.write(answer)
        sys.stdout.flush()
        if method == "shutdown":
            break
    real.stdin.close()
    return real.wait()


if __name__ == "__main__":
    sys.exit(main())
