//! Export and import of stored bases. Sprouts bases travel as GLOP's text format or Sprague's binary one;
//! nim-value bases as a short text format (`[Nim values]`, `game <code>`, then `<heap> <value>` lines).
//! An import is checked before anything is stored: a Sprouts base entry by entry against the rules
//! (`check_base`) and against what this browser already knows (conflicts), nim values against values
//! recomputed from the rules. A file that fails changes nothing.

use super::graph_job;
use super::protocol::{import_size_refusal, ExportFormat};
use super::sprouts_job;
use crate::store::{BaseKind, Store, StoredBase};
use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::graph::{GraphSolver, GRAPH_BASE_MAGIC as GRAPH_MAGIC};
use sprague_engine::solve::sprouts::{name_some, Base, CheckReport, GLOP_HEADER, MISERE_HEADER};

/// The first line of the nim-values text format.
pub const NIM_HEADER: &str = "[Nim values]";

/// A file to hand to the user.
pub struct ExportedFile {
    pub file_name: String,
    pub bytes: Vec<u8>,
}

/// The stored base `name` in `format`.
pub async fn export(name: &str, format: ExportFormat) -> Result<ExportedFile, String> {
    let store = Store::open().await.map_err(|e| e.to_string())?;
    let base = store
        .get_base(name)
        .await
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("there is no stored base called “{name}”"))?;
    match (base.kind, format) {
        (BaseKind::SproutsBase, ExportFormat::Text) => Ok(ExportedFile {
            file_name: "sprouts-base.txt".into(),
            bytes: sprouts_base(&base)?.to_glop_text().into_bytes(),
        }),
        (BaseKind::GraphBase, ExportFormat::Binary) => Ok(ExportedFile {
            file_name: "graph-base.bin".into(),
            bytes: base.data,
        }),
        (BaseKind::SproutsBase, ExportFormat::Binary) => Ok(ExportedFile {
            file_name: "sprouts-base.bin".into(),
            bytes: base.data,
        }),
        (BaseKind::NimSequence, ExportFormat::Text) => {
            let mut text = format!("{NIM_HEADER}\ngame {}\n", base.game);
            for (heap, pair) in base.data.chunks_exact(2).enumerate() {
                text.push_str(&format!(
                    "{heap} {}\n",
                    u16::from_le_bytes([pair[0], pair[1]])
                ));
            }
            Ok(ExportedFile {
                file_name: format!("nim-values-{}.txt", base.game.replace(['!', '?', '='], "")),
                bytes: text.into_bytes(),
            })
        }
        (_, format) => Err(format!("a {name} base cannot be exported as “{format}”")),
    }
}

/// What an import file holds, once read.
pub enum Import {
    Sprouts(Base),
    /// A Node Kayles base in the engine's format (checked entry by entry when loaded).
    Graph(Vec<u8>),
    NimValues {
        game: HeapGame,
        values: Vec<u16>,
    },
}

/// Reads an import file, recognising its format from its content.
pub fn read(bytes: &[u8]) -> Result<Import, String> {
    read_in_share(bytes, 0, 1)
}

/// [`read`] by one of `readers` workers that read the same file and share the checking of a binary
/// Sprouts base's keys ([`Base::from_bytes_in_share`]): the base read is whole only once every one
/// of them has read it without an error.
pub fn read_in_share(bytes: &[u8], reader: usize, readers: usize) -> Result<Import, String> {
    if let Some(refusal) = import_size_refusal(bytes.len() as u64) {
        return Err(refusal);
    }
    let text = std::str::from_utf8(bytes).ok();
    let first_line = text
        .and_then(|t| t.lines().find(|l| !l.trim().is_empty()))
        .map(str::trim);
    match (text, first_line) {
        (Some(text), Some(GLOP_HEADER | MISERE_HEADER)) => Base::from_glop_text(text)
            .map(Import::Sprouts)
            .map_err(|e| format!("this GLOP base cannot be read: {e}")),
        (Some(text), Some(NIM_HEADER)) => read_nim_values(text),
        _ if bytes.starts_with(GRAPH_MAGIC) => Ok(Import::Graph(bytes.to_vec())),
        _ => Base::from_bytes_in_share(bytes, reader, readers).map(Import::Sprouts).map_err(|_| {
            "this file is not a base Sprague reads: expected GLOP's text format ([Positions+Nimber]), \
             Sprague's binary Sprouts or graph base, or a nim-values text file ([Nim values])"
                .to_string()
        }),
    }
}

fn read_nim_values(text: &str) -> Result<Import, String> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .skip(1);
    let (_, game_line) = lines.next().ok_or("line 2: expected `game <code>`")?;
    let code = game_line
        .trim()
        .strip_prefix("game ")
        .ok_or("line 2: expected `game <code>`")?;
    let game: HeapGame = code
        .trim()
        .parse()
        .map_err(|e| format!("line 2: “{code}” is not a game code: {e}"))?;
    let mut values = Vec::new();
    for (index, line) in lines {
        let line_no = index + 1;
        let (heap, value) = line
            .trim()
            .split_once(char::is_whitespace)
            .ok_or_else(|| format!("line {line_no}: expected `<heap> <value>`"))?;
        let heap: usize = heap
            .parse()
            .map_err(|_| format!("line {line_no}: “{heap}” is not a heap size"))?;
        let value: u16 = value
            .trim()
            .parse()
            .map_err(|_| format!("line {line_no}: “{}” is not a value", value.trim()))?;
        if heap != values.len() {
            return Err(format!(
                "line {line_no}: expected heap {} next, found heap {heap}",
                values.len()
            ));
        }
        values.push(value);
    }
    Ok(Import::NimValues { game, values })
}

/// Merges what the check verified of an imported Sprouts base (`claimed` entries) into the stored base;
/// the text says what happened. A file with a wrong entry, or with values that disagree with this
/// browser's base, changes nothing.
pub async fn import_sprouts(
    claimed: usize,
    report: CheckReport,
    verified: Base,
) -> Result<String, String> {
    if !report.wrong.is_empty() {
        return Err(format!(
            "nothing was imported: {} entr{} contradict the rules of Sprouts, e.g. {}",
            report.wrong.len(),
            if report.wrong.len() == 1 { "y" } else { "ies" },
            name_some(&report.wrong)
        ));
    }
    let mut merged = sprouts_job::take_base().await;
    let before = merged.normal_len() + merged.misere_len();
    let mut trial = merged.clone();
    let conflicts = trial.merge(&verified);
    if !conflicts.is_empty() {
        sprouts_job::give_back(merged);
        let quoted: Vec<String> = conflicts
            .iter()
            .map(|c| format!("{}: here {}, in the file {}", c.position, c.kept, c.other))
            .collect();
        return Err(format!(
            "nothing was imported: {} position{} have other values in this browser's base, e.g. {}",
            conflicts.len(),
            if conflicts.len() == 1 { "" } else { "s" },
            name_some(&quoted)
        ));
    }
    merged = trial;
    let after = merged.normal_len() + merged.misere_len();
    let saved = sprouts_job::store_merged(&mut merged).await;
    sprouts_job::give_back(merged);
    sprouts_job::note_stored(saved.map_err(|e| e.to_string())?);
    let mut text = format!(
        "Checked {claimed} entries against the rules of Sprouts: {} verified ({} of them computed by the solver); \
         {} new entries stored, the rest already known.",
        report.verified,
        report.computed,
        after - before,
    );
    if !report.unverifiable.is_empty() {
        text.push_str(&format!(
            " {} could not be verified within the solver's budget and were left out, e.g. {}.",
            report.unverifiable.len(),
            name_some(&report.unverifiable)
        ));
    }
    Ok(text)
}

/// Why a Sprouts base file that its check in parts found wrong is not imported: the wrong entries with
/// the fewest lives are named (the entries built on them were not examined further).
pub fn refusal_in_parts(wrong: &[String]) -> String {
    format!(
        "nothing was imported: the file has entries that contradict the rules of Sprouts, e.g. {} \
         (entries whose proofs rest on these were not checked further)",
        name_some(wrong)
    )
}

/// Checks an imported graph base and adds it to the worker's: every entry is re-derived from the rules;
/// a file with any wrong entry changes nothing.
pub async fn import_graph(bytes: &[u8]) -> Result<String, String> {
    let mut trial = GraphSolver::default();
    let checked = trial
        .load_bytes(bytes)
        .map_err(|e| format!("this graph base cannot be read: {e}"))?;
    if checked.wrong > 0 {
        return Err(format!(
            "nothing was imported: {} entr{} contradict the rules of Node Kayles, e.g. {}",
            checked.wrong,
            if checked.wrong == 1 { "y" } else { "ies" },
            name_some(&checked.wrong_examples)
        ));
    }
    let mut solver = graph_job::take_solver().await;
    let added = solver.load_bytes(bytes);
    let saved = graph_job::save(&mut solver).await;
    graph_job::give_back(solver);
    let added = added.map_err(|e| e.to_string())?;
    saved?;
    let mut text = format!(
        "Imported a graph base: {} nimbers and {} misère outcomes confirmed from the rules ({} new).",
        checked.nimbers,
        checked.misere,
        added.nimbers + added.misere
    );
    if checked.unconfirmed > 0 {
        text.push_str(&format!(
            " {} entries were left out: the file lacks the positions that prove them.",
            checked.unconfirmed
        ));
    }
    Ok(text)
}

fn sprouts_base(stored: &StoredBase) -> Result<Base, String> {
    Base::from_own_bytes(&stored.data)
        .map_err(|e| format!("the stored Sprouts base is damaged: {e}"))
}
