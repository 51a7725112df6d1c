# The HTML report (`grade --report html`, `susurration report`), end to end:
# real grading of the reference and of a mutant engine, the page checked
# by parsers and, in html_browser_test.py, by a real browser.
"""Run: html_report_test.py --susurration BIN --node NODE CASE. Exit 0 when the case holds.

What the page must show is computed here from the vectors and the JSON
report, not taken from the page: the first tick a run leaves the tolerance
(TOL-1..3 recomputed), the birds of a step case that differ (the vector's
own values), the file each clause is written in (spec/*.md read here).
"""
import argparse
import html.parser
import json
import pathlib
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT / "cli" / "tests"))
from case_runner import check  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
XHTML = "{http://www.w3.org/1999/xhtml}"
MUTANT = "cohesion-constant-0.005"  # STEP-3: every step and every run departs
# A trajectory whose run the mutant leaves early, a step case it fails, and
# cases it passes: a page with every kind of section.
MUTANT_SELECTION = "trajectory-n120-w1-1-1-seed-2,step-cohesion-*,torus-*"
TRAJECTORY = "trajectory-n120-w1-1-1-seed-2"


def run(*args, timeout=900):
    return subprocess.run(list(args), capture_output=True, text=True, timeout=timeout)


def build_mutant(node, tmp):
    out = pathlib.Path(tmp) / "mutant"
    r = run(sys.executable, str(ROOT / "adapters" / "doubles" / "mutants" / "make_mutant.py"), MUTANT, str(out))
    check(r.returncode == 0, "make_mutant: %s" % r.stderr)
    return "'%s' '%s'" % (node, out / "engine.js")


def grade_html(b, engine, tmp, name, *args):
    """grade --report html with --also-report json=FILE of the same run: (exit status, page bytes, report)."""
    page, saved = pathlib.Path(tmp) / (name + ".html"), pathlib.Path(tmp) / (name + ".json")
    r = run(b, "grade", "--engine", engine, "--report", "html", "--output", str(page), "--also-report", "json=" + str(saved), *args)
    check(page.exists() and saved.exists(), "no page or no JSON: exit %d, %s" % (r.returncode, r.stderr))
    return r.returncode, page.read_bytes(), json.loads(saved.read_text())


def validate(report):
    import jsonschema
    schema = json.loads((ROOT / "schemas" / "report.schema.json").read_text())
    jsonschema.Draft202012Validator(schema).validate(report)


def case_of(report, cid):
    return next(c for c in report["cases"] if c["id"] == cid)


class TagBalance(html.parser.HTMLParser):
    """Every element closed in order: the strict check an XML parser makes, on the HTML parser's reading."""
    VOID = {"meta", "br", "hr", "img", "input", "link", "col", "source", "wbr", "area", "base", "embed", "track"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.problems = [], []

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.problems.append("</%s> closes <%s> at %s" % (tag, self.stack[-1] if self.stack else "nothing",
                                                              self.getpos()))
        else:
            self.stack.pop()


def check_well_formed(page):
    text = page.decode("utf-8")
    balance = TagBalance()
    balance.feed(text)
    balance.close()
    check(not balance.problems and not balance.stack, "tags unbalanced: %s, open %s" % (balance.problems[:3],
                                                                                         balance.stack[-3:]))
    return ET.fromstring(text.split("\n", 1)[1])  # past <!DOCTYPE html>: raises on any XML error


def check_self_contained(page):
    text = page.decode("utf-8")
    for pattern, what in [(r"<script", "a script"), (r"<link", "a linked resource"), (r"<img", "an image"),
                          (r"<iframe", "a frame"), (r"@import", "an imported style sheet"), (r"url\(", "a CSS url()"),
                          (r"@font-face", "a font"), (r"\ssrc=", "a src attribute"),
                          (r"href=\"(https?:)?//", "an absolute link")]:
        m = re.search(pattern, text)
        check(m is None, "the page holds %s: ...%s..." % (what, text[max(0, m.start() - 60):m.end() + 60] if m else ""))


def article(root, cid):
    for a in root.iter(XHTML + "article"):
        if a.get("id") == "case-" + cid:
            return a
    raise AssertionError("no article for %s" % cid)


def first_departure(chart):
    """TOL-1..3 recomputed: the first tick in 0..window where the engine's columns leave the tolerance."""
    rel = chart["relative"]
    for t in range(chart["window"] + 1):
        for metric in ("polarization", "cluster_count", "mean_neighbor_distance"):
            a, b = chart["reference"][metric][t], chart["engine"][metric][t]
            if (a is None) != (b is None):
                return t, metric
            if a is None:
                continue
            if metric == "cluster_count":
                if a != b:
                    return t, metric
            elif abs(a - b) > rel * max(abs(a), abs(b)):
                return t, metric
    return None


# --- the cases ------------------------------------------------------------------

def html_report_redraws_byte_identical_from_saved_json(b, node, tmp):
    engine = build_mutant(node, tmp)
    status, page, report = grade_html(b, engine, tmp, "mutant", "--only", MUTANT_SELECTION)
    check(status == 1, "a mutant must exit 1, got %d" % status)
    redrawn = pathlib.Path(tmp) / "redrawn.html"
    r = run(b, "report", "--in", str(pathlib.Path(tmp) / "mutant.json"), "--output", str(redrawn))
    check(r.returncode == 0, "report: exit %d, %s" % (r.returncode, r.stderr))
    check(redrawn.read_bytes() == page, "report's page differs from grade's (%d and %d bytes)" % (
        len(redrawn.read_bytes()), len(page)))
    to_stdout = run(b, "report", "--in", str(pathlib.Path(tmp) / "mutant.json"))
    check(to_stdout.stdout.encode() == page, "report to standard output differs")


def html_report_json_validates_against_extended_schema(b, node, tmp):
    engine = build_mutant(node, tmp)
    _, _, report = grade_html(b, engine, tmp, "mutant", "--only", MUTANT_SELECTION)
    validate(report)
    chart = case_of(report, TRAJECTORY)["chart"]
    vectors = json.loads((ROOT / "vectors" / "trajectories.json").read_text())
    vector = next(c for g in vectors["groups"] for c in g["cases"] if c["id"] == TRAJECTORY)
    check(chart["reference"] == vector["expected"]["metrics"], "the chart's reference is not the vector's columns")
    check(chart["anchors"] == [a["tick"] for a in vector["expected"]["anchors"]], "anchors %s" % chart["anchors"])
    check(chart["chaos_horizon"] == vector["chaos_horizon"]["first_tick"], "horizon %s" % chart["chaos_horizon"])
    manifest = (ROOT / "vectors" / "manifest.json").read_bytes()
    import hashlib
    check(report["vectors"]["manifest_sha256"] == hashlib.sha256(manifest).hexdigest(), "manifest hash")
    check(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", report["date"]), "date %s" % report["date"])
    check("grade" in report["command"] and "--report html" in report["command"], "command %s" % report["command"])
    # Strict: a key the schema does not know is refused.
    import jsonschema
    spoiled = json.loads(json.dumps(report))
    case_of(spoiled, TRAJECTORY)["chart"]["extra"] = 1
    try:
        validate(spoiled)
    except jsonschema.ValidationError:
        pass
    else:
        raise AssertionError("the schema accepted an unknown key in chart")


def html_report_is_well_formed_xhtml_with_no_external_resource(b, node, tmp):
    engine = build_mutant(node, tmp)
    _, page, _ = grade_html(b, engine, tmp, "mutant", "--only", MUTANT_SELECTION)
    check_well_formed(page)
    check_self_contained(page)
    _, reference_page, _ = grade_html(b, "'%s' engine" % b, tmp, "reference", "--only", "trajectory-n10-*,init-*")
    check_well_formed(reference_page)
    check_self_contained(reference_page)
    # The checks can fail: an unclosed element and a remote image are seen.
    for spoiled, checker in [(page.replace(b"</article>", b"", 1), check_well_formed),
                             (page.replace(b"<nav>", b"<nav><img src=\"http://x.invalid/a.png\"/>", 1),
                              check_self_contained)]:
        try:
            checker(spoiled)
        except (AssertionError, ET.ParseError):
            continue
        raise AssertionError("%s passed a spoiled page" % checker.__name__)


def html_clause_links_reach_their_text_in_spec(b, node, tmp):
    engine = build_mutant(node, tmp)
    _, page, report = grade_html(b, engine, tmp, "mutant", "--only", MUTANT_SELECTION)
    root = check_well_formed(page)
    links = [a.get("href") for a in root.iter(XHTML + "a") if "clause" in (a.get("class") or "")]
    check(links, "no clause link")
    for clause in report["clauses"]:
        check(any(("text=%s%%20" % clause) in h for h in links), "clause %s has no link" % clause)
    for href in set(links):
        m = re.fullmatch(r"(spec/[A-Za-z-]+\.md)#:~:text=([A-Z]+-[0-9]+)%20%E2%80%94", href)
        check(m, "clause link %s is not spec/FILE.md#:~:text=ID" % href)
        text = (ROOT / m.group(1)).read_text()
        check("**%s \u2014" % m.group(2) in text, "%s is not written in %s" % (m.group(2), m.group(1)))
    # ... and each clause links to its cases.
    anchors = {e.get("id") for e in root.iter() if e.get("id")}
    for a in root.iter(XHTML + "a"):
        href = a.get("href") or ""
        if href.startswith("#"):
            check(href[1:] in anchors, "link %s goes nowhere" % href)


def html_mutant_divergence_is_marked_on_its_chart(b, node, tmp):
    engine = build_mutant(node, tmp)
    _, page, report = grade_html(b, engine, tmp, "mutant", "--only", MUTANT_SELECTION)
    chart = case_of(report, TRAJECTORY)["chart"]
    departure = first_departure(chart)
    check(departure is not None, "the mutant's run never leaves the tolerance")
    tick, metric = departure
    check(chart["departure"] == {"tick": tick, "field": metric}, "chart departure %s, recomputed %s" % (
        chart["departure"], departure))
    root = check_well_formed(page)
    charts = [s for s in article(root, TRAJECTORY).iter(SVG + "svg") if "chart" in s.get("class", "")]
    metrics = [s for s in charts if "metric" in s.get("class")]
    check(len(metrics) == 3 and len(charts) == 4, "%d metric charts, %d charts" % (len(metrics), len(charts)))
    for svg in metrics:
        plot = next(r for r in svg.iter(SVG + "rect") if r.get("class") == "plot")
        x = float(plot.get("x")) + float(plot.get("width")) * tick / chart["ticks"]
        marks = [float(l.get("x1")) for l in svg.iter(SVG + "line") if l.get("class") == "departure"]
        check(any(abs(m - x) <= 0.05 for m in marks), "no departure mark at tick %d (x %.1f): %s" % (tick, x, marks))
        paths = {p.get("class"): p.get("d") for p in svg.iter(SVG + "path")}
        check(paths.get("reference") and paths.get("engine") and paths["reference"] != paths["engine"],
              "the chart does not draw the reference and the engine apart")
    circled = [s for s in metrics if any(c.get("class") == "departure" for c in s.iter(SVG + "circle"))]
    check(len(circled) == 1 and metric in "".join(circled[0].itertext()), "departure circled on %d charts" % len(circled))
    difference = next(s for s in charts if "difference" in s.get("class"))
    check(any(l.get("class") == "tolerance" for l in difference.iter(SVG + "line")), "no tolerance line")


def html_failing_step_case_shows_differing_birds_on_torus(b, node, tmp):
    engine = build_mutant(node, tmp)
    _, page, report = grade_html(b, engine, tmp, "mutant", "--only", MUTANT_SELECTION)
    step = json.loads((ROOT / "vectors" / "step.json").read_text())
    vectors = {c["id"]: c for g in step["groups"] for c in g["cases"]}
    failing = [c for c in report["cases"] if c["category"] == "step" and c["outcome"] == "fail"]
    check(failing, "the mutant fails no step case")
    root = check_well_formed(page)
    for c in failing:
        p = c["picture"]
        expected = vectors[c["id"]]["expected"]["state"]
        check([q for q in p["reference"]] == [s[:2] for s in expected], "%s: positions are not the vector's" % c["id"])
        for row in p["rows"]:
            want = expected[row["bird"]]["x y vx vy".split().index(row["field"])]
            check(row["expected"] == want and row["actual"] != want, "%s: row %s" % (c["id"], row))
            check(row["bird"] in p["differing_birds"], "%s: bird %d not marked" % (c["id"], row["bird"]))
        check(len(p["rows"]) <= 20, "%s: %d rows" % (c["id"], len(p["rows"])))
        torus = next(s for s in article(root, c["id"]).iter(SVG + "svg") if s.get("class") == "torus")
        x, y, w, h = view_box(torus)
        check(0 <= x and 0 <= y and x + w <= 1000 and y + h <= 600 and w >= 60 and h >= 60,
              "%s: torus viewBox %s is not a part of the field of 60 x 60 or more" % (c["id"], torus.get("viewBox")))
        for bird in p["differing_birds"]:
            bx, by = p["reference"][bird]
            check(x <= bx <= x + w and y <= by <= y + h, "%s: bird %d at (%s, %s) is outside viewBox %s" % (
                c["id"], bird, bx, by, torus.get("viewBox")))
        ringed = [e for e in torus.iter(SVG + "circle") if e.get("class") == "differs"]
        check(len(ringed) == len(p["differing_birds"]), "%s: %d ringed, %d differ" % (
            c["id"], len(ringed), len(p["differing_birds"])))


def view_box(svg):
    return [float(v) for v in svg.get("viewBox").split()]


def planted_torus(b, tmp, report, name, reference, engine, differing):
    """The torus picture and its article, drawn by `report` from `report` with a picture planted in a failing step case."""
    planted = json.loads(json.dumps(report))
    case = next(c for c in planted["cases"] if c["category"] == "step" and c["outcome"] == "fail")
    case["picture"] = {"width": 1000, "height": 600, "reference": reference, "engine": engine,
                       "differing_birds": differing, "differing_values": 2 * len(differing), "rows": [],
                       "engine_birds": len(engine)}
    saved, page = pathlib.Path(tmp) / (name + ".json"), pathlib.Path(tmp) / (name + ".html")
    saved.write_text(json.dumps(planted))
    r = run(b, "report", "--in", str(saved), "--output", str(page))
    check(r.returncode == 0, "report: exit %d, %s" % (r.returncode, r.stderr))
    where = article(check_well_formed(page.read_bytes()), case["id"])
    return next(s for s in where.iter(SVG + "svg") if s.get("class") == "torus"), where


def zoom_note(where):
    return ["".join(e.itertext()) for e in where.iter(XHTML + "p") if e.get("class") == "zoom"]


def html_torus_picture_zooms_to_the_differing_birds_and_their_neighbours(b, node, tmp):
    # Birds 0 and 1 differ near (100, 100); bird 5 is within 90 of bird 1
    # (47.7 away), birds 6 and 7 just outside 90 of both (90.1 and 96.5).
    # So the view holds x 95..150, y 100..130, 20 around: x 75..170, y 80..150.
    engine = build_mutant(node, tmp)
    _, _, report = grade_html(b, engine, tmp, "mutant", "--only", "step-cohesion-*")
    reference = [[95, 100], [110, 104], [600, 400], [900, 50], [300, 500], [150, 130], [200, 100], [100, 200]]
    moved = [[96, 101], [111, 103]] + reference[2:]
    torus, where = planted_torus(b, tmp, report, "near", reference, moved, [0, 1])
    check(view_box(torus) == [75, 80, 95, 70], "viewBox %s, want 75 80 95 70" % torus.get("viewBox"))
    check(abs(float(torus.get("width")) / float(torus.get("height")) - 95 / 70) < 0.01,
          "drawn %s x %s, not the view's shape" % (torus.get("width"), torus.get("height")))
    note = zoom_note(where)
    check(len(note) == 1 and "x 75.0..170.0, y 80.0..150.0" in note[0], "zoom note %s" % note)
    inset = [s for s in where.iter(SVG + "svg") if s.get("class") == "torus-overview"]
    check(len(inset) == 1 and view_box(inset[0]) == [0, 0, 1000, 600], "no overview of the whole field")
    ringed = [e for e in torus.iter(SVG + "circle") if e.get("class") == "differs"]
    check(len(ringed) == 2, "%d birds ringed, 2 differ" % len(ringed))
    # One bird alone in the corner: 20 around it is 40 wide, widened to 60
    # about it and moved into the field, x 0..60, y 0..60.
    torus, where = planted_torus(b, tmp, report, "corner", [[10, 15], [500, 300]], [[12, 15], [500, 300]], [0])
    check(view_box(torus) == [0, 0, 60, 60], "viewBox %s, want 0 0 60 60" % torus.get("viewBox"))


def html_torus_picture_keeps_the_whole_field_when_the_birds_straddle_a_seam_or_spread(b, node, tmp):
    engine = build_mutant(node, tmp)
    _, _, report = grade_html(b, engine, tmp, "mutant", "--only", "step-cohesion-*")
    # Bird 1 is 20 from bird 0 the short way round, across x = 0.
    seam = [[5, 300], [985, 310], [500, 100]]
    torus, where = planted_torus(b, tmp, report, "seam", seam, [[6, 300]] + seam[1:], [0])
    check(view_box(torus) == [0, 0, 1000, 600], "across the seam: viewBox %s" % torus.get("viewBox"))
    check(zoom_note(where) == [], "a zoom note on the whole field")
    # Two birds 600 apart on a 1000-wide field: more than half of it.
    spread = [[100, 100], [700, 100], [400, 500]]
    torus, _ = planted_torus(b, tmp, report, "spread", spread, [[101, 100], [701, 100], [400, 500]], [0, 1])
    check(view_box(torus) == [0, 0, 1000, 600], "spread: viewBox %s" % torus.get("viewBox"))


def html_failing_cases_are_listed_under_their_cause_shown_case_first(b, node, tmp):
    # A planted diagnosis whose causes are each shown by a case that is not
    # the first they explain, and that share one: the articles follow the
    # causes, the shown case first, each case once, the unexplained last.
    engine = build_mutant(node, tmp)
    _, _, report = grade_html(b, engine, tmp, "mutant", "--only", "step-*")
    f = [c["id"] for c in report["cases"] if c["outcome"] in ("fail", "errored")]
    check(len(f) >= 5, "the mutant fails %d cases, 5 wanted" % len(f))
    report["diagnosis"]["causes"] = [
        {"clause": "STEP-3", "score": 2.0, "shown": f[2], "explains": [f[0], f[2]], "why": "planted: first"},
        {"clause": "WEIGHTS-1", "score": 1.0, "shown": f[3], "explains": [f[3], f[2], f[1]], "why": "planted: second"}]
    saved, page = pathlib.Path(tmp) / "planted.json", pathlib.Path(tmp) / "planted.html"
    saved.write_text(json.dumps(report))
    r = run(b, "report", "--in", str(saved), "--output", str(page))
    check(r.returncode == 0, "report: exit %d, %s" % (r.returncode, r.stderr))
    root = check_well_formed(page.read_bytes())
    section = next(s for s in root.iter(XHTML + "section") if s.get("id") == "failures")
    order = [a.get("id")[len("case-"):] for a in section.iter(XHTML + "article")]
    want = [f[2], f[0], f[3], f[1]] + f[4:]
    check(order == want, "articles %s, want %s" % (order, want))
    headings = ["".join(h.itertext()) for h in section.iter(XHTML + "h3")]
    rest = len(f) - 4
    want_headings = ["Cause 1, STEP-3 (2 failing cases)", "Cause 2, WEIGHTS-1 (2 failing cases)",
                     "Not explained by a cause (%d failing case%s)" % (rest, "" if rest == 1 else "s")]
    check(headings == want_headings, "headings %s, want %s" % (headings, want_headings))


def html_page_of_the_whole_set_is_small_and_folds_passing_cases(b, node, tmp):
    start = time.monotonic()
    status, page, report = grade_html(b, "'%s' engine" % b, tmp, "reference", "--jobs", "2")
    seconds = time.monotonic() - start
    check(status == 0 and report["level"] == "exact", "reference: exit %d, %s" % (status, report["level"]))
    print("whole set, reference: page %d bytes, JSON %d bytes, grade %.1f s" % (
        len(page), len((pathlib.Path(tmp) / "reference.json").read_bytes()), seconds))
    check(len(page) < 4 << 20, "the page is %d bytes" % len(page))
    root = check_well_formed(page)
    folded = [d for d in root.iter(XHTML + "details") if d.get("open") is None]
    ids = {e.get("id") for d in folded for e in d.iter() if e.get("id")}
    check(all("case-" + c["id"] in ids for c in report["cases"]), "a passing case is not folded away")
    # Published and fresh runs alike (a plain grade draws fresh ones, PROTO-12).
    trajectories = [c for c in report["cases"] if c["file"].endswith("trajectories.json")]
    charts = [s for s in root.iter(SVG + "svg") if s.get("class") == "chart metric"]
    check(len(charts) == 3 * len(trajectories), "%d metric charts for %d trajectories" % (len(charts), len(trajectories)))


def html_diagnosis_shows_the_reports_causes_in_their_order(b, node, tmp):
    # The diagnosis the JSON report carries (diagnosis.hpp, written by the
    # grader) is what the page shows, in its order: a planted one, ranked
    # against the failing cases' own order, proves the page reads it.
    engine = build_mutant(node, tmp)
    _, _, report = grade_html(b, engine, tmp, "mutant", "--only", MUTANT_SELECTION)
    failing = [c["id"] for c in report["cases"] if c["outcome"] == "fail"]
    tolerant = [c["id"] for c in report["cases"] if c["outcome"] != "fail"][:1]
    report["diagnosis"] = {
        "causes": [{"clause": "WEIGHTS-1", "score": 2.0, "shown": failing[1], "explains": failing[::-1],
                    "why": "planted: explains every failure"},
                   {"clause": "STEP-3", "score": 1.0, "shown": failing[0], "explains": failing[:1],
                    "why": "planted: second"}],
        "tolerant_only": [{"case": tolerant[0], "drift": False, "difference": None, "worst": None}]}
    saved = pathlib.Path(tmp) / "planted.json"
    saved.write_text(json.dumps(report))
    page = pathlib.Path(tmp) / "planted.html"
    r = run(b, "report", "--in", str(saved), "--output", str(page))
    check(r.returncode == 0, "report: exit %d, %s" % (r.returncode, r.stderr))
    root = check_well_formed(page.read_bytes())
    section = next(s for s in root.iter(XHTML + "section") if s.get("id") == "diagnosis")
    causes = [li for li in section.iter(XHTML + "li")]
    texts = ["".join(li.itertext()) for li in causes]
    check(len(causes) == 2 and texts[0].startswith("WEIGHTS-1") and texts[1].startswith("STEP-3"),
          "causes shown: %s" % texts)
    check("planted: explains every failure" in texts[0], "the why is not shown: %s" % texts[0])
    first_link = next(a for a in causes[0].iter(XHTML + "a") if a.get("href", "").startswith("#case-"))
    check(first_link.get("href") == "#case-" + failing[1], "the shown case is not first: %s" % first_link.get("href"))
    check(("#case-" + tolerant[0]) in [a.get("href") for a in section.iter(XHTML + "a")], "tolerant-only case missing")


def report_refuses_a_file_that_is_not_a_grade_report(b, node, tmp):
    bad = pathlib.Path(tmp) / "bad.json"
    out = pathlib.Path(tmp) / "out.html"
    for text in ["{\"schema\": \"manifest.schema.json\"}", "[1, 2", "{\"schema\": \"report.schema.json\"}"]:
        bad.write_text(text)
        r = run(b, "report", "--in", str(bad), "--output", str(out))
        check(r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "invalid in" in r.stderr,
              "%s: exit %d, %r" % (text, r.returncode, r.stderr))
        check(not out.exists(), "a page was written for %s" % text)
    r = run(b, "report", "--in", str(pathlib.Path(tmp) / "missing.json"))
    check(r.returncode == 2 and "invalid in" in r.stderr, "missing file: exit %d, %r" % (r.returncode, r.stderr))


CASES = {name.replace("_", "-"): f for name, f in list(globals().items())
         if callable(f) and name.startswith(("html_", "report_")) and getattr(f, "__code__", None)
         and f.__code__.co_argcount == 3}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--susurration", required=True)
    p.add_argument("--node", required=True)
    p.add_argument("case", choices=sorted(CASES))
    a = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        try:
            CASES[a.case](a.susurration, a.node, tmp)
        except AssertionError as e:
            print("FAIL %s: %s" % (a.case, e))
            return 1
    print("ok %s" % a.case)
    return 0


if __name__ == "__main__":
    sys.exit(main())
