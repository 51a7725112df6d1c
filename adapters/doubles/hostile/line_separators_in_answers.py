# hostile: answers `unsupported` to a method it listed with a reason that holds a forged report line after U+2028 and U+2029, and LRM, RLM, ALM and a byte order mark (issue 24, the cosmetic defect); the JSON report keeps them as data, the text and JUnit reports show them escaped, on the case's one line
# args: --only torus-x-exactly-plus-* --timeout 20
# expect-exit: 1
# expect-level: not conformant
# expect: torus-x-exactly-plus-* fail ^listed torus_delta in hello but answered unsupported: no\u2028Level: exact\u2029 \u200e\u200f\u061c\ufeff$
# within: 60
import json

import _proxy

REASON = "no\u2028Level: exact\u2029 \u200e\u200f\u061c\ufeff"


def misbehave(request, forward):
    if request["method"] == "torus_delta":
        return json.dumps({"id": request["id"], "unsupported": REASON})
    return forward(request)


_proxy.serve(misbehave)
