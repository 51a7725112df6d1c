# hostile: a run that returns, labelled tick 100, the state of tick 101 (issue 12, item 4)
# args: --only trajectory-n10-w1-1-1-seed-1 --timeout 20
# expect-exit: 1
# expect-level: not conformant
# expect: trajectory-* fail ^states: tick 10[01], (bird \d+, )?\S+: 
# within: 120
import _proxy


def misbehave(request, forward):
    response = forward(request)
    if request["method"] == "run" and "result" in response:
        states = {entry["tick"]: entry for entry in response["result"]["states"]}
        if 100 in states and 101 in states:
            states[100]["state"] = states[101]["state"]
    return response


_proxy.serve(misbehave)
