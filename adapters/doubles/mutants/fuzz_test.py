# Tests of `susurration fuzz` (issue 22, PROTO-13) against engines of known truth.
"""Each case is a claim about fuzz, checked against engines whose truth is
known apart from the fuzzer: the Node engine with one planted mistake
(below), which the published set grades conformant; and correct engines,
the Node engine and the reference on a faithful libm the class engines do
not include (seed 9), which no fuzzed case may fail.

Run: fuzz_test.py --susurration BIN --node NODE --faithful BIN CASE
"""
import json
import pathlib
import shutil
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3] / "cli" / "tests"))
from case_runner import cases, check, main  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[3]
OPTIONS = ("susurration", "node", "faithful")

# Mistakes planted by hand for fuzz, apart from the catalogue (whose
# mutants the published set must catch): fuzz_planted.json. The first is
# one the published set grades conformant.
PLANTED = {m["name"]: m for m in json.loads((pathlib.Path(__file__).parent / "fuzz_planted.json").read_text())}


def mutant(node, tmp, name="nearest-distance-below-1e-12-taken-as-0"):
    """The command of the Node engine with planted mistake `name`."""
    m = PLANTED[name]
    folder = pathlib.Path(tmp) / ("mutant-" + name)
    folder.mkdir()
    for source in (ROOT / "adapters" / "node").glob("*.js"):
        shutil.copy(source, folder / source.name)
    target = folder / m["file"]
    text = target.read_text()
    check(text.count(m["find"]) == 1, "%s no longer holds what mutant %s changes, once" % (m["file"], name))
    target.write_text(text.replace(m["find"], m["replace"]))
    return "%s %s" % (node, folder / "engine.js")


def run(args):
    return subprocess.run(args, capture_output=True, text=True, timeout=900)


def fuzz_finds_a_mutant_the_published_set_misses_and_writes_a_set_grade_replays(susurration, node, faithful, tmp):
    engine = mutant(node, tmp)
    published = run([susurration, "grade", "--engine", engine, "--fresh", "off", "--quiet"])
    check(published.returncode == 0, "the published set now catches the planted guard (exit %d): pick a mutant "
          "it misses for this test" % published.returncode)
    out = pathlib.Path(tmp) / "finding"
    r = run([susurration, "fuzz", "--engine", engine, "--seed", "5", "--cases", "2000", "--out", str(out), "--quiet"])
    check(r.returncode == 1, "fuzz exit %d, want 1 (a difference): %s %s" % (r.returncode, r.stdout, r.stderr))
    manifest = json.loads((out / "manifest.json").read_text())
    files = [f["file"] for f in manifest["files"]]
    check(manifest["number_of_cases"] == 1, "the finding's set holds %d cases, want the one" % manifest["number_of_cases"])
    case = json.loads((out / files[0]).read_text())["groups"][0]["cases"][0]
    # Shrunk: at most the two birds of the pair whose distance the guard takes as 0.
    check(len(case["input"]["state"]) <= 2, "not shrunk: %d birds" % len(case["input"]["state"]))
    schemas = run(["/usr/bin/python3", str(ROOT / "conformance" / "lint" / "validate_vectors.py"),
                   "--schemas", str(ROOT / "schemas"), "--vectors", str(out)])
    check(schemas.returncode == 0, "the written set is not schema-valid: %s %s" % (schemas.stdout, schemas.stderr))
    replay = run([susurration, "grade", "--engine", engine, "--vectors", str(out), "--fresh", "off"])
    check(replay.returncode == 1 and "FAIL  " + case["id"] in replay.stdout,
          "the replay does not fail the case (exit %d): %s" % (replay.returncode, replay.stdout))
    # And names the rule the guard breaks: each bird's nearest distance
    # (METRIC-4), not the mean over them (METRIC-5), told from the state.
    report = json.loads(run([susurration, "grade", "--engine", engine, "--vectors", str(out), "--fresh", "off",
                             "--report", "json"]).stdout)
    check(report["cases"][0]["clause"] == "METRIC-4" and report["diagnosis"]["causes"][0]["clause"] == "METRIC-4",
          (report["cases"][0]["clause"], report["diagnosis"]["causes"][:1]))
    # The finding is fair: the correct engine passes it.
    clean = run([susurration, "grade", "--engine", "%s %s" % (node, ROOT / "adapters" / "node" / "engine.js"),
                 "--vectors", str(out), "--fresh", "off"])
    check(clean.returncode == 0, "the clean Node engine fails the finding (exit %d): %s" % (clean.returncode,
                                                                                          clean.stdout))


def fuzz_asks_the_torus_and_the_generator(susurration, node, faithful, tmp):
    # PROTO-13: fuzz asks methods of no state too. A planted mistake in each
    # is found, shrunk, and written as a set of its own file that the replay
    # fails and the clean engine passes.
    for name, file in (("skip-held-in-31-bits", "prng.json"), ("torus-delta-wrapped-one-way", "torus.json")):
        engine = mutant(node, tmp, name)
        out = pathlib.Path(tmp) / ("finding-" + name)
        r = run([susurration, "fuzz", "--engine", engine, "--seed", "5", "--cases", "3000", "--out", str(out),
                 "--quiet"])
        check(r.returncode == 1, "%s: fuzz exit %d, want 1: %s %s" % (name, r.returncode, r.stdout, r.stderr))
        files = [f["file"] for f in json.loads((out / "manifest.json").read_text())["files"]]
        check(files == [file], "%s: the finding is in %s, want %s" % (name, files, file))
        replay = run([susurration, "grade", "--engine", engine, "--vectors", str(out), "--fresh", "off"])
        check(replay.returncode == 1, "%s: the replay passes (exit %d)" % (name, replay.returncode))
        clean = run([susurration, "grade", "--engine", "%s %s" % (node, ROOT / "adapters" / "node" / "engine.js"),
                     "--vectors", str(out), "--fresh", "off"])
        check(clean.returncode == 0, "%s: the clean engine fails the finding: %s" % (name, clean.stdout))


def fuzz_the_same_seed_finds_the_same_case(susurration, node, faithful, tmp):
    engine = mutant(node, tmp)
    lines = []
    for k in range(2):
        out = pathlib.Path(tmp) / ("finding-%d" % k)
        r = run([susurration, "fuzz", "--engine", engine, "--seed", "5", "--cases", "2000", "--out", str(out),
                 "--quiet"])
        check(r.returncode == 1, "run %d: exit %d" % (k, r.returncode))
        written = [f["file"] for f in json.loads((out / "manifest.json").read_text())["files"]]
        lines.append((r.stdout.splitlines()[0].split(" (")[0], [(out / f).read_bytes() for f in written]))
    check(lines[0] == lines[1], "the same seed found %r, then %r" % (lines[0][0], lines[1][0]))


def fuzz_finds_nothing_in_correct_engines(susurration, node, faithful, tmp):
    engines = {"Node": "%s %s" % (node, ROOT / "adapters" / "node" / "engine.js"),
               "faithful libm, seed 9": "%s --libm-seed 9 engine" % faithful}
    for name, engine in engines.items():
        r = run([susurration, "fuzz", "--engine", engine, "--seed", "20261203", "--cases", "3000",
                 "--out", str(pathlib.Path(tmp) / "none"), "--quiet"])
        check(r.returncode == 0 and "no difference in 3000 cases" in r.stdout,
              "%s: exit %d: %s %s" % (name, r.returncode, r.stdout, r.stderr))


def fuzz_refuses_bad_input_with_one_line_and_exit_2(susurration, node, faithful, tmp):
    engine = "%s engine" % susurration
    afile = pathlib.Path(tmp) / "a-file"
    afile.write_text("")
    for args, field in [(["--seconds", "-1"], "seconds"), (["--round", "0"], "round"), (["--seed", "x"], "fresh"),
                        (["--out", str(afile)], "out"), (["--class-engine", "/no/such/engine"], "engine"),
                        (["--sandbox", "maybe"], "sandbox"), (["--engine-files", "/no/such/folder"], "engine-files"),
                        (["--engine-env", "A=B"], "engine-env")]:
        r = run([susurration, "fuzz", "--engine", engine, "--cases", "10"] + args)
        lines = r.stderr.strip().splitlines()
        # One line, naming the field, and nothing started before it.
        check(r.returncode == 2 and len(lines) == 1 and lines[0].startswith("invalid %s: " % field),
              "%s: exit %d, stderr %r" % (args, r.returncode, r.stderr))


if __name__ == "__main__":
    sys.exit(main(cases(globals(), ("fuzz_",), OPTIONS), OPTIONS))
