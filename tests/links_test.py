#!/usr/bin/env python3
"""Every relative link in the repository's Markdown files points at a file that exists, and
every #anchor at a heading of that file (GitHub's heading ids).

usage: links_test.py SOURCE_DIR [FILE.md...]

Without files, checks every Markdown file git tracks (or would track) under SOURCE_DIR, else
every *.md outside build/ and .git/. Prints each broken link as FILE:LINE: LINK: why, and
exits 1 when there is one."""
import os
import re
import subprocess
import sys

LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^ {0,3}(```|~~~)")


def markdown_files(root):
    try:
        out = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "--", "*.md"],
            cwd=root, capture_output=True, text=True, check=True).stdout.split()
        return [f for f in out if os.path.isfile(os.path.join(root, f))]
    except (OSError, subprocess.CalledProcessError):
        found = []
        for d, dirs, files in os.walk(root):
            dirs[:] = [x for x in dirs if x not in (".git", "build", "node_modules")]
            found += [os.path.relpath(os.path.join(d, f), root) for f in files if f.endswith(".md")]
        return sorted(found)


def prose_lines(text):
    """(line number, line) outside fenced code blocks, with inline code spans blanked."""
    fence = None
    for n, line in enumerate(text.split("\n"), 1):
        m = FENCE.match(line)
        if m:
            if fence is None:
                fence = m.group(1)
            elif m.group(1) == fence:
                fence = None
            continue
        if fence is None:
            yield n, re.sub(r"(`+)(.+?)\1", lambda c: " " * len(c.group(0)), line)


def slug(heading):
    """GitHub's id for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link keeps its text
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def headings_raw(path):
    """Headings with their code spans kept (prose_lines blanks them for link search)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    fence = None
    for line in text.split("\n"):
        m = FENCE.match(line)
        if m:
            fence = m.group(1) if fence is None else (None if m.group(1) == fence else fence)
            continue
        if fence is None:
            h = HEADING.match(line)
            if h:
                yield h.group(2)


def heading_ids(path, cache={}):
    if path not in cache:
        ids, seen = set(), {}
        for h in headings_raw(path):
            base = slug(h)
            n = seen.get(base, 0)
            seen[base] = n + 1
            ids.add(base if n == 0 else f"{base}-{n}")
        cache[path] = ids
    return cache[path]


def check(root, rel):
    problems = []
    path = os.path.join(root, rel)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for n, line in prose_lines(text):
        for m in LINK.finditer(line):
            target = m.group(1)
            if not target or re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                continue  # http:, https:, mailto: ...
            file_part, _, anchor = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part \
                else path
            where = f"{rel}:{n}: ({target})"
            if not os.path.exists(dest):
                problems.append(f"{where}: no file {os.path.relpath(dest, root)}")
                continue
            if anchor and dest.endswith(".md") and anchor not in heading_ids(dest):
                problems.append(f"{where}: no heading #{anchor} in {os.path.relpath(dest, root)}")
    return problems


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = sys.argv[1]
    files = sys.argv[2:] or markdown_files(root)
    if not files:
        print(f"links: no Markdown files found under {root}", file=sys.stderr)
        return 1
    problems = []
    for rel in files:
        problems += check(root, rel)
    for p in problems:
        print(f"links: broken link: {p}", file=sys.stderr)
    if problems:
        return 1
    print(f"links: {len(files)} Markdown files, every relative link resolves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
