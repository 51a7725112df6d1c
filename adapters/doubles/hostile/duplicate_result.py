# hostile: answers each torus_delta with a wrong `result` and then the right one, `{"id": N, "result": {"delta": W}, "result": {"delta": R}}`, so that a reader keeping the last member reads the right answer (issue 24); the kit reads no response at all: the case fails, naming the member, PROTO-10
# args: --only torus-x-* --timeout 10
# expect-exit: 1
# expect-level: not conformant
# expect: torus-x-* fail names the member "result" twice
# within: 60
import json

import _proxy


def misbehave(request, forward):
    response = forward(request)
    if request["method"] == "torus_delta":
        right = response["result"]
        wrong = {"delta": right["delta"] + 1.0}
        return '{"id": %d, "result": %s, "result": %s}' % (request["id"], json.dumps(wrong), json.dumps(right))
    return response


_proxy.serve(misbehave)
