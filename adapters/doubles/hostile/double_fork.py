# hostile: daemonises a grandchild by a double fork (new session, parent gone) that also drops the kit's token from its environment (issue 11, defect 2)
# args: --only init-seed-0-* --timeout 5
# expect: init-seed-0-* pass-exact .*
# within: 30
import os

import _proxy

# No ppid link leads back to the engine and no token marks the daemon: only
# the kit being a child subreaper finds it (re-parented to the kit).
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        env = {k: v for k, v in os.environ.items() if k != "SUSURRATION_ENGINE_TOKEN"}
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
        os.execvpe("sleep", ["sleep", "3600"], env)
    os._exit(0)
os.wait()
_proxy.serve(lambda request, forward: forward(request))
