# hostile: answers hello listing no capability and then every one, `{"capabilities": [], "capabilities": [...]}`, so that a reader keeping the last member grades it and one keeping the first skips everything (issue 24); the kit takes no handshake, on the first start or the retry: the engine did not start (exit 7), its stderr block naming the member
# args: --only torus-x-* --timeout 10
# expect-exit: 7
# expect-level: no verdict
# expect: torus-x-* skipped the engine did not start
# stderr: names the member "capabilities" twice
# within: 60
import json

import _proxy


def misbehave(request, forward):
    response = forward(request)
    if request["method"] == "hello":
        result = response["result"]
        everything = json.dumps(result.pop("capabilities"))
        rest = json.dumps(result)[1:]
        return '{"id": %d, "result": {"capabilities": [], "capabilities": %s, %s}' % (request["id"], everything, rest)
    return response


_proxy.serve(misbehave)
