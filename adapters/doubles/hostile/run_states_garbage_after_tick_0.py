# hostile: a run whose states after tick 0 are garbage (random birds on the field), the one at tick 0 right (issue 12, item 4)
# args: --only trajectory-n10-w1-1-1-seed-1 --timeout 20
# expect-exit: 1
# expect-level: not conformant
# expect: trajectory-* fail ^states: tick 1, (bird \d+, )?\S+: .*(the engine's own metrics|not one step)
# within: 120
import random

import _proxy

rng = random.Random(12)


def misbehave(request, forward):
    response = forward(request)
    if request["method"] == "run" and "result" in response:
        for entry in response["result"]["states"]:
            if entry["tick"] > 0:
                entry["state"] = [[rng.uniform(0, 1000), rng.uniform(0, 600), rng.uniform(-2, 2),
                                   rng.uniform(-2, 2)] for _ in entry["state"]]
    return response


_proxy.serve(misbehave)
