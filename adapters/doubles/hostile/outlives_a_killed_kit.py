# hostile: answers hello, then never answers again; the harness kills the kit with SIGKILL meanwhile, and the engine must not outlive it (issue 24)
# args: --only init-seed-0-* --timeout 3600
# kill-kit-after: 3
# fallback: yes
# within: 30
import time

import _proxy


def misbehave(request, forward):
    if request["method"] != "hello":
        time.sleep(3600)
    return forward(request)


_proxy.serve(misbehave)
