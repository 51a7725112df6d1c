# hostile: a run that returns no states at all, whatever state_ticks asks for (issue 12, item 4)
# args: --only trajectory-n10-w1-1-1-seed-1 --timeout 20
# expect-exit: 1
# expect-level: not conformant
# expect: trajectory-* fail tick 0, states\.tick: .*no state for tick 0
# within: 120
import _proxy


def misbehave(request, forward):
    response = forward(request)
    if request["method"] == "run" and "result" in response:
        response["result"]["states"] = []
    return response


_proxy.serve(misbehave)
