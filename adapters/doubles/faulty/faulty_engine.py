"""An engine that misbehaves on purpose, to test the grader: it forwards
every request to a real engine (the first argument after --) and spoils
the answers in one way, chosen by --fault.

  python3 faulty_engine.py --fault step-bird-1-vx -- susurration engine

Faults that change values model a wrong engine (the grader must fail the
case and say where); faults that break the protocol model a broken engine
(the grader must fail the case under the rule it broke, kill it and go on);
a fault that only delays an answer models a slow engine (errored).
"""
import argparse
import json
import math
import os
import subprocess
import sys
import time


def spoil_value(method, params, result, fault):
    if fault == "step-bird-1-vx" and method == "step" and len(result["state"]) > 1:
        result["state"][1][2] += 1e-4
    elif fault == "torus-delta-off-by-one" and method == "torus_delta":
        result["delta"] += 1.0
    elif fault == "init-last-bird-vx-ulp" and method == "init":
        bird = result["state"][-1]
        bird[2] = math.nextafter(bird[2], math.inf)
    elif fault.startswith("run-polarization-from-tick-") and method == "run":
        # Only the free run is wrong: re-anchored segments (run_from, or
        # step and metrics) come from the real engine untouched.
        spoil_polarization(result, 0, int(fault.rsplit("-", 1)[1]))
    elif fault.startswith("polarization-from-tick-") and method in ("run", "run_from"):
        # The run and the re-anchored segments alike are wrong from a tick on.
        first = params.get("from_tick", 0)
        spoil_polarization(result, first, int(fault.rsplit("-", 1)[1]))
    elif fault == "run-from-wrong-past-tick-20000" and method == "run_from":
        # A segment's ticks counted as a run's: wrong where INPUT-6 would end it.
        spoil_polarization(result, params["from_tick"], 20001)
    elif fault == "mean-one-percent-high" and method in ("run", "run_from"):
        # The nearest distances 1% long, so every mean is: no mistake in
        # which birds the mean counts gives that from the right distances.
        column = result["metrics"]["mean_neighbor_distance"]
        result["metrics"]["mean_neighbor_distance"] = [m if m is None else m * 1.01 for m in column]
    return result


def spoil_polarization(result, first_tick, start):
    """Polarization 1% high at every tick from `start` on; the column's
    first entry is the metrics of tick `first_tick`."""
    column = result["metrics"]["polarization"]
    for k in range(max(0, start - first_tick), len(column)):
        column[k] *= 1.01
    result.pop("final_state_hash", None)


def weights_at(params, tick):
    """WEIGHTS-3: the last change logged at or before `tick`, else the initial weights."""
    w = params["weights"]
    for change in params["schedule"]:
        if change["tick"] > tick:
            break
        w = [change["cohesion"], change["alignment"], change["separation"]]
    return w


def drifting_run(ask, request, relative):
    """A run that drifts as a correct engine on another libm does: the real
    engine's steps, with every bird's vx moved by `relative` of itself after
    each step (up or down by bird and tick), far below the step class but
    enough to leave the tolerance within the window. Its metrics and states
    are its own, consistent with each other."""
    p = request["params"]
    state = ask("init", {"seed": p["seed"], "birds": p["birds"]})["state"]
    columns = {"polarization": [], "cluster_count": [], "mean_neighbor_distance": []}
    states = []
    for t in range(p["ticks"] + 1):
        m = ask("metrics", {"state": state})
        for field in columns:
            columns[field].append(m[field])
        if t in p["state_ticks"]:
            states.append({"tick": t, "state": state})
        if t < p["ticks"]:
            state = ask("step", {"state": state, "weights": weights_at(p, t), "ticks": 1})["state"]
            for i, bird in enumerate(state):
                bird[2] *= 1 + relative * (1 if (i + t) % 2 == 0 else -1)
    return {"id": request["id"], "result": {"metrics": columns, "states": states}}


def run_from_a_tick_late(ask, request):
    """run_from by the real engine's metrics and one-tick steps, with each
    step out of tick t taking the weights in force at t - 1: a weight change
    applied a tick late, in run_from alone (run and step stay right)."""
    p = request["params"]
    state = p["state"]
    columns = {"polarization": [], "cluster_count": [], "mean_neighbor_distance": []}
    for t in range(p["from_tick"], p["from_tick"] + p["ticks"] + 1):
        m = ask("metrics", {"state": state})
        for field in columns:
            columns[field].append(m[field])
        if t < p["from_tick"] + p["ticks"]:
            state = ask("step", {"state": state, "weights": weights_at(p, t - 1), "ticks": 1})["state"]
    return {"id": request["id"], "result": {"metrics": columns}}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--fault", required=True)
    p.add_argument("--on", default="", help="only spoil this method")
    p.add_argument("--hide", default="", help="a capability to leave out of hello")
    p.add_argument("engine", nargs=argparse.REMAINDER)
    a = p.parse_args()
    command = a.engine[1:] if a.engine and a.engine[0] == "--" else a.engine
    real = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    for line in sys.stdin:
        request = json.loads(line)
        method = request["method"]
        targeted = not a.on or a.on == method
        if targeted and a.fault == "hang" and method != "hello":
            time.sleep(3600)
        if targeted and a.fault == "hang-with-child" and method != "hello":
            # A grandchild that would outlive a careless kill of the engine alone.
            subprocess.Popen(["sleep", "3600"])
            time.sleep(3600)
        if a.fault == "hang-on-skip" and method == "prng" and request["params"].get("skip", 0) > 0:
            # A skip done by a loop that never ends: stuck on those inputs alone.
            time.sleep(3600)
        if targeted and a.fault == "crash" and method != "hello":
            sys.stderr.write("faulty engine: crashing on purpose\n")
            sys.stderr.flush()
            os._exit(3)
        if a.fault == "refuse-seeds-past-2-31" and request["params"].get("seed", 0) >= 2 ** 31:
            # A seed read as a signed 32-bit integer: valid seeds refused.
            print(json.dumps({"id": request["id"], "error": {"code": "invalid-input", "field": "seed",
                                                             "message": "seed out of range"}}), flush=True)
            continue
        if targeted and a.fault == "garbage" and method != "hello":
            print("this is not JSON", flush=True)
            continue
        if targeted and a.fault == "refuse-as-invalid-request" and method != "hello":
            # A valid request read as none (a key the engine thinks the method does not take).
            print(json.dumps({"id": request["id"], "error": {"code": "invalid-request", "field": None,
                                                             "message": "not a request"}}), flush=True)
            continue
        if targeted and a.fault == "unsupported" and method != "hello":
            print(json.dumps({"id": request["id"], "unsupported": "not here"}), flush=True)
            continue
        if a.fault == "no-metrics-capability" and method == "hello":
            real.stdin.write(line)
            real.stdin.flush()
            response = json.loads(real.stdout.readline())
            response["result"]["capabilities"].remove("metrics")
            print(json.dumps(response), flush=True)
            continue
        def ask(m, params):
            real.stdin.write(json.dumps({"id": 0, "method": m, "params": params}) + "\n")
            real.stdin.flush()
            return json.loads(real.stdout.readline())["result"]
        if a.fault.startswith("drift-") and method == "run":
            print(json.dumps(drifting_run(ask, request, float(a.fault.split("-", 1)[1]))), flush=True)
            continue
        if a.fault == "verify-a-tick-early" and method == "verify":
            # verify's metrics of the tick before at_tick, by the real run.
            p = dict(request["params"])
            p["ticks"] = p.pop("at_tick") - 1
            p["state_ticks"] = []
            m = ask("run", p)["metrics"]
            print(json.dumps({"id": request["id"], "result": {k: v[-1] for k, v in m.items()}}), flush=True)
            continue
        if a.fault == "refuse-ticks-past-10000" and max(request["params"].get("ticks", 0),
                                                        request["params"].get("at_tick", 0)) > 10000:
            # A tick count held to 10000: valid long runs refused.
            field = "at_tick" if "at_tick" in request["params"] else "ticks"
            print(json.dumps({"id": request["id"], "error": {"code": "invalid-input", "field": field,
                                                             "message": field + " out of range"}}), flush=True)
            continue
        if a.fault == "run-steps-at-least-once" and method == "run" and request["params"]["ticks"] == 0:
            # A run loop that steps before it first measures: 0 ticks run as 1.
            r = dict(request["params"], ticks=1)
            print(json.dumps({"id": request["id"], "result": ask("run", r)}), flush=True)
            continue
        if a.fault == "run-returns-its-final-state" and method == "run":
            # The final state appended whenever the run was not asked for it.
            r = dict(request["params"])
            wanted = list(r["state_ticks"])
            if r["ticks"] not in wanted:
                r["state_ticks"] = wanted + [r["ticks"]]
            print(json.dumps({"id": request["id"], "result": ask("run", r)}), flush=True)
            continue
        if a.fault == "run-from-weights-a-tick-late" and method == "run_from":
            print(json.dumps(run_from_a_tick_late(ask, request)), flush=True)
            continue
        if a.hide and method == a.hide:
            print(json.dumps({"id": request["id"], "unsupported": "hidden"}), flush=True)
            continue
        real.stdin.write(line)
        real.stdin.flush()
        response = json.loads(real.stdout.readline())
        if a.hide and method == "hello":
            response["result"]["capabilities"].remove(a.hide)
        if a.fault == "crash-on-invalid" and "error" in response and response["error"]["code"] == "invalid-input":
            # Exits on an invalid input where it should have refused it.
            sys.stderr.write("faulty engine: an invalid input ends me\n")
            sys.stderr.flush()
            os._exit(2)
        if targeted and a.fault == "schema" and "result" in response and method != "hello":
            response["result"]["surprise"] = 1
        elif a.fault == "hash-leading-space" and method == "run" and "final_state_hash" in response.get("result", {}):
            # A hash written with a leading space: a shape no right value has.
            response["result"]["final_state_hash"] = " " + response["result"]["final_state_hash"]
        elif a.fault == "cluster-count-float" and method == "metrics" and "result" in response:
            # A count written as a float (json.dumps writes 10.0).
            response["result"]["cluster_count"] = float(response["result"]["cluster_count"])
        elif a.fault == "id-held-in-32-bits" and method != "hello":
            # An id read into a uint32: right until the kit sends one past 2^32 - 1.
            response["id"] = response["id"] & 0xFFFFFFFF
        elif targeted and a.fault == "wrong-id" and method != "hello":
            response["id"] = response["id"] + 1000
        elif targeted and a.fault == "accept-invalid" and "error" in response:
            response = {"id": request["id"], "result": {"polarization": 0.5, "cluster_count": 1,
                                                        "mean_neighbor_distance": None}}
            if method == "step":
                response["result"] = {"state": request["params"]["state"]}
        elif targeted and "result" in response:
            response["result"] = spoil_value(method, request["params"], response["result"], a.fault)
        print(json.dumps(response), flush=True)
        if method == "shutdown":
            break
    real.stdin.close()
    real.wait()


if __name__ == "__main__":
    main()
