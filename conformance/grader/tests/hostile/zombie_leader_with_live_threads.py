# hostile: starts a descendant that calls setsid() and then pthread_exit() in its main thread: /proc shows it Z while its other thread lives on (issue 24)
# args: --only init-seed-0-* --timeout 5
# expect: init-seed-0-* pass-exact .*
# fallback: yes
# within: 30
import subprocess
import sys

import _proxy

# The descendant's leader is a zombie in /proc/<pid>/stat; a sweep that
# skips zombies leaves its sleeping thread running under pid 1.
LEADER_EXITS = (
    "import ctypes, os, threading, time\n"
    "os.setsid()\n"
    "threading.Thread(target=time.sleep, args=(3600,)).start()\n"
    "ctypes.CDLL(None).pthread_exit(None)\n"
)
subprocess.Popen([sys.executable, "-c", LEADER_EXITS], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                 stderr=subprocess.DEVNULL)
_proxy.serve(lambda request, forward: forward(request))
