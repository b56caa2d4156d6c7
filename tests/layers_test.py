#!/usr/bin/env python3
"""The core's three libraries stay in their layers: sim above scene above collide.

usage: layers_test.py SOURCE_DIR

core/LIB/ holds one library: its public headers in include/hitbox/, its sources and private
headers in src/. A file may include its own library's files and those of the libraries below
it, never above: a header by the folder it is in, a private header of another library as
"LIB/src/NAME.h". hitbox::collide includes no JSON, and no library includes SDL, OpenGL or
ImGui. Prints each wrong include as FILE:LINE: INCLUDE: why, and exits 1 when there is one."""
import os
import re
import sys

LAYERS = ["collide", "scene", "sim"]  # bottom to top
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]')
NEVER = ("SDL", "GL/", "GLES", "imgui", "epoxy", "emscripten")


def check(root):
    core = os.path.join(root, "core")
    problems = []
    files = []       # (path from root, library)
    public = {}      # "hitbox/NAME.h" -> library
    for entry in sorted(os.listdir(core)):
        if entry not in LAYERS:
            problems.append(f"core/{entry}: not a library's folder ({', '.join(LAYERS)})")
    for lib in LAYERS:
        for part in ("include", "src"):
            folder = os.path.join(core, lib, part)
            if not os.path.isdir(folder):
                problems.append(f"core/{lib}/{part}: missing")
                continue
            for d, _, names in os.walk(folder):
                for name in sorted(names):
                    path = os.path.join(d, name)
                    files.append((os.path.relpath(path, root), lib))
                    if part == "include":
                        public[os.path.relpath(path, folder)] = lib
    for rel, lib in files:
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                inc = m.group(1)
                where = f"{rel}:{number}: {inc}"
                first = inc.split("/")[0]
                other = public.get(inc)
                if other is None and first in LAYERS and inc.startswith(first + "/src/"):
                    other = first
                if inc.startswith(NEVER):
                    problems.append(f"{where}: the core never uses SDL, OpenGL or ImGui")
                elif lib == "collide" and inc.startswith("nlohmann"):
                    problems.append(f"{where}: hitbox::collide uses no JSON")
                elif other and LAYERS.index(other) > LAYERS.index(lib):
                    problems.append(f"{where}: {lib} may not include {other}, a library above it")
    return problems, len(files)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    problems, count = check(root)
    for p in problems:
        print(p)
    if problems:
        print(f"layers: {len(problems)} problems in {count} files")
        return 1
    print(f"layers: {count} files, every include within its layer")
    return 0


if __name__ == "__main__":
    sys.exit(main())
