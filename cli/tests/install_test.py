# The kit as installed (issue 16): `cmake --install` into a temporary prefix,
# the .deb cpack makes, the CMake package and the CI recipe, each used the
# way README.md tells a user to, far from the source tree.
"""Run: install_test.py --build DIR --source DIR CASE. Exit 0 when the case holds.

Expectations come from outside the kit: manifest hashes from Python's
hashlib, the .deb's dependencies from ldd and dpkg -S on the packaged
binary, the example consumer's numbers from the installed binary's own
`simulate` (another engine of the reference, Engine::fast, against the
consumer's Query::scan and Query::grid), JUnit read back with ElementTree.
"""
import hashlib
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import case_runner
from case_runner import check, fnv1a_state

OPTIONS = ("build", "source")  # the build tree to install, the source tree it came from

VERSION_FILE = "CMakeLists.txt"


def run(args, timeout=600, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout, **kw)


def install(build, tmp):
    prefix = os.path.join(tmp, "prefix")
    r = run(["cmake", "--install", build, "--prefix", prefix])
    check(r.returncode == 0, "cmake --install failed: " + r.stderr)
    return prefix


def elsewhere(tmp):
    """A working directory with nothing of the kit in it."""
    d = os.path.join(tmp, "elsewhere")
    os.makedirs(d, exist_ok=True)
    return d


def sha256_of(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def kit_version(source):
    with open(os.path.join(source, VERSION_FILE)) as f:
        for line in f:
            if line.startswith("project(susurration VERSION "):
                return line.split()[2]
    raise AssertionError("no project(susurration VERSION ...) in CMakeLists.txt")


def install_installed_kit_grades_its_own_engine_exact(build, source, tmp):
    prefix = install(build, tmp)
    kit = os.path.join(prefix, "bin", "susurration")
    r = run([kit, "grade", "--engine", kit + " engine", "--jobs", "2", "--timeout", "60"],
            cwd=elsewhere(tmp))
    check(r.returncode == 0, "grade exited %d: %s" % (r.returncode, r.stderr))
    check("Level: exact\n" in r.stdout, r.stdout[-500:])
    vectors = os.path.join(prefix, "share", "susurration", "vectors")
    check("vectors: %s (" % vectors in r.stdout, "graded against another set: " + r.stdout[:400])


def install_version_names_kit_spec_and_the_installed_manifest_hash(build, source, tmp):
    prefix = install(build, tmp)
    r = run([os.path.join(prefix, "bin", "susurration"), "--version"], cwd=elsewhere(tmp))
    check(r.returncode == 0, r.stderr)
    vectors = os.path.join(prefix, "share", "susurration", "vectors")
    with open(os.path.join(vectors, "manifest.json")) as f:
        spec = json.load(f)["spec_version"]
    expected = ["susurration " + kit_version(source), "spec " + spec,
                "vectors %s %s" % (sha256_of(os.path.join(vectors, "manifest.json")), vectors)]
    check(r.stdout.splitlines() == expected, "got %r, expected %r" % (r.stdout, expected))


def without_debug_info(path, tmp):
    """The bytes of a file as a program uses them: an ELF file or archive
    without its debug sections (a debug build names its sources there)."""
    with open(path, "rb") as f:
        data = f.read()
    if data.startswith(b"\x7fELF") or data.startswith(b"!<arch>\n"):
        stripped = os.path.join(tmp, "stripped")
        r = run(["objcopy", "--strip-debug", path, stripped])
        check(r.returncode == 0, "objcopy: " + r.stderr)
        with open(stripped, "rb") as f:
            data = f.read()
    return data


def install_installed_files_name_no_source_path(build, source, tmp):
    # The installed kit must work with the source tree gone: no file in the
    # prefix may hold its path (the binary used to have it compiled in).
    prefix = install(build, tmp)
    needle = os.path.realpath(source).encode()
    for root, _, files in os.walk(prefix):
        for name in files:
            path = os.path.join(root, name)
            if os.path.islink(path):
                continue
            check(needle not in without_debug_info(path, tmp),
                  "%s names the source tree %s" % (path, needle.decode()))


def install_example_consumer_builds_against_the_installed_package(build, source, tmp):
    prefix = install(build, tmp)
    # The copy the package installs, so the documented example is the one built.
    example = os.path.join(prefix, "share", "doc", "susurration", "adapters", "cpp-consumer")
    out = os.path.join(tmp, "consumer-build")
    r = run(["cmake", "-S", example, "-B", out, "-DCMAKE_BUILD_TYPE=Release",
             "-DCMAKE_PREFIX_PATH=" + prefix])
    check(r.returncode == 0, "configure: " + r.stdout[-2000:] + r.stderr)
    r = run(["cmake", "--build", out])
    check(r.returncode == 0, "build: " + r.stdout[-2000:] + r.stderr)
    r = run([os.path.join(out, "compare_with_reference"), "42", "120", "60"], cwd=elsewhere(tmp))
    check(r.returncode == 0, "consumer exited %d: %s%s" % (r.returncode, r.stdout, r.stderr))
    s = run([os.path.join(prefix, "bin", "susurration"), "simulate", "--seed", "42", "--birds", "120",
             "--ticks", "60", "--state-every", "60"])
    check(s.returncode == 0, s.stderr)
    last = json.loads(s.stdout.splitlines()[-1])
    check(last["tick"] == 60, s.stdout[-300:])
    # simulate prints shortest forms too (SERIAL-1), so the text must agree;
    # the hash is recomputed here from the state simulate prints (DET-3).
    expected = "tick 60: polarization %s, cluster_count %d, mean_neighbor_distance %s, hash %s" % (
        json.dumps(last["polarization"]), last["cluster_count"],
        json.dumps(last["mean_neighbor_distance"]), fnv1a_state(last["state"]))
    check(r.stdout.strip() == expected, "consumer said %r, simulate %r" % (r.stdout.strip(), expected))


def deb_dependencies_of(binary):
    """The Debian packages holding the shared libraries `binary` loads."""
    r = run(["ldd", binary])
    check(r.returncode == 0, r.stderr)
    packages = set()
    for line in r.stdout.splitlines():
        words = line.split()
        path = words[2] if "=>" in words and len(words) > 2 else words[0]
        if not path.startswith("/"):
            continue  # linux-vdso: no file
        owner = run(["dpkg", "-S", os.path.realpath(path)])
        if owner.returncode != 0:
            owner = run(["dpkg", "-S", path])
        check(owner.returncode == 0, "no package holds " + path)
        packages.add(owner.stdout.split(":")[0].strip())
    return packages


def install_deb_holds_the_kit_and_names_its_dependencies(build, source, tmp):
    out = os.path.join(tmp, "deb")
    r = run(["cpack", "-G", "DEB", "--config", os.path.join(build, "CPackConfig.cmake"), "-B", out])
    check(r.returncode == 0, "cpack: " + r.stdout[-2000:] + r.stderr)
    deb = os.path.join(out, "susurration_%s_amd64.deb" % kit_version(source))
    check(os.path.isfile(deb), "no %s among %s" % (deb, os.listdir(out)))
    listing = run(["dpkg-deb", "--contents", deb]).stdout
    files = {line.split()[-1] for line in listing.splitlines()}
    for path in ["./usr/bin/susurration",
                 "./usr/share/susurration/vectors/manifest.json",
                 "./usr/share/susurration/vectors/trajectories.json",
                 "./usr/share/susurration/schemas/report.schema.json",
                 "./usr/share/doc/susurration/spec/PROTOCOL.md",
                 "./usr/share/doc/susurration/adapters/python/engine.py",
                 "./usr/share/doc/susurration/adapters/ci-recipe.sh",
                 "./usr/share/doc/susurration/adapters/cpp-consumer/main.cpp",
                 "./usr/share/doc/susurration/spec/writing-an-engine.md",
                 "./usr/share/doc/susurration/adapters/starters/python/model.py",
                 "./usr/share/doc/susurration/adapters/starters/node/engine.js",
                 "./usr/share/doc/susurration/adapters/starters/cpp/CMakeLists.txt",
                 "./usr/include/susurration/simulation.hpp",
                 "./usr/lib/cmake/susurration/susurrationConfig.cmake",
                 "./usr/share/man/man1/susurration.1",
                 "./usr/share/bash-completion/completions/susurration"]:
        check(path in files, path + " is not in the package")
    # The packaged vectors are the published ones, byte for byte.
    unpacked = os.path.join(tmp, "unpacked")
    check(run(["dpkg-deb", "--extract", deb, unpacked]).returncode == 0, "dpkg-deb --extract failed")
    check(sha256_of(os.path.join(unpacked, "usr/share/susurration/vectors/manifest.json")) ==
          sha256_of(os.path.join(source, "vectors", "manifest.json")), "packaged manifest differs")
    fields = run(["dpkg-deb", "--field", deb, "Package", "Version", "Architecture", "Depends"]).stdout
    field = dict(line.split(": ", 1) for line in fields.splitlines() if ": " in line)
    check(field.get("Package") == "susurration" and field.get("Version") == kit_version(source) and
          field.get("Architecture") == "amd64", fields)
    depends = {d.split()[0] for d in field.get("Depends", "").split(", ") if d}
    needed = deb_dependencies_of(os.path.join(unpacked, "usr/bin/susurration"))
    check(needed, "ldd found no library")
    check(needed <= depends, "Depends %s lacks %s" % (sorted(depends), sorted(needed - depends)))


def install_ci_recipe_grades_a_shard_keeps_junit_and_json_and_pins_the_manifest(build, source, tmp):
    prefix = install(build, tmp)
    kit = os.path.join(prefix, "bin", "susurration")
    manifest = os.path.join(prefix, "share", "susurration", "vectors", "manifest.json")
    recipe = os.path.join(prefix, "share", "doc", "susurration", "adapters", "ci-recipe.sh")
    env = dict(os.environ, ENGINE=kit + " engine", MANIFEST=sha256_of(manifest), SHARD="3/8",
               KIT=kit, TIMEOUT="60")
    work = elsewhere(tmp)
    r = run(["sh", recipe], cwd=work, env=env)
    check(r.returncode == 0, "recipe exited %d: %s" % (r.returncode, r.stderr))
    check("Level: exact" in r.stdout, "the text report goes to the log: " + r.stdout[-300:])
    with open(os.path.join(work, "reports", "shard-3-of-8.json")) as f:
        report = json.load(f)
    check(report["selection"]["shard"] == "3/8" and report["level"] == "exact", str(report["selection"]))
    with open(manifest) as f:
        in_set = json.load(f)["number_of_cases"]
    # Shard 3 of 8 holds the cases whose 0-based manifest position is 2 mod 8.
    check(report["selection"]["cases_selected"] == len(range(2, in_set, 8)), str(report["selection"]))
    junit = ET.parse(os.path.join(work, "reports", "shard-3-of-8.xml")).getroot()
    testcases = junit.findall(".//testcase")
    check(len(testcases) == report["selection"]["cases_selected"], "%d JUnit testcases" % len(testcases))
    check(not junit.findall(".//failure") and not junit.findall(".//error"), "JUnit records a failure")
    # A pin of another set stops the job before grading, with its own status.
    env["MANIFEST"] = "0" * 64
    env["REPORTS"] = os.path.join(work, "pinned-wrong")
    r = run(["sh", recipe], cwd=work, env=env)
    check(r.returncode == 6, "a wrong pin exited %d, not 6: %s" % (r.returncode, r.stderr))
    check(len(r.stderr.strip().splitlines()) == 1 and "0" * 64 in r.stderr, r.stderr)
    check(os.listdir(env["REPORTS"]) == [], "a refused run wrote reports")


def install_ci_recipe_with_a_baseline_fails_only_on_a_regression(build, source, tmp):
    """BASELINE: the job's status is report-diff's against an earlier run's
    reports. The planted regression is adapters/doubles/faulty/faulty_engine.py's step-bird-1-vx
    (every step of more than one bird spoilt), and shard 1 of 4 holds step
    cases of more than one bird, which the reference passes."""
    prefix = install(build, tmp)
    kit = os.path.join(prefix, "bin", "susurration")
    manifest = os.path.join(prefix, "share", "susurration", "vectors", "manifest.json")
    recipe = os.path.join(prefix, "share", "doc", "susurration", "adapters", "ci-recipe.sh")
    faulty = "'%s' '%s' --fault step-bird-1-vx -- '%s' engine" % (
        sys.executable, os.path.abspath(os.path.join(source, "adapters", "doubles", "faulty", "faulty_engine.py")), kit)
    work = elsewhere(tmp)

    def job(engine, reports, baseline=None):
        env = dict(os.environ, ENGINE=engine, MANIFEST=sha256_of(manifest), SHARD="1/4", KIT=kit,
                   TIMEOUT="60", REPORTS=os.path.join(work, reports))
        if baseline:
            env["BASELINE"] = os.path.join(work, baseline)
        return run(["sh", recipe], cwd=work, env=env)

    r = job(kit + " engine", "good")
    check(r.returncode == 0, "the reference's job exited %d: %s" % (r.returncode, r.stderr))
    r = job(faulty, "bad")
    check(r.returncode == 1, "without a baseline the faulty engine's job exited %d, not grade's 1: %s" % (r.returncode, r.stdout[-1500:]))
    # The same engine against its own baseline: still not conformant, but nothing regressed.
    r = job(faulty, "bad-again", baseline="bad")
    check(r.returncode == 0 and "verdict: no regression" in r.stdout,
          "faulty against itself exited %d: %s" % (r.returncode, r.stdout[-300:]))
    r = job(faulty, "broken", baseline="good")
    check(r.returncode == 1 and "verdict: regressed" in r.stdout and "-> fail (STEP-" in r.stdout,
          "a regression exited %d: %s" % (r.returncode, r.stdout[-600:]))
    r = job(kit + " engine", "fixed", baseline="bad")
    check(r.returncode == 0 and "fixes (did not pass before, pass now): 0" not in r.stdout,
          "the fix exited %d: %s" % (r.returncode, r.stdout[-300:]))


def install_readme_examples_name_the_published_manifest(build, source, tmp):
    """The README's CI example pins the vector set, and its --version sample
    names it: both must be the SHA-256 of the committed manifest.json, so a
    user who copies them pins the set this kit grades with."""
    import re
    want = sha256_of(os.path.join(source, "vectors", "manifest.json"))
    with open(os.path.join(source, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    pins = re.findall(r"MANIFEST: ([0-9a-f]{64})", readme) + re.findall(r"^vectors ([0-9a-f]{64}) ", readme, re.M)
    check(len(pins) >= 2, "README.md shows %d manifest hashes, want the CI example's and --version's" % len(pins))
    stale = [h for h in pins if h != want]
    check(not stale, "README.md names manifest %s; the published vectors/manifest.json is %s" % (stale, want))


if __name__ == "__main__":
    sys.exit(case_runner.main(case_runner.cases(globals(), ("install_",), OPTIONS), OPTIONS))
