# hostile: a run whose state at tick 0 has bird 3's vy one part in 1e9 off, and is otherwise right (issue 12, item 4)
# args: --only trajectory-n10-w1-1-1-seed-1 --timeout 20
# expect-exit: 1
# expect-level: not conformant
# expect: trajectory-* fail ^states: tick 0, bird 3, vy: .*not the initial state
# within: 120
import _proxy


def misbehave(request, forward):
    response = forward(request)
    if request["method"] == "run" and "result" in response:
        for entry in response["result"]["states"]:
            if entry["tick"] == 0:
                entry["state"][3][3] *= 1 + 1e-9
    return response


_proxy.serve(misbehave)
