# hostile: crashes with SIGSEGV on init (issue 11, defect 12: the report names the signal)
# args: --only init-seed-0-* --timeout 5
# expect: init-seed-0-* fail killed by signal 11 \(SIGSEGV\)
# within: 30
import os
import resource
import signal

import _proxy

resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # no core file in the test's folder


def misbehave(request, forward):
    if request["method"] == "init":
        os.kill(os.getpid(), signal.SIGSEGV)
    return forward(request)


_proxy.serve(misbehave)
