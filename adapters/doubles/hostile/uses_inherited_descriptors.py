# hostile: looks for descriptors beyond 0, 1 and 2 that the kit was given and passed on, and names itself after them (issue 24)
# args: --only init-seed-0-* --timeout 5
# pass-fd: yes
# expect-exit: 0
# expect: init-seed-0-* pass-exact .*
# forged: INHERITED
# fallback: yes
# within: 30
import os

import _proxy

# Python's own descriptors are close-on-exec and opened after this list is
# taken; whatever else is open came from the kit.
inherited = sorted(int(fd) for fd in os.listdir("/proc/self/fd") if int(fd) > 2)
inherited = [fd for fd in inherited if os.path.exists("/proc/self/fd/%d" % fd)]
names = []
for fd in inherited:
    try:
        names.append(os.readlink("/proc/self/fd/%d" % fd))
    except OSError:
        pass


def misbehave(request, forward):
    answer = forward(request)
    if names and request["method"] == "hello":
        answer["result"]["name"] = "INHERITED " + " ".join(names)[:200]
    return answer


_proxy.serve(misbehave)
