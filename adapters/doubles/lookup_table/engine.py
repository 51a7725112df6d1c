#!/usr/bin/python3
"""An engine that implements nothing: it answers from the published vectors.

Run: engine.py VECTORS_DIR   (spec/PROTOCOL.md on stdin and stdout)

Every request the grader builds from a published case (the mapping of
conformance/grader/judge/src/checks.cpp and trajectory_check.cpp) is looked up,
and the case's expected answer is sent back: results, refusals naming the
case's field, a run's metrics with the anchor states it publishes, and the
anchors' next states for a step from them. A question nobody published gets
a plausible answer of the right shape, all zeros. It is the cheat issue 22
names: without fresh cases it passed every published case it can see, so
a kit that asks only published questions cannot tell it from an engine;
`grade --fresh SEED` must find it not conformant (test in CMakeLists.txt).
"""
import json
import os
import sys

NAME, VERSION = "lookup-table", "1"


def key(method, params):
    return method + " " + json.dumps(params, sort_keys=True)


def load(vectors, only=None):
    """The published answers, by request; `only`, a set of case ids, keeps those cases' alone."""
    answers, runs = {}, {}
    manifest = json.load(open(os.path.join(vectors, "manifest.json")))
    for entry in manifest["files"]:
        doc = json.load(open(os.path.join(vectors, entry["file"])))
        category = doc["category"]
        for group in doc["groups"]:
            g = group["parameters"]
            for case in group["cases"]:
                if only is not None and case["id"] not in only:
                    continue
                i, e = case["input"], case["expected"]
                if category == "prng":
                    answers[key("prng", {"seed": g["seed"], "skip": i["skip"], "count": i["count"]})] = e
                elif category == "torus" and "size" in g:
                    answers[key("torus_delta", {"a": i["a"], "b": i["b"], "size": g["size"]})] = e
                elif category == "torus":
                    answers[key("torus_distance", {"from": i["from"], "to": i["to"]})] = e
                elif category == "init":
                    answers[key("init", {"seed": i["seed"], "birds": g["birds"]})] = e
                elif category == "step":
                    answers[key("step", {"state": i["state"], "weights": g["weights"], "ticks": i.get("ticks", 1)})] = e
                elif category == "metrics":
                    answers[key("metrics", {"state": i["state"]})] = e
                elif category == "serialisation" and "places" in g:
                    answers[key("round", {"value": i["value"], "places": g["places"]})] = e
                elif category == "serialisation":
                    answers[key("hash", {"state": i["state"]})] = e
                elif category == "invalid":
                    params = dict(i)
                    if g["request"] == "run":
                        params.setdefault("state_ticks", [])
                    answers[key(g["request"], params)] = {"refuse": e["field"]}
                elif category == "trajectories":
                    run = {"seed": i["seed"], "birds": g["birds"], "weights": g["weights"], "schedule": g["schedule"]}
                    runs[json.dumps(run, sort_keys=True)] = e
                    for a in e["anchors"]:
                        w = g["weights"]
                        for change in g["schedule"]:
                            if change["tick"] <= a["tick"]:
                                w = [change["cohesion"], change["alignment"], change["separation"]]
                        answers[key("step", {"state": a["state"], "weights": w, "ticks": 1})] = {"state": a["next_state"]}
                        for state, t in ((a["state"], a["tick"]), (a["next_state"], a["tick"] + 1)):
                            if t < len(e["metrics"]["polarization"]):  # a run of 0 ticks has no row 1
                                answers[key("metrics", {"state": state})] = {k: e["metrics"][k][t] for k in e["metrics"]}
    return answers, runs


def run_answer(runs, p):
    """A published run: its metrics, and each asked state from the anchors
    (an anchor's state, or the next state of the anchor before)."""
    e = runs.get(json.dumps({k: p[k] for k in ("seed", "birds", "weights", "schedule")}, sort_keys=True))
    ticks = min(p["ticks"], 20000)  # the most a run may ask for: a made-up answer stays small
    if e is None:
        zero = [[0.0, 0.0, 0.0, 0.0]] * min(p["birds"], 400)
        return {"metrics": {"polarization": [0.0] * (ticks + 1), "cluster_count": [1] * (ticks + 1),
                            "mean_neighbor_distance": [0.0] * (ticks + 1)},
                "states": [{"tick": t, "state": zero} for t in p["state_ticks"]], "final_state_hash": "0" * 16}
    known = {}
    for a in e["anchors"]:
        known[a["tick"]] = a["state"]
        known.setdefault(a["tick"] + 1, a["next_state"])
    nearest = lambda t: known[min(known, key=lambda k: abs(k - t))]
    return {"metrics": {k: v[:ticks + 1] for k, v in e["metrics"].items()},
            "states": [{"tick": t, "state": known.get(t, nearest(t))} for t in p["state_ticks"]],
            "final_state_hash": e["final_state_hash"]}


def answer(answers, runs, request):
    rid, method, params = request["id"], request["method"], request["params"]
    if method == "hello":
        return {"id": rid, "result": {"protocol": 1, "name": NAME, "version": VERSION, "language": "Python",
                                      "capabilities": ["prng", "torus", "init", "step", "metrics", "run",
                                                       "round", "hash"]}}
    if method == "shutdown":
        return {"id": rid, "result": {}}
    found = answers.get(key(method, params))
    if found is not None and "refuse" in found:
        return {"id": rid, "error": {"code": "invalid-input", "field": found["refuse"], "message": "looked up"}}
    if found is not None:
        return {"id": rid, "result": found}
    if method == "run":
        return {"id": rid, "result": run_answer(runs, params)}
    # Nobody published this question: an answer of the right shape.
    state = params.get("state") or []
    count = min(params.get("count", 0), 100000)
    made_up = {"prng": lambda: {"u32": [0] * count, "next": [0.0] * count},
               "torus_delta": lambda: {"delta": 0.0},
               "torus_distance": lambda: {"dx": 0.0, "dy": 0.0, "distance": 0.0},
               "init": lambda: {"state": [[0.0, 0.0, 0.0, 0.0]] * min(params["birds"], 400)},
               "step": lambda: {"state": state},
               "metrics": lambda: {"polarization": 0.0, "cluster_count": 1, "mean_neighbor_distance": None},
               "round": lambda: {"text": "0." + "0" * params["places"]},
               "hash": lambda: {"hash": "0" * 16}}
    return {"id": rid, "result": made_up[method]()} if method in made_up else {"id": rid, "unsupported": method}


def main():
    answers, runs = load(sys.argv[1])
    for line in sys.stdin:
        request = json.loads(line)
        sys.stdout.write(json.dumps(answer(answers, runs, request), separators=(",", ":")) + "\n")
        sys.stdout.flush()
        if request.get("method") == "shutdown":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
