//! The messages between the page and the solver worker. Every request carries an id chosen by the page;
//! every response to it carries the same id, so a page can ignore answers to requests it has abandoned.

use crate::play::setup::Rules;
use serde::{Deserialize, Serialize};
use sprague_engine::draw::{CurveMove, Drawing, Point};
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::graph::GraphAnalysis;
use sprague_engine::solve::remoteness::{GraphMoveValue, HeapMoveValue, RemotenessReport};
use sprague_engine::solve::sprouts::{Detail, LearnedEntries, LevelKind, PartReport};

pub type RequestId = u32;

/// Largest base file accepted for import. The page refuses a larger file before reading it, and the
/// worker again before reading its content.
pub const MAX_IMPORT_BYTES: usize = 32 << 20;

/// Why a file of `len` bytes is not imported, if it is too large.
pub fn import_size_refusal(len: u64) -> Option<String> {
    (len > MAX_IMPORT_BYTES as u64).then(|| {
        format!(
            "the file is {:.1} MiB; at most {} MiB are accepted",
            len as f64 / 1_048_576.0,
            MAX_IMPORT_BYTES >> 20
        )
    })
}

/// How a stored base is exported: GLOP text (Sprouts), `position value` lines (nim values), or the
/// engine's binary form (Sprouts, graphs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExportFormat {
    Text,
    Binary,
}

impl std::fmt::Display for ExportFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ExportFormat::Text => "text",
            ExportFormat::Binary => "binary",
        })
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// The nim value (Grundy value) of one heap of the heap game with this code (`4!.0`, `0.137`, `grundy`…).
    HeapValue {
        id: RequestId,
        code: String,
        heap: u64,
    },
    /// Value, outcome and every winning move of a position of several heaps, in normal or misère play.
    Analyze {
        id: RequestId,
        code: String,
        heaps: Vec<u64>,
        rules: Rules,
    },
    /// Normal-play nimber or misère outcome of a Sprouts position (either GLOP notation), and which of its
    /// children win; with `remoteness` (the review asks, hints do not wait for it), also how long the
    /// game lasts with best play, when that search finds it within its budget.
    SproutsAnalyze {
        id: RequestId,
        position: Position,
        rules: Rules,
        remoteness: bool,
    },
    /// The computer's move in a Sprouts game: the exact answer (as `SproutsAnalyze`) if it comes within
    /// three quarters of `think_ms`, else the best moves a lookahead search finds in the time left.
    SproutsComputerMove {
        id: RequestId,
        position: Position,
        rules: Rules,
        think_ms: u32,
    },
    /// A Sprouts drawing: the start `position` drawn (`from` is `None`), or the move from the drawing
    /// `from` to its child `position`, routed as a curve.
    SproutsDraw {
        id: RequestId,
        from: Option<Drawing>,
        position: String,
    },
    /// The computer's move among `choices` (children of `from`'s position, in the order to try),
    /// drawn: see `engine::draw::draw_one_of`.
    SproutsDrawOneOf {
        id: RequestId,
        from: Drawing,
        choices: Vec<String>,
    },
    /// Exact mode of the Sprouts board: the moves between spots `a` and `b` of `drawing` (`a == b`: the
    /// loops), each with its curve.
    SproutsSpotMoves {
        id: RequestId,
        drawing: Drawing,
        a: usize,
        b: usize,
    },
    /// The hint's winning move `child` as a curve on `drawing` (or a move of the same game that can be
    /// drawn: `Drawing::route_equivalent`).
    SproutsHintCurve {
        id: RequestId,
        drawing: Drawing,
        child: String,
    },
    /// The moves from `drawing` to each of `children` (position strings) in words, read off the drawing
    /// ("join spot 1 to spot 3"): see `engine::draw::name_children`.
    SproutsMoveNames {
        id: RequestId,
        drawing: Drawing,
        children: Vec<String>,
    },
    /// Node Kayles: the nimber (normal play) or misère outcome of `graph` (its `n:u-v,…` form) after
    /// the vertices `moves` were marked in turn, each component's nimber, and every winning move.
    GraphAnalyze {
        id: RequestId,
        graph: String,
        moves: Vec<usize>,
        rules: Rules,
    },
    /// Read the Sprouts base now (a pool worker getting ready for its first share), answered
    /// `SproutsBaseRead`.
    ReadSproutsBase { id: RequestId },
    /// A pool worker's share of a Sprouts question the page's worker is answering: settle the
    /// children of `position` in share `part` (1 ≤ `part` < `parts`; the page's worker is part 0) —
    /// see `sprouts_job::helper_share`. Answered by `ChildrenSettled` as children are settled.
    SproutsChildren {
        id: RequestId,
        position: Position,
        rules: Rules,
        part: usize,
        parts: usize,
    },
    /// To the page's worker, for the Sprouts question `id` it is answering: what pool worker `helper`
    /// has settled of its children so far (`ChildrenSettled`), and the positions it searched. Taken as
    /// settled: the pool's workers run this same code. Ignored once the question is answered.
    HelpFound {
        id: RequestId,
        helper: usize,
        settled: Vec<SproutsChild>,
        nodes: u64,
    },
    /// To a worker of a Sprouts pool, for its running question `id`: entries another worker of the
    /// pool learned (`Response::Learned`), taken in as proven (the pool runs this same code).
    TakeLearned {
        id: RequestId,
        entries: LearnedEntries,
    },
    /// Stop the running request with this id (ignored if it has finished).
    Cancel { id: RequestId },
    /// Are you alive? Answered `Pong` at once, or between two slices of the job running, so the page
    /// can tell a busy worker from a dead one (`ui::solver_watch`).
    Ping { id: RequestId },
    /// Describe the bases stored in IndexedDB.
    ListBases { id: RequestId },
    /// The stored base `name` as a file, in `format`.
    ExportBase {
        id: RequestId,
        name: String,
        format: ExportFormat,
    },
    /// Check a base file and, if it is coherent, merge it into the stored bases. `parts`: the reports
    /// of the check of a Sprouts base in parts that the page ran on a pool of workers (`CheckPart`),
    /// if it did; the worker decides from them, or checks the file step by step.
    ImportBase {
        id: RequestId,
        file_name: String,
        bytes: Vec<u8>,
        parts: Option<Vec<PartReport>>,
    },
    /// One part (`part` of `parts`) of the check of a Sprouts base file: every entry of the part
    /// re-derived from the rules and the other entries, taken as true (the engine's `PartCheck`).
    /// Answered `PartChecked`, with no report for a file that is not a Sprouts base.
    CheckPart {
        id: RequestId,
        bytes: Vec<u8>,
        part: usize,
        parts: usize,
    },
    /// Delete one stored base and forget it in memory.
    ClearBase { id: RequestId, name: String },
    /// What a teaching view (`/learn/…`) shows for the heap game with this code.
    Learn {
        id: RequestId,
        code: String,
        query: LearnQuery,
    },
    /// The Sprouts search view: search `position` (either notation, or `0*n`), from an empty base when
    /// `fresh` (so the whole search shows) or from the worker's base, reporting its levels as it goes
    /// (`Response::SearchLevels`), then value every child (`Response::SproutsSearch`).
    SproutsSearch {
        id: RequestId,
        position: String,
        rules: Rules,
        fresh: bool,
    },
    /// Pause, resume or steer the search `id` under way (ignored once it has finished).
    SearchControl {
        id: RequestId,
        control: SearchControl,
    },
    /// The proof that `position` is lost or won (normal play), from a search on an empty base, laid out
    /// for drawing with Glop's detail level (1 dot, 2 number, 3 text) and only the couples with at
    /// least `min_lives` lives.
    SproutsProof {
        id: RequestId,
        position: String,
        detail: Detail,
        min_lives: u32,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Response {
    /// Work under way: `done` of `total` units.
    Progress {
        id: RequestId,
        done: u64,
        total: u64,
    },
    HeapValue {
        id: RequestId,
        answer: HeapAnswer,
    },
    Analysis {
        id: RequestId,
        answer: PositionAnswer,
    },
    /// A search under way: positions searched, children examined of all (once the value is known), the
    /// depth of the search's stack, and the positions stored in the base.
    SearchProgress {
        id: RequestId,
        nodes: u64,
        children_done: u64,
        children: u64,
        depth: u64,
        stored: u64,
        /// Workers searching: the page's and the pool's that have reported (see `SproutsChildren`).
        workers: u64,
    },
    Sprouts {
        id: RequestId,
        answer: SproutsAnswer,
    },
    /// From a worker of a Sprouts pool: the entries its search learned since its last such message,
    /// for the pool's other workers (`Request::TakeLearned`).
    Learned {
        id: RequestId,
        entries: LearnedEntries,
    },
    /// The Sprouts base is read (`ReadSproutsBase`): its entries.
    SproutsBaseRead {
        id: RequestId,
        entries: u64,
    },
    /// A pool worker's share so far (`SproutsChildren`): the children it has settled and the positions
    /// it searched; the last message has `done`.
    ChildrenSettled {
        id: RequestId,
        settled: Vec<SproutsChild>,
        nodes: u64,
        done: bool,
    },
    /// A lookahead search under way (the exact one ran out of time): the depth of the iteration under way,
    /// and how many of the moves it has scored.
    LookaheadProgress {
        id: RequestId,
        nodes: u64,
        depth: u32,
        scored: u64,
        moves: u64,
    },
    /// A start or move drawn; `rearranged` tells the player when the picture had to change to make room
    /// for the move (see `engine::draw::draw_move`).
    SproutsDrawn {
        id: RequestId,
        drawing: Drawing,
        rearranged: Option<String>,
    },
    SproutsSpotMoves {
        id: RequestId,
        moves: Vec<ListedSpotMove>,
    },
    /// The curve asked for by `SproutsHintCurve` (`None`: it cannot be drawn) and the position it makes.
    SproutsHintCurve {
        id: RequestId,
        curve: Option<(Vec<Point>, String)>,
    },
    /// The names asked for by `SproutsMoveNames`, in its order (`None`: not a move of the drawing).
    SproutsMoveNames {
        id: RequestId,
        names: Vec<Option<String>>,
    },
    /// The move chosen by `SproutsDrawOneOf`, and the drawing after it.
    SproutsDrawnChoice {
        id: RequestId,
        child: String,
        drawing: Drawing,
        rearranged: Option<String>,
    },
    /// The lookahead's choice, when the exact answer took too long.
    SproutsGuess {
        id: RequestId,
        guess: SproutsGuess,
    },
    /// The answer to `GraphAnalyze` (its progress comes as `Progress`: moves checked of all).
    Graph {
        id: RequestId,
        answer: Box<GraphAnswer>,
    },
    Bases {
        id: RequestId,
        bases: Vec<BaseSummary>,
    },
    Exported {
        id: RequestId,
        file_name: String,
        bytes: Vec<u8>,
    },
    /// What one part of a check found (`None`: the file is not a Sprouts base).
    PartChecked {
        id: RequestId,
        report: Option<PartReport>,
    },
    /// An import was checked and stored; `report` says what it held.
    Imported {
        id: RequestId,
        report: String,
        bases: Vec<BaseSummary>,
    },
    Cancelled {
        id: RequestId,
    },
    Learn {
        id: RequestId,
        answer: Box<LearnAnswer>,
    },
    /// Sent after a request's answer when what the solver learned for it could not be stored
    /// (a full quota, for one); `message` says so in words for the user.
    NotSaved {
        id: RequestId,
        message: String,
    },
    /// The answer to `Ping`: this worker is alive, and `worker` is the name its panic report would
    /// carry (`worker::panic_report`).
    Pong {
        id: RequestId,
        worker: u32,
    },
    /// The request could not be answered; `message` says why in words for the user.
    Error {
        id: RequestId,
        message: String,
    },
    /// A Sprouts search view's search under way, with its levels.
    SearchLevels {
        id: RequestId,
        report: SearchReport,
    },
    /// A Sprouts search view's search is done.
    SproutsSearch {
        id: RequestId,
        answer: SearchAnswer,
    },
    SproutsProof {
        id: RequestId,
        answer: Box<ProofAnswer>,
    },
}

/// Who wins with best play: the engine's own type, carried as it is.
pub use sprague_engine::solve::heap::Outcome;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HeapAnswer {
    /// The game's canonical code, as the engine prints it.
    pub code: String,
    pub heap: u64,
    pub nimber: u32,
    pub outcome: Outcome,
    /// True when the value was already known (in memory or in a stored base) and nothing was computed.
    pub from_base: bool,
    /// How many heap sizes (0..known) the base for this game now holds.
    pub known: u64,
    /// The period of the game's nim sequence, once proven (Guy–Smith): later values repeat with it.
    pub period: Option<u64>,
    /// Wall time the worker spent on this request, in milliseconds (progress posts included).
    pub elapsed_ms: f64,
}

/// What the solver knows about a position of several heaps.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PositionAnswer {
    pub code: String,
    pub heaps: Vec<u64>,
    pub rules: Rules,
    /// The outcome under the rules asked for.
    pub outcome: Outcome,
    /// Normal-play value of each heap and their XOR (shown in misère play too, to compare).
    pub heap_values: Vec<u32>,
    pub nimber: u32,
    /// Every move to a P-position under the rules asked for.
    pub winning_moves: Vec<HeapMoveAnswer>,
    /// Misère only: the genus of each heap (`3^1431`), when it was computed.
    pub genera: Option<Vec<String>>,
    /// Misère only: whether every heap is tame, so that misère Nim's rule decides.
    pub tame: Option<bool>,
    /// How the outcome was found, in words.
    pub method: String,
    /// How long the game lasts with best play, and each legal move's value, under the rules asked for
    /// (both absent, with a note, when the search passed its budget).
    pub values: RemotenessReport<HeapMoveValue>,
    pub elapsed_ms: f64,
}

/// What the solver knows about a Node Kayles position: the engine's analysis and every move's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GraphAnswer {
    pub analysis: GraphAnalysis,
    pub values: RemotenessReport<GraphMoveValue>,
}

/// A move of the solver's: heap `heap_index` (in the order asked) becomes `pieces`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeapMoveAnswer {
    pub heap_index: usize,
    pub pieces: Vec<u64>,
}

/// What the solver knows about a Sprouts position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SproutsAnswer {
    /// The position in canonical form (later GLOP notation).
    pub position: String,
    pub rules: Rules,
    pub outcome: Outcome,
    /// Normal play only: the nimber.
    pub nimber: Option<u32>,
    /// Normal play, a position of several lands: each land and its nimber (the position's nimber is
    /// their nim-sum); `None` where it was not found within the budget.
    pub lands: Vec<SproutsLand>,
    /// Every child (distinct up to canonical form), and whether moving there wins.
    pub children: Vec<SproutsChild>,
    /// Positions searched for this answer (0 when the base knew everything), by every worker.
    pub nodes: u64,
    /// Workers that searched: the page's and the pool's that reported.
    pub workers: u64,
    /// Entries in the Sprouts base after this answer.
    pub base_entries: u64,
    pub elapsed_ms: f64,
    /// For the computer's move only (empty for a hint): what the worker knows of each child, one for
    /// each of `children` — whether moving there wins, whether the hint there would mark every move
    /// at once (known), and how long the game then lasts (see the engine's `solve::sprouts::prefer`,
    /// which chooses by them).
    pub facts: Vec<sprague_engine::solve::sprouts::ChildFacts>,
    /// When asked (the review): how many moves the game lasts with best play, the winner finishing as
    /// fast as it can and the loser lasting as long as it can; `None` when not asked or not found within
    /// the remoteness search's budget.
    pub remoteness: Option<u32>,
}

/// What the lookahead search found for the computer when the exact answer took too long.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SproutsGuess {
    /// The position in canonical form.
    pub position: String,
    pub rules: Rules,
    /// The moves of the best score (children in canonical form); the computer picks one.
    pub moves: Vec<String>,
    /// 1: a forced win was found; -1: every move loses against best play; 0: nothing decided within
    /// the depth searched.
    pub score: i32,
    /// Moves ahead searched (the move itself counts as one).
    pub depth: u32,
    /// Positions expanded, by both searches.
    pub nodes: u64,
    pub elapsed_ms: f64,
}

/// One move between two chosen spots (see `Drawing::moves_between`), with its curve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ListedSpotMove {
    /// The region the curve goes through (0: the outer one).
    pub region: usize,
    /// For a split, the other boundaries on one side, each as the spots met around it; `None` for a
    /// curve joining two boundaries.
    pub inside: Option<Vec<Vec<usize>>>,
    /// For a split, the boundaries on the other side.
    pub outside: Vec<Vec<usize>>,
    /// The position the move leads to.
    pub child: String,
    /// The move's curve, `None` when none was found in this drawing.
    pub curve: Option<CurveMove>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SproutsLand {
    pub position: String,
    pub nimber: Option<u32>,
    /// The first winning move (as listed) is played in this land.
    pub winning_move_here: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SproutsChild {
    pub position: String,
    /// Moving here wins (the child is lost for the player to move); `None` when the solver stopped
    /// looking for more winning moves before examining this one.
    pub wins: Option<bool>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BaseSummary {
    pub name: String,
    pub game: String,
    pub entries: u64,
    pub bytes: u64,
}

impl Request {
    /// The id of a request that asks a question (one that is answered in the end, which the page's
    /// watch waits for), not news for a running one.
    pub fn question_id(&self) -> Option<RequestId> {
        match self {
            Request::Cancel { .. }
            | Request::Ping { .. }
            | Request::HelpFound { .. }
            | Request::TakeLearned { .. }
            | Request::SearchControl { .. } => None,
            Request::HeapValue { id, .. }
            | Request::Analyze { id, .. }
            | Request::SproutsAnalyze { id, .. }
            | Request::SproutsComputerMove { id, .. }
            | Request::SproutsDraw { id, .. }
            | Request::SproutsDrawOneOf { id, .. }
            | Request::SproutsSpotMoves { id, .. }
            | Request::SproutsMoveNames { id, .. }
            | Request::SproutsHintCurve { id, .. }
            | Request::GraphAnalyze { id, .. }
            | Request::ReadSproutsBase { id }
            | Request::SproutsChildren { id, .. }
            | Request::ListBases { id }
            | Request::ExportBase { id, .. }
            | Request::ImportBase { id, .. }
            | Request::CheckPart { id, .. }
            | Request::ClearBase { id, .. }
            | Request::Learn { id, .. }
            | Request::SproutsSearch { id, .. }
            | Request::SproutsProof { id, .. } => Some(*id),
        }
    }
}

impl Response {
    pub fn id(&self) -> RequestId {
        match self {
            Response::Progress { id, .. }
            | Response::HeapValue { id, .. }
            | Response::Analysis { id, .. }
            | Response::SearchProgress { id, .. }
            | Response::Sprouts { id, .. }
            | Response::ChildrenSettled { id, .. }
            | Response::Learned { id, .. }
            | Response::SproutsBaseRead { id, .. }
            | Response::LookaheadProgress { id, .. }
            | Response::SproutsGuess { id, .. }
            | Response::SproutsDrawn { id, .. }
            | Response::SproutsSpotMoves { id, .. }
            | Response::SproutsDrawnChoice { id, .. }
            | Response::SproutsHintCurve { id, .. }
            | Response::SproutsMoveNames { id, .. }
            | Response::Exported { id, .. }
            | Response::Imported { id, .. }
            | Response::PartChecked { id, .. }
            | Response::Bases { id, .. }
            | Response::Graph { id, .. }
            | Response::Cancelled { id }
            | Response::Learn { id, .. }
            | Response::Error { id, .. }
            | Response::NotSaved { id, .. }
            | Response::SearchLevels { id, .. }
            | Response::SproutsSearch { id, .. }
            | Response::SproutsProof { id, .. }
            | Response::Pong { id, .. } => *id,
        }
    }

    /// Whether this response ends its request: not news while it runs (progress, what a search
    /// learned, a pool worker's share so far), not said after the answer (`NotSaved`), not a `Pong`.
    pub fn ends_request(&self) -> bool {
        match self {
            Response::Progress { .. }
            | Response::SearchProgress { .. }
            | Response::Learned { .. }
            | Response::LookaheadProgress { .. }
            | Response::SearchLevels { .. }
            | Response::NotSaved { .. }
            | Response::Pong { .. } => false,
            Response::ChildrenSettled { done, .. } => *done,
            _ => true,
        }
    }
}

/// What a teaching view asks for (see `worker::learn_job` for the limits).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LearnQuery {
    /// Heaps `from..=to`: each one's options, their values and the mex.
    Mex { from: u64, to: u64 },
    /// A position: each heap's value, the nim-sum and every winning move.
    NimSum { heaps: Vec<u64> },
    /// The nim sequence `g(0..=to)` with the proven period, if one is found within the worker's limit.
    Sequence { to: u64 },
    /// P-positions of up to `total` tokens (three heaps up to `triple_total`).
    PPositions { total: u64, triple_total: u64 },
    /// Genera of heaps `0..=to`, the misère outcomes of two heaps `a, b ≤ table`, and the genus of `position`.
    Misere {
        to: u64,
        table: u64,
        position: Vec<u64>,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LearnAnswer {
    Mex(MexTable),
    NimSum(NimSumAnswer),
    Sequence(SequenceAnswer),
    PPositions(PPositionsAnswer),
    Misere(MisereTable),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MexTable {
    pub code: String,
    pub rows: Vec<MexRow>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MexRow {
    pub heap: u64,
    pub options: Vec<LearnOption>,
    /// The least value no option has: the heap's value.
    pub mex: u32,
}

/// One option of a heap: `removed` tokens taken, `pieces` left, each piece's value and their XOR.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LearnOption {
    pub removed: u64,
    pub pieces: Vec<u64>,
    pub piece_values: Vec<u32>,
    pub value: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NimSumAnswer {
    pub code: String,
    pub heaps: Vec<u64>,
    pub heap_values: Vec<u32>,
    pub nimber: u32,
    /// Moves to a position of nim-sum 0 (heap `heap_index` replaced by the option), the first
    /// `MAX_LISTED_MOVES` of them, and how many there are in all.
    pub winning_moves: Vec<(usize, LearnOption)>,
    pub winning_total: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SequenceAnswer {
    pub code: String,
    /// `g(0), g(1), …, g(to)`.
    pub values: Vec<u16>,
    pub period: Option<PeriodProof>,
    /// Why no period is stated, when there is none.
    pub no_period: Option<String>,
    /// The rare/common mask and the rare heaps among `1..=to`.
    pub mask: u16,
    pub rare_heaps: Vec<u64>,
}

/// A proven period and what its proof (Guy–Smith, generalised to `h` heaps) needed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PeriodProof {
    pub period: u64,
    pub preperiod: u64,
    /// Heaps below the preperiod whose value differs from the periodic pattern's.
    pub exceptions: Vec<u64>,
    /// Most tokens a move removes, most heaps it leaves.
    pub k: u64,
    pub h: u64,
    /// Values checked: heaps `0..values_needed` (`h·(preperiod + period) + k + h`).
    pub values_needed: u64,
    pub max_value: u32,
    pub max_value_at: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PPositionsAnswer {
    pub code: String,
    pub total: u64,
    pub single: Vec<u64>,
    pub pairs: Vec<(u64, u64)>,
    pub triple_total: u64,
    pub triples: Vec<(u64, u64, u64)>,
    /// `(value, heaps 1..=total with that value)`.
    pub classes: Vec<(u32, Vec<u64>)>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MisereTable {
    pub code: String,
    pub heaps: Vec<MisereHeap>,
    /// `cells[a][b]` for `0 ≤ a, b ≤ table`: the genus of the two-heap position, `None` beyond the budget.
    pub cells: Vec<Vec<Option<GenusAnswer>>>,
    pub position: Vec<u64>,
    pub position_genus: Option<Result<GenusAnswer, String>>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MisereHeap {
    pub heap: u64,
    /// `None` when the genus walk did not fit in the budget.
    pub genus: Option<GenusAnswer>,
}

/// A genus `normal^{misere…}` (the last two misère values repeat forever) and hereditary tameness.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GenusAnswer {
    pub normal: u32,
    pub misere: Vec<u32>,
    pub tame: bool,
    /// Misère outcome: P exactly when `misere[0]` is 0.
    pub outcome: Outcome,
}

/// What the page asks of a search under way.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SearchControl {
    Pause,
    Resume,
    /// Compute child `child` of level `level` now. `land` is the level's position as the page saw it: if
    /// the search has moved on and the level is now another, the request is refused with a note.
    Steer {
        level: usize,
        child: usize,
        land: String,
    },
}

/// A Sprouts search under way: what it is doing and its levels, the root first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchReport {
    /// What is being searched now, in words ("the value of …", "child 3 of 7: …").
    pub phase: String,
    pub paused: bool,
    /// Couples expanded.
    pub nodes: u64,
    /// Entries in the base the search writes into (positions stored).
    pub stored: u64,
    pub elapsed_ms: f64,
    /// Empty in misère play (the levels are those of the normal-play search).
    pub levels: Vec<LevelReport>,
    /// What became of the last steering request, in words.
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LevelReport {
    pub kind: LevelKind,
    pub position: String,
    pub heap: u32,
    pub lives: u32,
    /// Index (in all the level's items) of the one computed now.
    pub current: Option<usize>,
    pub total: usize,
    /// Items not settled yet, the current one included.
    pub unknown: usize,
    /// The items listed: at most `MAX_LISTED_ITEMS` around the current one (`first` is the index of the
    /// first one listed).
    pub first: usize,
    pub items: Vec<LevelItem>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LevelItem {
    /// The position, once in canonical form (`None`: not yet named, the search may never need it).
    pub position: Option<String>,
    pub heap: u32,
    pub lives: u32,
    pub lands: usize,
    /// "done", "computing", "unknown" or "pending".
    pub state: String,
    pub heap_move: bool,
}

/// A finished search view: the position's value and every child's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchAnswer {
    pub position: String,
    pub rules: Rules,
    pub outcome: Outcome,
    pub nimber: Option<u32>,
    pub children: Vec<SearchChild>,
    pub nodes: u64,
    pub stored: u64,
    pub elapsed_ms: f64,
    pub steered: u32,
    /// A drawing of the position, when it is small enough to draw quickly.
    pub picture: Option<sprague_engine::draw::Drawing>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchChild {
    pub position: String,
    /// Normal play: the child's nimber.
    pub nimber: Option<u32>,
    /// Moving here wins: the child is lost for the player to move.
    pub wins: bool,
    pub lives: u32,
    pub lands: usize,
    /// A drawing of the child (the engine's layout), when it is small enough to draw quickly.
    pub picture: Option<sprague_engine::draw::Drawing>,
}

/// A proof graph laid out for the page, or why it is not drawn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProofAnswer {
    pub position: String,
    /// The position is lost for the player to move (nimber 0).
    pub losing: bool,
    pub nodes: usize,
    pub edges: usize,
    /// Lives of the couples of the proof: fewest and most.
    pub lives: (u32, u32),
    /// For each number of lives (most first): the proof's losing, winning and several-land couples.
    pub by_lives: Vec<(u32, usize, usize, usize)>,
    pub detail: Detail,
    pub min_lives: u32,
    /// The `.dot` text (Glop's style) with the same detail and lives filter.
    pub dot: String,
    pub picture: Option<ProofPicture>,
    /// Why there is no picture (too many couples to draw).
    pub too_big: Option<String>,
    pub elapsed_ms: f64,
}

/// The picture of a proof graph, as the engine lays it out.
pub use sprague_engine::solve::sprouts::proof_layout::ProofLayout as ProofPicture;

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_engine::games::graph::{Graph, GraphPosition};
    use sprague_engine::games::heap::HeapGame;
    use sprague_engine::solve::graph::GraphSolver;
    use sprague_engine::solve::remoteness::RemotenessSearch;
    use wasm_bindgen_test::wasm_bindgen_test;
    use yew_agent::{Bincode, Codec};

    /// What the page hears is what the worker said, through the worker's own codec (bincode, which
    /// cannot carry flattened or skipped fields).
    fn through_the_worker(response: Response) -> Response {
        Bincode::decode(Bincode::encode(response))
    }

    #[wasm_bindgen_test]
    fn answers_with_move_values_cross_the_worker_boundary() {
        let values =
            RemotenessSearch::heaps(HeapGame::nim(), false).report(&[1, 2], 1_000, || true);
        assert_eq!(values.remoteness, Some(3));
        let answer = PositionAnswer {
            code: "0.[3]".into(),
            heaps: vec![1, 2],
            rules: Rules::Normal,
            outcome: Outcome::N,
            heap_values: vec![1, 2],
            nimber: 3,
            winning_moves: vec![],
            genera: None,
            tame: None,
            method: String::new(),
            values,
            elapsed_ms: 1.0,
        };
        let response = Response::Analysis {
            id: 7,
            answer: answer.clone(),
        };
        assert_eq!(
            through_the_worker(response),
            Response::Analysis { id: 7, answer }
        );

        let position = GraphPosition::start(Graph::path(3).unwrap());
        let analysis = GraphSolver::default().analyze(&position, false).unwrap();
        let values = RemotenessSearch::graphs(false).report(&position, 1_000, || true);
        assert_eq!(values.move_values.as_ref().unwrap().len(), 3);
        let answer = Box::new(GraphAnswer { analysis, values });
        let response = Response::Graph {
            id: 8,
            answer: answer.clone(),
        };
        assert_eq!(
            through_the_worker(response),
            Response::Graph { id: 8, answer }
        );
    }
}
