# The CTest smoke of scripts/mutation-score (issue 22): Stryker's mutants of
# mulberry32's step (adapters/node/flock.js, Mulberry32.nextU32), each graded
# by `susurration grade`, are all killed, and the score line says so. The
# full run is the script's, not a test's: it grades some 1700 mutants.
"""Run: stryker_smoke_test.py --susurration BIN. Exit 0 when it holds."""
import argparse
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[3]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--susurration", required=True)
    a = p.parse_args()
    # Lines 28-33: the state advance and the output mixes. Stryker has no
    # mutator for bitwise operators, so it makes two mutants here (the two
    # additions); each changes every draw, so prng.json kills both.
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "mutation-score"), "--susurration", a.susurration,
                        "--mutate", "flock.js:28-33", "--concurrency", "1", "--quiet"],
                       capture_output=True, text=True, timeout=1200)
    score = re.search(r"Score: (\d+) of (\d+) non-equivalent mutants killed", r.stdout)
    generated = re.search(r"\| \*\*generated\*\* \| \*\*(\d+)\*\* \|", r.stdout)
    if r.returncode != 0 or not score or not generated:
        print("FAIL: exit %d\n%s\n%s" % (r.returncode, r.stdout[-2000:], r.stderr[-2000:]))
        return 1
    killed, total = int(score.group(1)), int(score.group(2))
    if total < 2 or killed != total or int(generated.group(1)) != total:
        print("FAIL: %d of %d killed, %s generated, expected every one of at least 2\n%s"
              % (killed, total, generated.group(1), r.stdout))
        return 1
    print("PASS: Stryker made %d mutants of mulberry32 and the grade killed all %d" % (total, killed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
