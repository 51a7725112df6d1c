# Builds one mutant engine: a copy of adapters/node with one text replacement.
"""Usage: make_mutant.py NAME OUTDIR   (copy adapters/node/*.js to OUTDIR, apply mutant NAME)
       make_mutant.py --check        (every mutant in catalogue.json applies cleanly)

The engine command of a built mutant is `node OUTDIR/engine.js`. A mutant's
`find` must occur exactly once in its file, so when flock.js or engine.js
changes under the catalogue the build fails loudly instead of grading an
unmutated engine.
"""
import json
import pathlib
import re
import shutil
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
NODE = ROOT / "adapters" / "node"
CATALOGUE = HERE / "catalogue.json"
KEYS = ["name", "bug_class", "clause", "description", "file", "find", "replace"]


class CatalogueError(Exception):
    pass


def load_catalogue():
    mutants = json.loads(CATALOGUE.read_text())
    names = [m.get("name") for m in mutants]
    if len(set(names)) != len(names):
        raise CatalogueError("catalogue.json: mutant names repeat")
    for m in mutants:
        if sorted(m) != sorted(KEYS):
            raise CatalogueError("mutant %s: keys %s, want %s" % (m.get("name"), sorted(m), KEYS))
    return mutants


def spec_clauses():
    text = "".join(p.read_text() for p in (ROOT / "spec").glob("*.md"))
    return set(re.findall(r"\*\*([A-Z]+-[0-9]+) —", text))


def mutated_text(mutant):
    """The mutant's file with its one replacement applied; raises CatalogueError if it cannot be."""
    if mutant["file"] not in ("flock.js", "engine.js"):
        raise CatalogueError("mutant %s: file %s is not flock.js or engine.js" % (mutant["name"], mutant["file"]))
    if mutant["find"] == mutant["replace"]:
        raise CatalogueError("mutant %s: replace is the same as find" % mutant["name"])
    text = (NODE / mutant["file"]).read_text()
    found = text.count(mutant["find"])
    if found != 1:
        raise CatalogueError("mutant %s: its find text occurs %d times in adapters/node/%s, not once: %r"
                             % (mutant["name"], found, mutant["file"], mutant["find"]))
    return text.replace(mutant["find"], mutant["replace"])


def build(mutant, outdir):
    outdir = pathlib.Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    for source in NODE.glob("*.js"):
        shutil.copyfile(source, outdir / source.name)
    (outdir / mutant["file"]).write_text(mutated_text(mutant))
    return outdir / "engine.js"


def check_all():
    mutants = load_catalogue()
    clauses = spec_clauses()
    for m in mutants:
        mutated_text(m)
        if m["clause"] not in clauses:
            raise CatalogueError("mutant %s: clause %s is not defined in spec/" % (m["name"], m["clause"]))
    print("%d mutants apply cleanly to adapters/node" % len(mutants))


def main(argv):
    try:
        if argv == ["--check"]:
            check_all()
            return 0
        if len(argv) != 2:
            print(__doc__, file=sys.stderr)
            return 2
        by_name = {m["name"]: m for m in load_catalogue()}
        if argv[0] not in by_name:
            print("no mutant named %s (known: %s)" % (argv[0], ", ".join(by_name)), file=sys.stderr)
            return 2
        print(build(by_name[argv[0]], argv[1]))
        return 0
    except CatalogueError as e:
        print(e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
