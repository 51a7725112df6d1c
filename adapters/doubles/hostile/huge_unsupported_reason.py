# hostile: gives `unsupported` reasons of 12 MB (within the response bound) and 60 MB (past it) to methods it listed (issue 11, defect 6; a failure of PROTO-5 since issue 23)
# args: --only metrics-cluster-edge-*,torus-x-exactly-plus-* --timeout 20
# expect: metrics-cluster-edge-* fail ^listed metrics in hello but answered unsupported: x{100,300}\.\.\. \(12000000 bytes\)$
# expect: torus-x-exactly-plus-* fail over the bound of 16777216
# within: 120
import json

import _proxy

WITHIN = "x" * 12_000_000  # a skip, quoted in a few hundred bytes
PAST = "y" * 60_000_000    # past the 16 MiB a response may have (grading.md "Bounds")


def misbehave(request, forward):
    if request["method"] == "metrics":
        return json.dumps({"id": request["id"], "unsupported": WITHIN})
    if request["method"] == "torus_delta":
        return json.dumps({"id": request["id"], "unsupported": PAST})
    return forward(request)


_proxy.serve(misbehave)
