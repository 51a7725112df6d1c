# hostile: closes its stdout on init and stays alive (issue 11, defect 12: not reported as an exit)
# args: --only init-seed-0-* --timeout 5
# expect: init-seed-0-* fail closed its stdout during init \(while still running\)
# within: 30
import os
import time

import _proxy


def misbehave(request, forward):
    if request["method"] == "init":
        os.close(1)
        time.sleep(3600)
    return forward(request)


_proxy.serve(misbehave)
