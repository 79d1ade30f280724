//! The teaching views' requests (`Request::Learn`): mex tables, nim-sum explanations, sequences with their
//! proven period, P-positions, and misère genera. The normal-play values come from the heap job (computed in
//! slices by the agent, kept in the game's base); what is built from them here is quick. The misère part is
//! a [`MisereJob`] of one heap or one cell a step, each bounded by a budget of positions.

use super::heap_job::HeapJob;
use super::protocol::{
    GenusAnswer, LearnAnswer, LearnOption, LearnQuery, MexRow, MexTable, MisereHeap, MisereTable,
    NimSumAnswer, Outcome, PPositionsAnswer, PeriodProof, SequenceAnswer,
};
use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::heap::misere::{GenusEntry, GenusTable, MisereError};
use sprague_engine::solve::heap::{find_period, p_positions, NimSequence};
use std::cell::RefCell;
use std::collections::HashMap;

/// Most rows in one mex table, the largest heap it shows, and the most options it lists in all.
pub const MAX_MEX_ROWS: u64 = 200;
pub const MAX_MEX_HEAP: u64 = 5_000;
const MAX_MEX_OPTIONS: usize = 50_000;
/// Most heaps in an explained position.
pub const MAX_NIMSUM_HEAPS: usize = 24;
/// Most winning moves sent for one position (a big heap can have thousands).
pub const MAX_LISTED_MOVES: usize = 200;
/// Most values sent for a plot, and how far the worker looks for a proof of periodicity.
pub const MAX_PLOT: u64 = 1 << 16;
pub const PROOF_LIMIT: u64 = 1 << 18;
/// Largest totals of the P-position lists.
pub const MAX_P_TOTAL: u64 = 500;
pub const MAX_P_TRIPLE_TOTAL: u64 = 120;
/// Misère view: heaps `0..=to`, the two-heap table, the position asked.
pub const MAX_MISERE_TO: u64 = 60;
pub const MAX_MISERE_TABLE: u64 = 20;
const MAX_MISERE_POSITION: usize = 12;
/// Positions one genus may evaluate (a heap's or a cell's); beyond it the entry is shown as unknown.
const GENUS_BUDGET: u64 = 300_000;

thread_local! {
    /// Genus tables by game, kept for the worker's lifetime.
    static GENERA: RefCell<HashMap<String, GenusTable>> = RefCell::new(HashMap::new());
}

/// Largest heap whose moves are listed for a code that leaves three heaps (O(n²) moves a heap).
pub const MAX_THREE_HEAP_MOVES: u64 = 600;

/// Checks a query's sizes before any work; returns the largest heap whose normal value is needed.
pub fn check(code: &str, query: &LearnQuery) -> Result<u64, String> {
    let heap = check_sizes(query)?;
    let game: HeapGame = code
        .trim()
        .parse()
        .map_err(|error| format!("“{code}” is not a game code: {error}"))?;
    // Codes that split a heap in three have O(n²) moves a heap: list them for small heaps only.
    let listed = match query {
        LearnQuery::Mex { to, .. } => *to,
        LearnQuery::NimSum { heaps } => heaps.iter().copied().max().unwrap_or(0),
        _ => 0,
    };
    if game.max_heaps_left() >= 3 && listed > MAX_THREE_HEAP_MOVES {
        return Err(format!(
            "{game} can split a heap in three, so a heap of {listed} has too many moves to list here: \
             at most {MAX_THREE_HEAP_MOVES}"
        ));
    }
    Ok(heap)
}

fn check_sizes(query: &LearnQuery) -> Result<u64, String> {
    match query {
        LearnQuery::Mex { from, to } => {
            if from > to {
                return Err(format!("the range {from}–{to} is empty: the first heap must not be larger than the last"));
            }
            if *to > MAX_MEX_HEAP {
                return Err(format!(
                    "heap {to} is too large for a mex table: at most {MAX_MEX_HEAP}"
                ));
            }
            if to - from + 1 > MAX_MEX_ROWS {
                return Err(format!(
                    "{} rows are too many for a mex table: at most {MAX_MEX_ROWS}",
                    to - from + 1
                ));
            }
            Ok(*to)
        }
        LearnQuery::NimSum { heaps } => {
            if heaps.is_empty() {
                return Err("enter at least one heap, e.g. 5.7.9".into());
            }
            if heaps.len() > MAX_NIMSUM_HEAPS {
                return Err(format!(
                    "a position of {} heaps is too large to explain: at most {MAX_NIMSUM_HEAPS}",
                    heaps.len()
                ));
            }
            let largest = heaps.iter().copied().max().unwrap_or(0);
            if largest > super::MAX_HEAP {
                return Err(format!(
                    "heap {largest} is too large: this app computes heaps up to {}",
                    super::MAX_HEAP
                ));
            }
            Ok(largest)
        }
        LearnQuery::Sequence { to } => {
            if *to > MAX_PLOT {
                return Err(format!("{to} is too far to plot: at most {MAX_PLOT}"));
            }
            Ok(*to)
        }
        LearnQuery::PPositions {
            total,
            triple_total,
        } => {
            if *total > MAX_P_TOTAL {
                return Err(format!(
                    "total {total} is too large for the P-position lists: at most {MAX_P_TOTAL}"
                ));
            }
            if *triple_total > MAX_P_TRIPLE_TOTAL {
                return Err(format!(
                    "total {triple_total} is too large for the three-heap list: at most {MAX_P_TRIPLE_TOTAL}"
                ));
            }
            Ok(*total.max(triple_total))
        }
        LearnQuery::Misere {
            to,
            table,
            position,
        } => {
            if *to > MAX_MISERE_TO {
                return Err(format!(
                    "heap {to} is too large for the genus table: at most {MAX_MISERE_TO}"
                ));
            }
            if *table > MAX_MISERE_TABLE {
                return Err(format!(
                    "the outcome table goes up to {MAX_MISERE_TABLE} at most, not {table}"
                ));
            }
            if position.len() > MAX_MISERE_POSITION {
                return Err(format!(
                    "a position of {} heaps is too large here: at most {MAX_MISERE_POSITION}",
                    position.len()
                ));
            }
            if let Some(&big) = position.iter().find(|&&h| h > MAX_MISERE_TO) {
                return Err(format!(
                    "heap {big} is too large for the misère view: at most {MAX_MISERE_TO}"
                ));
            }
            Ok(*to.max(table).max(position.iter().max().unwrap_or(&0)))
        }
    }
}

/// For a sequence view: the next heap to compute to while no period is proven (`None`: stop looking).
pub fn look_further(job: &HeapJob, query: &LearnQuery) -> Option<u64> {
    let LearnQuery::Sequence { .. } = query else {
        return None;
    };
    let sequence = job.sequence();
    match find_period(sequence) {
        Ok(None) => {
            let len = sequence.len() as u64;
            (len < PROOF_LIMIT).then(|| (len * 2).clamp(1024, PROOF_LIMIT) - 1)
        }
        _ => None,
    }
}

/// The answer to a normal-play query, from a job whose values cover [`check`]'s heap.
pub fn answer(job: &HeapJob, query: &LearnQuery) -> Result<LearnAnswer, String> {
    let sequence = job.sequence();
    let game = job.game();
    let g = |n: usize| -> Result<u16, String> {
        sequence
            .value(n)
            .ok_or_else(|| format!("the value of heap {n} was not computed"))
    };
    let option = |removed: usize, pieces: &[usize]| -> Result<LearnOption, String> {
        let piece_values = pieces
            .iter()
            .map(|&p| g(p).map(u32::from))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(LearnOption {
            removed: removed as u64,
            pieces: pieces.iter().map(|&p| p as u64).collect(),
            value: piece_values.iter().fold(0, |x, v| x ^ v),
            piece_values,
        })
    };
    match query {
        LearnQuery::Mex { from, to } => {
            let mut rows = Vec::new();
            let mut listed = 0;
            for heap in *from as usize..=*to as usize {
                let moves = game.moves(heap);
                listed += moves.len();
                if listed > MAX_MEX_OPTIONS {
                    return Err(format!(
                        "these heaps have more than {MAX_MEX_OPTIONS} options in all: ask for fewer rows"
                    ));
                }
                let options = moves
                    .iter()
                    .map(|m| option(m.removed, &m.pieces))
                    .collect::<Result<Vec<_>, _>>()?;
                rows.push(MexRow {
                    heap: heap as u64,
                    mex: u32::from(g(heap)?),
                    options,
                });
            }
            Ok(LearnAnswer::Mex(MexTable {
                code: game.to_string(),
                rows,
            }))
        }
        LearnQuery::NimSum { heaps } => {
            // Each heap's moves, kept when they make the nim-sum 0. (Counted here rather than through the
            // engine's `analyze`, whose board coordinates cost O(n) a move on long rows of dots.)
            let heap_values = heaps
                .iter()
                .map(|&h| g(h as usize))
                .collect::<Result<Vec<u16>, _>>()?;
            let nimber = heap_values.iter().fold(0, |x, &v| x ^ v);
            let mut winning_moves = Vec::new();
            let mut winning_total = 0;
            if nimber != 0 {
                for (index, &heap) in heaps.iter().enumerate() {
                    let target = nimber ^ heap_values[index];
                    for heap_move in game.moves(heap as usize) {
                        let value = heap_move
                            .pieces
                            .iter()
                            .try_fold(0, |x, &p| g(p).map(|v| x ^ v))?;
                        if value != target {
                            continue;
                        }
                        winning_total += 1;
                        if winning_moves.len() < MAX_LISTED_MOVES {
                            winning_moves
                                .push((index, option(heap_move.removed, &heap_move.pieces)?));
                        }
                    }
                }
            }
            Ok(LearnAnswer::NimSum(NimSumAnswer {
                code: game.to_string(),
                heaps: heaps.clone(),
                heap_values: heap_values.iter().map(|&v| u32::from(v)).collect(),
                nimber: u32::from(nimber),
                winning_moves,
                winning_total,
            }))
        }
        LearnQuery::Sequence { to } => {
            Ok(LearnAnswer::Sequence(sequence_answer(game, sequence, *to)?))
        }
        LearnQuery::PPositions {
            total,
            triple_total,
        } => {
            let found = p_positions(sequence.values(), *total as usize, *triple_total as usize)
                .map_err(|error| error.to_string())?;
            let wide = |v: &[usize]| v.iter().map(|&n| n as u64).collect::<Vec<_>>();
            Ok(LearnAnswer::PPositions(PPositionsAnswer {
                code: game.to_string(),
                total: *total,
                single: wide(&found.single),
                pairs: found
                    .pairs
                    .iter()
                    .map(|&(a, b)| (a as u64, b as u64))
                    .collect(),
                triple_total: *triple_total,
                triples: found
                    .triples
                    .iter()
                    .map(|&(a, b, c)| (a as u64, b as u64, c as u64))
                    .collect(),
                classes: found
                    .classes
                    .iter()
                    .map(|class| (u32::from(class.value), wide(&class.heaps)))
                    .collect(),
            }))
        }
        LearnQuery::Misere { .. } => Err("the misère view is answered by a misère job".into()),
    }
}

fn sequence_answer(
    game: &HeapGame,
    sequence: &NimSequence,
    to: u64,
) -> Result<SequenceAnswer, String> {
    let values = sequence
        .values()
        .get(..=to as usize)
        .ok_or("the values were not computed")?
        .to_vec();
    let mask = sequence.mask();
    let rare_heaps = sequence
        .rare_heaps()
        .iter()
        .map(|&n| u64::from(n))
        .take_while(|&n| n <= to)
        .collect();
    let (period, no_period) = match find_period(sequence) {
        Ok(Some(found)) => {
            let g = sequence.values();
            let p = found.period;
            let n0 = found.preperiod;
            // The periodic pattern's value at n < n0 is g(m) for the m ≥ n0 with m ≡ n (mod p).
            let exceptions = (0..n0)
                .filter(|&n| g[n] != g[n + (n0 - n).div_ceil(p) * p])
                .map(|n| n as u64)
                .collect();
            let k = game.last_nonzero_index().unwrap_or(0) as u64;
            let h = u64::from(game.max_heaps_left().max(1));
            (
                Some(PeriodProof {
                    period: p as u64,
                    preperiod: n0 as u64,
                    exceptions,
                    k,
                    h,
                    values_needed: found.values_needed as u64,
                    max_value: u32::from(found.max_value),
                    max_value_at: found.max_value_at as u64,
                }),
                None,
            )
        }
        Ok(None) => (
            None,
            Some(format!(
                "no period is proven by the first {} values",
                sequence.len()
            )),
        ),
        Err(error) => (None, Some(error.to_string())),
    };
    Ok(SequenceAnswer {
        code: game.to_string(),
        values,
        period,
        no_period,
        mask,
        rare_heaps,
    })
}

/// The misère view's work, one heap or one two-heap cell a step.
pub struct MisereJob {
    key: String,
    table: Option<GenusTable>,
    to: u64,
    size: u64,
    position: Vec<u64>,
    heaps: Vec<MisereHeap>,
    cells: Vec<Vec<Option<GenusAnswer>>>,
    position_genus: Option<Result<GenusAnswer, String>>,
    done: u64,
    /// Smallest heap whose genus did not fit the budget: larger heaps (usually larger trees) are not tried.
    too_long_from: u64,
}

impl MisereJob {
    /// A job for a checked `Misere` query.
    pub fn start(code: &str, query: &LearnQuery) -> Result<MisereJob, String> {
        let LearnQuery::Misere {
            to,
            table,
            position,
        } = query
        else {
            return Err("not a misère query".into());
        };
        let game: HeapGame = code
            .trim()
            .parse()
            .map_err(|error| format!("“{code}” is not a game code: {error}"))?;
        let key = game.to_string();
        let table_now = GENERA
            .with(|tables| tables.borrow_mut().remove(&key))
            .unwrap_or_else(|| GenusTable::new(&game));
        Ok(MisereJob {
            key,
            table: Some(table_now),
            to: *to,
            size: *table,
            position: position.clone(),
            heaps: Vec::new(),
            cells: Vec::new(),
            position_genus: None,
            done: 0,
            too_long_from: u64::MAX,
        })
    }

    fn total(&self) -> u64 {
        let side = self.size + 1;
        (self.to + 1) + side * (side + 1) / 2 + u64::from(!self.position.is_empty())
    }

    pub fn is_done(&self) -> bool {
        self.done >= self.total()
    }

    pub fn progress(&self) -> (u64, u64) {
        (self.done, self.total())
    }

    /// One heap's genus, one cell's, or the position's.
    pub fn step(&mut self) -> Result<(), String> {
        let table = self.table.as_mut().ok_or("the job has finished")?;
        let heaps_total = self.to + 1;
        let side = self.size + 1;
        let cells_total = side * (side + 1) / 2;
        if self.done < heaps_total {
            let heap = self.done;
            let genus = if heap >= self.too_long_from {
                None
            } else {
                genus_of(table, &[heap as usize])?
            };
            if genus.is_none() {
                self.too_long_from = self.too_long_from.min(heap);
            }
            self.heaps.push(MisereHeap { heap, genus });
        } else if self.done < heaps_total + cells_total {
            // Cells row by row, a ≤ b; the table is filled symmetrically.
            let index = self.done - heaps_total;
            let (mut a, mut left) = (0, index);
            while left >= side - a {
                left -= side - a;
                a += 1;
            }
            let b = a + left;
            if self.cells.is_empty() {
                self.cells = vec![vec![None; side as usize]; side as usize];
            }
            let genus = if b >= self.too_long_from {
                None
            } else {
                genus_of(table, &[a as usize, b as usize])?
            };
            self.cells[a as usize][b as usize] = genus.clone();
            self.cells[b as usize][a as usize] = genus;
        } else {
            let sizes: Vec<usize> = self.position.iter().map(|&h| h as usize).collect();
            let too_long = self.position.iter().any(|&h| h >= self.too_long_from);
            self.position_genus = Some(
                match if too_long {
                    Ok(None)
                } else {
                    genus_of(table, &sizes)
                } {
                    Ok(Some(genus)) => Ok(genus),
                    Ok(None) => Err(format!(
                    "the genus of this position needs more than {GENUS_BUDGET} positions of work"
                )),
                    Err(message) => Err(message),
                },
            );
        }
        self.done += 1;
        Ok(())
    }

    /// Keeps the genus table for later requests.
    pub fn stop(mut self) {
        if let Some(table) = self.table.take() {
            GENERA.with(|tables| tables.borrow_mut().insert(self.key.clone(), table));
        }
    }

    pub fn finish(mut self) -> MisereTable {
        if let Some(table) = self.table.take() {
            GENERA.with(|tables| tables.borrow_mut().insert(self.key.clone(), table));
        }
        MisereTable {
            code: self.key,
            heaps: self.heaps,
            cells: self.cells,
            position: self.position,
            position_genus: self.position_genus,
        }
    }
}

/// The genus of a position, `None` when it needs more than the budget.
fn genus_of(table: &mut GenusTable, heaps: &[usize]) -> Result<Option<GenusAnswer>, String> {
    match table.genus(heaps, GENUS_BUDGET) {
        Ok(GenusEntry { genus, tame }) => Ok(Some(GenusAnswer {
            normal: u32::from(genus.normal),
            outcome: if genus.misere_value() == 0 {
                Outcome::P
            } else {
                Outcome::N
            },
            misere: genus.misere.iter().map(|&v| u32::from(v)).collect(),
            tame,
        })),
        Err(MisereError::BudgetExhausted { .. }) => Ok(None),
        Err(error) => Err(error.to_string()),
    }
}
