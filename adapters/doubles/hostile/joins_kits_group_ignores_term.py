# hostile: moves itself into the kit's own process group, ignores SIGTERM and hangs on init (issue 11, defect 1)
# args: --only init-seed-0-* --timeout 5
# expect: init-seed-0-* errored no response to init within [0-9.]+ s
# within: 60
import os
import signal
import time

import _proxy

# A group kill aimed at the engine's own group now finds nobody, and the
# kit must not answer by killing its own group. Since issue 24 an engine
# starts in a session of its own, and a group of another session is out of
# reach (EPERM): it hangs in its own group, which must end as well.
try:
    os.setpgid(0, os.getpgid(os.getppid()))
except PermissionError:
    pass
signal.signal(signal.SIGTERM, signal.SIG_IGN)


def misbehave(request, forward):
    if request["method"] == "init":
        time.sleep(3600)
    return forward(request)


_proxy.serve(misbehave)
