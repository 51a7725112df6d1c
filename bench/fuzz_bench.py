#!/usr/bin/python3
# Measures susurration fuzz (issue 22) and writes its section of BENCHMARKS.md.
"""Run: bench/fuzz_bench.py [--susurration BIN] [--repetitions 5] [--cases 20000] [--benchmarks BENCHMARKS.md]

Two measures, side by side in one run, the repetitions in a fresh random
order each time:
- cases per second against `susurration engine`: `fuzz --cases N --seed K`,
  one seed per repetition, nothing to find (the rate fuzz prints);
- for each mistake planted in adapters/doubles/mutants/fuzz_planted.json, the time
  to the first difference (what fuzz prints) and the whole run with the
  shrinking, `fuzz --seed K --seconds 300`, the same seeds.
Medians are quoted. The section is written between the markers
<!-- fuzz --> and <!-- /fuzz --> of BENCHMARKS.md (appended when there are
none), which bench/write_benchmarks_md.py keeps when it writes the rest.
"""
import argparse
import datetime
import json
import pathlib
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
START, END = "<!-- fuzz -->", "<!-- /fuzz -->"


def planted_engine(m, folder):
    folder.mkdir()
    for source in (ROOT / "adapters" / "node").glob("*.js"):
        shutil.copy(source, folder / source.name)
    text = (folder / m["file"]).read_text()
    if text.count(m["find"]) != 1:
        sys.exit("fuzz_bench: %s no longer holds what %s changes, once" % (m["file"], m["name"]))
    (folder / m["file"]).write_text(text.replace(m["find"], m["replace"]))
    return "node %s" % (folder / "engine.js")


def fuzz(binary, engine, seed, extra, out):
    started = time.monotonic()
    r = subprocess.run([binary, "fuzz", "--engine", engine, "--seed", str(seed), "--out", str(out), "--quiet"] + extra,
                       capture_output=True, text=True, timeout=1800)
    return r, time.monotonic() - started


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--susurration", default=str(ROOT / "build" / "release" / "cli" / "susurration"))
    p.add_argument("--repetitions", type=int, default=5)
    p.add_argument("--cases", type=int, default=20000)
    p.add_argument("--benchmarks", default=str(ROOT / "BENCHMARKS.md"))
    a = p.parse_args()
    planted = json.loads((ROOT / "adapters" / "doubles" / "mutants" / "fuzz_planted.json").read_text())
    rates, first, whole = [], {m["name"]: [] for m in planted}, {m["name"]: [] for m in planted}
    shrunk = {}
    with tempfile.TemporaryDirectory() as tmp:
        engines = {m["name"]: planted_engine(m, pathlib.Path(tmp) / m["name"]) for m in planted}
        for k in range(a.repetitions):
            seed = k + 1
            jobs = [("rate", None)] + [("planted", m["name"]) for m in planted]
            random.shuffle(jobs)
            for kind, name in jobs:
                out = pathlib.Path(tmp) / "out"
                shutil.rmtree(out, ignore_errors=True)
                if kind == "rate":
                    r, _ = fuzz(a.susurration, "%s engine" % a.susurration, seed, ["--cases", str(a.cases)], out)
                    m = re.search(r"no difference in (\d+) cases \((\d+) per second\)", r.stdout)
                    if r.returncode != 0 or not m:
                        sys.exit("fuzz_bench: the reference engine differed or fuzz failed: %s %s" % (r.stdout, r.stderr))
                    rates.append(int(m.group(2)))
                else:
                    r, seconds = fuzz(a.susurration, engines[name], seed, ["--seconds", "300"], out)
                    m = re.search(r"difference after (\d+) cases \(([0-9.]+) s\)", r.stdout)
                    s = re.search(r"shrunk to ([^:]+):", r.stdout)
                    if r.returncode != 1 or not m:
                        sys.exit("fuzz_bench: %s was not found in 300 s (seed %d): %s" % (name, seed, r.stdout))
                    first[name].append((float(m.group(2)), int(m.group(1))))
                    whole[name].append(seconds)
                    shrunk.setdefault(name, []).append(s.group(1) if s else "?")
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    lines = [START, "## Differential fuzzing (issue 22)", "",
             "Command: `bench/fuzz_bench.py --repetitions %d --cases %d` at %s, %s: `susurration fuzz` against "
             "`susurration engine` (seeds 1..%d, nothing to find) and against the Node engine with each mistake "
             "of adapters/doubles/mutants/fuzz_planted.json planted (`--seconds 300`, the same seeds), the runs of one "
             "repetition in a random order. The default class engines (the faithful-libm variant at four seeds, "
             "the glibc-libm variant) check every difference." % (
                 a.repetitions, a.cases, commit, datetime.date.today().isoformat(), a.repetitions), "",
             "| Measure | Median | Range |", "|---|---|---|",
             "| cases per second against `susurration engine` | %d | %d..%d |" % (
                 statistics.median(rates), min(rates), max(rates))]
    for m in planted:
        t = [x[0] for x in first[m["name"]]]
        n = [x[1] for x in first[m["name"]]]
        lines.append("| `%s`: time to the first difference (cases asked) | %.2f s (%d) | %.2f..%.2f s |" % (
            m["name"], statistics.median(t), statistics.median(n), min(t), max(t)))
        lines.append("| `%s`: the whole run, shrinking and writing the set included | %.1f s | %.1f..%.1f s; "
                     "shrunk to %s |" % (m["name"], statistics.median(whole[m["name"]]), min(whole[m["name"]]),
                                         max(whole[m["name"]]), ", ".join(sorted(set(shrunk[m["name"]])))))
    lines += ["", END]
    section = "\n".join(lines)
    print(section)
    path = pathlib.Path(a.benchmarks)
    text = path.read_text() if path.exists() else "# Benchmarks\n"
    if START in text and END in text:
        text = text[:text.index(START)] + section + text[text.index(END) + len(END):]
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    path.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
