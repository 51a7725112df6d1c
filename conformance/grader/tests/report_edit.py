# Hand-edited grade reports for the tests of what reads saved reports
# (report_diff_test.py, report_in_test.py, board_test.py).
"""restated(report, failing): a report edited as a careful hand would edit it."""
import json


def restated(report, failing):
    """The report with the cases at the indices `failing` turned to fail,
    and every figure stated restated from the cases, counted here (a
    failure makes the level not conformant; a report check refuses
    anything else)."""
    report = json.loads(json.dumps(report))
    for k in failing:
        report["cases"][k].update(outcome="fail", clause="STEP-1", message="edited to fail")
    zero = dict.fromkeys(("pass-exact", "pass-tolerant", "fail", "errored", "skipped"), 0)
    counts = dict(zero, **{"drift": 0, "expected-failures": 0, "unexpected-passes": 0})
    categories, clauses = {}, {}
    for c in report["cases"]:
        counts[c["outcome"]] += 1
        counts["drift"] += c["drift"]
        categories.setdefault(c["category"], dict(zero))[c["outcome"]] += 1
        for clause in c["clauses"]:
            clauses.setdefault(clause, dict(zero))[c["outcome"]] += 1
    report.update(counts=counts, categories=categories, clauses=clauses)
    if failing:
        report["level"] = "not conformant"
    return report
