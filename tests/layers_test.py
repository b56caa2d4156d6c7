#!/usr/bin/env python3
"""The core's three libraries stay in their layers: sim above scene above collide.

usage: layers_test.py SOURCE_DIR

Each file in core/src/LIB/ may include its own library's files and those of the libraries
below it, never above; a public header (core/include/hitbox/) likewise, by the library it
belongs to (docs/architecture.md). hitbox::collide includes no JSON, and no library includes
SDL, OpenGL or ImGui. Prints each wrong include as FILE:LINE: INCLUDE: why, and exits 1 when
there is one."""
import os
import re
import sys

LAYERS = ["collide", "scene", "sim"]  # bottom to top
# The public headers that are not hitbox::collide's.
HEADER_LIBRARY = {"scene.h": "scene", "task.h": "scene", "report.h": "scene", "link.h": "scene",
                  "simulation.h": "sim"}
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]')
NEVER = ("SDL", "GL/", "GLES", "imgui", "epoxy", "emscripten")


def library_of_include(path):
    """The library an include names, or None for a system or third-party header."""
    if path.startswith("hitbox/"):
        name = path[len("hitbox/"):]
        return HEADER_LIBRARY.get(name, "collide")
    first = path.split("/")[0]
    if first in LAYERS and "/" in path:
        return first
    return None


def check(root):
    problems = []
    files = []
    for lib in LAYERS:
        folder = os.path.join(root, "core", "src", lib)
        if not os.path.isdir(folder):
            problems.append(f"core/src/{lib}: missing (one folder per library)")
            continue
        for name in sorted(os.listdir(folder)):
            files.append((os.path.join("core", "src", lib, name), lib))
    stray = [f for f in os.listdir(os.path.join(root, "core", "src"))
             if os.path.isfile(os.path.join(root, "core", "src", f))]
    for f in stray:
        problems.append(f"core/src/{f}: not in a library's folder")
    include_dir = os.path.join(root, "core", "include", "hitbox")
    for d, _, names in os.walk(include_dir):
        for name in sorted(names):
            rel = os.path.relpath(os.path.join(d, name), include_dir)
            files.append((os.path.join("core", "include", "hitbox", rel),
                          HEADER_LIBRARY.get(rel, "collide")))
    for rel, lib in files:
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                inc = m.group(1)
                where = f"{rel}:{number}: {inc}"
                if inc.startswith(NEVER):
                    problems.append(f"{where}: the core never uses SDL, OpenGL or ImGui")
                elif lib == "collide" and inc.startswith("nlohmann"):
                    problems.append(f"{where}: hitbox::collide uses no JSON")
                else:
                    other = library_of_include(inc)
                    if other and LAYERS.index(other) > LAYERS.index(lib):
                        problems.append(f"{where}: {lib} may not include {other}, a library above it")
    return problems, len(files)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    problems, count = check(root)
    for p in problems:
        print(p)
    if problems:
        print(f"layers: {len(problems)} wrong includes in {count} files")
        return 1
    print(f"layers: {count} files, every include within its layer")
    return 0


if __name__ == "__main__":
    sys.exit(main())
