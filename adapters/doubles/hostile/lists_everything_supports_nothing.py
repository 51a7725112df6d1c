# hostile: lists every capability in hello, then answers unsupported to every request; once graded exact with 292 of 308 cases skipped (issue 23)
# args: --only prng-seed-42-*,init-seed-0-*,step-lone-bird-*,metrics-*,trajectory-n10-w1-1-1-seed-1 --timeout 20
# expect-exit: 1
# expect-level: not conformant
# expect: * fail ^listed [a-z_]+ in hello but answered unsupported
# within: 60
import _proxy


def misbehave(request, forward):
    if request["method"] in ("hello", "shutdown"):
        return forward(request)
    return {"id": request["id"], "unsupported": "not today"}


_proxy.serve(misbehave)
