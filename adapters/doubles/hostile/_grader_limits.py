"""Limits a hostile engine puts on, or reads from, the grader that runs it:
the engine's parent is `susurration grade` itself (it is started with no
shell), so what the engine sees in /proc/PPID is grade's own account."""
import os
import resource


def grader_peak_resident_bytes():
    """grade's peak resident set (VmHWM) so far."""
    with open("/proc/%d/status" % os.getppid()) as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no VmHWM in /proc/%d/status" % os.getppid())


def limit_grader_file_size(max_bytes):
    """No file grade writes (its report) may grow past max_bytes: past it
    the write is refused with SIGXFSZ, which ends grade without a report."""
    resource.prlimit(os.getppid(), resource.RLIMIT_FSIZE, (max_bytes, max_bytes))
