#!/usr/bin/env bash
# The ecosystem check: storlint on pinned public repositories, compared with
# the snapshot committed in testdata/ecosystem/findings.tsv (ruff runs the same
# kind of check on every change to its rules).
#
#   ECOSYSTEM_DIR=/path/to/checkouts bench/ecosystem.sh [--update] [-- STORLINT ARGS...]
#
# ECOSYSTEM_DIR holds one folder per repository of
# ../shared/ecosystem/MANIFEST.tsv, laid out by that folder's extract.sh.
# Prints the findings that are new and gone against the snapshot, per rule and
# in full, the time per repository, and the share of the snapshot's findings
# that testdata/ecosystem/verdicts.tsv judges `real` or `deliberate`.
# `--update` rewrites the snapshot with this run's findings.
#
# Not part of .ci/run: CI has no checkouts.
set -euo pipefail
cd "$(dirname "$0")/.."

update=false
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --update) update=true ;;
    --) shift; extra=("$@"); break ;;
    *) echo "usage: ECOSYSTEM_DIR=DIR $0 [--update] [-- STORLINT ARGS...]" >&2; exit 2 ;;
  esac
  shift
done

if [ -z "${ECOSYSTEM_DIR:-}" ]; then
  echo "ECOSYSTEM_DIR is not set: nothing to check." >&2
  echo "Lay the repositories of ../shared/ecosystem/MANIFEST.tsv out with its extract.sh," >&2
  echo "then run: ECOSYSTEM_DIR=/path/to/checkouts $0" >&2
  exit 2
fi

cargo build --release --quiet
bin=$PWD/target/release/storlint
snapshot=testdata/ecosystem/findings.tsv
verdicts=testdata/ecosystem/verdicts.tsv
current=$(mktemp)
trap 'rm -f "$current" "$current".*' EXIT

echo "repository	files	seconds	findings"
for repo_dir in "$ECOSYSTEM_DIR"/*/; do
  repo=$(basename "$repo_dir")
  start=$(date +%s.%N)
  # Exit 1 means findings; 2 is an error worth stopping for.
  set +e
  (cd "$repo_dir" && "$bin" --format concise --color never "${extra[@]}" .) >"$current.$repo" 2>"$current.$repo.err"
  status=$?
  set -e
  end=$(date +%s.%N)
  if [ "$status" -gt 1 ]; then
    echo "storlint failed on $repo (exit $status):" >&2
    cat "$current.$repo.err" >&2
    exit 2
  fi
  # `path:line:col: severity[rule]: message`; file problems use rule `storlint`.
  python3 - "$repo" "$current.$repo" >>"$current" <<'PY'
import re, sys
repo, path = sys.argv[1], sys.argv[2]
line_re = re.compile(r"^(.*?):(\d+):\d+: \w+\[([a-z0-9-]+)\]: ")
for text in open(path, encoding="utf-8", errors="replace"):
    m = line_re.match(text)
    if m and m.group(3) != "storlint":
        file = m.group(1)
        file = file[2:] if file.startswith("./") else file
        print(f"{repo}\t{file}\t{m.group(2)}\t{m.group(3)}")
PY
  files=$(find "$repo_dir" -type f \( -name '*.rs' -o -name '*.swift' -o -name '*.kt' -o -name '*.kts' -o -name '*.sql' -o -name '*.sq' \) | wc -l)
  count=$(grep -c "^$repo	" "$current" || true)
  printf '%s\t%s\t%.2f\t%s\n' "$repo" "$files" "$(echo "$end - $start" | bc)" "$count"
done
LC_ALL=C sort -t$'\t' -k1,1 -k2,2 -k3,3n -k4,4 -o "$current" "$current"

python3 - "$snapshot" "$current" "$verdicts" <<'PY'
import sys, collections
snapshot_path, current_path, verdicts_path = sys.argv[1:]

def rows(path):
    try:
        with open(path, encoding="utf-8") as f:
            return [tuple(l.rstrip("\n").split("\t")[:4]) for l in f if l.strip() and not l.startswith("#")]
    except FileNotFoundError:
        return []

before = collections.Counter(rows(snapshot_path))
after = collections.Counter(rows(current_path))
new = sorted((after - before).elements())
gone = sorted((before - after).elements())

rules = sorted({r[3] for r in list(before) + list(after)})
print()
print("rule\tsnapshot\tnow\tnew\tgone")
for rule in rules:
    b = sum(n for r, n in before.items() if r[3] == rule)
    a = sum(n for r, n in after.items() if r[3] == rule)
    nn = sum(1 for r in new if r[3] == rule)
    gg = sum(1 for r in gone if r[3] == rule)
    print(f"{rule}\t{b}\t{a}\t+{nn}\t-{gg}")
print(f"total\t{sum(before.values())}\t{sum(after.values())}\t+{len(new)}\t-{len(gone)}")

for title, items in (("new", new), ("gone", gone)):
    if items:
        print(f"\n{title}:")
        for r in items:
            print("  " + "\t".join(r))

verdicts = {}
try:
    with open(verdicts_path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            cols = line.rstrip("\n").split("\t")
            if len(cols) >= 5:
                verdicts[tuple(cols[:4])] = cols[4]
except FileNotFoundError:
    pass
judged = collections.Counter(verdicts.get(r, "unjudged") for r in after.elements())
total = sum(judged.values())
if total:
    good = judged["real"] + judged["deliberate"]
    print(f"\nverdicts of this run's findings: {dict(sorted(judged.items()))}")
    print(f"real + deliberate: {good}/{total} = {100 * good / total:.0f}%")
    unjudged = [r for r in after if r not in verdicts]
    if unjudged:
        print("without a verdict:")
        for r in sorted(unjudged):
            print("  " + "\t".join(r))
PY

if $update; then
  mkdir -p "$(dirname "$snapshot")"
  {
    echo "# repo	path	line	rule   (written by bench/ecosystem.sh --update)"
    cat "$current"
  } >"$snapshot"
  echo "snapshot updated: $snapshot"
fi
