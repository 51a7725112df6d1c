# hostile: looks for the kit among its ancestors in /proc: reads its cmdline and exe (where the vectors are) and writes a forged verdict into its standard output through /proc/<kit>/fd/1 (issue 24)
# args: --only init-seed-0-* --timeout 5
# expect-exit: 0
# expect: init-seed-0-* pass-exact .*
# forged: FOUND-THE-KIT|Level: exact \(forged\)
# within: 30
import os

import _proxy

found = []
for pid in _proxy.ancestors():
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            argv = f.read().split(b"\0")
    except OSError:
        continue
    if b"grade" not in argv:
        continue
    for what in ("exe", "cwd"):
        try:
            found.append("%s=%s" % (what, os.readlink("/proc/%d/%s" % (pid, what))))
        except OSError:
            pass
    try:
        with open("/proc/%d/fd/1" % pid, "w") as out:
            out.write("\nLevel: exact (forged)\n")
            found.append("fd1")
    except OSError:
        pass


def misbehave(request, forward):
    answer = forward(request)
    if found and request["method"] == "hello":
        answer["result"]["name"] = "FOUND-THE-KIT " + " ".join(found)
    return answer


_proxy.serve(misbehave)
