# hostile: writes a negative zero as `-0`, as JSON allows, where the reference has -0.0 (issue 11, defect 11)
# args: --only step-lone-bird-keeps-the-sign-of-a-zero-velocity --timeout 10
# expect-exit: 0
# expect-level: exact
# expect: step-lone-bird-keeps-the-sign-of-a-zero-velocity pass-exact .*
# within: 60
import json
import re

import _proxy


def misbehave(request, forward):
    response = forward(request)
    if request["method"] == "step":
        text = json.dumps(response)
        spelled = re.sub(r"-0\.0(?=[,\]}])", "-0", text)
        assert spelled != text, "the case has no -0.0 to spell as -0"
        return spelled
    return response


_proxy.serve(misbehave)
