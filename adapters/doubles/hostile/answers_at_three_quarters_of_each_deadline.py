# hostile: correct, but answers every request at three quarters of its deadline (slowloris): exact, in hours, were the grade not bounded by --budget (issue 24)
# args: --only init-seed-* --timeout 0.4 --budget 2
# expect-exit: 3
# expect-level: incomplete
# expect-some: init-seed-* errored budget of 2 s \(--budget\) ran out
# fallback: yes
# within: 30
# By hand: --timeout 0.4 and an init's work (n^2 for n <= 100 birds, at most
# 1e4 pair-ticks against 2e6 a base) leaves each deadline under 0.403 s;
# 0.3 s a request is inside it. The 20-odd init-seed cases take a request
# each, 0.3 s apiece: past 2 s after seven of them at the most, so later
# cases are errored whatever the machine's speed.
import time

import _proxy


def misbehave(request, forward):
    answer = forward(request)
    if request["method"] not in ("hello", "shutdown"):
        time.sleep(0.3)
    return answer


_proxy.serve(misbehave)
