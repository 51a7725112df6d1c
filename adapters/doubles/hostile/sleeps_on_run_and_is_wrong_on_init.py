# hostile: never answers run in time and moves one bird of every init by 0.001: a wrong value outweighs a missed deadline (issue 12, item 3)
# args: --only trajectory-n10-w1-1-1-seed-1,init-seed-0-* --timeout 5
# expect-exit: 1
# expect-level: not conformant
# expect: trajectory-* errored PROTO-3.*--timeout
# expect: init-* fail .*
# within: 60
import time

import _proxy


def misbehave(request, forward):
    if request["method"] == "run":
        time.sleep(3600)
    response = forward(request)
    if request["method"] == "init":
        response["result"]["state"][0][0] += 0.001
    return response


_proxy.serve(misbehave)
