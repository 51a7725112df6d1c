# The board (`susurration report --in A.json --in B.json ...`, spec/grading.md
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
from report_edit import restated  # noqa: E402

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
    return "'%s' '%s' --fault step-bird-1-vx -- '%s' engine" % (sys.executable, ROOT / "adapters" / "doubles" / "faulty" / "faulty_engine.py", b)


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
    # Each column says whether its engine ran sandboxed, as its report's scope does.
    columns = [e for g in board["groups"] for e in g["engines"]]
    check([e["sandboxed"] for e in columns] == [r["scope"]["sandboxed"] for r in reports],
          "sandboxed %s, the reports say %s" % ([e["sandboxed"] for e in columns],
                                                [r["scope"]["sandboxed"] for r in reports]))

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


def board_json(b, *paths):
    # --board: one --in alone draws the report itself (REPORT-2).
    r = run(b, "report", *[a for p in paths for a in ("--in", str(p))], "--board", "--format", "json")
    check(r.returncode == 0, "report --format json: exit %d, %s" % (r.returncode, r.stderr))
    return json.loads(r.stdout)


def validate_board(board):
    import jsonschema
    jsonschema.Draft202012Validator(json.loads((ROOT / "schemas" / "board.schema.json").read_text())).validate(board)


def report_board_counts_from_the_cases_and_refuses_counts_they_do_not_give(b, tmp):
    good = grade(b, tmp, "reference", "'%s' engine" % b, "--only", "torus-*", "--fresh", "off")
    report = json.loads(good.read_text())
    five = pathlib.Path(tmp) / "five.json"
    five.write_text(json.dumps(restated(report, range(5))))
    board = board_json(b, good, five)
    for e, path in zip(board["groups"][0]["engines"], (good, five)):
        cases = json.loads(path.read_text())["cases"]
        want = {o: sum(c["outcome"] == o for c in cases) for o in OUTCOMES}
        check({o: e["counts"][o] for o in OUTCOMES} == want, "%s: %s, counted %s" % (path.name, e["counts"], want))
    check([e["level"] for e in board["groups"][0]["engines"]] == ["exact", "not conformant"], "levels")
    # A count of 2^32 showed as 0 (read as a 32-bit int); a level above
    # failures showed as stated. Neither is drawn now.
    bad = pathlib.Path(tmp) / "bad.json"
    for what, edited in [("2^32 failures", dict(report, counts=dict(report["counts"], fail=4294967296))),
                         ("exact above five failures", dict(restated(report, range(5)), level="exact"))]:
        bad.write_text(json.dumps(edited))
        for form in ("json", "text", "html"):
            r = run(b, "report", "--in", str(good), "--in", str(bad), "--format", form)
            check(r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and str(bad) in r.stderr and
                  r.stdout == "", "%s, %s: exit %d, %r" % (what, form, r.returncode, r.stderr))
    validate_board(board)


def report_board_keeps_fresh_seeds_apart(b, tmp):
    paths = [grade(b, tmp, "seed%d" % seed, "'%s' engine" % b, "--only", "fresh-torus-*", "--fresh", str(seed))
             for seed in (1, 2)]
    paths.append(grade(b, tmp, "again1", faulty(b), "--only", "fresh-torus-*", "--fresh", "1"))
    board = board_json(b, *paths)
    seeds = [json.loads(p.read_text())["vectors"]["fresh"]["seed"] for p in paths]
    check(seeds == [1, 2, 1], "seeds %s" % seeds)
    check(board["split"] and [g.get("fresh_seed") for g in board["groups"]] == [1, 2] and
          [[e["report"] for e in g["engines"]] for g in board["groups"]] == [[str(paths[0]), str(paths[2])],
                                                                              [str(paths[1])]],
          "one table per seed: %s" % [(g.get("fresh_seed"), len(g["engines"])) for g in board["groups"]])
    for g in board["groups"]:
        for row in g["categories"]:
            for c in row["cases"]:
                check(len(c["outcomes"]) == len(g["engines"]), "a case row of another table's engines")
    validate_board(board)
    r = run(b, "report", *[a for p in paths for a in ("--in", str(p))], "--format", "text")
    check(r.returncode == 0 and "fresh seed 1" in r.stdout and "fresh seed 2" in r.stdout, r.stdout[:500])


def report_board_gives_every_clause_and_case_a_unique_anchor(b, tmp):
    path = grade(b, tmp, "reference", "'%s' engine" % b, "--only", "torus-*", "--only", "init-*",
                 "--only", "step-*", "--only", "prng-*", "--fresh", "off")
    clauses = {cl for c in json.loads(path.read_text())["cases"] for cl in c["clauses"]}
    alike = [(x, y) for x in clauses for y in clauses if x < y and x.split("-")[1] == y.split("-")[1]]
    check(alike, "clauses that differ only in their letters (their anchors collided): %s" % sorted(clauses))
    page = pathlib.Path(tmp) / "board.html"
    r = run(b, "report", "--in", str(path), "--in", str(path), "--output", str(page))
    check(r.returncode == 0, "exit %d, %s" % (r.returncode, r.stderr))
    root = ET.parse(page).getroot()
    ids = [e.get("id") for e in root.iter() if e.get("id") is not None]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    check(not dupes, "ids used twice: %s" % dupes[:5])
    by_id = {e.get("id"): e for e in root.iter() if e.get("id") is not None}
    rows = 0
    for tr in root.iter(XHTML + "tr"):
        if "row" not in (tr.get("class") or "").split():
            continue
        link = tr.find(XHTML + "th").find(XHTML + "a")
        target = by_id.get(link.get("href")[1:])
        summary = target.find(XHTML + "summary") if target is not None else None
        check(summary is not None and summary.text.startswith(tr.get("data-name") + ": "),
              "row %s links to %s" % (tr.get("data-name"), summary is not None and summary.text))
        # Every case of the row has an anchor of its own, named by the row's.
        case_rows = [t for t in target.iter(XHTML + "tr")]
        check(case_rows and all(t.get("id") and t.get("id").startswith(target.get("id") + ".") for t in case_rows),
              "cases of %s without their anchors" % tr.get("data-name"))
        rows += 1
    check(rows > len(clauses), "a row per category and clause: %d" % rows)


def report_board_marks_a_selection(b, tmp):
    part = grade(b, tmp, "part", "'%s' engine" % b, "--only", "torus-x-*", "--fresh", "off")
    report = json.loads(part.read_text())
    selected, in_set = report["selection"]["cases_selected"], report["selection"]["cases_in_set"]
    check(0 < selected < in_set, "a selection: %d of %d" % (selected, in_set))
    board = board_json(b, part)
    e = board["groups"][0]["engines"][0]
    check(e.get("partial") and (e.get("cases_graded"), e.get("cases_in_set")) == (selected, in_set), str(e))
    validate_board(board)
    page = pathlib.Path(tmp) / "board.html"
    check(run(b, "report", "--in", str(part), "--in", str(part), "--output", str(page)).returncode == 0, "page")
    marks = [s for s in ET.parse(page).getroot().iter(XHTML + "span") if s.get("class") == "partial"]
    check(len(marks) == 2 and all(("%d of %d" % (selected, in_set)) in m.text for m in marks),
          "a visible mark per column: %s" % [m.text for m in marks])
    r = run(b, "report", "--in", str(part), "--in", str(part), "--format", "text")
    check(r.stdout.count("partial %d/%d" % (selected, in_set)) == 2, r.stdout)


def report_board_flag_draws_a_board_of_one_report(b, tmp):
    """--board draws the board of one report, in each of its forms, as of
    several (its counts recomputed here from the report grade wrote); one
    --in without it draws the report itself."""
    path = grade(b, tmp, "faulty", faulty(b), "--only", "step-*", "--only", "init-*", "--fresh", "off")
    report = json.loads(path.read_text())
    check(report["level"] == "not conformant", "the faulty engine fails: %s" % report["level"])
    board = board_json(b, path)
    validate_board(board)
    check(len(board["groups"]) == 1 and [e["report"] for e in board["groups"][0]["engines"]] == [str(path)],
          "one table of one column: %s" % [[e["report"] for e in g["engines"]] for g in board["groups"]])
    check_group(board["groups"][0], [report])
    r = run(b, "report", "--in", str(path), "--board", "--format", "text")
    lines = [l for l in r.stdout.splitlines() if l.endswith(str(path))]
    check(r.returncode == 0 and len(lines) == 1 and " %s " % report["level"] in lines[0], r.stdout)
    page = pathlib.Path(tmp) / "board.html"
    r = run(b, "report", "--in", str(path), "--board", "--output", str(page))
    check(r.returncode == 0, "report --board --output: exit %d, %s" % (r.returncode, r.stderr))
    cells = page_cells(ET.parse(page).getroot())
    for name, want in expected_cells([report], lambda c: [c["category"]]).items():
        check(cells.get(name) == want, "page row %s: %s, computed %s" % (name, cells.get(name), want))
    # Without --board, one --in is the report itself: the JSON grade wrote.
    r = run(b, "report", "--in", str(path), "--format", "json")
    check(r.returncode == 0 and r.stdout == path.read_text(), "one --in --format json is not the report")
    # A board has no JUnit or EARL form, and --failing-ids is of the report.
    for args in (["--format", "junit"], ["--format", "earl"], ["--failing-ids"]):
        r = run(b, "report", "--in", str(path), "--board", *args)
        check(r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "board" in r.stderr,
              "--board %s: exit %d, %r" % (args, r.returncode, r.stderr))


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
