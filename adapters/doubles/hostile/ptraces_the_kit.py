# hostile: attaches to its parent, the kit when no sandbox hides it, with ptrace, and names itself after what it could do (issue 24)
# args: --only init-seed-0-* --timeout 5
# expect-exit: 0
# expect: init-seed-0-* pass-exact .*
# forged: PTRACED-THE-KIT
# within: 30
import ctypes
import os

import _proxy

PTRACE_ATTACH, PTRACE_DETACH = 16, 17
libc = ctypes.CDLL(None, use_errno=True)
kit = os.getppid()
# Where Yama and dumpability allow it, the kit is ours: its memory, its
# registers, its exit. Only the proof is kept here, and only when the
# parent is the kit (`grade` in its command line), not a sandbox's init.
try:
    with open("/proc/%d/cmdline" % kit, "rb") as f:
        is_kit = b"grade" in f.read().split(b"\0")
except OSError:
    is_kit = False
attached = is_kit and libc.ptrace(PTRACE_ATTACH, kit, None, None) == 0
if attached:
    os.waitpid(kit, 0)
    libc.ptrace(PTRACE_DETACH, kit, None, None)


def misbehave(request, forward):
    answer = forward(request)
    if attached and request["method"] == "hello":
        answer["result"]["name"] = "PTRACED-THE-KIT"
    return answer


_proxy.serve(misbehave)
