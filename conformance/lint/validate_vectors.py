# Validates every vector file against the JSON Schema it names, and every schema against draft 2020-12 and our strictness rules.
"""Run: validate_vectors.py --schemas DIR --vectors DIR. One line per file; exit 1 on a problem.

Each `*.json` in the vectors folder is checked against the schema its `schema`
field names (manifest.json against manifest.schema.json), with references
resolved from the schemas folder alone (each schema's `$id` is under
https://susurration.invalid/schemas/, which is never fetched).

Each schema must be a valid draft 2020-12 schema and strict, in the manner of
Project Wycheproof's test-vector schemas (every field described, nothing
unlisted allowed):
- `$schema` is draft 2020-12 and `$id` is BASE + its file name;
- the schema and every `$defs` entry have a description;
- every subschema of `"type": "object"` says what else may appear
  (`additionalProperties`); one with `properties` allows nothing else
  (`additionalProperties: false`), lists `required` (names it defines), and
  gives every property a description;
- every `$ref` resolves.
"""
import argparse
import pathlib
import sys
import urllib.parse

import jsonschema
from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import best_match

import strict_json

DRAFT = "https://json-schema.org/draft/2020-12/schema"
BASE = "https://susurration.invalid/schemas/"
SHOWN_ERRORS = 5
# Keywords whose values are data or names, never subschemas.
NOT_SCHEMAS = {"const", "enum", "required", "examples", "default", "description", "title",
               "pattern", "$id", "$schema", "$ref", "type"}


def load_schemas(schema_dir):
    """{file name: schema}; a schema that is not strict JSON is reported by main."""
    return {p.name: strict_json.load(p) for p in sorted(pathlib.Path(schema_dir).glob("*.schema.json"))}


def resolver_for(schema, schemas):
    store = {s.get("$id", BASE + name): s for name, s in schemas.items()}
    return jsonschema.RefResolver(base_uri=schema.get("$id", ""), referrer=schema, store=store)


def validator_for(name, schemas):
    schema = schemas[name]
    return Draft202012Validator(schema, resolver=resolver_for(schema, schemas),
                                format_checker=FormatChecker())


def subschemas(node, path):
    """Every (path, dict) below node that is a subschema, node included."""
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            if key in NOT_SCHEMAS:
                continue
            if key in ("properties", "$defs", "patternProperties"):
                for name, sub in value.items():
                    yield from subschemas(sub, "%s/%s/%s" % (path, key, name))
            else:
                yield from subschemas(value, "%s/%s" % (path, key))
    elif isinstance(node, list):
        for k, value in enumerate(node):
            yield from subschemas(value, "%s/%d" % (path, k))


def strictness_problems(name, schema, schemas):
    """What makes a schema less strict or less documented than the rules in the docstring."""
    problems = []
    if schema.get("$schema") != DRAFT:
        problems.append("#: $schema is not %s" % DRAFT)
    if schema.get("$id") != BASE + name:
        problems.append("#: $id is not %s" % (BASE + name))
    if not schema.get("description"):
        problems.append("#: no description")
    for def_name, definition in schema.get("$defs", {}).items():
        if not (isinstance(definition, dict) and definition.get("description")):
            problems.append("#/$defs/%s: definition has no description" % def_name)
    resolver = resolver_for(schema, schemas)
    for path, sub in subschemas(schema, "#"):
        if "$ref" in sub:
            try:
                resolver.resolve(urllib.parse.urljoin(schema.get("$id", ""), sub["$ref"]))
            except jsonschema.RefResolutionError as e:
                problems.append("%s: $ref %s does not resolve (%s)" % (path, sub["$ref"], e))
        if sub.get("type") != "object":
            continue
        if "additionalProperties" not in sub:
            problems.append("%s: object without additionalProperties" % path)
        if "properties" not in sub:
            continue
        if sub.get("additionalProperties") is not False:
            problems.append("%s: object with properties must set additionalProperties: false" % path)
        if "required" not in sub:
            problems.append("%s: object with properties has no required list" % path)
        for missing in sorted(set(sub.get("required", [])) - set(sub["properties"])):
            problems.append("%s: requires %s, which it does not define" % (path, missing))
        for prop, prop_schema in sub["properties"].items():
            if not (isinstance(prop_schema, dict) and prop_schema.get("description")):
                problems.append("%s/properties/%s: property has no description" % (path, prop))
    return problems


def schema_problems(name, schemas):
    """The problems of one schema: draft 2020-12 validity, then strictness."""
    try:
        Draft202012Validator.check_schema(schemas[name])
    except jsonschema.SchemaError as e:
        return ["not a valid draft 2020-12 schema: %s at %s" % (e.message, strict_json.json_path(e.absolute_path))]
    return strictness_problems(name, schemas[name], schemas)


def describe(error):
    """One line for an error; for a oneOf or anyOf, the branch error that explains most."""
    while error.context:
        error = best_match(error.context)
    return "%s: %s" % (strict_json.json_path(error.absolute_path), error.message)


def file_errors(path, schemas):
    """The errors of one vector file, in document order, one line each."""
    try:
        document = strict_json.load(path)
    except ValueError as e:
        return ["not strict JSON: %s" % e]
    if path.name == "manifest.json":
        schema_name = "manifest.schema.json"
    elif isinstance(document, dict) and "schema" in document:
        schema_name = document["schema"]
    else:
        return ["$: no `schema` field naming the schema to check against"]
    if schema_name not in schemas:
        return ["$.schema: %r is not a schema in schemas/" % (schema_name,)]
    return [describe(e) for e in validator_for(schema_name, schemas).iter_errors(document)]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--schemas", required=True)
    p.add_argument("--vectors", required=True)
    a = p.parse_args()
    failed = False
    try:
        schemas = load_schemas(a.schemas)
    except ValueError as e:
        print("FAIL  schemas/: %s" % e)
        return 1
    for name in schemas:
        failed |= report("schema " + name, schema_problems(name, schemas))
    files = sorted(pathlib.Path(a.vectors).glob("*.json"))
    if not files:
        failed |= report(a.vectors, ["no *.json files"])
    for path in files:
        failed |= report(path.name, file_errors(path, schemas))
    return 1 if failed else 0


def report(what, problems):
    if not problems:
        print("ok    %s" % what)
        return False
    print("FAIL  %s: %d problem%s" % (what, len(problems), "" if len(problems) == 1 else "s"))
    for problem in problems[:SHOWN_ERRORS]:
        print("      %s" % problem)
    if len(problems) > SHOWN_ERRORS:
        print("      ... and %d more" % (len(problems) - SHOWN_ERRORS))
    return True


if __name__ == "__main__":
    sys.exit(main())
