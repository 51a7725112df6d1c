# hostile: answers each torus_delta with a wrong delta and then the right one under the same name, `{"delta": W, "delta": R}`, so that a reader keeping the last member reads the right answer and one keeping the first the wrong one (issue 24); the kit reads no answer at all: a failure (PROTO-10), naming the member
# args: --only torus-x-* --timeout 10
# expect-exit: 1
# expect-level: not conformant
# expect: torus-x-* fail names the member "delta" twice
# within: 60

import _proxy


def misbehave(request, forward):
    response = forward(request)
    if request["method"] == "torus_delta":
        right = response["result"]["delta"]
        return '{"id": %d, "result": {"delta": %r, "delta": %r}}' % (request["id"], right + 1.0, right)
    return response


_proxy.serve(misbehave)
