#!/usr/bin/env bash
# Throughput benchmark: storlint against peers measured in the same run on
# the same files, reported as ratios (machines are noisy; ratios less so).
#
#   bench/run.sh [COPIES]
#
# The corpus is testdata/ (every language, real findings) copied COPIES times
# (default 200) into a temporary directory. Peers: `cat` (reading the files)
# and `grep -c` for the catalog's words (a text scan of every file).
set -euo pipefail
cd "$(dirname "$0")/.."
copies=${1:-200}
cargo build --release --quiet
bin=target/release/storlint
corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
for i in $(seq "$copies"); do
  mkdir -p "$corpus/c$i"
  cp -r testdata/rules testdata/demo testdata/projects "$corpus/c$i/"
done
files=$(find "$corpus" -type f \( -name '*.rs' -o -name '*.swift' -o -name '*.kt' -o -name '*.sql' \) | wc -l)
bytes=$(find "$corpus" -type f \( -name '*.rs' -o -name '*.swift' -o -name '*.kt' -o -name '*.sql' \) -exec cat {} + | wc -c)
echo "corpus: $files files, $((bytes / 1024)) KiB, $(nproc) cores"

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_of() {
  for _ in 1 2 3 4 5; do
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    echo "$end - $start" | bc
  done | median
}
words='execute|execSQL|rawQuery|sqlite3_|fsync|sync_all|synchronize|pragma|vacuum|autoincrement'
t_storlint=$(time_of "$bin" --color never "$corpus")
t_cat=$(time_of sh -c "find '$corpus' -type f -exec cat {} + > /dev/null")
t_grep=$(time_of grep -rciE "$words" "$corpus")
printf 'storlint %.3fs   cat %.3fs   grep %.3fs\n' "$t_storlint" "$t_cat" "$t_grep"
printf 'storlint / cat  = %.1fx\n' "$(echo "$t_storlint / $t_cat" | bc -l)"
printf 'storlint / grep = %.1fx\n' "$(echo "$t_storlint / $t_grep" | bc -l)"
printf 'storlint: %.0f files/s, %.1f MiB/s\n' "$(echo "$files / $t_storlint" | bc -l)" "$(echo "$bytes / 1048576 / $t_storlint" | bc -l)"

# Scaling within one file: the same generated Rust and Kotlin files at N and
# 2N functions. Linear work gives a ratio near 2; a pass per function over
# the whole file shows up as a ratio near 4.
gen_rust() {
  echo 'use rusqlite::Connection;'
  for i in $(seq "$1"); do
    echo "fn f$i(c: &Connection) -> i64 { c.execute(\"UPDATE t SET a = $i\", []).ok(); $i }"
  done
}
gen_kotlin() {
  echo 'import android.database.sqlite.SQLiteDatabase'
  echo 'class Big(private val db: SQLiteDatabase) {'
  for i in $(seq "$1"); do
    echo "    fun f$i(x: Int): Int { val y = x + $i; db.execSQL(\"UPDATE t SET a = $i\"); return y }"
  done
  echo '}'
}
n=4000
for lang in rust kotlin; do
  ext=$([ "$lang" = rust ] && echo rs || echo kt)
  "gen_$lang" "$n" > "$corpus/one.$ext"
  "gen_$lang" $((2 * n)) > "$corpus/two.$ext"
  t1=$(time_of "$bin" --color never "$corpus/one.$ext")
  t2=$(time_of "$bin" --color never "$corpus/two.$ext")
  printf '%s, %d -> %d functions in one file: %.3fs -> %.3fs, ratio %.2f\n' \
    "$lang" "$n" $((2 * n)) "$t1" "$t2" "$(echo "$t2 / $t1" | bc -l)"
done
