#!/usr/bin/env bash
# storlint against its peers on the ecosystem checkouts, in one run: ripgrep
# scanning the same files for storage words (the read-and-scan floor) and
# ast-grep with 31 pattern rules that match the calls storlint's rules start
# from (bench/ast-grep/). Machines are noisy, so the figures that matter are
# the ratios between tools measured in the same run.
#
#   ECOSYSTEM_DIR=/path/to/checkouts bench/peers.sh [RUNS]
#
# Each repository is one project (one invocation per tool per repository);
# wall time is summed over repositories, peak memory is the largest of them.
# Each figure is the median of RUNS runs (default 3). `storlint-warm` is
# storlint again with its analysis cache filled by an untimed run first:
# what a pre-commit hook or an editor pays once the project was seen (the
# checkouts have no project root, so the plain runs use no cache).
# Needs `rg` (apt install ripgrep) and `ast-grep` (pip install ast-grep-cli).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${ECOSYSTEM_DIR:?set ECOSYSTEM_DIR to the directory holding the checkouts}
runs=${1:-3}
for tool in rg ast-grep; do
  command -v "$tool" > /dev/null || { echo "bench/peers.sh: $tool is not installed" >&2; exit 2; }
done
cargo build --release --quiet
bin=$PWD/target/release/storlint
rules=$PWD/bench/ast-grep/sgconfig.yml
words='sqlite|execSQL|rawQuery|SQLiteDatabase|SharedPreferences|UserDefaults|fsync|sync_all|sync_data|F_FULLFSYNC|synchronizeFile|rusqlite|PRAGMA|VACUUM|AUTOINCREMENT|CREATE INDEX|beginTransaction|FMDatabase|DatabaseQueue|PropertyListEncoder'

# Prints "seconds kib" for one command, output discarded. GNU time's own
# wall figure has 10 ms steps, as long as ripgrep takes on a repository:
# the wall time is read from bash's microsecond clock instead, less what
# starting a command under GNU time costs (`overhead`, measured below).
overhead=0
measure() {
  local log start end
  log=$(mktemp)
  start=$EPOCHREALTIME
  /usr/bin/time -o "$log" -f '%M' "$@" > /dev/null 2>&1 || true
  end=$EPOCHREALTIME
  echo "$(echo "$end - $start - $overhead" | bc -l) $(tail -1 "$log")"
  rm -f "$log"
}
overhead=$(for _ in 1 2 3 4 5 6 7; do measure true; done | sort -n | sed -n 4p | cut -d' ' -f1)

caches=$(mktemp -d)
trap 'rm -rf "$caches"' EXIT
for repo in "$dir"/*/; do
  "$bin" --format concise --cache-dir "$caches/$(basename "$repo")" "$repo" > /dev/null 2>&1 || true
done

tools=(rg ast-grep storlint storlint-warm)
declare -A wall peak
for tool in "${tools[@]}"; do
  samples=()
  for ((run = 0; run < runs; run++)); do
    total=0
    max=0
    for repo in "$dir"/*/; do
      case $tool in
        rg) read -r s k < <(measure rg -l -i -g '*.{kt,swift,rs,sql}' -e "$words" "$repo") ;;
        ast-grep) read -r s k < <(measure ast-grep scan -c "$rules" "$repo") ;;
        storlint) read -r s k < <(measure "$bin" --format concise "$repo") ;;
        storlint-warm)
          read -r s k < <(measure "$bin" --format concise --cache-dir "$caches/$(basename "$repo")" "$repo") ;;
      esac
      total=$(echo "$total + $s" | bc)
      ((k > max)) && max=$k
    done
    samples+=("$total $max")
  done
  median=$(printf '%s\n' "${samples[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p")
  wall[$tool]=${median% *}
  peak[$tool]=${median#* }
done

printf '%-14s %10s %12s\n' tool 'wall (s)' 'peak (MiB)'
for tool in "${tools[@]}"; do
  printf '%-14s %10.3f %12.1f\n' "$tool" "${wall[$tool]}" "$(echo "${peak[$tool]} / 1024" | bc -l)"
done
ratio() { echo "scale=2; $1 / $2" | bc; }
echo
echo "storlint / ripgrep wall: $(ratio "${wall[storlint]}" "${wall[rg]}")x   (goal: at most 10x; long-term 3x)"
echo "ast-grep / storlint wall: $(ratio "${wall[ast-grep]}" "${wall[storlint]}")x   (goal: at least 5x)"
echo "storlint peak memory: $(echo "scale=1; ${peak[storlint]} / 1024" | bc) MiB   (goal: under 100 MiB)"
echo "with a warm cache: $(ratio "${wall[storlint-warm]}" "${wall[rg]}")x ripgrep, $(ratio "${wall[ast-grep]}" "${wall[storlint-warm]}")x faster than ast-grep"
