#!/usr/bin/env python3
"""Each Swift target of Package.swift imports exactly the targets of this package it declares.

`swift build --explicit-target-dependency-import-check error` catches an import of a target outside
the importer's dependencies, direct or not (a target built in no set order: a race). It lets an
import of a dependency's dependency pass, and a declared target never imported. This holds the
rest: a target's imports of this package's targets (system libraries included) are its declared
dependencies, no more and no fewer. Run from anywhere; exit status 1 names each target that differs.
"""
import json
import os
import re
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
package = json.loads(subprocess.check_output(["swift", "package", "dump-package"], cwd=root))
names = {target["name"] for target in package["targets"]}
# `import X`, `@testable import X`, `import struct X.Y`; attributes and an access level before it.
import_line = re.compile(
    r"^[ \t]*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)", re.M)

failures = 0
for target in package["targets"]:
    if target["type"] in ("system", "binary", "plugin", "macro"):
        continue
    path = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])
    imported = {}
    for folder, _, files in os.walk(os.path.join(root, path)):
        for name in files:
            if name.endswith(".swift"):
                file = os.path.join(folder, name)
                with open(file, encoding="utf-8") as source:
                    for match in import_line.finditer(source.read()):
                        if match.group(1) in names:
                            imported.setdefault(match.group(1), os.path.relpath(file, root))
    if not imported and target["type"] != "test" and not any(
            name.endswith(".swift") for _, _, files in os.walk(os.path.join(root, path)) for name in files):
        continue  # a C target: its headers, not imports, say what it uses
    declared = set()
    for dependency in target["dependencies"]:
        for kind in ("byName", "target"):
            if kind in dependency:
                declared.add(dependency[kind][0])
    undeclared = sorted(set(imported) - declared)
    unimported = sorted(declared - set(imported))
    for name in undeclared:
        print(f"{target['name']}: imports {name} ({imported[name]}) without declaring it")
    for name in unimported:
        print(f"{target['name']}: declares {name} but no file imports it")
    failures += len(undeclared) + len(unimported)

if failures:
    print(f"check-target-imports: {failures} difference(s) between Package.swift and the imports", file=sys.stderr)
    sys.exit(1)
print("check-target-imports: every target imports exactly what it declares")
