//! A file as storlint sees it: its text (BOM removed), language, and a line
//! index for turning byte offsets into the line/column pairs that humans, SARIF
//! and editors want.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

pub type ByteRange = Range<usize>;

/// The languages storlint reads, chosen by file extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    Rust,
    Swift,
    Kotlin,
    Sql,
}

impl Language {
    pub const ALL: [Language; 4] = [
        Language::Rust,
        Language::Swift,
        Language::Kotlin,
        Language::Sql,
    ];

    /// The extensions `from_path` reads, as a phrase for messages.
    pub const EXTENSIONS: &'static str = ".rs, .swift, .kt, .kts, .sql and .sq (SQLDelight)";

    pub fn from_path(path: &Path) -> Option<Language> {
        match path.extension()?.to_str()? {
            "rs" => Some(Language::Rust),
            "swift" => Some(Language::Swift),
            "kt" | "kts" => Some(Language::Kotlin),
            "sql" | "sq" => Some(Language::Sql),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Language::Rust => "Rust",
            Language::Swift => "Swift",
            Language::Kotlin => "Kotlin",
            Language::Sql => "SQL",
        }
    }
}

const BOM: &str = "\u{feff}";

/// A decoded source file. Offsets everywhere in storlint are byte offsets into
/// `text`, which excludes a leading BOM; `bom_len` lets a fix map them back to
/// the bytes on disk.
#[derive(Debug)]
pub struct SourceFile {
    pub path: PathBuf,
    /// The path as shown to the user (relative to the working directory when possible).
    pub display: String,
    /// The path relative to the project, where layout conventions (a
    /// `src/test` source set, a `Tests/` target) are read. Defaults to
    /// `display`; discovery sets it for files outside the working directory.
    pub layout_path: String,
    pub language: Language,
    pub text: String,
    pub bom_len: usize,
    line_starts: Vec<usize>,
    /// Built on the first column asked for: most files never need one.
    wide_chars: OnceLock<Vec<WideChar>>,
    /// Where code was blanked out before the analysis (function bodies no
    /// rule needs): runs of spaces and line breaks a parser may skip.
    pub blanked: Vec<ByteRange>,
}

/// A character of more than one byte, with the running totals that turn a
/// byte distance into a column without walking the line: a file with
/// thousands of findings on one long line stays linear to render.
#[derive(Debug, Clone, Copy)]
struct WideChar {
    offset: usize,
    /// Bytes beyond one per character, this character included.
    extra_bytes: usize,
    /// Bytes beyond their UTF-16 code units, this character included.
    extra_utf16: usize,
}

/// Why a file's bytes could not be turned into text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    Binary { offset: usize },
    InvalidUtf8 { offset: usize },
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DecodeError::Binary { offset } => {
                write!(f, "looks like a binary file (NUL byte at offset {offset})")
            }
            DecodeError::InvalidUtf8 { offset } => {
                write!(f, "is not valid UTF-8 (invalid byte at offset {offset})")
            }
        }
    }
}

impl SourceFile {
    pub fn new(path: PathBuf, display: String, language: Language, text: String) -> SourceFile {
        let (text, bom_len) = match text.strip_prefix(BOM) {
            Some(rest) => (rest.to_string(), BOM.len()),
            None => (text, 0),
        };
        let line_starts = line_starts(&text);
        SourceFile {
            path,
            layout_path: display.clone(),
            display,
            language,
            text,
            bom_len,
            line_starts,
            wide_chars: OnceLock::new(),
            blanked: Vec::new(),
        }
    }

    /// The file with `blanked` recorded, given as offsets of the text it
    /// was made from (before a byte-order mark was taken off).
    pub fn with_blanked(mut self, blanked: &[ByteRange]) -> SourceFile {
        let bom_len = self.bom_len;
        self.blanked = (blanked.iter())
            .filter(|run| run.start >= bom_len)
            .map(|run| run.start - bom_len..run.end - bom_len)
            .collect();
        self
    }

    /// Decodes raw bytes, refusing binary content and invalid UTF-8 with the
    /// offset of the first offending byte.
    pub fn decode(bytes: Vec<u8>) -> Result<String, DecodeError> {
        // Every file read is searched so: memchr reads many bytes at a time.
        if let Some(offset) = memchr::memchr(0, &bytes) {
            return Err(DecodeError::Binary { offset });
        }
        String::from_utf8(bytes).map_err(|e| DecodeError::InvalidUtf8 {
            offset: e.utf8_error().valid_up_to(),
        })
    }

    /// The same file (names, layout path, byte-order mark) holding `text`:
    /// what a fix or an inserted comment makes of it.
    pub fn with_text(&self, text: String) -> SourceFile {
        let mut rewritten =
            SourceFile::new(self.path.clone(), self.display.clone(), self.language, text);
        rewritten.layout_path = self.layout_path.clone();
        rewritten.bom_len = self.bom_len;
        rewritten
    }

    /// Builds a file from in-memory text (tests, the language server).
    pub fn from_text(display: &str, language: Language, text: &str) -> SourceFile {
        SourceFile::new(
            PathBuf::from(display),
            display.to_string(),
            language,
            text.to_string(),
        )
    }

    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// 0-based line index of a byte offset.
    pub fn line_index(&self, offset: usize) -> usize {
        match self.line_starts.binary_search(&offset) {
            Ok(line) => line,
            Err(next) => next - 1,
        }
    }

    pub fn line_start(&self, line_index: usize) -> usize {
        self.line_starts[line_index]
    }

    /// The byte range of a 0-based line, without its line terminator.
    pub fn line_range(&self, line_index: usize) -> ByteRange {
        let start = self.line_starts[line_index];
        let end = self
            .line_starts
            .get(line_index + 1)
            .copied()
            .unwrap_or(self.text.len());
        let line = &self.text[start..end];
        let trimmed = line.trim_end_matches(['\n', '\r']);
        start..start + trimmed.len()
    }

    /// 1-based line and 1-based column counted in Unicode scalar values.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = self.clamp(offset);
        let line = self.line_index(offset);
        let start = self.line_starts[line];
        let (extra_bytes, _) = self.extra_between(start, offset);
        (line + 1, offset - start - extra_bytes + 1)
    }

    /// 0-based line and 0-based column counted in UTF-16 code units, as LSP and
    /// SARIF (its default `columnKind`) count them.
    pub fn line_col_utf16(&self, offset: usize) -> (usize, usize) {
        let offset = self.clamp(offset);
        let line = self.line_index(offset);
        let start = self.line_starts[line];
        let (_, extra_utf16) = self.extra_between(start, offset);
        (line, offset - start - extra_utf16)
    }

    /// The extra bytes (per character, per UTF-16 unit) of the wide
    /// characters in `start..end`.
    fn extra_between(&self, start: usize, end: usize) -> (usize, usize) {
        let wide_chars = self.wide_chars.get_or_init(|| wide_chars(&self.text));
        let totals_before = |offset: usize| {
            let index = wide_chars.partition_point(|c| c.offset < offset);
            match index.checked_sub(1).map(|i| wide_chars[i]) {
                Some(c) => (c.extra_bytes, c.extra_utf16),
                None => (0, 0),
            }
        };
        let (bytes_to_end, utf16_to_end) = totals_before(end);
        let (bytes_to_start, utf16_to_start) = totals_before(start);
        (bytes_to_end - bytes_to_start, utf16_to_end - utf16_to_start)
    }

    /// Moves an offset back onto a char boundary inside the text.
    fn clamp(&self, offset: usize) -> usize {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        offset
    }
}

fn line_starts(text: &str) -> Vec<usize> {
    // Every file parsed is indexed: memchr reads many bytes at a time.
    std::iter::once(0)
        .chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1))
        .collect()
}

fn wide_chars(text: &str) -> Vec<WideChar> {
    let mut extra_bytes = 0;
    let mut extra_utf16 = 0;
    text.char_indices()
        .filter(|(_, c)| !c.is_ascii())
        .map(|(offset, c)| {
            extra_bytes += c.len_utf8() - 1;
            extra_utf16 += c.len_utf8() - c.len_utf16();
            WideChar {
                offset,
                extra_bytes,
                extra_utf16,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blanked_runs_follow_the_text_past_a_byte_order_mark() {
        let text = "\u{feff}fun f() {    }".to_string();
        let body = text.find('{').expect("a body") + 1..text.find('}').expect("closed");
        let file = SourceFile::new(PathBuf::from("a.kt"), "a.kt".into(), Language::Kotlin, text)
            .with_blanked(std::slice::from_ref(&body));
        let shifted: ByteRange = body.start - 3..body.end - 3;
        assert_eq!(file.blanked, std::slice::from_ref(&shifted));
        assert_eq!(&file.text[file.blanked[0].clone()], "    ");
    }

    #[test]
    fn bom_is_removed_and_columns_start_after_it() {
        let file = SourceFile::from_text("a.sql", Language::Sql, "\u{feff}VACUUM;\r\nVACUUM;");
        assert_eq!(file.bom_len, 3);
        assert_eq!(file.line_col(0), (1, 1));
        assert_eq!(file.line_col(9), (2, 1));
        assert_eq!(file.line_range(0), 0..7);
    }

    #[test]
    fn utf16_columns_count_surrogate_pairs() {
        let file = SourceFile::from_text("a.swift", Language::Swift, "let s = \"😀\"; fsync(fd)");
        let offset = file.text.find("fsync").unwrap();
        assert_eq!(file.line_col(offset), (1, 14));
        assert_eq!(file.line_col_utf16(offset), (0, 14));
    }

    #[test]
    fn columns_count_only_the_wide_characters_of_their_own_line() {
        let text = "é😀\nab ü😀x\n";
        let file = SourceFile::from_text("a.swift", Language::Swift, text);
        let x = text.find('x').unwrap();
        assert_eq!(file.line_col(x), (2, 6));
        assert_eq!(file.line_col_utf16(x), (1, 6));
        let second_line = text.find('a').unwrap();
        assert_eq!(file.line_col(second_line), (2, 1));
        // An offset inside a character counts from the character's start.
        assert_eq!(file.line_col(1), (1, 1));
        assert_eq!(file.line_col(text.len()), (3, 1));
        for (offset, _) in text.char_indices() {
            let line = file.line_index(offset);
            let prefix = &text[file.line_start(line)..offset];
            assert_eq!(file.line_col(offset).1, prefix.chars().count() + 1);
            let units: usize = prefix.chars().map(char::len_utf16).sum();
            assert_eq!(file.line_col_utf16(offset).1, units);
        }
    }

    #[test]
    fn lines_start_at_the_text_and_after_each_newline() {
        let cases: [(&str, &[usize]); 5] = [
            ("", &[0]),
            ("a", &[0]),
            ("\n", &[0, 1]),
            ("ab\r\ncd\n", &[0, 4, 7]),
            ("é\n\nü", &[0, 3, 4]),
        ];
        for (text, starts) in cases {
            assert_eq!(line_starts(text), starts, "{text:?}");
        }
        // Longer than the blocks a vectorized search reads at once.
        let long = "x\n".repeat(100);
        let starts: Vec<usize> = (0..=100).map(|line| 2 * line).collect();
        assert_eq!(line_starts(&long), starts);
    }

    #[test]
    fn decode_reports_binary_and_invalid_utf8_offsets() {
        assert_eq!(
            SourceFile::decode(b"ab\0c".to_vec()),
            Err(DecodeError::Binary { offset: 2 })
        );
        assert_eq!(
            SourceFile::decode(b"abc\xffd".to_vec()),
            Err(DecodeError::InvalidUtf8 { offset: 3 })
        );
    }
}
