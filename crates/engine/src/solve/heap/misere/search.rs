//! Exact misère outcomes by search on canonical multisets of heaps, with a memo of every position decided.
//!
//! The search keeps its state as data (an explicit stack of frames), so it can run in slices: `run(budget)`
//! does at most `budget` new positions and returns, and the next call goes on where it stopped. Depth is
//! bounded by the number of tokens, never by Rust's call stack.
//!
//! A position is a P-position in misère play iff it has at least one move and every move leads to an
//! N-position; a position without moves is an N-position (the player to move has already won).
//!
//! What decides a position without expanding it (all exact):
//! - the tame rule, when every heap is in the hereditarily tame prefix (misère Nim on the genera);
//! - a shortcut (a proven misère quotient), when every heap is within its bound;
//! - `one_move`: one heap beyond the first shortcut's bound plus covered heaps, with a split of the large
//!   heap into a covered P-position;
//! - the memo (`memo`: exact packed keys).
//!
//! What only orders the search (never decides): guesses per (large heap, covered part's element) from
//! positions already decided (`predict`), then the normal-play nim-sum. Orders matter: the first option
//! found P ends an N-position's expansion.

use super::error::MisereError;
use super::genera::GenusTable;
use super::genus::Genus;
use super::memo::Memo;
use super::one_move::OneMoveWins;
use super::predict::Predictor;
use super::reduce::{HeapTable, Key};
use super::shortcut::Shortcut;
use super::small_part::{product_table, SmallPart};
use super::tame::tame_sum_outcome;
use crate::games::heap::HeapGame;
use crate::solve::heap::{NimSequence, Outcome};

/// What a slice of work ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeapMisereStep {
    /// The root's outcome is known.
    Done(Outcome),
    /// The budget ran out; call `run` again to go on.
    Pending,
}

/// One position on the stack: its options not decided when it was expanded, ordered, and the next one
/// to look at. Options are kept as moves and built when looked at: an N-position usually needs only
/// its first.
#[derive(Debug)]
struct Frame {
    key: Key,
    moves: Vec<Move>,
    next: usize,
    /// Moves `..known_open` were found undecided when the frame was made, and nothing decided since
    /// (no option searched below a frame of its own) can have changed that: they need no new look-up.
    known_open: usize,
}

/// A move of a frame's position: option `option` of the heap at index `heap` of its key.
#[derive(Clone, Copy, Debug)]
struct Move {
    heap: u16,
    option: u32,
}

/// Likeliness ranks (see `likeliness`) whose options are probed in the memo as a position is expanded;
/// options guessed N are only probed if the frame gets to them.
const PROBED_AT_ONCE: u8 = 2;

/// Positions searched between two questions to the caller's `keep_going` (a few milliseconds' work).
const SLICE: u64 = 1 << 16;

/// A misère search for one game: the heap table, the memo, and the stack of the search in progress.
#[derive(Debug)]
pub struct HeapMisereSearch {
    table: HeapTable,
    normal: NimSequence,
    /// Outcome of every position decided so far: `true` for a P-position.
    memo: Memo,
    stack: Vec<Frame>,
    root: Option<Key>,
    /// Positions expanded since the search was created.
    nodes: u64,
    /// Genera of heaps `0..len`, all hereditarily tame: a position made only of these is decided at once
    /// by the tame rule (misère Nim on the genera) instead of being searched.
    tame_heaps: Vec<Genus>,
    /// Monoids proven to give the right outcome on part of the positions: positions within that part are
    /// decided by their arithmetic instead of being searched.
    shortcuts: Vec<Shortcut>,
    /// Guesses of options' outcomes from positions decided so far (ordering only).
    predictor: Predictor,
    /// Positions of one large heap plus covered heaps won by a move into the covered part.
    one_move: OneMoveWins,
    /// The first shortcut's multiplication table, and a buffer for the covered part of a position.
    product: Vec<Vec<u32>>,
    small: SmallPart,
}

/// Largest heap considered for the tame prefix, and the genus-walk budget spent looking for it.
const TAME_PREFIX_MAX: usize = 64;
const TAME_PREFIX_BUDGET: u64 = 20_000;

/// Genera of the longest run of heaps `0, 1, 2, …` that are all hereditarily tame (within a small budget).
fn tame_prefix(game: &HeapGame) -> Vec<Genus> {
    let mut table = GenusTable::new(game);
    let mut prefix = Vec::new();
    for n in 0..=TAME_PREFIX_MAX {
        let left = TAME_PREFIX_BUDGET.saturating_sub(table.nodes());
        match table.genus(&[n], left) {
            Ok(entry) if entry.tame => prefix.push(entry.genus),
            _ => break,
        }
    }
    prefix
}

impl HeapMisereSearch {
    pub fn new(game: &HeapGame) -> Self {
        HeapMisereSearch {
            table: HeapTable::misere_equivalent(game),
            normal: NimSequence::new(game),
            memo: Memo::default(),
            stack: Vec::new(),
            root: None,
            nodes: 0,
            tame_heaps: tame_prefix(game),
            shortcuts: Vec::new(),
            predictor: Predictor::default(),
            one_move: OneMoveWins::default(),
            product: Vec::new(),
            small: SmallPart::default(),
        }
    }

    pub fn shortcuts(&self) -> &[Shortcut] {
        &self.shortcuts
    }

    /// Decide the positions each shortcut covers by its arithmetic (the caller vouches for it).
    pub fn set_shortcuts(&mut self, shortcuts: Vec<Shortcut>) {
        self.shortcuts = shortcuts;
        self.predictor = Predictor::default();
        self.one_move = OneMoveWins::default();
        self.product = self.shortcuts.first().map_or_else(Vec::new, product_table);
        self.cover_one_move();
    }

    /// Table the one-move wins of every heap covered so far.
    fn cover_one_move(&mut self) {
        if let Some(shortcut) = self.shortcuts.first() {
            self.one_move.cover(shortcut, &self.table);
        }
    }

    /// The same search on heaps replaced only by identical games (no misère equivalences: pairs of `*`
    /// kept, `* + *` heaps kept), for cross-checks.
    pub fn identical_games_only(game: &HeapGame) -> Self {
        HeapMisereSearch {
            table: HeapTable::new(game),
            ..HeapMisereSearch::new(game)
        }
    }

    /// The same search without the tame shortcut: every position is searched (for cross-checks).
    pub fn without_tame_rule(game: &HeapGame) -> Self {
        let mut search = HeapMisereSearch::new(game);
        search.tame_heaps.clear();
        search
    }

    /// How many of the smallest heaps are decided by the tame rule (heaps `0..n`).
    pub fn tame_heaps(&self) -> usize {
        self.tame_heaps.len()
    }

    /// Outcome of a position if decided: by rule (not remembered, and cheaper than a memo probe, which
    /// is usually a cache miss), else by the memo. `true` for P.
    fn decided(&self, key: &[u16]) -> Option<bool> {
        self.tame_outcome(key)
            .or_else(|| self.wins_at_once(key).then_some(false))
            .or_else(|| self.memo.get(key))
    }

    /// One heap beyond the first shortcut plus covered heaps, with a move into a covered P-position.
    fn wins_at_once(&self, key: &[u16]) -> bool {
        self.shortcuts
            .first()
            .is_some_and(|shortcut| self.one_move.decides(shortcut, key))
    }

    /// Outcome by the tame rule when every heap of the key is in the tame prefix, or by the proven
    /// quotient when there is one covering the key.
    fn tame_outcome(&self, key: &[u16]) -> Option<bool> {
        if let Some(p) = self.shortcuts.iter().find_map(|s| s.outcome(key)) {
            return Some(p);
        }
        let largest = key.last().copied().unwrap_or(0) as usize;
        if largest >= self.tame_heaps.len() {
            return None;
        }
        let outcome = tame_sum_outcome(key.iter().map(|&h| &self.tame_heaps[h as usize]))?;
        Some(outcome == Outcome::P)
    }

    pub fn game(&self) -> &HeapGame {
        self.table.game()
    }

    /// Positions expanded so far (the work done), and positions whose outcome is remembered.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Memo look-ups so far.
    pub fn memo_probes(&self) -> u64 {
        self.memo.probes()
    }

    pub fn known_positions(&self) -> usize {
        self.memo.len()
    }

    /// The heap table (classes and options) of this game.
    pub fn table(&self) -> &HeapTable {
        &self.table
    }

    /// Canonical key of a position, checking sizes.
    pub fn key(&mut self, heaps: &[usize]) -> Result<Key, MisereError> {
        let key = self.table.key_with_values(&mut self.normal, heaps)?;
        self.cover_one_move();
        Ok(key)
    }

    /// Begin deciding `heaps` (dropping any search in progress, keeping the memo).
    pub fn start(&mut self, heaps: &[usize]) -> Result<(), MisereError> {
        let key = self.key(heaps)?;
        self.start_key(key);
        Ok(())
    }

    /// Begin deciding a position given by its key (its heaps must be covered).
    pub fn start_key(&mut self, key: Key) {
        self.stack.clear();
        self.root = Some(key.clone());
        if self.decided(&key).is_none() {
            self.push(key);
        }
    }

    /// Outcome already known for a key, without searching.
    pub fn known(&self, key: &[u16]) -> Option<Outcome> {
        self.decided(key).map(to_outcome)
    }

    /// Work on the current search for at most `budget` new positions.
    pub fn run(&mut self, budget: u64) -> HeapMisereStep {
        let stop_at = self.nodes.saturating_add(budget);
        let mut child: Vec<u16> = Vec::new();
        'frames: while let Some(top) = self.stack.last() {
            let mut next = top.next;
            while next < top.moves.len() {
                let Move { heap, option } = top.moves[next];
                let heap = heap as usize;
                let pieces = &self.table.heap_options(top.key[heap])[option as usize];
                self.table.option_into(&top.key, heap, pieces, &mut child);
                let known = if next < top.known_open {
                    None
                } else {
                    self.decided(&child)
                };
                match known {
                    // A move to a P-position: this one is an N-position.
                    Some(true) => {
                        self.finish(false);
                        continue 'frames;
                    }
                    Some(false) => next += 1,
                    None => {
                        let child: Key = child.as_slice().into();
                        self.stack.last_mut().expect("a frame").next = next;
                        if self.nodes >= stop_at {
                            return HeapMisereStep::Pending;
                        }
                        // Decided at once (most are): no need to look the child up again.
                        match self.push(child) {
                            Some(true) => self.finish(false),
                            Some(false) => self.stack.last_mut().expect("a frame").next = next + 1,
                            None => {
                                // The child's search will decide other positions.
                                let below = self.stack.len() - 2;
                                self.stack[below].known_open = 0;
                            }
                        }
                        continue 'frames;
                    }
                }
            }
            // Every option is an N-position (a frame has at least one option).
            self.finish(true);
        }
        match &self.root {
            Some(root) => HeapMisereStep::Done(self.known(root).expect("the root is decided")),
            None => HeapMisereStep::Done(Outcome::N),
        }
    }

    /// Decide `heaps` straight through, failing after `budget` new positions.
    pub fn outcome(&mut self, heaps: &[usize], budget: u64) -> Result<Outcome, MisereError> {
        self.outcome_until(heaps, budget, &mut |_| true)
    }

    /// Like [`outcome`](Self::outcome), asking `keep_going(positions so far)` every 65 536
    /// positions; `Cancelled` when it answers no (what was decided stays in the memo).
    pub fn outcome_until(
        &mut self,
        heaps: &[usize],
        budget: u64,
        keep_going: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Outcome, MisereError> {
        let key = self.key(heaps)?;
        self.outcome_of_key_until(key, budget, keep_going)
    }

    /// Decide a covered key straight through, failing after `budget` new positions.
    pub fn outcome_of_key(&mut self, key: Key, budget: u64) -> Result<Outcome, MisereError> {
        self.outcome_of_key_until(key, budget, &mut |_| true)
    }

    /// [`outcome_of_key`](Self::outcome_of_key) with a `keep_going` as in
    /// [`outcome_until`](Self::outcome_until).
    pub fn outcome_of_key_until(
        &mut self,
        key: Key,
        budget: u64,
        keep_going: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Outcome, MisereError> {
        if let Some(known) = self.known(&key) {
            return Ok(known);
        }
        let before = self.nodes;
        self.start_key(key);
        loop {
            let spent = self.nodes - before;
            if let HeapMisereStep::Done(outcome) = self.run((budget - spent).min(SLICE)) {
                return Ok(outcome);
            }
            let spent = self.nodes - before;
            if spent >= budget {
                self.stack.clear();
                return Err(MisereError::BudgetExhausted {
                    nodes: spent,
                    budget,
                });
            }
            if !keep_going(spent) {
                self.stack.clear();
                return Err(MisereError::Cancelled { nodes: spent });
            }
        }
    }

    /// Expand a position not yet decided. First, without building any option, the rules decide what they
    /// can: with a shortcut, the element of each option's covered part comes in constant time (see
    /// `small_part`), which decides options made only of covered heaps and those won at once (one large
    /// heap, `one_move`), and gives the guess for the others. An option decided P decides this position
    /// (an N-position) at once. The rest are built and probed in the memo, likeliest P first (guessed P,
    /// then no guess and a zero normal-play nim-sum, in Grundy's game where most misère winning moves
    /// are), and among equals fewest heaps beyond the shortcut, then smallest largest heap first (smaller
    /// game trees). If none is known P, the
    /// undecided ones become a frame in that order; if every option is known N, the position is P (N when
    /// it has no option).
    /// Returns the outcome (`true` for P) when decided without a frame.
    fn push(&mut self, key: Key) -> Option<bool> {
        self.nodes += 1;
        let values = self.normal.values();
        let nim_sum = key.iter().fold(0u16, |x, &h| x ^ values[h as usize]);
        let shortcut = self.shortcuts.first();
        let covered = shortcut.map_or(0, |s| self.small.load(s, &key));
        let large = key.len() - covered;
        let mut has_options = false;
        let mut wins_by_rule = false;
        // Options left for the memo: (likeliness, largest heap, heap index, option index).
        let mut to_probe: Vec<(u8, u16, usize, usize, u16)> = Vec::new();
        'options: for (i, &h) in key.iter().enumerate() {
            if i > 0 && key[i - 1] == h {
                continue; // the same heap again gives the same options
            }
            for (o, pieces) in self.table.heap_options(h).iter().enumerate() {
                has_options = true;
                let largest = largest_after(&key, i, pieces);
                let mut guess = None;
                let mut large_after = 0;
                if let Some(s) = shortcut {
                    large_after = large - usize::from(h >= s.below)
                        + pieces.iter().filter(|&&q| q >= s.below).count();
                    if large_after <= 1 {
                        let e = pieces
                            .iter()
                            .filter(|&&q| q < s.below)
                            .fold(self.small.without(&self.product, i), |x, &q| {
                                s.times[x as usize][q as usize]
                            });
                        if large_after == 0 {
                            if s.p[e as usize] {
                                wins_by_rule = true;
                                break 'options;
                            }
                            continue; // an N-position by the quotient
                        }
                        if self.one_move.wins(largest, e) {
                            continue; // an N-position, won at once
                        }
                        guess = self.predictor.guess_at(largest, e);
                    } else if large_after == 2 {
                        let e = pieces
                            .iter()
                            .filter(|&&q| q < s.below)
                            .fold(self.small.without(&self.product, i), |x, &q| {
                                s.times[x as usize][q as usize]
                            });
                        let kept = (covered..key.len()).filter(|&j| j != i).map(|j| key[j]);
                        let added = pieces.iter().copied().filter(|&q| q >= s.below);
                        let mut two = [0u16; 2];
                        for (slot, heap) in two.iter_mut().zip(kept.chain(added)) {
                            *slot = heap;
                        }
                        two.sort_unstable();
                        guess = self.predictor.guess_two(two, e);
                    }
                }
                let child_sum = pieces
                    .iter()
                    .fold(nim_sum ^ values[h as usize], |x, &q| x ^ values[q as usize]);
                to_probe.push((
                    likeliness(guess, child_sum),
                    largest,
                    i,
                    o,
                    large_after as u16,
                ));
            }
        }
        if wins_by_rule {
            self.remember(&key, false);
            return Some(false);
        }
        // Probed likeliest P first (a counting sort on the likeliness; the order within a rank only
        // matters for a frame, sorted below).
        // The options probed at once are built first (one buffer) and their memo slots prefetched, so
        // that the probes' cache misses overlap.
        let mut undecided: Vec<(u8, u16, u16, Move)> = Vec::new();
        let mut child: Vec<u16> = Vec::with_capacity(key.len() + 2);
        let mut built: Vec<u16> = Vec::with_capacity(to_probe.len() * (key.len() + 1));
        let mut ends: Vec<usize> = Vec::with_capacity(to_probe.len() + 1);
        ends.push(0);
        for &(rank, _, i, o, _) in &to_probe {
            if rank <= PROBED_AT_ONCE {
                let pieces = &self.table.heap_options(key[i])[o];
                self.table.option_into(&key, i, pieces, &mut child);
                self.memo.prefetch(&child);
                built.extend_from_slice(&child);
            }
            ends.push(built.len());
        }
        let tame_bound = self.tame_heaps.len();
        for rank in 0..4 {
            for (t, &(_, largest, i, o, large_after)) in
                to_probe.iter().enumerate().filter(|(_, t)| t.0 == rank)
            {
                let this = Move {
                    heap: i as u16,
                    option: o as u32,
                };
                if rank > PROBED_AT_ONCE {
                    undecided.push((rank, large_after, largest, this));
                    continue;
                }
                let child = &built[ends[t]..ends[t + 1]];
                // The shortcut's rules were applied above; only the tame rule and the memo are left.
                let known = if (largest as usize) < tame_bound {
                    self.tame_outcome(child)
                } else {
                    None
                };
                match known.or_else(|| self.memo.get(child)) {
                    // A move to a P-position: an N-position, decided without a frame.
                    Some(true) => {
                        self.remember(&key, false);
                        return Some(false);
                    }
                    Some(false) => {}
                    None => undecided.push((rank, large_after, largest, this)),
                }
            }
        }
        if undecided.is_empty() {
            // Every option is an N-position: P if there is one.
            self.remember(&key, has_options);
            return Some(has_options);
        }
        undecided
            .sort_unstable_by_key(|&(rank, large_after, largest, _)| (rank, large_after, largest));
        let known_open = undecided
            .iter()
            .take_while(|&&(rank, ..)| rank <= PROBED_AT_ONCE)
            .count();
        self.stack.push(Frame {
            key,
            moves: undecided.into_iter().map(|(_, _, _, m)| m).collect(),
            next: 0,
            known_open,
        });
        None
    }

    fn finish(&mut self, p: bool) {
        let frame = self.stack.pop().expect("a frame to finish");
        self.remember(&frame.key, p);
    }

    /// Record a searched position's outcome, in the memo and for the guesses.
    fn remember(&mut self, key: &[u16], p: bool) {
        self.memo.insert(key, p);
        if let Some(shortcut) = self.shortcuts.first() {
            self.predictor.learn(shortcut, key, p);
        }
    }

    /// How many (large heap, small part's element) pairs the guesses have met, and for how many both
    /// outcomes have been seen (there the guess abstains).
    pub fn guess_pairs(&self) -> (usize, usize) {
        self.predictor.mixed_and_total()
    }
}

/// How likely an option is to be P, 0 (likeliest) to 3: guessed P, no guess and a zero normal-play
/// nim-sum, no guess, guessed N.
fn likeliness(guess: Option<bool>, nim_sum: u16) -> u8 {
    match guess {
        Some(true) => 0,
        None if nim_sum == 0 => 1,
        None => 2,
        Some(false) => 3,
    }
}

/// The largest heap of `key` (sorted) once the heap at `index` is replaced by the (sorted) `pieces`.
fn largest_after(key: &[u16], index: usize, pieces: &[u16]) -> u16 {
    let kept = if index + 1 == key.len() {
        index.checked_sub(1).map(|j| key[j])
    } else {
        key.last().copied()
    };
    kept.max(pieces.last().copied()).unwrap_or(0)
}

fn to_outcome(p: bool) -> Outcome {
    if p {
        Outcome::P
    } else {
        Outcome::N
    }
}
