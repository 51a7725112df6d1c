# hostile: answers each torus_delta with a wrong `id` and then the right one, `{"id": 999999, "id": N, "result": ...}`, so that a reader keeping the last member reads a response to the request it sent (issue 24); the kit reads no response at all: the case fails, naming the member, PROTO-10
# args: --only torus-x-* --timeout 10
# expect-exit: 1
# expect-level: not conformant
# expect: torus-x-* fail names the member "id" twice
# within: 60
import json

import _proxy


def misbehave(request, forward):
    response = forward(request)
    if request["method"] == "torus_delta":
        return '{"id": 999999, "id": %d, "result": %s}' % (request["id"], json.dumps(response["result"]))
    return response


_proxy.serve(misbehave)
