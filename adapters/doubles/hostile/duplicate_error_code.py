# hostile: refuses each invalid run with an error whose `code` is first wrong and then right, `{"code": "internal", "code": "invalid-input", ...}`, so that a reader keeping the last member reads the refusal the case asks for (issue 24); the kit reads no response at all: the case fails, naming the member, PROTO-10
# args: --only invalid-run-seed-* --timeout 10
# expect-exit: 1
# expect-level: not conformant
# expect: invalid-run-seed-* fail names the member "code" twice
# within: 60
import json

import _proxy


def misbehave(request, forward):
    response = forward(request)
    error = response.get("error")
    if error and error["code"] == "invalid-input":
        rest = json.dumps({"field": error["field"], "message": error["message"]})[1:]
        return '{"id": %s, "error": {"code": "internal", "code": "invalid-input", %s}' % (
            json.dumps(response["id"]), rest)
    return response


_proxy.serve(misbehave)
