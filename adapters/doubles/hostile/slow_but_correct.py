# hostile: correct, but takes 2 us per bird pair and tick of each request, like a slow interpreted engine: the deadline must grow with the work (issue 12, item 3)
# args: --only trajectory-n120-w1-1-1-seed-2 --timeout 5
# expect-exit: 0
# expect-level: exact
# expect: trajectory-* pass-exact .*
# within: 90
# By hand: the run asks 120 birds for 250 ticks, 120 * 120 * 250 = 3.6e6
# pair-ticks, so this engine answers it after 7.2 s: certainly past a flat
# 5 s deadline, and 6.8 s inside grading.md's 5 s * (1 + 3.6e6 / 2e6) =
# 14 s, room for a loaded machine (issue 25). Each anchor step (120 birds,
# 1 tick) takes 29 ms.
import time

import _proxy

SECONDS_PER_PAIR_TICK = 2e-6


def misbehave(request, forward):
    params = request["params"]
    birds = params.get("birds", len(params.get("state", [])))
    ticks = max(1, params.get("ticks", 1))
    response = forward(request)
    time.sleep(birds * birds * ticks * SECONDS_PER_PAIR_TICK)
    return response


_proxy.serve(misbehave)
