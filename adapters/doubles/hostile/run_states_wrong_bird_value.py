# hostile: a run whose state at tick 101 has bird 3's vx off by 1e-6 and is otherwise right (issue 12, item 4)
# args: --only trajectory-n10-w1-1-1-seed-1 --timeout 20
# expect-exit: 1
# expect-level: not conformant
# expect: trajectory-* fail ^states: tick 101, bird 3, vx: .*not one step
# within: 120
import _proxy


def misbehave(request, forward):
    response = forward(request)
    if request["method"] == "run" and "result" in response:
        for entry in response["result"]["states"]:
            if entry["tick"] == 101:
                entry["state"][3][2] += 1e-6
    return response


_proxy.serve(misbehave)
