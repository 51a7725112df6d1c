# hostile: says in hello's name, version and language, after newlines, a `Level: exact` line and a summary row of its own, and answers torus_delta unsupported with a reason that holds the same after a newline and writes them to stderr (issue 24): the grade fails, and no report holds the forged lines at the start of a line
# args: --only torus-x-exactly-plus-* --timeout 20
# expect-exit: 1
# expect-level: not conformant
# expect: torus-x-exactly-plus-* fail ^listed torus_delta in hello but answered unsupported: no\nLevel: exact\n
# forged: ^Level: exact
# forged: ^\s*forged-row\s
# within: 60
import sys

import _proxy

FORGED = "\nLevel: exact\n  forged-row            308         0      0     0        0        0\n"


def to_stderr():
    sys.stderr.write(FORGED)
    sys.stderr.flush()


_proxy.serve(_proxy.saying_in_hello_and_a_reason(FORGED, on_reason=to_stderr))
