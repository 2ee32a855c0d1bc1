#!/usr/bin/env bash
# The instructions storlint executes on each ecosystem checkout, counted by
# valgrind's callgrind. Unlike wall time on a shared machine, the count is
# the same from run to run, so a change's effect on the work done shows
# even when it is smaller than the machine's noise (it says nothing of how
# well the work is spread over the cores: bench/peers.sh does).
#
#   ECOSYSTEM_DIR=/path/to/checkouts bench/instructions.sh [BINARY] [REPOSITORY...]
#
# BINARY defaults to this checkout's release build; compare two builds by
# running the script once with each. Counted on one thread (RAYON_NUM_THREADS=1,
# which the directory walk follows too). Needs `valgrind` (apt install
# valgrind); a Kotlin app of 2,000 files takes about a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${ECOSYSTEM_DIR:?set ECOSYSTEM_DIR to the directory holding the checkouts}
command -v valgrind > /dev/null || { echo "bench/instructions.sh: valgrind is not installed" >&2; exit 2; }
if [ $# -gt 0 ] && [ -x "$1" ] && [ ! -d "$1" ]; then
  bin=$1
  shift
else
  cargo build --release --quiet
  bin=$PWD/target/release/storlint
fi
if [ $# -gt 0 ]; then
  repos=("$@")
else
  repos=()
  for repo in "$dir"/*/; do repos+=("$(basename "$repo")"); done
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
total=0
printf '%-24s %16s\n' repository instructions
for repo in "${repos[@]}"; do
  # One thread: idle workers waiting for work would be counted too, a
  # different number on every run.
  RAYON_NUM_THREADS=1 valgrind --tool=callgrind --callgrind-out-file="$out/$repo" \
    "$bin" --format concise "$dir/$repo" > /dev/null 2>&1 || true
  count=$(sed -n 's/^summary: //p' "$out/$repo")
  printf '%-24s %16s\n' "$repo" "$count"
  total=$((total + count))
done
printf '%-24s %16s\n' total "$total"
