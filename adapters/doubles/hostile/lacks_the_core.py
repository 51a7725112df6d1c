# hostile: offers only prng and torus, and gets them right: no level without init, step, metrics and run (issue 11, defect 10)
# args: --only prng-seed-42-*,torus-x-*,init-seed-0-*
# expect-exit: 5
# expect-level: no verdict
# expect: prng-* pass-exact .*
# expect: init-* skipped capability init
# within: 60
import _proxy


def misbehave(request, forward):
    response = forward(request)
    if request["method"] == "hello":
        response["result"]["capabilities"] = ["prng", "torus"]
    return response


_proxy.serve(misbehave)
