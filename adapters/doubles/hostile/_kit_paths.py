"""What a hostile engine finds of the kit that runs it, with no sandbox
between them: the report paths on its command line, read from /proc."""
import os


def kit_command_line():
    """The argv of the nearest ancestor that runs `grade`."""
    pid = os.getppid()
    while pid > 1:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            argv = [a.decode(errors="surrogateescape") for a in f.read().split(b"\0") if a]
        if "grade" in argv:
            return argv
        with open("/proc/%d/stat" % pid) as f:
            pid = int(f.read().rsplit(")", 1)[1].split()[1])
    raise SystemExit("no grade among my ancestors")


def report_paths():
    """{"output": PATH, "transcript": PATH, "junit": PATH, ...}: every file grade will write."""
    argv = kit_command_line()
    paths = {}
    for k, word in enumerate(argv[:-1]):
        value = argv[k + 1]
        if word == "--output":
            paths["output"] = value
        elif word == "--transcript":
            paths["transcript"] = value
        elif word == "--also-report":
            fmt, _, path = value.partition("=")
            paths[fmt] = path
    return paths
