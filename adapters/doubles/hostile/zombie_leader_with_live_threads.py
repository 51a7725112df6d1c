# hostile: starts a descendant that calls setsid() and then pthread_exit() in its main thread: /proc shows it Z while its other thread lives on (issue 24)
# args: --only init-seed-0-* --timeout 5
# expect: init-seed-0-* pass-exact .*
# fallback: yes
# within: 30
import subprocess
import sys
import time

import _proxy

# The descendant's leader is a zombie in /proc/<pid>/stat; a sweep that
# skips zombies leaves its sleeping thread running under pid 1.
LEADER_EXITS = (
    "import ctypes, os, threading, time\n"
    "os.setsid()\n"
    "threading.Thread(target=time.sleep, args=(3600,)).start()\n"
    "ctypes.CDLL(None).pthread_exit(None)\n"
)
child = subprocess.Popen([sys.executable, "-c", LEADER_EXITS], stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
# Serving only once the leader shows Z: a stop before that would find the
# descendant still starting, and kill it whatever the sweep does to zombies.
give_up = time.monotonic() + 20
while time.monotonic() < give_up:
    with open("/proc/%d/stat" % child.pid) as stat:
        if stat.read().rsplit(")", 1)[1].split()[0] == "Z":
            break
    time.sleep(0.01)
_proxy.serve(lambda request, forward: forward(request))
