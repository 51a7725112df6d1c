# The badge (`susurration report --in REPORT.json --badge FILE.svg`,
# spec/grading.md REPORT-5), on reports of real grades.
"""Run: badge_test.py --susurration BIN CASE. Exit 0 when the case holds.

What the badge must say is read here from the JSON report it is drawn
from (level, spec version, manifest hash, engine), and the SVG is read by
an XML parser, not searched as text.
"""
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

SVG = "{http://www.w3.org/2000/svg}"


def run(*args, timeout=600):
    return subprocess.run(list(args), capture_output=True, text=True, timeout=timeout)


def grade(b, tmp, name, engine):
    path = pathlib.Path(tmp) / (name + ".json")
    run(b, "grade", "--engine", engine, "--only", "step-*", "--fresh", "off", "--report", "json", "--output", str(path),
        "--quiet")
    check(path.exists(), "grade %s wrote no report" % name)
    return path


def badge(b, report, out):
    r = run(b, "report", "--in", str(report), "--badge", str(out))
    check(r.returncode == 0 and r.stdout == "", "report --badge: exit %d, %d bytes on stdout, %s" %
          (r.returncode, len(r.stdout), r.stderr))
    return ET.parse(out).getroot()


def report_badge_is_svg_naming_the_level_spec_version_and_manifest(b, tmp):
    faulty = "'%s' '%s' --fault step-bird-1-vx -- '%s' engine" % (sys.executable, ROOT / "adapters" / "doubles" / "faulty" / "faulty_engine.py", b)
    fills = {}
    for name, engine in [("reference", "'%s' engine" % b), ("faulty", faulty)]:
        path = grade(b, tmp, name, engine)
        report = json.loads(path.read_text())
        root = badge(b, path, pathlib.Path(tmp) / (name + ".svg"))
        check(root.tag == SVG + "svg" and root.get("height") == "20" and int(root.get("width")) > 0,
              "root %s %s" % (root.tag, root.attrib))
        texts = [t.text for t in root.iter(SVG + "text")]
        spec, manifest = report["vectors"]["spec_version"], report["vectors"]["manifest_sha256"]
        # A selection of the published set (step-* of all its cases), its
        # size read from the published manifest.
        published = case_runner.plain_grade_cases(ROOT / "vectors")
        scope = "partial %d/%d" % (len(report["cases"]), published)
        check(texts == ["susurration " + spec, "%s \u00b7 %s" % (report["level"], scope)], str(texts))
        title = root.find(SVG + "title").text
        check(report["level"] in title and manifest in title and report["engine"]["name"] in title, title)
        # Self-contained: no link, no style sheet, no image, no script.
        for element in root.iter():
            check(not any(k.endswith("href") for k in element.attrib), "a link in %s" % element.tag)
            check(element.tag.replace(SVG, "") in ("svg", "title", "g", "rect", "text"), "element %s" % element.tag)
        rects = list(root.iter(SVG + "rect"))
        check(len(rects) == 2 and int(rects[0].get("width")) + int(rects[1].get("width")) == int(root.get("width")),
              "the two halves fill the badge: %s" % [r.attrib for r in rects])
        fills[report["level"]] = rects[1].get("fill")
    check(set(fills) == {"exact", "not conformant"} and fills["exact"] != fills["not conformant"],
          "levels and their colours: %s" % fills)


def report_badge_is_not_drawn_from_a_file_that_is_not_a_report(b, tmp):
    good = grade(b, tmp, "reference", "'%s' engine" % b)
    report = json.loads(good.read_text())
    bad = pathlib.Path(tmp) / "bad.json"
    out = pathlib.Path(tmp) / "badge.svg"
    for name, doc in [("another level", dict(report, level="perfect")), ("no vectors", {k: v for k, v in report.items() if k != "vectors"})]:
        bad.write_text(json.dumps(doc))
        r = run(b, "report", "--in", str(bad), "--badge", str(out))
        check(r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "invalid in" in r.stderr,
              "%s: exit %d, %r" % (name, r.returncode, r.stderr))
        check(not out.exists(), "a badge was written for %s" % name)


if __name__ == "__main__":
    sys.exit(case_runner.main(case_runner.cases(globals(), ("report_badge_",))))
