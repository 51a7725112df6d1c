# Tests that no file, folder or option a user or a vector set hands the kit can hang it,
# crash it, make it write elsewhere or pass silently (issue 11, defects 7, 8, 13, 14):
# one case per CTest entry.
"""Run: hostile_inputs_test.py --susurration BIN CASE. Exit 0 when the case holds.

The expectations come from the spec and the task, not from the tool's output:
exit status 2 and one line on standard error for every usage error (INPUT-8),
a bounded time (every case runs under a timeout far below a hang), files left
byte for byte as they were, and a memory bound measured by the kernel
(ru_maxrss of the child).
"""
import json
import os
import resource
import shutil
import signal
import subprocess
import sys

import case_runner
from case_runner import check

VECTORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "vectors")
DEEP = 50000  # levels: far past any stack a recursive reader or printer has


def run(binary, *args, timeout=60, stdin=None, cpu_seconds=None):
    """With cpu_seconds, the command is killed (SIGXCPU, then SIGKILL) past
    that much CPU time: a bound on its work that no load on the machine moves."""
    limit = None
    if cpu_seconds is not None:
        def limit():
            resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
    try:
        return subprocess.run([binary, *args], capture_output=True, text=True, timeout=timeout,
                              input=stdin, errors="replace", preexec_fn=limit)
    except subprocess.TimeoutExpired:
        raise AssertionError("%s: still running after %d s" % (" ".join(args[:3]), timeout))


def one_line_exit_2(r, what, prefix="invalid "):
    check(r.returncode == 2, "%s: exit %d, want 2 (stderr %r)" % (what, r.returncode, r.stderr[:300]))
    check(r.stderr.count("\n") == 1, "%s: want one line on stderr, got %r" % (what, r.stderr[:300]))
    check(r.stderr.startswith(prefix), "%s: %r does not start with %r" % (what, r.stderr[:200], prefix))
    check(len(r.stderr) < 400, "%s: a line of %d characters" % (what, len(r.stderr)))


def grade(binary, *args, timeout=60):
    """A small grade of the reference engine (the torus cases: about a second)."""
    return run(binary, "grade", "--engine", binary + " engine", "--only", "torus-*", *args, timeout=timeout)


def write(path, text):
    with open(path, "w") as f:
        f.write(text)
    return path


# --- defect 7: report files ---------------------------------------------------------------

def grade_output_never_follows_a_symlink_at_the_old_temporary_name(b, tmp):
    victim = write(os.path.join(tmp, "victim.txt"), "precious\n")
    report = os.path.join(tmp, "report.txt")
    os.symlink(victim, report + ".tmp")
    transcript = os.path.join(tmp, "transcript.txt")
    os.symlink(victim, transcript + ".tmp")
    r = grade(b, "--output", report, "--transcript", transcript)
    check(r.returncode == 0, "exit %d: %s" % (r.returncode, r.stderr[:300]))
    check(open(victim).read() == "precious\n", "the file the planted symlink names was overwritten")
    check(os.path.islink(report + ".tmp"), "the planted symlink was replaced")
    check(open(report).read().startswith("susurration grade"), "no report at --output")
    check('"method":"hello"' in open(transcript).read().replace(" ", ""), "no transcript")


def grade_output_does_not_hang_on_a_fifo_at_the_old_temporary_name(b, tmp):
    report = os.path.join(tmp, "report.json")
    os.mkfifo(report + ".tmp")
    r = grade(b, "--report", "json", "--output", report, timeout=30)
    check(r.returncode == 0, "exit %d: %s" % (r.returncode, r.stderr[:300]))
    json.load(open(report))
    check(not [n for n in os.listdir(tmp) if n.startswith(".report.json")], "a temporary file left behind")


def grade_refuses_a_fifo_or_device_target_with_exit_2(b, tmp):
    fifo = os.path.join(tmp, "fifo")
    os.mkfifo(fifo)
    folder = os.path.join(tmp, "folder")
    os.mkdir(folder)
    # An engine that leaves a file when it starts: refused before grading,
    # it never does (a check of what happened, not of how long it took).
    started = os.path.join(tmp, "engine-started")
    engine = "sh -c 'touch %s; exec %s engine'" % (started, b)
    for option, target in (("--output", fifo), ("--output", "/dev/null"), ("--transcript", fifo),
                           ("--output", folder), ("--output", os.path.join(tmp, "missing", "r.txt"))):
        r = run(b, "grade", "--engine", engine, "--only", "torus-*", option, target, timeout=30)
        one_line_exit_2(r, "%s %s" % (option, target), "invalid " + option[2:] + ": ")
        check(r.stdout == "", "%s %s: printed a report" % (option, target))
        check(not os.path.exists(started), "%s %s: refused only after starting the engine" % (option, target))
    check(os.path.exists("/dev/null") and not os.path.isfile("/dev/null"), "/dev/null was replaced")
    check(os.path.exists(fifo) and not os.path.isfile(fifo), "the FIFO was replaced")


def grade_output_dash_writes_the_report_to_standard_output(b, tmp):
    r = grade(b, "--report", "json", "--output", "-")
    check(r.returncode == 0, "exit %d: %s" % (r.returncode, r.stderr[:300]))
    check(json.loads(r.stdout)["cases"], "no report on standard output")
    check(not os.path.exists("-"), "wrote a file named -")


def vectors_out_refuses_a_target_that_is_no_folder_before_generating(b, tmp):
    fifo = os.path.join(tmp, "fifo")
    os.mkfifo(fifo)
    # Refused before generating: within one CPU second, where generating
    # the set takes about ten (a check of work, which load does not change).
    for target in (fifo, "/dev/null", write(os.path.join(tmp, "file"), "x")):
        r = run(b, "vectors", "--out", target, timeout=60, cpu_seconds=1)
        check(r.returncode != -signal.SIGXCPU and r.returncode != -signal.SIGKILL,
              "%s: refused only after generating (killed at one CPU second)" % target)
        one_line_exit_2(r, target, "invalid out: ")
    check(not os.path.isfile("/dev/null") and not os.path.isfile(fifo), "a target was replaced")


# --- defect 8: deep nesting -----------------------------------------------------------------

def deep_nesting_in_every_input_gives_one_line_and_no_crash(b, tmp):
    deep = "[" * DEEP + "]" * DEEP
    schedule = write(os.path.join(tmp, "schedule.json"), '[{"tick": 1, "cohesion": %s}]' % deep)
    claim = write(os.path.join(tmp, "claim.json"), '{"polarization": %s}' % deep)
    r = run(b, "simulate", "--seed", "1", "--ticks", "3", "--schedule", schedule)
    one_line_exit_2(r, "simulate --schedule", "invalid schedule: ")
    r = run(b, "verify", "--seed", "1", "--at-tick", "3", "--claim", claim)
    one_line_exit_2(r, "verify --claim", "invalid claim: ")
    old, new = os.path.join(tmp, "old"), os.path.join(tmp, "new")
    for d in (old, new):
        os.mkdir(d)
    write(os.path.join(old, "step.json"), '{"groups": []}')
    write(os.path.join(new, "step.json"), '{"groups": %s}' % deep)
    r = run(b, "vectors-diff", old, new)
    one_line_exit_2(r, "vectors-diff", "invalid vector file: ")
    request = '{"id": 7, "method": "metrics", "params": {"state": %s}}\n' % deep
    r = run(b, "engine", stdin=request + '{"id": 8, "method": "hello", "params": {}}\n')
    check(r.returncode == 0, "engine: exit %d (%s)" % (r.returncode, r.stderr[:200]))
    lines = r.stdout.splitlines()
    check(len(lines) == 2, "engine: want two answers, got %d" % len(lines))
    check(json.loads(lines[0])["error"]["code"] == "invalid-request", lines[0][:300])
    check(json.loads(lines[1])["id"] == 8, "the engine did not go on after the deep line")


# --- defect 13: usage errors ------------------------------------------------------------------

def usage_errors_exit_2_with_one_short_line(b, tmp):
    big_schedule = write(os.path.join(tmp, "s.json"),
                         '[{"tick": 1, "cohesion": 1e400, "alignment": 1, "separation": 1}]')
    big_claim = write(os.path.join(tmp, "c.json"),
                      '{"polarization": 1e400, "cluster_count": 1, "mean_neighbor_distance": null}')
    loop = os.path.join(tmp, "loop")
    os.symlink(loop, loop)
    folder = os.path.join(tmp, "engine-folder")
    os.mkdir(folder)
    cases = [
        (["simulate", "--seed", "1", "--ticks", "3", "--schedule", big_schedule], "invalid schedule[0].cohesion: 1e400 "),
        (["verify", "--seed", "1", "--at-tick", "3", "--claim", big_claim], "invalid claim.polarization: 1e400 "),
        (["verify", "--seed", "1", "--at-tick", "3", "--budget", "nan"], "invalid budget: "),
        (["verify", "--seed", "1", "--at-tick", "3", "--budget", "-1"], "invalid budget: "),
        (["grade", "--engine", b + " engine", "--vectors", loop], "invalid vectors: "),
        (["grade", "--engine", folder], "invalid engine: "),
        (["grade", "--engine", b + " engine", "--timeout", "0.0001"], "invalid timeout: "),
        (["grade", "--engine", b + " engine", "--timeout", "nan"], "invalid timeout: "),
        (["grade", "--engine", b + " engine", "--timeout", "1.7976931348623157e308"], "invalid timeout: "),
    ]
    for args, prefix in cases:
        one_line_exit_2(run(b, *args, timeout=30), " ".join(args[:2] + args[-2:]), prefix)
    r = run(b, "grade", "--engine", b + " engine", "--timeout", "1.7976931348623157e308")
    check("1.7976931348623157e" in r.stderr and len(r.stderr) < 120,
          "DBL_MAX not in shortest form: %r" % r.stderr[:200])


# --- defect 14: hostile vector sets -------------------------------------------------------------

def vector_set(tmp, name, first_file):
    """A copy of the published set whose manifest lists first_file in place of its first file."""
    d = os.path.join(tmp, name)
    shutil.copytree(VECTORS, d)
    with open(os.path.join(d, "manifest.json")) as f:
        manifest = json.load(f)
    manifest["files"][0]["file"] = first_file
    write(os.path.join(d, "manifest.json"), json.dumps(manifest))
    return d


def max_rss_mb_of_children():
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def grade_refuses_vector_sets_that_reach_outside_or_past_the_cap(b, tmp):
    sets = {
        "absolute": vector_set(tmp, "absolute", "/dev/zero"),
        "dotdot": vector_set(tmp, "dotdot", "../absolute/prng.json"),
        "fifo": vector_set(tmp, "fifo", "fifo.json"),
        "symlink-loop": vector_set(tmp, "symlink-loop", "loop.json"),
        "folder": vector_set(tmp, "folder", "sub"),
    }
    os.mkfifo(os.path.join(sets["fifo"], "fifo.json"))
    os.symlink("loop.json", os.path.join(sets["symlink-loop"], "loop.json"))
    os.mkdir(os.path.join(sets["folder"], "sub"))
    for name, d in sets.items():
        one_line_exit_2(grade(b, "--vectors", d, timeout=30), name, "invalid vectors: ")
    manifest_loop = os.path.join(tmp, "manifest-loop")
    shutil.copytree(VECTORS, manifest_loop)
    os.remove(os.path.join(manifest_loop, "manifest.json"))
    os.symlink("manifest.json", os.path.join(manifest_loop, "manifest.json"))
    one_line_exit_2(grade(b, "--vectors", manifest_loop, timeout=30), "manifest loop", "invalid vectors: ")


def grade_refuses_an_oversize_vector_file_before_reading_it(b, tmp):
    d = vector_set(tmp, "oversize", "big.json")
    with open(os.path.join(d, "big.json"), "wb") as f:
        f.truncate(1 << 30)  # 1 GiB, sparse: nothing to read but zeros
    r = grade(b, "--vectors", d, timeout=60)
    one_line_exit_2(r, "a 1 GiB vector file", "invalid vectors: ")
    used = max_rss_mb_of_children()  # the first child of this script: the grader alone
    check(used < 200, "the grader grew to %.0f MB for a refused file" % used)


def grade_refuses_an_expect_fail_list_that_is_no_regular_file(b, tmp):
    fifo = os.path.join(tmp, "fifo")
    os.mkfifo(fifo)
    for path in ("/dev/zero", tmp, fifo):
        one_line_exit_2(grade(b, "--expect-fail", path, timeout=30), path, "invalid expect-fail: ")


if __name__ == "__main__":
    sys.exit(case_runner.main(case_runner.cases(globals(), ("grade_", "vectors_", "deep_", "usage_"))))
