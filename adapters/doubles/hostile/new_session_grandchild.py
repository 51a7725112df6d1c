# hostile: starts a grandchild with start_new_session=True that ignores SIGTERM and SIGHUP, then answers correctly (issue 11, defect 2)
# args: --only init-seed-0-* --timeout 5
# expect: init-seed-0-* pass-exact .*
# within: 30
import subprocess
import sys

import _proxy

stubborn = "import signal, time; [signal.signal(s, signal.SIG_IGN) for s in (signal.SIGTERM, signal.SIGHUP)]; time.sleep(3600)"
subprocess.Popen([sys.executable, "-c", stubborn], start_new_session=True, stdin=subprocess.DEVNULL,
                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
_proxy.serve(lambda request, forward: forward(request))
