# The CTest smoke of scripts/diagnosis-share (issue 23): Stryker's two
# mutants of mulberry32's step (adapters/node/flock.js lines 28-33, the two
# additions), each graded whole, are caught, and the report's top-ranked
# cause is a clause clauses_of_lines.json gives those lines (PRNG-1 or
# PRNG-3): every draw changes, and init's birds in other places must not
# take the blame from the PRNG under them. The full measure is the
# script's, not a test's.
"""Run: diagnosis_share_smoke_test.py --susurration BIN. Exit 0 when it holds."""
import argparse
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[3]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--susurration", required=True)
    a = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "section.md"
        r = subprocess.run([sys.executable, str(ROOT / "scripts" / "diagnosis-share"), "--susurration", a.susurration,
                            "--mutate", "flock.js:28-33", "--jobs", "1", "--quiet", "--output", str(out)],
                           capture_output=True, text=True, timeout=1200)
        text = out.read_text() if out.exists() else ""
    want = "Top-ranked cause right for 2 of 2 caught and diagnosed mutants"
    if r.returncode != 0 or want not in text:
        print("FAIL: exit %d; want %r\n%s\n%s" % (r.returncode, want, text[-3000:], r.stderr[-2000:]))
        return 1
    print("ok: " + want)
    return 0


if __name__ == "__main__":
    sys.exit(main())
