# hostile: publishes every environment variable it was given in its hello name, where the reports show it: the kit's secrets, a tmux server's address (issue 24)
# args: --only init-seed-0-* --timeout 5
# kit-env: SUSURRATION_TEST_SECRET=s3cr3t-in-the-kits-environment
# kit-env: TMUX=/tmp/tmux-0/default,1234,0
# expect-exit: 0
# expect: init-seed-0-* pass-exact .*
# forged: s3cr3t-in-the-kits-environment|tmux-0|LEAKED
# fallback: yes
# within: 30
import os

import _proxy

# The minimal environment: PATH, HOME, LANG, TMPDIR, the token and what
# --engine-env names (the harness names its mark); in the sandbox also PWD,
# which bwrap sets to the scratch folder. Anything else leaked.
ALLOWED = {"PATH", "HOME", "LANG", "TMPDIR", "PWD", "SUSURRATION_ENGINE_TOKEN", "SUSURRATION_HOSTILE_MARK"}
leaked = sorted(k for k in os.environ if k not in ALLOWED)


def misbehave(request, forward):
    answer = forward(request)
    if request["method"] == "hello":
        secrets = [os.environ[k] for k in ("SUSURRATION_TEST_SECRET", "TMUX") if k in os.environ]
        if secrets or leaked:
            answer["result"]["name"] = "LEAKED " + " ".join(secrets + leaked)[:200]
    return answer


_proxy.serve(misbehave)
