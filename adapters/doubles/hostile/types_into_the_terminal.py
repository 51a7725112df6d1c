# hostile: opens /dev/tty and types a command into the kit's terminal with TIOCSTI, for the user's shell to run after grade exits (issue 24)
# args: --only init-seed-0-* --timeout 5
# expect: init-seed-0-* pass-exact .*
# terminal: yes
# fallback: yes
# within: 30
import fcntl
import os
import termios

import _proxy

# Without a controlling terminal (a session of its own) /dev/tty opens
# nothing; the harness then finds no such line waiting on the terminal.
try:
    tty = os.open("/dev/tty", os.O_RDWR)
    for byte in b"echo INJECTED-BY-THE-ENGINE\n":
        fcntl.ioctl(tty, termios.TIOCSTI, bytes([byte]))
except OSError:
    pass
_proxy.serve(lambda request, forward: forward(request))
