# hostile: writes bytes that are not UTF-8, and a long line of multibyte characters, to stderr, then crashes (issue 11, defect 5)
# args: --only prng-* --timeout 10
# expect: prng-* fail exited
# within: 90
import os
import sys

import _proxy


def misbehave(request, forward):
    if request["method"] == "prng":
        sys.stderr.buffer.write(b"stray \x80, cut \xc3, overlong \xc0\xaf, surrogate \xed\xa0\x80\n")
        # Longer than any stderr line is kept, so the cap must cut it on a
        # character boundary.
        sys.stderr.buffer.write(("\u20ac" * 3000).encode() + b"\n")
        sys.stderr.buffer.write(b"\xe2\x82")  # the last line ends inside a character
        sys.stderr.flush()
        os._exit(3)
    return forward(request)


_proxy.serve(misbehave)
