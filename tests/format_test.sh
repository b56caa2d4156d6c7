#!/usr/bin/env bash
# Every C++ file of the source tree ($1) is as clang-format writes it from the root
# .clang-format. Lists the files that are not; `clang-format -i FILE` mends one.
set -euo pipefail
cd "$1"
# Debian 12's clang-format 14 by name, so another version first on PATH formats nothing here
cf=$(command -v clang-format-14 || command -v clang-format || true)
if [ -z "$cf" ]; then
  echo "format: clang-format is not installed (the README's test command installs it)" >&2
  exit 1
fi
# The files git tracks or would track (untracked ones not ignored), as they are on disk now;
# without git, every C++ file under the source folders.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t listed < <(git ls-files --cached --others --exclude-standard -- '*.cpp' '*.h')
else
  mapfile -t listed < <(find core app bench tests tools -name '*.cpp' -o -name '*.h')
fi
files=()
for f in "${listed[@]}"; do
  [ -f "$f" ] && files+=("$f")
done
if ((${#files[@]} == 0)); then
  echo "format: no C++ files found under $1" >&2
  exit 1
fi
if ! out=$("$cf" --dry-run -Werror "${files[@]}" 2>&1); then
  bad=$(grep -oE '^[^:]+:[0-9]+:[0-9]+: error' <<<"$out" | cut -d: -f1 | sort -u || true)
  if [ -n "$bad" ]; then
    echo "format: not as clang-format writes them (clang-format -i FILE mends one):" >&2
    sed 's/^/  /' <<<"$bad" >&2
  else
    echo "format: clang-format failed:" >&2
    echo "$out" >&2
  fi
  exit 1
fi
echo "format: ${#files[@]} files as clang-format writes them ($("$cf" --version))"
