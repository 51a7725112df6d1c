# hostile: a run that returns one state more than state_ticks asks for, at its last tick (issue 12, item 4)
# args: --only trajectory-n10-w1-1-1-seed-1 --timeout 20
# expect-exit: 1
# expect-level: not conformant
# expect: trajectory-* fail tick 250, states\.tick: expected null, got 250; a state the run was not asked for
# within: 120
import _proxy


def misbehave(request, forward):
    response = forward(request)
    if request["method"] == "run" and "result" in response:
        states = response["result"]["states"]
        states.append({"tick": request["params"]["ticks"], "state": states[-1]["state"]})
    return response


_proxy.serve(misbehave)
