# hostile: answers everything right and at once, but never answers run in time: slow or stuck, not wrong (issue 12, item 3)
# args: --only trajectory-n10-w1-1-1-seed-1,init-seed-0-* --timeout 5
# expect-exit: 3
# expect-level: incomplete
# expect: trajectory-* errored PROTO-3.*--timeout
# expect: init-* pass-exact .*
# within: 60
import time

import _proxy


def misbehave(request, forward):
    if request["method"] == "run":
        time.sleep(3600)
    return forward(request)


_proxy.serve(misbehave)
