#!/usr/bin/env bash
# What the analysis cache saves on a changed-file run (pre-commit, an
# editor's save): on each ecosystem checkout, a one-file run with a warm
# cache against a full run without one, in the same run of this script.
#
#   ECOSYSTEM_DIR=/path/to/checkouts [STORLINT_BIN=path] bench/cache.sh [RUNS]
#
# Per repository, medians of RUNS runs (default 3) of
#   full:      `storlint --no-cache .` (what every run cost before the cache)
#   warm full: `storlint .` with the cache filled by an earlier run
#   one file:  `storlint FILE` with the same warm cache, FILE just edited (a
#              comment line appended), as pre-commit runs it: FILE is parsed
#              again, the rest of the project comes from the cache. FILE is
#              the largest file with a finding in the full run: storage
#              code, which is what is parsed (the largest file of all is
#              often a test, which is not even read).
# Each checkout is copied to a temporary directory first, which is the
# project root and holds the cache: the checkouts are never written to.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${ECOSYSTEM_DIR:?set ECOSYSTEM_DIR to the directory holding the checkouts}
runs=${1:-3}
# STORLINT_BIN measures a given build (a copy, so that rebuilding meanwhile
# does not change the build the cache belongs to).
if [ -z "${STORLINT_BIN:-}" ]; then
  cargo build --release --quiet
fi
bin=${STORLINT_BIN:-$PWD/target/release/storlint}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The median wall time in seconds of RUNS runs of a command, output discarded.
median() {
  local samples=() log
  log=$(mktemp)
  for ((run = 0; run < runs; run++)); do
    /usr/bin/time -o "$log" -f '%e' "$@" > /dev/null 2>&1 || true
    samples+=("$(tail -1 "$log")")
  done
  rm -f "$log"
  printf '%s\n' "${samples[@]}" | sort -g | sed -n "$(((runs + 1) / 2))p"
}

printf '%-22s %8s %10s %9s %14s\n' repository full "warm full" "one file" "full/one file"
for checkout in "$dir"/*/; do
  name=$(basename "$checkout")
  repo=$work/$name
  cp -r "$checkout" "$repo"
  flags=(--project-root "$repo" --format concise)
  file=$(cd "$repo" && { "$bin" --no-cache "${flags[@]}" . 2> /dev/null || true; } | cut -d: -f1 | sort -u |
    while read -r path; do [ -f "$path" ] && printf '%s %s\n' "$(stat -c %s "$path")" "$path"; done |
    sort -n | tail -1 | cut -d' ' -f2-)
  [ -n "$file" ] || continue
  full=$(median "$bin" --no-cache "${flags[@]}" "$repo")
  "$bin" "${flags[@]}" "$repo" > /dev/null 2>&1 || true
  warm=$(median "$bin" "${flags[@]}" "$repo")
  # A new edit before each run, so that the file is never in the cache.
  # shellcheck disable=SC2016
  one=$(median sh -c 'echo "// edited $(date +%s%N)" >> "$1" && shift && exec "$@"' \
    edit "$repo/$file" "$bin" "${flags[@]}" "$repo/$file")
  rm -rf "$repo"
  printf '%-22s %7.2fs %9.2fs %8.2fs %13.1fx\n' "$name" "$full" "$warm" "$one" \
    "$(echo "$full / $one" | bc -l)"
done
