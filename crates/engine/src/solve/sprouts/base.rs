//! Bases: what searches learned, keyed by canonical position. Normal play keeps exact nimbers (the
//! losing couples); misère play keeps outcomes. Text import/export in GLOP's `.spr` format, a compact
//! binary format (serde + bincode), and merging with a coherence check. [`Base::read`] and
//! [`Base::read_from`] recognise the format from the content and bound the size.
//!
//! A base read from a file holds claims, not facts: pass it through [`verify_base`] before a
//! solver uses it.
//!
//! [`verify_base`]: super::verify_base

use std::io::Read;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use bincode::Options;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::games::sprouts::{land_key_invariant, position_key_invariant, Land, Position};

use super::invariant_nimbers::InvariantNimbers;
use super::pool_states::LearnedState;

/// GLOP's header line for nimber bases.
pub const GLOP_HEADER: &str = "[Positions+Nimber]";
/// Our extra section for misère outcomes (`<position> N` or `<position> P`).
pub const MISERE_HEADER: &str = "[Positions+MisereOutcome]";
const BINARY_MAGIC: &str = "sprague-sprouts-base";
const BINARY_VERSION: u32 = 1;
/// How a binary base starts: bincode's varint length of the magic (one byte), then the magic.
const BINARY_PREFIX: &[u8] = b"\x14sprague-sprouts-base";
/// The largest base file read (1 GiB): more is refused before it is all in memory.
pub const MAX_BASE_BYTES: usize = 1 << 30;
/// Bytes looked at to recognise the format before the rest is read.
const SNIFF_BYTES: usize = 64;
/// Most characters of the input quoted in an error message.
const QUOTE_CHARS: usize = 40;
/// UTF-8's byte-order mark, which some editors put at the start of a text file.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// Canonical positions mapped to normal-play nimbers and misère outcomes.
///
/// ```
/// use sprague_engine::games::sprouts::Position;
/// use sprague_engine::solve::sprouts::{self, Base};
/// // GLOP's text format: a header, then `<position> <nimber>` lines, in either notation. Two spots
/// // are lost for the player to move (n mod 6 = 2), so their nimber is 0.
/// let base = Base::from_glop_text("[Positions+Nimber]\n0.0.}]! 0\n").unwrap();
/// assert_eq!(base.nimber(&"0*2".parse::<Position>().unwrap()), Some(0));
/// // One position listed with two values is refused.
/// assert!(Base::from_glop_text("[Positions+Nimber]\n0*2 0\n0.0.}]! 1\n").is_err());
///
/// // A search keeps what it proves in its base, which is written and read back whole.
/// let mut base = Base::new();
/// assert!(!sprouts::losing(&Position::start(4).unwrap(), &mut base)); // 4 mod 6 = 4: won
/// assert!(base.normal_len() > 0);
/// let text = base.to_glop_text();
/// assert!(text.starts_with("[Positions+Nimber]\n"));
/// assert_eq!(Base::from_glop_text(&text).unwrap().nimbers(), base.nimbers());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Base {
    normal: HashMap<Box<[u8]>, u32>,
    /// key -> true when the position is lost for the player to move in misère play.
    misere: HashMap<Box<[u8]>, bool>,
    /// Indexes kept up to date on every write, so that each search need not rebuild them: nimbers
    /// of the lands by [`Land::invariant`], and [`Position::invariant`] of misère-lost positions.
    land_nimbers: InvariantNimbers,
    misere_losing_invariants: HashSet<u64>,
    /// While set, every entry written is also noted here, for a parallel run to hand to the other
    /// threads (see [`super::learning`]).
    fresh: Option<Vec<Learned>>,
}

/// One entry of a base, as handed from one thread's base to another's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Learned {
    Nimber(Box<[u8]>, u32),
    Misere(Box<[u8]>, bool),
}

/// Entries a base learned, handed to another base searching beside it in another process — a worker
/// of the web app's pool (see [`Base::note_learned`]) — with the misère states on forms its
/// searches decided (see `pool_states`). Every entry is a proven fact: taken in, they change how
/// much the other searches, never an answer. They come from the same program's searches, so they
/// are taken in unchecked: never hand over entries read from outside.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LearnedEntries {
    entries: Vec<Learned>,
    states: Vec<LearnedState>,
}

impl LearnedEntries {
    pub fn len(&self) -> usize {
        self.entries.len() + self.states.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty() && self.states.is_empty()
    }

    /// How many of them are misère states on forms.
    pub fn states_len(&self) -> usize {
        self.states.len()
    }

    pub(crate) fn with_states(self, states: Vec<LearnedState>) -> LearnedEntries {
        LearnedEntries { states, ..self }
    }

    pub(crate) fn states(&self) -> &[LearnedState] {
        &self.states
    }
}

/// Bases are equal when they hold the same entries (the indexes follow from them).
impl PartialEq for Base {
    fn eq(&self, other: &Base) -> bool {
        self.normal == other.normal && self.misere == other.misere
    }
}

impl Eq for Base {}

/// Two bases disagree about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    pub position: String,
    /// `nimber 3` or `misère P`, as kept.
    pub kept: String,
    /// The other base's value, dropped.
    pub other: String,
}

/// A base file that could not be read.
#[derive(Debug, Error)]
pub enum BaseError {
    #[error("line {line}: {message}")]
    Text { line: usize, message: String },
    #[error("binary base: {0}")]
    Binary(String),
    /// Neither format, too large, or unreadable.
    #[error("{0}")]
    Format(String),
}

/// What the first bytes of a file say it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Binary,
    Text,
}

/// Recognises the format from the first bytes (after a byte-order mark, if any).
fn sniff(head: &[u8]) -> Result<Format, BaseError> {
    let head = head.strip_prefix(BOM).unwrap_or(head);
    if head.is_empty() {
        return Err(BaseError::Format("the file is empty: not a base".into()));
    }
    if head.starts_with(BINARY_PREFIX) || BINARY_PREFIX.starts_with(head) {
        return Ok(Format::Binary);
    }
    // Text: no NUL byte, and a printable character first (blank lines aside); whether all of it is
    // UTF-8 is checked once it is read, to name the line that is not.
    let first = head.iter().find(|b| !b.is_ascii_whitespace());
    if first.is_none_or(u8::is_ascii_graphic) && !head.contains(&0) {
        return Ok(Format::Text);
    }
    Err(BaseError::Format(format!(
        "not a Sprouts base: neither GLOP text (starting with {GLOP_HEADER}) nor Sprague's binary \
         base (the file starts with bytes {})",
        hex(&head[..head.len().min(8)])
    )))
}

fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// At most [`QUOTE_CHARS`] characters of `text`, quoted.
fn quote(text: &str) -> String {
    let mut chars = text.chars();
    let short: String = chars.by_ref().take(QUOTE_CHARS).collect();
    if chars.next().is_some() {
        format!("\"{short}…\"")
    } else {
        format!("{short:?}")
    }
}

/// A position key for a message: the position, or the first bytes of a key that is none.
fn key_name(key: &[u8]) -> String {
    match Position::from_key(key) {
        Some(p) => quote(&p.to_string()),
        None if key.len() > 16 => format!("key [{} …] ({} bytes)", hex(&key[..16]), key.len()),
        None => format!("key [{}]", hex(key)),
    }
}

#[derive(Serialize, Deserialize)]
struct BinaryBase {
    magic: String,
    version: u32,
    normal: Vec<(Vec<u8>, u32)>,
    misere: Vec<(Vec<u8>, bool)>,
}

/// Varint encoding (compact), with a size limit so a corrupt length cannot exhaust memory.
fn binary_options() -> impl Options {
    bincode::DefaultOptions::new().with_limit(1 << 32)
}

/// The same encoding for writing, without the limit (a base in memory is already there).
fn binary_write_options() -> impl Options {
    bincode::DefaultOptions::new()
}

impl Base {
    pub fn new() -> Base {
        Base::default()
    }

    /// Number of positions with a known nimber.
    pub fn normal_len(&self) -> usize {
        self.normal.len()
    }

    /// Number of positions with a known misère outcome.
    pub fn misere_len(&self) -> usize {
        self.misere.len()
    }

    /// Nimbers of the known lands by [`Land::invariant`].
    pub(crate) fn land_nimbers(&self) -> &InvariantNimbers {
        &self.land_nimbers
    }

    /// Whether some position known to be lost in misère play has this [`Position::invariant`].
    pub(crate) fn may_be_misere_losing(&self, invariant: u64) -> bool {
        self.misere_losing_invariants.contains(&invariant)
    }

    /// Starts noting every entry written from now on (see [`Base::take_fresh`]).
    pub(crate) fn note_fresh(&mut self) {
        self.fresh.get_or_insert_with(Vec::new);
    }

    /// The entries written since the last call (or since [`Base::note_fresh`]).
    pub(crate) fn take_fresh(&mut self) -> Vec<Learned> {
        self.fresh.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// Starts noting every entry written from now on, for [`Base::take_learned`].
    pub fn note_learned(&mut self) {
        self.note_fresh();
    }

    /// The entries written since the last call or since [`Base::note_learned`] (none if not noting).
    pub fn take_learned(&mut self) -> LearnedEntries {
        LearnedEntries {
            entries: self.take_fresh(),
            states: Vec::new(),
        }
    }

    /// Takes in the entries another base learned (see [`LearnedEntries`]); they are not noted as
    /// learned here, so they are not handed on again.
    pub fn take_in(&mut self, entries: &LearnedEntries) {
        self.absorb(&entries.entries);
    }

    /// Takes in entries another thread learned, without noting them as fresh here.
    pub(crate) fn absorb<'a>(&mut self, entries: impl IntoIterator<Item = &'a Learned>) {
        let fresh = self.fresh.take();
        for entry in entries {
            match entry {
                Learned::Nimber(key, nimber) if !self.normal.contains_key(key) => {
                    self.put_nimber(key.clone(), *nimber)
                }
                Learned::Misere(key, losing) if !self.misere.contains_key(key) => {
                    self.put_misere(key.clone(), *losing)
                }
                _ => {}
            }
        }
        self.fresh = fresh;
    }

    /// Every write of a nimber goes here, to keep the index.
    fn put_nimber(&mut self, key: Box<[u8]>, nimber: u32) {
        if let Some(invariant) = land_key_invariant(&key) {
            self.land_nimbers.insert(invariant, nimber);
        }
        if let Some(fresh) = &mut self.fresh {
            fresh.push(Learned::Nimber(key.clone(), nimber));
        }
        self.normal.insert(key, nimber);
    }

    /// Every write of a misère outcome goes here, to keep the index.
    fn put_misere(&mut self, key: Box<[u8]>, losing: bool) {
        if let Some(fresh) = &mut self.fresh {
            fresh.push(Learned::Misere(key.clone(), losing));
        }
        if losing {
            self.misere_losing_invariants
                .insert(position_key_invariant(&key));
        }
        self.misere.insert(key, losing);
    }

    /// The nimber of a land, if known.
    pub fn nimber_of_land(&self, land: &Land) -> Option<u32> {
        self.normal.get(land.key()).copied()
    }

    /// The nimber of a position: stored as a whole, or the XOR of its lands' stored nimbers.
    pub fn nimber(&self, position: &Position) -> Option<u32> {
        let lands = position.lands();
        // A one-land position's key is its land's: looked up once, with no key built.
        if lands.len() > 1 {
            if let Some(&v) = self.normal.get(position.key().as_slice()) {
                return Some(v);
            }
        }
        lands
            .iter()
            .try_fold(0, |acc, land| Some(acc ^ self.nimber_of_land(land)?))
    }

    pub fn insert_nimber(&mut self, position: &Position, nimber: u32) {
        self.put_nimber(position.key().into(), nimber);
    }

    /// Whether a position is lost for the player to move in misère play, if known.
    pub fn misere_losing(&self, position: &Position) -> Option<bool> {
        self.misere_losing_key(&position.key())
    }

    pub(crate) fn misere_losing_key(&self, key: &[u8]) -> Option<bool> {
        self.misere.get(key).copied()
    }

    pub fn insert_misere(&mut self, position: &Position, losing: bool) {
        self.put_misere(position.key().into(), losing);
    }

    pub(crate) fn insert_misere_key(&mut self, key: Vec<u8>, losing: bool) {
        self.put_misere(key.into(), losing);
    }

    /// Every stored nimber, sorted by position key.
    pub fn nimbers(&self) -> Vec<(Position, u32)> {
        let mut out: Vec<(&[u8], u32)> = self.normal.iter().map(|(k, &v)| (&**k, v)).collect();
        out.sort_unstable();
        out.into_iter()
            .filter_map(|(k, v)| Some((Position::from_checked_key(k)?, v)))
            .collect()
    }

    /// Every stored misère outcome (true = lost for the player to move), sorted by position key.
    pub fn misere_outcomes(&self) -> Vec<(Position, bool)> {
        let mut out: Vec<(&[u8], bool)> = self.misere.iter().map(|(k, &v)| (&**k, v)).collect();
        out.sort_unstable();
        out.into_iter()
            .filter_map(|(k, v)| Some((Position::from_checked_key(k)?, v)))
            .collect()
    }

    /// Adds `other`'s entries. Where both bases know a position and disagree, ours is kept and the
    /// disagreement is reported.
    pub fn merge(&mut self, other: &Base) -> Vec<Conflict> {
        let name =
            |k: &[u8]| Position::from_key(k).map_or_else(|| format!("{k:?}"), |p| p.to_string());
        let mut conflicts = Vec::new();
        for (k, &v) in &other.normal {
            match self.normal.get(k) {
                Some(&mine) if mine != v => conflicts.push(Conflict {
                    position: name(k),
                    kept: format!("nimber {mine}"),
                    other: format!("nimber {v}"),
                }),
                Some(_) => {}
                None => {
                    self.put_nimber(k.clone(), v);
                }
            }
        }
        let outcome = |losing: bool| if losing { "misère P" } else { "misère N" };
        for (k, &v) in &other.misere {
            match self.misere.get(k) {
                Some(&mine) if mine != v => conflicts.push(Conflict {
                    position: name(k),
                    kept: outcome(mine).into(),
                    other: outcome(v).into(),
                }),
                Some(_) => {}
                None => {
                    self.put_misere(k.clone(), v);
                }
            }
        }
        conflicts.sort_by(|a, b| a.position.cmp(&b.position));
        conflicts
    }

    /// GLOP's text format: the header, then `<position> <nimber>` lines; misère outcomes follow in
    /// a section of our own.
    pub fn to_glop_text(&self) -> String {
        let mut out = format!("{GLOP_HEADER}\n");
        for (position, nimber) in self.nimbers() {
            out.push_str(&format!("{position} {nimber}\n"));
        }
        if !self.misere.is_empty() {
            out.push_str(&format!("{MISERE_HEADER}\n"));
            for (position, losing) in self.misere_outcomes() {
                out.push_str(&format!("{position} {}\n", if losing { "P" } else { "N" }));
            }
        }
        out
    }

    /// Reads the text format (either position notation). Positions are canonicalized; one that is
    /// given twice with different values is an error.
    pub fn from_glop_text(text: &str) -> Result<Base, BaseError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut base = Base::new();
        let mut section: Option<bool> = None; // Some(false) nimbers, Some(true) misère
        for (index, line) in text.lines().enumerate() {
            let line_no = index + 1;
            let err = |message: String| BaseError::Text {
                line: line_no,
                message,
            };
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            if line == GLOP_HEADER {
                section = Some(false);
                continue;
            }
            if line == MISERE_HEADER {
                section = Some(true);
                continue;
            }
            let Some(misere) = section else {
                return Err(err(format!("expected the header {GLOP_HEADER}")));
            };
            let (text, value) = line
                .rsplit_once(char::is_whitespace)
                .ok_or_else(|| err("expected `<position> <value>`".into()))?;
            let position: Position = text
                .trim()
                .parse()
                .map_err(|e| err(format!("position {}: {e}", quote(text.trim()))))?;
            if misere {
                let losing = match value {
                    "P" => true,
                    "N" => false,
                    _ => {
                        return Err(err(format!(
                            "misère outcome must be N or P, found {}",
                            quote(value)
                        )))
                    }
                };
                if base.misere_losing(&position).is_some_and(|v| v != losing) {
                    return Err(err(format!(
                        "{position} is listed twice with different outcomes"
                    )));
                }
                base.insert_misere(&position, losing);
            } else {
                let nimber: u32 = value
                    .parse()
                    .map_err(|_| err(format!("nimber must be a number, found {}", quote(value))))?;
                if base
                    .normal
                    .get(position.key().as_slice())
                    .is_some_and(|&v| v != nimber)
                {
                    return Err(err(format!(
                        "{position} is listed twice with different nimbers"
                    )));
                }
                base.insert_nimber(&position, nimber);
            }
        }
        Ok(base)
    }

    /// Compact binary form (bincode of sorted canonical keys).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut normal: Vec<(Vec<u8>, u32)> =
            self.normal.iter().map(|(k, &v)| (k.to_vec(), v)).collect();
        normal.sort_unstable();
        let mut misere: Vec<(Vec<u8>, bool)> =
            self.misere.iter().map(|(k, &v)| (k.to_vec(), v)).collect();
        misere.sort_unstable();
        let file = BinaryBase {
            magic: BINARY_MAGIC.into(),
            version: BINARY_VERSION,
            normal,
            misere,
        };
        // Writing strings, numbers and lists to memory with no size limit has no way to fail (an empty
        // file here would lose the base without a word).
        binary_write_options()
            .serialize(&file)
            .expect("a base serialises to memory")
    }

    /// Reads a base in either format, recognised from its content: Sprague's binary base, or GLOP
    /// text (which may start with a byte-order mark or blank lines). At most [`MAX_BASE_BYTES`].
    pub fn read(bytes: &[u8]) -> Result<Base, BaseError> {
        if bytes.len() > MAX_BASE_BYTES {
            return Err(too_large());
        }
        match sniff(&bytes[..bytes.len().min(SNIFF_BYTES)])? {
            Format::Binary => Base::from_bytes(bytes),
            Format::Text => {
                let text = std::str::from_utf8(bytes).map_err(|e| {
                    let line = bytes[..e.valid_up_to()]
                        .iter()
                        .filter(|&&b| b == b'\n')
                        .count();
                    BaseError::Text {
                        line: line + 1,
                        message: "not UTF-8 text".into(),
                    }
                })?;
                if text.trim_start_matches('\u{feff}').trim().is_empty() {
                    return Err(BaseError::Format(format!(
                        "the file holds only blank lines: not a base (expected {GLOP_HEADER})"
                    )));
                }
                Base::from_glop_text(text)
            }
        }
    }

    /// [`Base::read`] from a file or stream: the format is recognised from the first bytes before
    /// the rest is read, and no more than [`MAX_BASE_BYTES`] are read (`/dev/zero` is refused at
    /// once, an endless text stream after 1 GiB).
    pub fn read_from(mut reader: impl Read) -> Result<Base, BaseError> {
        let io = |e: std::io::Error| BaseError::Format(format!("cannot read the base: {e}"));
        let mut bytes = Vec::new();
        reader
            .by_ref()
            .take(SNIFF_BYTES as u64)
            .read_to_end(&mut bytes)
            .map_err(io)?;
        sniff(&bytes)?;
        reader
            .take((MAX_BASE_BYTES + 1 - bytes.len()) as u64)
            .read_to_end(&mut bytes)
            .map_err(io)?;
        Base::read(&bytes)
    }

    /// Reads [`Base::to_bytes`] output, checking that every key is a canonical position.
    pub fn from_bytes(bytes: &[u8]) -> Result<Base, BaseError> {
        Base::from_bytes_in_share(bytes, 0, 1)
    }

    /// [`Base::from_bytes`] by one of `readers` readers of the same bytes that share the checking of
    /// the keys (a canonical form each, most of the time of a read): this one checks the keys whose
    /// index in the file (nimbers first, then misère outcomes) is `reader` modulo `readers`, and
    /// leaves the others to the other readers. The base read is whole only once every reader has read
    /// its share without an error (the web workers that check a file in parts each read it so).
    pub fn from_bytes_in_share(
        bytes: &[u8],
        reader: usize,
        readers: usize,
    ) -> Result<Base, BaseError> {
        let readers = readers.max(1);
        Base::decode(bytes, |index, key| {
            index % readers != reader || Position::from_key(key).is_some()
        })
    }

    /// Reads [`Base::to_bytes`] output that this program wrote itself (the base shipped with the app,
    /// or one it stored): keys are not re-canonicalised, which costs a canonical form per entry (1.7 s
    /// for the shipped base natively, against 0.1 s for the rest). Nothing is lost by trusting them: a
    /// key that is not canonical is never looked up. Files from elsewhere go through [`Base::from_bytes`].
    pub fn from_own_bytes(bytes: &[u8]) -> Result<Base, BaseError> {
        Base::decode(bytes, |_, _| true)
    }

    /// Reads the binary form; `valid(index, key)` tells whether the entry at `index` (nimbers first,
    /// then misère outcomes) has a key to accept.
    fn decode(bytes: &[u8], valid: impl Fn(usize, &[u8]) -> bool) -> Result<Base, BaseError> {
        let file: BinaryBase = binary_options()
            .deserialize(bytes)
            .map_err(|e| BaseError::Binary(format!("damaged or truncated ({e})")))?;
        if file.magic != BINARY_MAGIC || file.version != BINARY_VERSION {
            return Err(BaseError::Binary(
                "not a Sprouts base (bad magic or version)".into(),
            ));
        }
        let invalid =
            |key: &[u8]| BaseError::Binary(format!("not a canonical position: {}", key_name(key)));
        // A key given twice with different values is refused, as in the text format.
        let twice = |key: &[u8], what: &str, a: String, b: String| {
            BaseError::Binary(format!(
                "{} is listed twice with different {what} ({a} and {b})",
                key_name(key)
            ))
        };
        let outcome = |losing: bool| if losing { "P" } else { "N" }.to_string();
        let mut base = Base::new();
        let nimbers = file.normal.len();
        for (index, (key, nimber)) in file.normal.into_iter().enumerate() {
            if !valid(index, &key) {
                return Err(invalid(&key));
            }
            match base.normal.get(key.as_slice()) {
                Some(&v) if v != nimber => {
                    return Err(twice(&key, "nimbers", v.to_string(), nimber.to_string()))
                }
                _ => base.put_nimber(key.into(), nimber),
            }
        }
        for (index, (key, losing)) in file.misere.into_iter().enumerate() {
            if !valid(nimbers + index, &key) {
                return Err(invalid(&key));
            }
            match base.misere.get(key.as_slice()) {
                Some(&v) if v != losing => {
                    return Err(twice(&key, "misère outcomes", outcome(v), outcome(losing)))
                }
                _ => base.put_misere(key.into(), losing),
            }
        }
        Ok(base)
    }
}

fn too_large() -> BaseError {
    BaseError::Format(format!(
        "the file is larger than {} MiB: not a base Sprague reads",
        MAX_BASE_BYTES >> 20
    ))
}
