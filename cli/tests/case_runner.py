# The shared main() of the command-line test scripts: run one named case in a temporary folder.
"""Each script defines functions `<prefix>_<words>(binary, tmp)` that raise
AssertionError on failure; the case name on the command line is the
function name with dashes (`verify-claim-exact`)."""
import argparse
import struct
import tempfile


def check(condition, message):
    if not condition:
        raise AssertionError(message)


# DET-3 recomputed independently of the kit: FNV-1a over the little-endian
# bytes of x, y, vx, vy of every bird.
def fnv1a_state(state):
    h = 0xCBF29CE484222325
    for bird in state:
        for byte in struct.pack("<4d", *bird):
            h = ((h ^ byte) * 0x100000001B3) % 2**64
    return "%016x" % h


def cases(namespace, prefixes, options=("susurration",)):
    return {name.replace("_", "-"): f for name, f in list(namespace.items())
            if callable(f) and name.startswith(prefixes) and getattr(f, "__code__", None)
            and f.__code__.co_argcount == len(options) + 1}


def main(all_cases, options=("susurration",)):
    """Runs the case named on the command line as case(*options, tmp), each
    option a required --NAME."""
    p = argparse.ArgumentParser()
    for option in options:
        p.add_argument("--" + option, required=True)
    p.add_argument("case", choices=sorted(all_cases))
    a = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        try:
            all_cases[a.case](*(getattr(a, option) for option in options), tmp)
        except AssertionError as e:
            print("FAIL %s: %s" % (a.case, e))
            return 1
    print("ok %s" % a.case)
    return 0


def plain_grade_cases(vectors):
    """The cases a grade without --limits speaks of: every case of the
    manifest but limits.json's (spec/grading.md, The limits set)."""
    import json
    import pathlib
    manifest = json.loads((pathlib.Path(vectors) / "manifest.json").read_text())
    return manifest["number_of_cases"] - sum(f["number_of_cases"] for f in manifest["files"]
                                             if f["file"] == "limits.json")
