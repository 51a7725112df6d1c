# hostile: takes a run of 20001 ticks and works on it instead of refusing it: a missed deadline on a request that must be refused is a failure of its clause, not slowness (issue 12, item 3)
# args: --only invalid-run-ticks-above-20000,invalid-run-birds-9 --timeout 5
# expect-exit: 1
# expect-level: not conformant
# expect: invalid-run-ticks-above-20000 fail accepted an invalid request
# expect: invalid-run-birds-9 pass-exact .*
# within: 60
import time

import _proxy


def misbehave(request, forward):
    if request["method"] == "run" and request["params"].get("ticks", 0) > 20000:
        time.sleep(3600)
    return forward(request)


_proxy.serve(misbehave)
