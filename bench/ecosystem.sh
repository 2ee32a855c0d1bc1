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
# in full, the time per repository, the verdicts of testdata/ecosystem/verdicts.tsv
# on this run's findings (the `wrong` and `real` shares, per rule), and recall
# on ../shared/ecosystem/LABELS.tsv: the `true-positive` labels found (a finding
# of the label's rule in the same file within two lines) and the
# `false-positive-trap` labels flagged, each listed.
# This run's findings, with their messages, are kept in
# target/ecosystem/findings.tsv for reading and judging (JUDGING.md).
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
labels=${LABELS:-../shared/ecosystem/LABELS.tsv}
current=$(mktemp)
trap 'rm -f "$current" "$current".*' EXIT
kept=target/ecosystem
mkdir -p "$kept"
: >"$kept/findings.tsv"

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
  python3 - "$repo" "$current.$repo" "$kept/findings.tsv" >>"$current" <<'PY'
import re, sys
repo, path, kept = sys.argv[1], sys.argv[2], sys.argv[3]
line_re = re.compile(r"^(.*?):(\d+):\d+: (\w+)\[([a-z0-9-]+)\]: (.*)$")
with open(kept, "a", encoding="utf-8") as out:
    for text in open(path, encoding="utf-8", errors="replace"):
        m = line_re.match(text.rstrip("\n"))
        if m and m.group(4) != "storlint":
            file = m.group(1)
            file = file[2:] if file.startswith("./") else file
            severity, rule, message = m.group(3), m.group(4), m.group(5)
            print(f"{repo}\t{file}\t{m.group(2)}\t{rule}\t{severity}")
            out.write(f"{repo}\t{file}\t{m.group(2)}\t{rule}\t{severity}\t{message}\n")
PY
  files=$(find "$repo_dir" -type f \( -name '*.rs' -o -name '*.swift' -o -name '*.kt' -o -name '*.kts' -o -name '*.sql' -o -name '*.sq' \) | wc -l)
  count=$(grep -c "^$repo	" "$current" || true)
  printf '%s\t%s\t%.2f\t%s\n' "$repo" "$files" "$(echo "$end - $start" | bc)" "$count"
done
LC_ALL=C sort -t$'\t' -k1,1 -k2,2 -k3,3n -k4,4 -o "$current" "$current"

python3 - "$snapshot" "$current" "$verdicts" "$labels" <<'PY'
import sys, collections
snapshot_path, current_path, verdicts_path, labels_path = sys.argv[1:]

def rows(path):
    try:
        with open(path, encoding="utf-8") as f:
            return [tuple(l.rstrip("\n").split("\t")[:4]) for l in f if l.strip() and not l.startswith("#")]
    except FileNotFoundError:
        return []

before = collections.Counter(rows(snapshot_path))
after = collections.Counter(rows(current_path))
severity = {}
with open(current_path, encoding="utf-8") as f:
    for line in f:
        cols = line.rstrip("\n").split("\t")
        if len(cols) >= 5:
            severity[tuple(cols[:4])] = cols[4]
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
    print("\nper rule\tfindings\treal\tdeliberate\twrong\tunjudged")
    for rule in sorted({r[3] for r in after}):
        c = collections.Counter(verdicts.get(r, "unjudged") for r in after.elements() if r[3] == rule)
        print(f"{rule}\t{sum(c.values())}\t{c['real']}\t{c['deliberate']}\t{c['wrong']}\t{c['unjudged']}")
    judged_total = total - judged["unjudged"]
    if judged_total:
        print(f"wrong: {judged['wrong']}/{judged_total} = {100 * judged['wrong'] / judged_total:.0f}%"
              f"   real: {judged['real']}/{judged_total} = {100 * judged['real'] / judged_total:.0f}%"
              "   (of the findings with a verdict)")
    # What a user sees at the default level: hints are the findings a
    # rule lowers where the cost is small (a one-shot job).
    warned = [r for r in after.elements() if severity.get(r) == "warning" and r in verdicts]
    if warned:
        w = collections.Counter(verdicts[r] for r in warned)
        print(f"warnings only: {len(warned)} findings, wrong: {w['wrong']} = {100 * w['wrong'] / len(warned):.0f}%"
              f"   real: {w['real']} = {100 * w['real'] / len(warned):.0f}%"
              f"   (hints: {total - judged['unjudged'] - len(warned)})")
    if unjudged:
        print("without a verdict:")
        for r in sorted(unjudged):
            print("  " + "\t".join(r))

# Recall: a label is found by a finding of its rule in its file within two lines.
try:
    with open(labels_path, encoding="utf-8") as f:
        label_rows = [l.rstrip("\n").split("\t") for l in f if l.strip()][1:]
except FileNotFoundError:
    label_rows = []
if label_rows:
    by_place = collections.defaultdict(list)
    for repo, path, line, rule in after:
        by_place[(repo, path, rule)].append(int(line))
    def hit(label):
        repo, path, line, rule = label[:4]
        return any(abs(int(line) - n) <= 2 for n in by_place.get((repo, path, rule), []))
    positives = [l for l in label_rows if l[4] == "true-positive"]
    traps = [l for l in label_rows if l[4] == "false-positive-trap"]
    found = [l for l in positives if hit(l)]
    flagged = [l for l in traps if hit(l)]
    print(f"\nrecall on {labels_path}: {len(found)}/{len(positives)} true-positive labels found, "
          f"{len(flagged)}/{len(traps)} traps flagged")
    print("per rule\tlabels\tfound\ttraps\tflagged")
    for rule in sorted({l[3] for l in positives + traps}):
        print(f"{rule}\t{sum(1 for l in positives if l[3] == rule)}\t{sum(1 for l in found if l[3] == rule)}"
              f"\t{sum(1 for l in traps if l[3] == rule)}\t{sum(1 for l in flagged if l[3] == rule)}")
    for title, items in (("missed", [l for l in positives if l not in found]),
                         ("found", found), ("traps flagged", flagged)):
        if items:
            print(f"{title}:")
            for l in items:
                print("  " + "\t".join(l[:4]))
PY

if $update; then
  mkdir -p "$(dirname "$snapshot")"
  {
    echo "# repo	path	line	rule   (written by bench/ecosystem.sh --update)"
    cut -f1-4 "$current"
  } >"$snapshot"
  echo "snapshot updated: $snapshot"
fi
