//! The analysis cache: what the file stage learned of a file (its findings,
//! its summary for the project stage, its test code and its suppressions,
//! or why it could not be analysed),
//! kept on disk under the file's content, so that a run on a few changed
//! files reads the rest of the project's facts instead of parsing it again.
//!
//! Never wrong, only slower: an entry is found by a hash of everything the
//! file stage reads (the file's bytes, its language, its path in the
//! project's layout), under a directory of this exact build of storlint (a
//! hash of its sources and locked dependencies) and of the options the
//! analysis depends on. An
//! entry that cannot be read, fails its checksum or names a rule this
//! build does not have is a miss, and is written again.
//!
//! Layout, under the project's `.storlint-cache/` (hidden, so never walked
//! as source; tagged `CACHEDIR.TAG` and git-ignored so backups and commits
//! leave it out; safe to delete at any time):
//! `<build>-<options>/<key>`, one file per analysed source file. A run over
//! the project removes the entries it did not use, and the directories of
//! other builds unused for a week.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, SystemTime};

use xxhash_rust::xxh3::{xxh3_64, Xxh3};

use crate::source::SourceFile;
use crate::Analysis;

/// The cache directory's name under the project root.
pub const DIR_NAME: &str = ".storlint-cache";

/// Starts every entry: a format change is a miss, not a misread.
const MAGIC: &[u8; 16] = b"storlint-cache02";

/// Rewritten at each run: what tells a build's directory is still in use.
const LAST_USED: &str = "last-used";

/// Another build's directory not used for this long is removed.
const STALE_AFTER: Duration = Duration::from_secs(7 * 24 * 60 * 60);

/// What the cache holds of a file: its analysis, or why it could not be
/// analysed. A file that does not parse fails the same way every time; one
/// whose parse ran out of time would cost the whole budget on every run
/// (every save in an editor) if it were tried again each time.
#[derive(Debug, serde::Deserialize)]
pub enum Entry {
    Analysed(Box<Analysis>),
    Failed(Failure),
}

/// `Entry` as it is written, borrowing what it stores.
#[derive(serde::Serialize)]
enum EntryRef<'a> {
    Analysed(&'a Analysis),
    Failed(&'a Failure),
}

/// Why a file could not be analysed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Failure {
    pub message: String,
    /// 1-based line and column, when the problem has a position.
    pub position: Option<(usize, usize)>,
    /// The parse budget, in milliseconds, that ran out (None for a failure
    /// that no budget changes): a run allowed more time tries again.
    pub out_of_time_within_ms: Option<u64>,
}

impl Failure {
    /// Whether a run with this parse budget would fail the same way.
    pub fn holds_within(&self, budget: Duration) -> bool {
        self.out_of_time_within_ms
            .is_none_or(|spent| budget.as_millis() <= u128::from(spent))
    }
}

/// The cache of one run: one build of storlint, one set of options.
#[derive(Debug)]
pub struct Cache {
    entries: PathBuf,
    /// The keys this run read or wrote; the others are pruned at the end.
    used: Mutex<HashSet<u128>>,
}

/// The identity of a file's analysis in the cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key(u128);

impl Key {
    /// Everything `analyze` reads of a file, besides the options the
    /// directory stands for.
    pub fn of(source: &SourceFile) -> Key {
        let mut hasher = Xxh3::new();
        for part in [
            source.language.name(),
            source.layout_path.as_str(),
            source.text.as_str(),
        ] {
            hasher.update(&(part.len() as u64).to_le_bytes());
            hasher.update(part.as_bytes());
        }
        Key(hasher.digest128())
    }

    fn file_name(self) -> String {
        format!("{:032x}", self.0)
    }
}

impl Cache {
    /// Opens (creating it if needed) the cache under `dir` for this build
    /// and for analyses with or without test code.
    pub fn open(dir: &Path, include_tests: bool) -> Result<Cache, String> {
        let build = build_id();
        let problem = |e: std::io::Error| format!("{}: {e}", dir.display());
        std::fs::create_dir_all(dir).map_err(problem)?;
        mark_as_cache(dir).map_err(problem)?;
        let name = format!(
            "{build}-{}",
            if include_tests { "tests" } else { "sources" }
        );
        let entries = dir.join(&name);
        std::fs::create_dir_all(&entries).map_err(problem)?;
        std::fs::write(entries.join(LAST_USED), b"").map_err(problem)?;
        remove_stale_builds(dir, &name);
        Ok(Cache {
            entries,
            used: Mutex::new(HashSet::new()),
        })
    }

    /// The entry stored under `key`, if there is a sound one.
    pub fn get(&self, key: Key) -> Option<Entry> {
        let bytes = std::fs::read(self.entries.join(key.file_name())).ok()?;
        let entry = decode(&bytes, key)?;
        self.mark_used(key);
        Some(entry)
    }

    /// Stores why the file under `key` could not be analysed.
    pub fn put_failure(&self, key: Key, failure: &Failure) {
        self.mark_used(key);
        if let Some(bytes) = encode(&EntryRef::Failed(failure), key) {
            self.write(key, &bytes);
        }
    }

    /// Stores `analysis` under `key`. Failing to write costs only the next
    /// run's time, so it is not an error. Not synced: a torn entry after a
    /// crash fails its checksum and is a miss.
    pub fn put(&self, key: Key, analysis: &Analysis) {
        self.mark_used(key);
        // Related locations name files by their displayed path, which the
        // key leaves out; only project-stage findings have them today.
        if analysis.diagnostics.iter().any(|d| !d.related.is_empty()) {
            return;
        }
        if let Some(bytes) = encode(&EntryRef::Analysed(analysis), key) {
            self.write(key, &bytes);
        }
    }

    fn write(&self, key: Key, bytes: &[u8]) {
        let written = tempfile::Builder::new()
            .prefix(".entry-")
            .tempfile_in(&self.entries)
            .and_then(|mut temporary| {
                temporary.write_all(bytes)?;
                temporary
                    .persist(self.entries.join(key.file_name()))
                    .map_err(|e| e.error)
            });
        drop(written);
    }

    /// Removes the entries this run did not use: the analyses of files
    /// since changed, moved or deleted. Only right after a run that looked
    /// at every file of the project.
    pub fn prune(&self) {
        let Ok(listing) = std::fs::read_dir(&self.entries) else {
            return;
        };
        let used = self.used.lock().unwrap_or_else(|e| e.into_inner());
        for entry in listing.flatten() {
            let name = entry.file_name();
            let Some(key) = name.to_str().and_then(|n| u128::from_str_radix(n, 16).ok()) else {
                // `last-used`, and other runs' entries being written.
                continue;
            };
            if !used.contains(&key) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }

    fn mark_used(&self, key: Key) {
        self.used
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key.0);
    }
}

/// This build's id, which `build.rs` hashes from the sources, the manifest
/// and the locked dependencies: any change to them, whatever the version
/// number, gets a directory of its own.
fn build_id() -> &'static str {
    env!("STORLINT_BUILD_ID")
}

/// Tags `dir` as a cache (backup tools skip it, and so does storlint's own
/// walk) and keeps it out of git.
fn mark_as_cache(dir: &Path) -> std::io::Result<()> {
    let tag = dir.join("CACHEDIR.TAG");
    if !tag.exists() {
        std::fs::write(
            tag,
            "Signature: 8a477f597d28d172789f06886806bc55\n\
             # This directory holds storlint's analysis cache; it is safe to delete.\n",
        )?;
    }
    let ignore = dir.join(".gitignore");
    if !ignore.exists() {
        std::fs::write(ignore, "# storlint's analysis cache\n*\n")?;
    }
    Ok(())
}

/// Removes other builds' directories nobody used for a week. A build used
/// in between (two versions installed side by side) keeps its directory.
fn remove_stale_builds(dir: &Path, current: &str) {
    let Ok(listing) = std::fs::read_dir(dir) else {
        return;
    };
    let now = SystemTime::now();
    for entry in listing.flatten() {
        let path = entry.path();
        if entry.file_name() == current || !path.is_dir() {
            continue;
        }
        let last_used = std::fs::metadata(path.join(LAST_USED)).and_then(|m| m.modified());
        let stale = match last_used {
            Ok(time) => now.duration_since(time).is_ok_and(|age| age > STALE_AFTER),
            // Not a build directory of ours, or one being created.
            Err(_) => false,
        };
        if stale {
            let _ = std::fs::remove_dir_all(path);
        }
    }
}

/// `MAGIC`, the key, the payload's checksum, the payload.
fn encode(entry: &EntryRef, key: Key) -> Option<Vec<u8>> {
    let payload = postcard::to_stdvec(entry).ok()?;
    let mut bytes = Vec::with_capacity(MAGIC.len() + 16 + 8 + payload.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&key.0.to_le_bytes());
    bytes.extend_from_slice(&xxh3_64(&payload).to_le_bytes());
    bytes.extend_from_slice(&payload);
    Some(bytes)
}

fn decode(bytes: &[u8], key: Key) -> Option<Entry> {
    let rest = bytes.strip_prefix(MAGIC.as_slice())?;
    let (stored_key, rest) = rest.split_first_chunk::<16>()?;
    let (checksum, payload) = rest.split_first_chunk::<8>()?;
    if u128::from_le_bytes(*stored_key) != key.0
        || u64::from_le_bytes(*checksum) != xxh3_64(payload)
    {
        return None;
    }
    postcard::from_bytes(payload).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{Language, SourceFile};

    fn source(text: &str, layout_path: &str, language: Language) -> SourceFile {
        let mut source = SourceFile::new(
            PathBuf::from(layout_path),
            layout_path.to_string(),
            language,
            text.to_string(),
        );
        source.layout_path = layout_path.to_string();
        source
    }

    fn analysed(text: &str) -> (SourceFile, Analysis) {
        let source = source(text, "app/src/main/Store.kt", Language::Kotlin);
        let analysis = crate::analyze(&source, &crate::Options::default()).unwrap();
        (source, analysis)
    }

    const STORE: &str = r#"
class Store(private val db: SQLiteDatabase, private val prefs: SharedPreferences) {
    fun setUp() {
        db.execSQL("PRAGMA journal_mode=DELETE") // storlint-ignore: prose is not a rule id
        db.execSQL("CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, v TEXT)")
    }
    fun save(values: List<String>) {
        for (v in values) { prefs.edit().putString("k", v).commit() }
    }
}
"#;

    fn same(a: &Analysis, b: &Analysis) -> bool {
        // `Analysis` holds no `PartialEq` facts types; their debug form
        // shows every field.
        format!("{a:?}") == format!("{b:?}")
    }

    #[test]
    fn an_entry_reads_back_as_the_analysis_it_stores() {
        let (source, analysis) = analysed(STORE);
        assert!(!analysis.diagnostics.is_empty());
        assert!(!analysis.summary.functions.is_empty());
        assert!(!analysis.suppressions.warnings.is_empty());
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::open(dir.path(), false).unwrap();
        let key = Key::of(&source);
        assert!(cache.get(key).is_none());
        cache.put(key, &analysis);
        let Some(Entry::Analysed(read)) = Cache::open(dir.path(), false).unwrap().get(key) else {
            panic!("the analysis is not read back");
        };
        assert!(same(&read, &analysis));
    }

    #[test]
    fn a_failure_reads_back_and_a_timeout_holds_only_within_its_budget() {
        let (source, _) = analysed(STORE);
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::open(dir.path(), false).unwrap();
        let key = Key::of(&source);
        let timeout = Failure {
            message: "not checked: parsing took longer than 3 s".into(),
            position: None,
            out_of_time_within_ms: Some(3000),
        };
        cache.put_failure(key, &timeout);
        let Some(Entry::Failed(read)) = Cache::open(dir.path(), false).unwrap().get(key) else {
            panic!("the failure is not read back");
        };
        assert_eq!(read, timeout);
        assert!(read.holds_within(Duration::from_secs(3)));
        assert!(read.holds_within(Duration::from_secs(1)));
        assert!(!read.holds_within(Duration::from_secs(10)));
        let syntax_error = Failure {
            message: "could not be parsed as Kotlin: expected `}`".into(),
            position: Some((3, 1)),
            out_of_time_within_ms: None,
        };
        assert!(syntax_error.holds_within(Duration::from_secs(3600)));
    }

    #[test]
    fn the_key_changes_with_the_text_the_language_and_the_layout_path() {
        let path = "app/src/main/Store.kt";
        let key = Key::of(&source(STORE, path, Language::Kotlin));
        assert_eq!(key, Key::of(&source(STORE, path, Language::Kotlin)));
        let edited = STORE.replace("DELETE", "WAL");
        assert_ne!(key, Key::of(&source(&edited, path, Language::Kotlin)));
        let moved = "app/src/test/Store.kt";
        assert_ne!(key, Key::of(&source(STORE, moved, Language::Kotlin)));
        assert_ne!(key, Key::of(&source(STORE, path, Language::Swift)));
        // Length prefixes: moving bytes from the path into the text is
        // another key.
        let shorter = "app/src/main/Store.k";
        let longer = format!("t{STORE}");
        assert_ne!(key, Key::of(&source(&longer, shorter, Language::Kotlin)));
    }

    #[test]
    fn a_damaged_entry_is_a_miss() {
        let (source, analysis) = analysed(STORE);
        let key = Key::of(&source);
        let sound = encode(&EntryRef::Analysed(&analysis), key).unwrap();
        assert!(decode(&sound, key).is_some());
        let mut flipped = sound.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 1;
        assert!(decode(&flipped, key).is_none());
        assert!(decode(&sound[..sound.len() / 2], key).is_none());
        assert!(decode(&sound[..10], key).is_none());
        assert!(decode(b"", key).is_none());
        assert!(decode(&sound, Key(key.0 ^ 1)).is_none());
        let mut other_format = sound;
        other_format[0] ^= 1;
        assert!(decode(&other_format, key).is_none());
    }

    #[test]
    fn an_entry_naming_a_rule_this_build_lacks_is_a_miss() {
        let (source, mut analysis) = analysed(STORE);
        let key = Key::of(&source);
        analysis.diagnostics[0].rule = "a-rule-from-another-build";
        let entry = EntryRef::Analysed(&analysis);
        assert!(decode(&encode(&entry, key).unwrap(), key).is_none());
    }

    #[test]
    fn pruning_keeps_what_the_run_used_and_the_entries_being_written() {
        let (source, analysis) = analysed(STORE);
        let dir = tempfile::tempdir().unwrap();
        let old = Cache::open(dir.path(), false).unwrap();
        let earlier = "an earlier version of the file";
        let stale = Key::of(&self::source(earlier, &source.layout_path, source.language));
        old.put(stale, &analysis);
        let current = Key::of(&source);
        old.put(current, &analysis);
        let run = Cache::open(dir.path(), false).unwrap();
        assert!(run.get(current).is_some());
        std::fs::write(run.entries.join(".entry-in-progress"), b"").unwrap();
        run.prune();
        assert!(run.get(current).is_some());
        assert!(run.get(stale).is_none());
        assert!(run.entries.join(".entry-in-progress").exists());
        assert!(run.entries.join(LAST_USED).exists());
    }

    #[test]
    fn the_directory_is_tagged_and_ignored_and_options_get_their_own() {
        let dir = tempfile::tempdir().unwrap();
        let sources = Cache::open(dir.path(), false).unwrap();
        let tests = Cache::open(dir.path(), true).unwrap();
        assert_ne!(sources.entries, tests.entries);
        let tag = std::fs::read_to_string(dir.path().join("CACHEDIR.TAG")).unwrap();
        assert!(tag.starts_with("Signature: 8a477f597d28d172789f06886806bc55"));
        let ignore = std::fs::read_to_string(dir.path().join(".gitignore")).unwrap();
        assert!(ignore.lines().any(|line| line == "*"));
    }

    #[test]
    fn another_build_unused_for_a_week_is_removed_and_a_recent_one_kept() {
        let dir = tempfile::tempdir().unwrap();
        for (name, age_days) in [
            ("0123456789abcdef-sources", 8),
            ("fedcba9876543210-sources", 1),
        ] {
            let build = dir.path().join(name);
            std::fs::create_dir_all(&build).unwrap();
            let marker = std::fs::File::create(build.join(LAST_USED)).unwrap();
            marker
                .set_modified(SystemTime::now() - Duration::from_secs(age_days * 24 * 60 * 60))
                .unwrap();
        }
        std::fs::create_dir_all(dir.path().join("not-ours")).unwrap();
        Cache::open(dir.path(), false).unwrap();
        assert!(!dir.path().join("0123456789abcdef-sources").exists());
        assert!(dir.path().join("fedcba9876543210-sources").exists());
        assert!(dir.path().join("not-ours").exists());
    }
}
