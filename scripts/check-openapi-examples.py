#!/usr/bin/env python3
"""Checks that every example in openapi.yaml is valid against its own schema.

openapi-spec-validator checks the document's structure, not its examples; this catches an
example that drifted from the schema beside it. Usage: check-openapi-examples.py openapi.yaml
"""
import sys

import yaml
from jsonschema import Draft202012Validator, FormatChecker


def resolve(document, node):
    """Follows a local $ref ('#/components/...') until a node without one is reached."""
    while isinstance(node, dict) and "$ref" in node:
        target = document
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def examples_of(document, holder):
    """(name, value) for the `example` and every entry of `examples` of a media type or parameter."""
    if "example" in holder:
        yield "example", holder["example"]
    for name, entry in (holder.get("examples") or {}).items():
        entry = resolve(document, entry)
        if "value" in entry:
            yield name, entry["value"]


def holders(document):
    """(where, schema, holder) for every media type and parameter that has a schema."""
    methods = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}
    responses = dict(document.get("components", {}).get("responses", {}))
    for path, item in document.get("paths", {}).items():
        for method, operation in item.items():
            if method not in methods:
                continue
            where = f"{method.upper()} {path}"
            for parameter in operation.get("parameters", []):
                parameter = resolve(document, parameter)
                yield f"{where} parameter {parameter['name']}", parameter.get("schema"), parameter
            body = resolve(document, operation.get("requestBody", {}))
            for media, content in body.get("content", {}).items():
                yield f"{where} request {media}", content.get("schema"), content
            for status, response in operation.get("responses", {}).items():
                if "$ref" in response:
                    continue  # checked once below, with the other shared responses
                for media, content in response.get("content", {}).items():
                    yield f"{where} {status} {media}", content.get("schema"), content
    for name, response in responses.items():
        for media, content in response.get("content", {}).items():
            yield f"components/responses/{name} {media}", content.get("schema"), content


def main(path):
    with open(path, encoding="utf-8") as file:
        document = yaml.safe_load(file)
    failures = 0
    checked = 0
    for where, schema, holder in holders(document):
        if schema is None:
            continue
        # The schema is checked as part of the whole document, so its local $refs resolve.
        root = {"$ref": "#/x-example-schema", "components": document.get("components", {}), "x-example-schema": schema}
        validator = Draft202012Validator(root, format_checker=FormatChecker())
        for name, value in examples_of(document, holder):
            checked += 1
            for error in validator.iter_errors(value):
                failures += 1
                print(f"{where} ({name}): {error.message} at {'/'.join(map(str, error.absolute_path)) or 'top'}")
    print(f"check-openapi-examples: {checked} examples checked, {failures} problems")
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "openapi.yaml"))
