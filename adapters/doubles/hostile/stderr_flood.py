# hostile: writes twenty 64 KiB lines to stderr on every request and answers nothing properly but hello, so every case fails quoting stderr (issue 11, defect 6: every case copied the whole tail)
# args: --only prng-*,torus-x-* --timeout 10 --sandbox off
# (--sandbox off: the engine measures or limits its parent, which must be the kit itself)
# expect: prng-* fail not JSON
# expect: torus-x-* fail not JSON
# within: 180
import sys

import _grader_limits
import _proxy

LINE = b"e" * 65536 + b"\n"
# Every case quoting up to 1.3 MB of stderr made a report of megabytes;
# quoted once per engine and capped, it is tens of kilobytes. grade cannot
# write a report past this size at all.
_grader_limits.limit_grader_file_size(256 << 10)


def misbehave(request, forward):
    sys.stderr.buffer.write(LINE * 20)
    sys.stderr.flush()
    if request["method"] in ("hello", "shutdown"):
        return forward(request)
    return "not a response"


_proxy.serve(misbehave)
