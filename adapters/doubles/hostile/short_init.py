# hostile: answers init with one bird fewer than asked (issue 11, defect 3: it was read past its end)
# args: --only init-* --timeout 10
# expect-exit: 1
# expect-level: not conformant
# expect: init-* fail state\.length: expected [0-9]+, got [0-9]+
# within: 60
import _proxy


def misbehave(request, forward):
    response = forward(request)
    if request["method"] == "init" and "result" in response:
        response["result"]["state"].pop()
    return response


_proxy.serve(misbehave)
