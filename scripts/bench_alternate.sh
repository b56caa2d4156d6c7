#!/usr/bin/env bash
# Times the same hitbox_box2d_bench rows in several builds, alternately, so that a change in
# the machine's load falls on every build alike. Prints the fastest repetition of each row.
#   bash scripts/bench_alternate.sh REGEX BUILD_DIR...    (e.g. build/release /tmp/old/build/release)
# ROUNDS (3) rounds; each runs every build once with 5 repetitions of each row.
set -euo pipefail
filter=$1
shift
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for ((r = 1; r <= ${ROUNDS:-3}; r++)); do
  for ((b = 1; b <= $#; b++)); do
    "${!b}/bench/hitbox_box2d_bench" --benchmark_filter="$filter" --benchmark_min_time=0.1 \
      --benchmark_repetitions=5 --benchmark_out="$out/$b.$r.json" \
      --benchmark_out_format=json >/dev/null 2>&1
  done
done
python3 - "$out" "$@" <<'PY'
import collections, glob, json, sys
out, builds = sys.argv[1], sys.argv[2:]
best = collections.defaultdict(dict)
for path in glob.glob(out + "/*.json"):
    b = int(path.split("/")[-1].split(".")[0]) - 1
    for row in json.load(open(path))["benchmarks"]:
        if row.get("run_type") == "iteration":
            t = row["real_time"]
            best[row["run_name"]][b] = min(best[row["run_name"]].get(b, t), t)
print("row".ljust(40) + "".join(f"{i + 1:>10}" for i in range(len(builds))))
for name in sorted(best):
    print(name.ljust(40) + "".join(f"{best[name].get(i, float('nan')):10.1f}" for i in range(len(builds))))
for i, b in enumerate(builds):
    print(f"{i + 1}: {b}")
PY
