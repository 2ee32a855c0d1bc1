#!/usr/bin/env bash
# Scaling benchmark for the project stage: storlint on N and on 2N generated
# files. Linear work (per file, and in the project stage per call site) gives
# a time ratio near 2; joining every call with every function of the same
# name shows up as a ratio towards 4.
#
#   bench/scaling.sh [N]
#
# N (default 2000) files are a third each Kotlin, Swift and Rust. Each file
# declares its own types, keeps properties typed with other files' types and
# calls into the previous file of its language and into the one at half its
# index, through typed receivers and bare calls. Every file opens SQLite,
# writes inside loops and transactions, and most enable WAL, so every file
# passes the prefilter and brings facts to the project stage. Common names
# (`new`, `open`, `get`, `insert`, `touch`) recur in every file, as they do in
# real projects, which makes the by-name call graph dense.
#
# `cat` of the same files is timed in the same run as a peer (machines are
# noisy; ratios less so), as in bench/run.sh. Each time is the median of five
# runs, wall clock and CPU: on a shared machine the CPU ratio is the steadier.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-2000}
if [[ ! $n =~ ^[0-9]+$ ]] || ((10#$n == 0)); then
  echo "usage: bench/scaling.sh [N]  (N a positive number of files)" >&2
  exit 2
fi
n=$((10#$n))
cargo build --release --quiet
bin=target/release/storlint
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# File i is Kotlin when i % 3 is 0, Swift when 1, Rust when 2. Its
# neighbours are files of its own language: p, the previous one (i - 3), and
# h, the one nearest to i / 2; either is empty when there is none (the first
# files). Set in the caller's variables, not printed: a subshell per file
# would dominate generation time.
neighbours() {
  p=$(($1 - 3)) h=$(($1 / 2))
  h=$((h - h % 3 + $1 % 3))
  ((p >= 0)) || p=
  ((h >= 0 && h + 3 <= $1)) || h=
}
# Most files enable WAL; every fourth leaves it out (missing-wal), every
# fifth also writes in a loop without a transaction
# (write-without-transaction), and every seventh opens a database of its own
# only to count its rows.
with_wal() { (($1 % 4 != 0)); }
loose_writes() { (($1 % 5 == 0)); }
opens_per_call() { (($1 % 7 == 0)); }

gen_kotlin() {
  local i=$1 p h
  neighbours "$i"
  echo "package gen.m$i"
  echo
  echo 'import android.database.DatabaseUtils'
  echo 'import android.database.sqlite.SQLiteDatabase'
  [ -n "$p" ] && echo "import gen.m$p.Store$p" && echo "import gen.m$p.touch$p"
  [ -n "$h" ] && [ "$h" != "$p" ] && echo "import gen.m$h.Store$h"
  cat <<EOF

data class Item$i(val id: Long, val name: String)

/** Rows of shard $i, kept in their own table; other shards are reached through it. */
class Store$i(private val db: SQLiteDatabase) {
EOF
  [ -n "$p" ] && echo "    var previous: Store$p? = null"
  [ -n "$h" ] && echo "    var half: Store$h? = null"
  cat <<EOF

    fun insert(id: Long, name: String) {
        db.execSQL("INSERT INTO t$i (id, name) VALUES (?, ?)", arrayOf<Any>(id, name))
    }

    fun get(id: Long): String? =
        db.rawQuery("SELECT name FROM t$i WHERE id = ?", arrayOf(id.toString())).use { c ->
            if (c.moveToFirst()) c.getString(0) else null
        }

    fun saveAll(items: List<Item$i>) {
        db.beginTransaction()
        try {
            for (item in items) {
                db.execSQL("INSERT OR REPLACE INTO t$i (id, name) VALUES (?, ?)", arrayOf<Any>(item.id, item.name))
            }
            db.setTransactionSuccessful()
        } finally {
            db.endTransaction()
        }
    }

    fun syncAll(items: List<Item$i>) {
        for (item in items) {
            insert(item.id, item.name)
EOF
  [ -n "$p" ] && echo "            previous?.insert(item.id, item.name)" && echo "            touch$p(db, item.id)"
  echo '        }'
  [ -n "$h" ] && echo '        half?.get(items.size.toLong())'
  echo '    }'
  if loose_writes "$i"; then
    cat <<EOF

    fun importAll(items: List<Item$i>) {
        for (item in items) {
            db.execSQL("INSERT INTO t$i (id, name) VALUES (?, ?)", arrayOf<Any>(item.id, item.name))
        }
    }
EOF
  fi
  cat <<EOF

    companion object {
        fun open(path: String): Store$i {
            val db = SQLiteDatabase.openOrCreateDatabase(path, null)
EOF
  with_wal "$i" && echo '            db.execSQL("PRAGMA journal_mode=WAL")'
  cat <<EOF
            db.execSQL("CREATE TABLE IF NOT EXISTS t$i (id INTEGER PRIMARY KEY, name TEXT NOT NULL, hits INTEGER NOT NULL DEFAULT 0)")
            return Store$i(db)
        }
    }
}

fun touch$i(db: SQLiteDatabase, id: Long) {
    db.execSQL("UPDATE t$i SET hits = hits + 1 WHERE id = ?", arrayOf<Any>(id))
}

fun open(path: String): Store$i {
    val store = Store$i.open(path)
EOF
  [ -n "$p" ] && echo "    store.previous = gen.m$p.open(path)"
  [ -n "$h" ] && echo "    store.half = gen.m$h.open(path)"
  echo '    return store'
  echo '}'
  if opens_per_call "$i"; then
    cat <<EOF

fun count$i(path: String): Long {
    val db = SQLiteDatabase.openDatabase(path, null, SQLiteDatabase.OPEN_READWRITE)
    try {
        return DatabaseUtils.queryNumEntries(db, "t$i")
    } finally {
        db.close()
    }
}
EOF
  fi
}

gen_swift() {
  local i=$1 p h
  neighbours "$i"
  cat <<EOF
import Foundation
import SQLite3

struct Row$i {
    let id: Int64
    let name: String
}

/// Rows of shard $i, kept in their own table; other shards are reached through it.
final class Store$i {
    private var db: OpaquePointer?
EOF
  [ -n "$p" ] && echo "    var previous: Store$p?"
  [ -n "$h" ] && echo "    var half: Store$h?"
  cat <<EOF

    init(path: String) {
        if sqlite3_open(path, &db) == SQLITE_OK {
EOF
  with_wal "$i" && echo '            sqlite3_exec(db, "PRAGMA journal_mode=WAL", nil, nil, nil)'
  cat <<EOF
            sqlite3_exec(db, "CREATE TABLE IF NOT EXISTS t$i (id INTEGER PRIMARY KEY, name TEXT NOT NULL, hits INTEGER NOT NULL DEFAULT 0)", nil, nil, nil)
        }
    }

    static func open(path: String) -> Store$i {
        let store = Store$i(path: path)
EOF
  [ -n "$p" ] && echo "        store.previous = Store$p.open(path: path)"
  [ -n "$h" ] && echo "        store.half = Store$h.open(path: path)"
  cat <<EOF
        return store
    }

    func insert(id: Int64, name: String) {
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, "INSERT INTO t$i (id, name) VALUES (?, ?)", -1, &stmt, nil) == SQLITE_OK else { return }
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_int64(stmt, 1, id)
        sqlite3_bind_text(stmt, 2, name, -1, nil)
        sqlite3_step(stmt)
    }

    func get(_ id: Int64) -> String? {
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT name FROM t$i WHERE id = ?", -1, &stmt, nil) == SQLITE_OK else { return nil }
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_int64(stmt, 1, id)
        guard sqlite3_step(stmt) == SQLITE_ROW, let text = sqlite3_column_text(stmt, 0) else { return nil }
        return String(cString: text)
    }

    func saveAll(_ rows: [Row$i]) {
        sqlite3_exec(db, "BEGIN IMMEDIATE", nil, nil, nil)
        for row in rows {
            insert(id: row.id, name: row.name)
        }
        sqlite3_exec(db, "COMMIT", nil, nil, nil)
    }

    func syncAll(_ rows: [Row$i]) {
        for row in rows {
EOF
  [ -n "$p" ] && echo "            previous?.insert(id: row.id, name: row.name)" && echo "            touch$p(db, row.id)"
  loose_writes "$i" && echo "            sqlite3_exec(db, \"INSERT INTO t$i (id, name) VALUES (\\(row.id), '\\(row.name)')\", nil, nil, nil)"
  echo '        }'
  [ -n "$h" ] && echo '        _ = half?.get(Int64(rows.count))'
  cat <<EOF
    }
}

func touch$i(_ db: OpaquePointer?, _ id: Int64) {
    sqlite3_exec(db, "UPDATE t$i SET hits = hits + 1 WHERE id = \\(id)", nil, nil, nil)
}
EOF
  if opens_per_call "$i"; then
    cat <<EOF

func count$i(path: String) -> Int64 {
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK else { return 0 }
    defer { sqlite3_close(db) }
    var stmt: OpaquePointer?
    guard sqlite3_prepare_v2(db, "SELECT count(*) FROM t$i", -1, &stmt, nil) == SQLITE_OK else { return 0 }
    defer { sqlite3_finalize(stmt) }
    return sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : 0
}
EOF
  fi
}

gen_rust() {
  local i=$1 p h
  neighbours "$i"
  echo "//! Rows of shard $i, kept in their own table; other shards are reached through it."
  echo
  echo 'use rusqlite::{params, Connection};'
  [ -n "$p$h" ] && echo
  [ -n "$p" ] && echo "use crate::m$p::{self, Repo$p};"
  [ -n "$h" ] && [ "$h" != "$p" ] && echo "use crate::m$h::Repo$h;"
  echo
  echo "pub struct Repo$i {"
  echo '    conn: Connection,'
  [ -n "$p" ] && echo "    pub previous: Option<Box<Repo$p>>,"
  [ -n "$h" ] && echo "    pub half: Option<Box<Repo$h>>,"
  echo '}'
  echo
  echo "impl Repo$i {"
  echo '    pub fn new(conn: Connection) -> Self {'
  echo "        Repo$i {"
  echo '            conn,'
  [ -n "$p" ] && echo '            previous: None,'
  [ -n "$h" ] && echo '            half: None,'
  echo '        }'
  echo '    }'
  cat <<EOF

    pub fn open(path: &str) -> rusqlite::Result<Self> {
        let conn = Connection::open(path)?;
EOF
  with_wal "$i" && echo '        conn.execute_batch("PRAGMA journal_mode=WAL;")?;'
  cat <<EOF
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS t$i (id INTEGER PRIMARY KEY, name TEXT NOT NULL, hits INTEGER NOT NULL DEFAULT 0);",
        )?;
        Ok(Self::new(conn))
    }

    pub fn insert(&self, id: i64, name: &str) -> rusqlite::Result<usize> {
        self.conn.execute("INSERT INTO t$i (id, name) VALUES (?1, ?2)", params![id, name])
    }

    pub fn get(&self, id: i64) -> Option<String> {
        self.conn
            .query_row("SELECT name FROM t$i WHERE id = ?1", [id], |row| row.get(0))
            .ok()
    }

    pub fn save_all(&mut self, rows: &[(i64, String)]) -> rusqlite::Result<()> {
        let tx = self.conn.transaction()?;
        for (id, name) in rows {
            tx.execute("INSERT OR REPLACE INTO t$i (id, name) VALUES (?1, ?2)", params![id, name])?;
        }
        tx.commit()
    }

    pub fn sync_all(&self, rows: &[(i64, String)]) -> rusqlite::Result<()> {
        for (id, name) in rows {
            self.insert(*id, name)?;
EOF
  if [ -n "$p" ]; then
    echo '            if let Some(previous) = &self.previous {'
    echo '                previous.insert(*id, name)?;'
    echo '            }'
    echo "            m$p::touch(&self.conn, *id)?;"
  fi
  loose_writes "$i" && echo "            self.conn.execute(\"UPDATE t$i SET name = ?1 WHERE id = ?2\", params![name, id])?;"
  echo '        }'
  if [ -n "$h" ]; then
    echo '        if let Some(half) = &self.half {'
    echo '            let _ = half.get(rows.len() as i64);'
    echo '        }'
  fi
  cat <<EOF
        Ok(())
    }
}

pub fn touch(conn: &Connection, id: i64) -> rusqlite::Result<usize> {
    conn.execute("UPDATE t$i SET hits = hits + 1 WHERE id = ?1", [id])
}

pub fn open(path: &str) -> Option<Repo$i> {
EOF
  if [ -n "$p$h" ]; then
    echo "    let mut repo = Repo$i::open(path).ok()?;"
    [ -n "$p" ] && echo "    repo.previous = m$p::open(path).map(Box::new);"
    [ -n "$h" ] && echo "    repo.half = crate::m$h::open(path).map(Box::new);"
    echo '    Some(repo)'
  else
    echo "    Repo$i::open(path).ok()"
  fi
  echo '}'
  if opens_per_call "$i"; then
    cat <<EOF

pub fn count(path: &str) -> rusqlite::Result<i64> {
    let conn = Connection::open(path)?;
    conn.query_row("SELECT count(*) FROM t$i", [], |row| row.get(0))
}
EOF
  fi
}

# Writes files 0 .. $2 - 1 under $1: an Android module, a Swift package and
# a Cargo crate.
generate() {
  local dir=$1 count=$2 i
  local kt=$dir/android/app/src/main/java/gen swift=$dir/ios/Sources/Gen rs=$dir/rust/src
  mkdir -p "$kt" "$swift" "$rs"
  for ((i = 0; i < count; i++)); do
    case $((i % 3)) in
      0) mkdir -p "$kt/m$i" && gen_kotlin "$i" > "$kt/m$i/Store$i.kt" ;;
      1) gen_swift "$i" > "$swift/Store$i.swift" ;;
      2) gen_rust "$i" > "$rs/m$i.rs" ;;
    esac
  done
  for ((i = 2; i < count; i += 3)); do echo "pub mod m$i;"; done > "$rs/lib.rs"
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# Five runs of a command: the median wall time, then the median CPU time
# (user + system, every thread). The machine may be shared: wall time then
# counts the waits for a core, CPU time does not.
time_of() {
  local runs TIMEFORMAT='%R %U %S'
  runs=$(for _ in 1 2 3 4 5; do
    { time "$@" >/dev/null 2>&1 || true; } 2>&1
  done)
  echo "$(awk '{print $1}' <<<"$runs" | median) $(awk '{print $2 + $3}' <<<"$runs" | median)"
}
ratio() { echo "$1 / $2" | bc -l; }

echo "generating $n and $((2 * n)) files ($(nproc) cores)"
generate "$work/one" "$n"
generate "$work/two" $((2 * n))
declare -A wall cpu cat_wall
for set in one two; do
  dir=$work/$set
  files=$(find "$dir" -type f | wc -l)
  bytes=$(find "$dir" -type f -exec cat {} + | wc -c)
  # storlint exits 1 when it reports findings: that is the expected outcome here.
  findings=$({ "$bin" --format concise "$dir" 2>/dev/null || true; } | grep -c '\]: ' || true)
  read -r "wall[$set]" "cpu[$set]" < <(time_of "$bin" --format concise "$dir")
  read -r "cat_wall[$set]" _ < <(time_of sh -c "find '$dir' -type f -exec cat {} + > /dev/null")
  printf '%5d files %6d KiB %5d findings   storlint %.3fs (cpu %.3fs)   cat %.3fs   storlint / cat = %.1fx\n' \
    "$files" $((bytes / 1024)) "$findings" "${wall[$set]}" "${cpu[$set]}" "${cat_wall[$set]}" \
    "$(ratio "${wall[$set]}" "${cat_wall[$set]}")"
done
printf 'ratio 2N / N: storlint %.2f (cpu %.2f)   cat %.2f   (linear: about 2)\n' \
  "$(ratio "${wall[two]}" "${wall[one]}")" "$(ratio "${cpu[two]}" "${cpu[one]}")" \
  "$(ratio "${cat_wall[two]}" "${cat_wall[one]}")"
