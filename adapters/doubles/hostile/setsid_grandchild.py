# hostile: starts a grandchild in a new session with setsid(1), then answers correctly (issue 11, defect 2)
# args: --only init-seed-0-* --timeout 5
# expect: init-seed-0-* pass-exact .*
# within: 30
import subprocess

import _proxy

subprocess.Popen(["setsid", "sleep", "3600"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                 stderr=subprocess.DEVNULL)
_proxy.serve(lambda request, forward: forward(request))
