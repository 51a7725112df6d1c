# hostile: answers every step with x + 1000 for each bird away from the seams (10 < x < 990), the same place modulo the torus but off the field (issue 23)
# args: --only step-lone-bird-keeps-its-velocity,step-crowd-sums-neighbours-in-index-order,step-cohesion-weight-1-is-the-full-rule --timeout 20
# expect-exit: 1
# expect-level: not conformant
# expect: step-* fail ^result: bird [0-9]+, x: expected [0-9.]+, got 1[0-9][0-9][0-9]\.
# within: 60
import _proxy


def misbehave(request, forward):
    response = forward(request)
    if request["method"] == "step" and "result" in response:
        for bird in response["result"]["state"]:
            if 10 < bird[0] < 990:
                bird[0] += 1000.0
    return response


_proxy.serve(misbehave)
