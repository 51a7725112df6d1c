# Checks the committed vectors are exactly what the generator writes now, and that it writes the same bytes every time.
"""Run: check_fresh.py --susurration BIN --vectors DIR [--first FRESH]. Exit 1 when anything differs.
   or: check_fresh.py --susurration BIN --write FRESH   (generate FRESH anew, for the other tests)

Runs `BIN vectors --out` twice into temporary folders. The first output must
equal the committed folder byte for byte (its hand-written README.md aside):
each file that differs, is missing from the committed folder, or is there
but no longer generated is named. The second output must equal the first
(the generator is deterministic).

With --first, FRESH (written by --write, the CTest fixture vectors.generate)
is the first output and only the second is generated here: one generation
fewer in the suite (issue 25).
"""
import argparse
import pathlib
import shutil
import subprocess
import sys
import tempfile

HAND_WRITTEN = {"README.md"}


def generate(binary, out_dir):
    r = subprocess.run([str(binary), "vectors", "--out", str(out_dir)], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("susurration vectors --out %s exited %d: %s" % (out_dir, r.returncode, r.stderr.strip()))


def first_difference(a, b):
    """1-based line number of the first line where the two texts differ."""
    la, lb = a.splitlines(), b.splitlines()
    for number, (x, y) in enumerate(zip(la, lb), 1):
        if x != y:
            return number
    return min(len(la), len(lb)) + 1


def differences(expected_dir, actual_dir, expected_name, actual_name):
    """One line per file that is not byte-identical between the two folders."""
    expected = {p.name: p for p in pathlib.Path(expected_dir).iterdir() if p.name not in HAND_WRITTEN}
    actual = {p.name: p for p in pathlib.Path(actual_dir).iterdir() if p.name not in HAND_WRITTEN}
    lines = []
    for name in sorted(set(expected) | set(actual)):
        if name not in actual:
            lines.append("%s: in %s, not in %s" % (name, expected_name, actual_name))
        elif name not in expected:
            lines.append("%s: in %s, not in %s" % (name, actual_name, expected_name))
        else:
            a, b = expected[name].read_bytes(), actual[name].read_bytes()
            if a != b:
                line = first_difference(a.decode("utf-8", "replace"), b.decode("utf-8", "replace"))
                lines.append("%s: differs between %s and %s, first at line %d"
                             % (name, expected_name, actual_name, line))
    return lines


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--susurration", required=True)
    p.add_argument("--vectors")
    p.add_argument("--first", help="a generation already written by --write, used as the first output")
    p.add_argument("--write", help="only generate a fresh set into this folder (replacing it) and exit")
    a = p.parse_args()
    if a.write:
        shutil.rmtree(a.write, ignore_errors=True)
        try:
            generate(a.susurration, a.write)
        except (RuntimeError, OSError) as e:
            print(e)
            return 1
        print("ok: a fresh set in %s" % a.write)
        return 0
    if not a.vectors:
        p.error("--vectors is required unless --write is given")
    with tempfile.TemporaryDirectory() as tmp:
        first, second = pathlib.Path(tmp) / "first", pathlib.Path(tmp) / "second"
        # Both runs use one private copy, so a rebuild during the check cannot pass for nondeterminism.
        binary = pathlib.Path(tmp) / "susurration"
        try:
            shutil.copy2(a.susurration, binary)
            if a.first:
                first = pathlib.Path(a.first)
            else:
                generate(binary, first)
            generate(binary, second)
        except (RuntimeError, OSError) as e:
            print(e)
            return 1
        drift = differences(first, a.vectors, "the fresh output", "the committed vectors")
        unstable = differences(first, second, "the first run", "the second run")
    for line in drift:
        print(line)
    for line in unstable:
        print("not deterministic: " + line)
    if drift:
        print("the committed vectors are stale: regenerate with `susurration vectors --out %s`" % a.vectors)
    if not drift and not unstable:
        print("ok: the committed vectors are what the generator writes, and it writes them identically twice")
    return 1 if drift or unstable else 0


if __name__ == "__main__":
    sys.exit(main())
