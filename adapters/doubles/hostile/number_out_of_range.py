# hostile: answers step with a velocity of 1e400, valid JSON but past every double (issue 11, defect 3)
# args: --only step-neighbour-* --jobs 2 --timeout 10
# expect: step-neighbour-* fail not JSON.*1e400
# within: 60
import json

import _proxy


def misbehave(request, forward):
    response = forward(request)
    if request["method"] == "step" and "result" in response:
        text = json.dumps(response)
        # The first number of the first bird's velocity, spelled out of range.
        head, _, rest = text.partition('"state": [[')
        x, y, vx, tail = rest.split(", ", 3)
        return ("%s\"state\": [[%s, %s, 1e400, %s" % (head, x, y, tail)).encode()
    return response


_proxy.serve(misbehave)
