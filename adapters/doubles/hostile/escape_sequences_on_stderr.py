# hostile: writes terminal escape sequences (clear screen, set title, a bell, C1 CSI, a right-to-left override) to stderr, then crashes (issue 11, defect 5)
# args: --only prng-* --timeout 10
# expect: prng-* fail exited
# within: 90
import os
import sys

import _proxy


def misbehave(request, forward):
    if request["method"] == "prng":
        sys.stderr.write("\x1b[2J\x1b[H\x1b]0;all tests passed\x07 \u009b31m red \u202egnp.exe\r\b\x7f\n")
        sys.stderr.flush()
        os._exit(3)
    return forward(request)


_proxy.serve(misbehave)
