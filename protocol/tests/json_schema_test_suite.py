"""Runs the kit's JSON Schema checker against the JSON-Schema-Test-Suite.

The suite is Debian's `json-schema-test-suite` (2.0.0: draft 3 and draft 4
test files). The checker implements draft 2020-12 cut down to the keywords
schemas/protocol/ uses, so a test group of tests/draft4 runs here when every
keyword of its schema is one the checker implements *and* draft 2020-12 kept
that keyword's meaning; each other group is skipped for the first reason the
table below gives. A group skipped because the checker lacks a keyword must
still be refused by it (schema_check_driver exits 3, naming the keyword): the
checker never silently ignores a rule.

Keywords run (meaning unchanged from draft 4 to 2020-12): type, properties,
required, additionalProperties, items (one schema for every item), minItems,
maxItems, uniqueItems, minimum, maximum, minLength, maxLength, pattern, enum,
allOf, anyOf, oneOf, and $ref to a local JSON pointer with no sibling keyword.

| skipped                          | why                                                         |
|----------------------------------|-------------------------------------------------------------|
| additionalItems                  | meaning changed: 2020-12 replaced it with `items`           |
| items as an array                | meaning changed: 2020-12's tuple form is `prefixItems`      |
| exclusiveMinimum/Maximum: bool   | meaning changed: numbers since draft 6, not flags           |
| $ref with sibling keywords       | meaning changed: draft 4 ignores the siblings, 2020-12 not  |
| $ref to another document         | the checker takes local refs only (refused)                 |
| definitions                      | draft 4's `$defs`; the checker does not implement it        |
| dependencies                     | split into dependentRequired/dependentSchemas in 2019-09    |
| id                               | draft 4's `$id`, with other resolution rules                |
| default                          | not implemented by the checker (refused)                    |
| multipleOf, not                  | not implemented by the checker (refused)                    |
| minProperties, maxProperties     | not implemented by the checker (refused)                    |
| patternProperties                | not implemented by the checker (refused)                    |
| any other key of a schema        | not a 2020-12 keyword the checker has (refused)             |
| tests/draft4/optional/           | optional in draft 4 itself (bignum, format, regex dialect)  |

The checker refuses a `pattern` without a `maxLength` of at most 1000
(std::regex recurses once per character); every such suite schema is run
with `"maxLength": 1000` added beside its pattern, which changes no verdict:
no string in the suite is that long (checked below).

Exit status 0 when every run test gets the suite's verdict, every group
skipped for a keyword the checker lacks is refused, and every keyword of the
run list was met by at least one test; 1 otherwise, listing each difference.
"""

import argparse
import json
import pathlib
import subprocess
import sys
import tempfile

RUN = {"type", "properties", "required", "additionalProperties", "items", "minItems",
       "maxItems", "uniqueItems", "minimum", "maximum", "minLength", "maxLength",
       "pattern", "enum", "allOf", "anyOf", "oneOf", "$ref"}
# Keywords that never constrain an instance, which the checker accepts.
ANNOTATIONS = {"description", "title", "$schema"}
# Keywords the checker implements in their 2020-12 meaning, which draft 4
# gave another (only their changed forms appear in draft 4's tests).
CHANGED_KEYWORDS = {"exclusiveMinimum", "exclusiveMaximum"}
# Every other key of a schema object is a keyword the checker lacks (draft 4
# ignores unknown keys; the escaped-pointer test keeps its targets in such
# keys): a schema using one must be refused.
CHANGED = {
    "additionalItems": "meaning changed: 2020-12 replaced it with items",
    "items-array": "meaning changed: 2020-12's tuple form is prefixItems",
    "exclusive-boolean": "meaning changed: exclusiveMinimum/Maximum are numbers since draft 6",
    "ref-siblings": "meaning changed: draft 4 ignores a $ref's siblings, 2020-12 applies them",
    "ref-remote": "the checker takes local $refs only (refused)",
}
LONGEST_PATTERN_INPUT = 1000

SUBSCHEMA_MAPS = {"properties", "patternProperties", "definitions"}
# Where a draft 4 schema holds subschemas; a key elsewhere is not walked.
SUBSCHEMA_ONE = {"additionalProperties", "additionalItems", "not", "items"}
SUBSCHEMA_LISTS = {"allOf", "anyOf", "oneOf", "items"}


def walk(schema, found):
    """Collects the keywords of a schema and the changed forms it uses."""
    if not isinstance(schema, dict):
        return
    for key, value in schema.items():
        found["keywords"].add(key)
        if key == "items" and isinstance(value, list):
            found["changed"].add("items-array")
        if key in ("exclusiveMinimum", "exclusiveMaximum") and isinstance(value, bool):
            found["changed"].add("exclusive-boolean")
        if key == "$ref":
            if len(schema) > 1:
                found["changed"].add("ref-siblings")
            if not value.startswith("#"):
                found["changed"].add("ref-remote")
        if key in SUBSCHEMA_MAPS and isinstance(value, dict):
            for sub in value.values():
                walk(sub, found)
        elif key == "dependencies" and isinstance(value, dict):
            for sub in value.values():
                walk(sub, found)
        elif key in SUBSCHEMA_LISTS and isinstance(value, list):
            for sub in value:
                walk(sub, found)
        elif key in SUBSCHEMA_ONE and isinstance(value, dict):
            walk(value, found)


def bound_patterns(schema):
    """The schema with maxLength 1000 beside every pattern that lacks one."""
    if isinstance(schema, list):
        return [bound_patterns(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: bound_patterns(v) if k != "enum" else v for k, v in schema.items()}
    if "pattern" in out and "maxLength" not in out:
        out["maxLength"] = LONGEST_PATTERN_INPUT
    return out


def longest_string(value):
    if isinstance(value, str):
        return len(value)
    if isinstance(value, list):
        return max((longest_string(v) for v in value), default=0)
    if isinstance(value, dict):
        return max([longest_string(v) for v in value.values()] + [len(k) for k in value], default=0)
    return 0


def run_driver(driver, schema, instances):
    """The driver's lines for the instances, and its exit status."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(schema, f)
        path = f.name
    try:
        done = subprocess.run([driver, path, ""], input="".join(json.dumps(i) + "\n" for i in instances),
                              capture_output=True, text=True, timeout=60)
    finally:
        pathlib.Path(path).unlink()
    return done.stdout.splitlines(), done.returncode


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--driver", required=True)
    parser.add_argument("--suite", required=True, help="the suite's tests/draft4 folder")
    args = parser.parse_args()

    files = sorted(pathlib.Path(args.suite).glob("*.json"))
    if not files:
        print(f"no test files in {args.suite}")
        return 1
    problems, skipped, met = [], {}, set()
    ran_groups = ran_tests = refused_groups = 0
    for path in files:
        for group in json.loads(path.read_text()):
            where = f"{path.name}: {group['description']}"
            found = {"keywords": set(), "changed": set()}
            walk(group["schema"], found)
            lacking = found["keywords"] - RUN - ANNOTATIONS - CHANGED_KEYWORDS
            if lacking or "ref-remote" in found["changed"]:
                reason = (f"not implemented by the checker: {', '.join(sorted(lacking))}" if lacking
                          else CHANGED["ref-remote"])
                skipped[reason] = skipped.get(reason, 0) + 1
                lines, status = run_driver(args.driver, group["schema"], [])
                if status != 3 or not lines or not lines[0].startswith("refused\t"):
                    problems.append(f"{where}: the checker did not refuse a schema using {reason}")
                else:
                    refused_groups += 1
                continue
            if found["changed"]:
                reason = CHANGED[sorted(found["changed"])[0]]
                skipped[reason] = skipped.get(reason, 0) + 1
                continue
            instances = [t["data"] for t in group["tests"]]
            if any(longest_string(i) >= LONGEST_PATTERN_INPUT for i in instances):
                problems.append(f"{where}: a string of {LONGEST_PATTERN_INPUT} characters or more")
                continue
            lines, status = run_driver(args.driver, bound_patterns(group["schema"]), instances)
            if status != 0 or len(lines) != len(instances):
                problems.append(f"{where}: the checker failed (status {status}): {lines[:1]}")
                continue
            ran_groups += 1
            met |= found["keywords"] & RUN
            for test, line in zip(group["tests"], lines):
                ran_tests += 1
                got = line.split("\t")[0] == "valid"
                if got != test["valid"]:
                    problems.append(f"{where}: {test['description']}: {json.dumps(test['data'])} is "
                                    f"{'valid' if test['valid'] else 'invalid'}, the checker says {line}")
    unmet = RUN - met
    if unmet:
        problems.append(f"keywords of the run list no test met: {sorted(unmet)}")

    print(f"ran {ran_tests} tests in {ran_groups} groups; "
          f"{refused_groups} groups refused for a keyword the checker lacks")
    for reason, count in sorted(skipped.items()):
        print(f"  skipped {count:2} groups: {reason}")
    for p in problems:
        print("FAIL", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
