# hostile: answers hello listing no capability, so it is never asked anything: no verdict, not a vacuous pass (issue 11, defect 10)
# args: --only init-seed-0-*,prng-seed-42-*
# expect-exit: 5
# expect-level: no verdict
# expect: * skipped capability
# within: 60
import _proxy


def misbehave(request, forward):
    response = forward(request)
    if request["method"] == "hello":
        response["result"]["capabilities"] = []
    return response


_proxy.serve(misbehave)
