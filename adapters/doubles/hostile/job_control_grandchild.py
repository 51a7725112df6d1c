# hostile: a bash script with job control (set -m) puts a background job in its own process group and exits (issue 11, defect 2)
# args: --only init-seed-0-* --timeout 5
# expect: init-seed-0-* pass-exact .*
# within: 30
import subprocess

import _proxy

# With `set -m` every background job gets a process group of its own (bash:
# dash turns job control off without a terminal); the shell exits at once
# and the job is an orphan in a group nobody made.
subprocess.run(["bash", "-c", "set -m; sleep 3600 </dev/null >/dev/null 2>&1 & echo started"],
               stdout=subprocess.DEVNULL, check=True)
_proxy.serve(lambda request, forward: forward(request))
