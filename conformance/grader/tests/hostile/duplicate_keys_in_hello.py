# hostile: answers hello listing no capability and then every one, `{"capabilities": [], "capabilities": [...]}`, so that a reader keeping the last member grades it and one keeping the first skips everything (issue 24); the kit takes no handshake: every case errored, naming the member
# args: --only torus-x-* --timeout 10
# expect-exit: 3
# expect-level: incomplete
# expect: torus-x-* errored names the member "capabilities" twice
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
