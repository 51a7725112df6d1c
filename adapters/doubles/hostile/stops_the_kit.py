# hostile: sends SIGSTOP to its parent, the kit when no sandbox hides it, at every start: the grade must not hang for ever (issue 24)
# args: --only init-seed-0-* --timeout 5
# expect-exit: 0
# expect: init-seed-0-* pass-exact .*
# fallback: yes
# expect-exit-sandbox-off: 8
# stderr-sandbox-off: the kit was stopped
# within: 30
import os
import signal

import _proxy

try:
    os.kill(os.getppid(), signal.SIGSTOP)
except OSError:
    pass
_proxy.serve(lambda request, forward: forward(request))
