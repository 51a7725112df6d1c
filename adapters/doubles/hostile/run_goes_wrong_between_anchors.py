# hostile: a run that turns bird 0 round at tick 60, between the anchors 50 and 100, and is right everywhere else: its states at the anchors are its own steps and metrics, re-anchoring agrees, and it once passed as drift on a case with no chaos horizon (issue 23)
# args: --only trajectory-n10-w1-1-1-seed-1 --timeout 20
# expect-exit: 1
# expect-level: not conformant
# expect: trajectory-* fail ^drift evidence: tick 61, .*not one step, by the engine's own step
# within: 120
import _proxy

TURN = 60


def ask(forward, method, params):
    return forward({"id": 0, "method": method, "params": params})["result"]


def misbehave(request, forward):
    p = request["params"]
    if request["method"] != "run" or p["ticks"] <= TURN or p["schedule"]:
        return forward(request)
    wanted = p["state_ticks"]
    first = ask(forward, "run", dict(p, ticks=TURN, state_ticks=sorted(set([t for t in wanted if t <= TURN] + [TURN]))))
    metrics = first["metrics"]
    states = [s for s in first["states"] if s["tick"] in wanted]
    state = [list(bird) for bird in first["states"][-1]["state"]]
    state[0][2], state[0][3] = -state[0][2], -state[0][3]  # the one wrong move, never returned as a state
    for t in range(TURN + 1, p["ticks"] + 1):
        state = ask(forward, "step", {"state": state, "weights": p["weights"], "ticks": 1})["state"]
        for field, value in ask(forward, "metrics", {"state": state}).items():
            metrics[field].append(value)
        if t in wanted:
            states.append({"tick": t, "state": state})
    final = ask(forward, "hash", {"state": state})["hash"]
    return {"id": request["id"], "result": {"metrics": metrics, "states": states, "final_state_hash": final}}


_proxy.serve(misbehave)
