# The board (`susurration report --in A.json --in B.json ...`, spec/PROTOCOL.md
# REPORT-6) on reports of real grades; html_browser_test.py renders one of
# five real engines in Chromium.
"""Run: board_test.py --susurration BIN CASE. Exit 0 when the case holds.

Every count the board shows is recomputed here from the reports' cases
(not from their own per-category tallies), and the page is read by an XML
parser.
"""
import collections
import json
import pathlib
import subprocess
import sys
import xml.etree.ElementTree as ET

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT / "cli" / "tests"))
import case_runner  # noqa: E402
from case_runner import check  # noqa: E402

XHTML = "{http://www.w3.org/1999/xhtml}"
OUTCOMES = ("pass-exact", "pass-tolerant", "fail", "errored", "skipped")
SHORT = dict(zip(OUTCOMES, ("exact", "tolerant", "fail", "errored", "skipped")))


def run(*args, timeout=600):
    return subprocess.run(list(args), capture_output=True, text=True, timeout=timeout)


def grade(b, tmp, name, engine, *args):
    path = pathlib.Path(tmp) / (name + ".json")
    run(b, "grade", "--engine", engine, "--report", "json", "--output", str(path), "--quiet", *args, timeout=900)
    check(path.exists(), "grade %s wrote no report" % name)
    return path


def faulty(b):
    return "'%s' '%s' --fault step-bird-1-vx -- '%s' engine" % (sys.executable, HERE / "faulty_engine.py", b)


def expected_cells(reports, key):
    """{row: [counts or None per engine]} from the cases: key(case) gives its rows."""
    rows = collections.OrderedDict()
    for e, report in enumerate(reports):
        for c in report["cases"]:
            for row in key(c):
                cells = rows.setdefault(row, [None] * len(reports))
                cells[e] = cells[e] or dict.fromkeys(OUTCOMES, 0)
                cells[e][c["outcome"]] += 1
    return rows


def check_group(group, reports):
    check([e["level"] for e in group["engines"]] == [r["level"] for r in reports], "levels of %s" % group["kit"])
    for kind, key in [("categories", lambda c: [c["category"]]), ("clauses", lambda c: c["clauses"])]:
        want = expected_cells(reports, key)
        got = {row["name"]: row["cells"] for row in group[kind]}
        check(list(got) == list(want), "%s rows %s, computed %s" % (kind, list(got)[:5], list(want)[:5]))
        for name, cells in want.items():
            check(got[name] == cells, "%s %s: %s, computed %s" % (kind, name, got[name], cells))


def page_cells(root):
    """{row name: [data-* counts or None per engine]} of the first table on the page."""
    table = next(root.iter(XHTML + "table"))
    rows = {}
    for tr in table.iter(XHTML + "tr"):
        if "row" not in (tr.get("class") or "").split():
            continue
        cells = []
        for td in tr.findall(XHTML + "td"):
            cells.append(None if td.get("data-exact") is None else
                         {o: int(td.get("data-" + SHORT[o])) for o in OUTCOMES})
        rows.setdefault(tr.get("data-name"), cells)
    return rows


def report_board_shows_each_engines_counts_and_keeps_other_vector_sets_apart(b, tmp):
    other = pathlib.Path(tmp) / "other"
    check(run(b, "vectors", "--fresh", "3", "--out", str(other), "--quiet").returncode == 0, "vectors --fresh")
    paths = [grade(b, tmp, "reference", "'%s' engine" % b, "--only", "step-*", "--only", "torus-*", "--fresh", "off"),
             grade(b, tmp, "faulty", faulty(b), "--only", "step-*", "--only", "init-*", "--fresh", "off"),
             grade(b, tmp, "other", "'%s' engine" % b, "--vectors", str(other), "--only", "*step*", "--fresh", "off")]
    reports = [json.loads(p.read_text()) for p in paths]
    args = [a for p in paths for a in ("--in", str(p))]
    r = run(b, "report", *args, "--format", "json")
    check(r.returncode == 0, "report --format json: exit %d, %s" % (r.returncode, r.stderr))
    board = json.loads(r.stdout)
    import jsonschema
    jsonschema.Draft202012Validator(json.loads((ROOT / "schemas" / "board.schema.json").read_text())).validate(board)
    check(board["split"] and len(board["groups"]) == 2, "two vector sets, two tables: %d" % len(board["groups"]))
    first, second = board["groups"]
    check([e["report"] for e in first["engines"]] == [str(p) for p in paths[:2]] and
          [e["report"] for e in second["engines"]] == [str(paths[2])], "columns %s" % [e["report"] for e in first["engines"]])
    check(first["manifest_sha256"] == reports[0]["vectors"]["manifest_sha256"] and
          second["manifest_sha256"] == reports[2]["vectors"]["manifest_sha256"], "manifests")
    check_group(first, reports[:2])
    check_group(second, reports[2:])
    check(all(e["sandboxed"] is False for g in board["groups"] for e in g["engines"]), "this kit sandboxes nothing")

    page = pathlib.Path(tmp) / "board.html"
    r = run(b, "report", *args, "--output", str(page))
    check(r.returncode == 0, "report --output: exit %d, %s" % (r.returncode, r.stderr))
    root = ET.parse(page).getroot()  # well-formed as XML, or this raises
    for element in root.iter():
        check(element.tag.replace(XHTML, "") not in ("script", "link", "img", "iframe"), "a %s" % element.tag)
        check(not (element.get("src") or "").strip(), "a src in %s" % element.tag)
        check((element.get("href") or "#").startswith("#"), "a link out: %s" % element.get("href"))
    cells = page_cells(root)
    for name, want in expected_cells(reports[:2], lambda c: [c["category"]]).items():
        check(cells.get(name) == want, "page row %s: %s, computed %s" % (name, cells.get(name), want))
    flags = [p for p in root.iter(XHTML + "p") if p.get("class") == "flag"]
    check(len(flags) == 2, "each of the two tables flagged as apart: %d" % len(flags))

    r = run(b, "report", *args, "--format", "text")
    lines = r.stdout.splitlines()
    check(r.returncode == 0 and "split into 2 tables" in lines[0], r.stdout[:300])
    for path, report in zip(paths, reports):
        line = next((l for l in lines if l.endswith(str(path))), None)
        check(line is not None and (" %s " % report["level"]) in line, "no line for %s: %s" % (path, r.stdout))


def report_board_refuses_a_file_that_is_not_a_report(b, tmp):
    good = grade(b, tmp, "reference", "'%s' engine" % b, "--only", "torus-*", "--fresh", "off")
    bad = pathlib.Path(tmp) / "bad.json"
    bad.write_text(json.dumps(dict(json.loads(good.read_text()), cases=[{"id": "x"}])))
    out = pathlib.Path(tmp) / "board.html"
    r = run(b, "report", "--in", str(good), "--in", str(bad), "--output", str(out))
    check(r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and str(bad) in r.stderr,
          "exit %d, %r" % (r.returncode, r.stderr))
    check(not out.exists(), "a board was written")
    r = run(b, "report", "--in", str(good), "--in", str(good), "--badge", str(pathlib.Path(tmp) / "b.svg"))
    check(r.returncode == 2 and "invalid badge" in r.stderr, "a badge of two: exit %d, %r" % (r.returncode, r.stderr))


if __name__ == "__main__":
    sys.exit(case_runner.main(case_runner.cases(globals(), ("report_board_",))))
