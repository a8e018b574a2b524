#!/usr/bin/env python3
"""Checks that every example in openapi.yaml is valid against a strict form of its schema.

openapi-spec-validator checks the document's structure, not its examples; this catches an
example that drifted from the schema beside it. The published schemas are open for additions
(clients must accept members and codes they do not know); the examples show what gif-bff
itself sends, so they are checked closed: no member a schema does not name, no `code` outside
the known list. Usage: check-openapi-examples.py openapi.yaml
"""
import copy
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


def closed(node):
    """The strict form of a schema tree: objects with `properties` admit no other member, and an
    open enum (`anyOf: [{enum: [...]}, {type: string}]`) admits only its listed values."""
    if isinstance(node, list):
        return [closed(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: closed(value) for key, value in node.items()}
    if "properties" in node and "additionalProperties" not in node:
        node["additionalProperties"] = False
    branches = node.get("anyOf")
    if isinstance(branches, list) and len(branches) == 2 and "enum" in branches[0] and branches[1] == {"type": "string"}:
        del node["anyOf"]
        node.update(branches[0])
    return node


def main(path):
    with open(path, encoding="utf-8") as file:
        document = yaml.safe_load(file)
    failures = 0
    checked = 0
    for where, schema, holder in holders(document):
        if schema is None:
            continue
        # The schema is checked as part of the whole document, so its local $refs resolve.
        strict_components = closed(copy.deepcopy(document.get("components", {})))
        root = {"$ref": "#/x-example-schema", "components": strict_components, "x-example-schema": closed(schema)}
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
