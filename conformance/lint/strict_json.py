# Reads JSON as a third party's strict reader would: no NaN or Infinity, no repeated key.
"""Shared by validate_vectors.py and lint_vectors.py.

Python's json module accepts NaN, Infinity and repeated keys (keeping the
last); a vector file that relies on either is not JSON to every other
reader, so both are errors here.
"""
import json


class NotStrictJson(ValueError):
    pass


def _no_constant(name):
    raise NotStrictJson("%s is not JSON" % name)


def _no_repeated_keys(pairs):
    keys = [k for k, _ in pairs]
    repeated = sorted({k for k in keys if keys.count(k) > 1})
    if repeated:
        raise NotStrictJson("repeated key %s" % ", ".join(repeated))
    return dict(pairs)


def load(path):
    """The parsed file; raises NotStrictJson or json.JSONDecodeError."""
    with open(path, "rb") as f:
        return json.loads(f.read().decode("utf-8"), parse_constant=_no_constant,
                          object_pairs_hook=_no_repeated_keys)


def json_path(path_items):
    """A jsonschema error path as `$.groups[0].cases[3].input`."""
    out = "$"
    for item in path_items:
        out += "[%d]" % item if isinstance(item, int) else "." + item
    return out
