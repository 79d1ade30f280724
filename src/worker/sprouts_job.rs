//! One Sprouts question for the worker: the engine's `SteppedQuestion` (how a question is answered,
//! in steps within budgets, alone or as a helper of a pool — see there) over the worker's Sprouts
//! base, kept for the worker's lifetime and stored in IndexedDB, with the misère forms of small lands
//! kept between questions (from the first misère question on, with the shipped misère form proof in
//! them); and its answer in the protocol's terms.

use super::base_saving;
use super::protocol::{Outcome, RequestId, Response, SproutsAnswer, SproutsChild, SproutsLand};
use crate::play::setup::Rules;
use crate::store::{BaseKind, Store, StoreError, StoredBase};
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{
    read_form_proof, Base, Budgets, ChildFactsSearch, LandForms, LearnedEntries, SteppedAnswer,
    SteppedQuestion,
};
use std::cell::{Cell, RefCell};

/// The stored base's name.
pub const BASE_NAME: &str = "Sprouts positions";

/// Where the app's shipped Sprouts base is served (copied from `www/` by Trunk).
const SHIPPED_BASE_URL: &str = "/sprouts-base.bin";

/// Where the shipped misère form proof is served: the misère starts 9 to 13 and every move from
/// them (fetched for the first misère question; see the engine's `misere_form_proof`).
const SHIPPED_FORM_PROOF_URL: &str = "/sprouts-misere.bin";

thread_local! {
    static BASE: RefCell<Option<Base>> = const { RefCell::new(None) };
    /// Entries of the base as stored in IndexedDB, once read or written (reading the stored record
    /// means reading the whole base: more than a second for the shipped one).
    static STORED: Cell<Option<usize>> = const { Cell::new(None) };
    /// Misère simplest forms of small lands, kept between questions (computed exhaustively, reused).
    static LAND_FORMS: RefCell<Option<LandForms>> = const { RefCell::new(None) };
}

/// What a Sprouts search has done so far (see [`SproutsJob::progress`]).
pub struct SearchWork {
    pub nodes: u64,
    pub children_done: u64,
    pub children: u64,
    pub depth: u64,
    pub stored: u64,
    /// This worker and the pool's that have reported.
    pub workers: u64,
}

pub struct SproutsJob {
    question: SteppedQuestion,
    misere: bool,
    /// Entries stored when the question came (the base is stored again only if it grew).
    entries_at_start: usize,
    started_ms: f64,
}

impl SproutsJob {
    pub async fn start(position: Position, misere: bool) -> SproutsJob {
        let started_ms = js_sys::Date::now();
        let base = take_base().await;
        // Compared with what is stored, not with what is in memory: the shipped entries get stored too.
        let entries_at_start = stored_entries().await;
        let forms = match LAND_FORMS.with(|kept| kept.borrow_mut().take()) {
            Some(forms) => Some(forms),
            None if misere => shipped_form_proof().await,
            None => None,
        };
        let clock = Box::new(js_sys::Date::now);
        let question =
            SteppedQuestion::new(position, misere, base, forms, Budgets::default(), clock);
        SproutsJob {
            question,
            misere,
            entries_at_start,
            started_ms,
        }
    }

    /// A pool worker's job: settle the children of `position` in share `part` of `parts` (see the
    /// engine's `helper_share`).
    pub async fn start_helping(
        position: Position,
        misere: bool,
        part: usize,
        parts: usize,
    ) -> Result<SproutsJob, String> {
        let job = SproutsJob::start(position, misere).await;
        match SteppedQuestion::helping(job.question, part, parts) {
            Ok(question) => Ok(SproutsJob { question, ..job }),
            Err(message) => Err(message),
        }
    }

    /// The position asked about, parsed.
    pub fn position(&self) -> &Position {
        self.question.position()
    }

    pub fn is_done(&self) -> bool {
        self.question.is_done()
    }

    pub fn step(&mut self) {
        self.question.step()
    }

    /// Makes the job done as soon as one winning move is known, or the position is known lost: what
    /// the computer needs to play.
    pub fn stop_at_first_winning_move(self) -> SproutsJob {
        let question = self.question.stop_at_first_winning_move();
        SproutsJob { question, ..self }
    }

    /// Whether a winning move is known (the position may still have others unexamined).
    pub fn knows_winning_move(&self) -> bool {
        self.question.knows_winning_move()
    }

    /// News from pool worker `helper`: the children it has settled so far, and the positions it has
    /// searched (see the engine's `SteppedQuestion::hear`).
    pub fn hear(&mut self, helper: usize, settled: Vec<SproutsChild>, nodes: u64) {
        let settled = settled
            .into_iter()
            .filter_map(|child| Some((child.position, child.wins?)))
            .collect();
        self.question.hear(helper, settled, nodes);
    }

    /// What the base learned since the last call, for the pool's other workers.
    pub fn take_learned(&mut self) -> Option<LearnedEntries> {
        self.question.take_learned()
    }

    /// Takes in what another worker of the pool learned.
    pub fn take_in(&mut self, entries: &LearnedEntries) {
        self.question.take_in(entries)
    }

    /// Whether this is a pool worker's job (see [`SproutsJob::start_helping`]).
    pub fn is_helping(&self) -> bool {
        self.question.is_helping()
    }

    /// A helping job's report for request `id`: its share's children settled so far.
    pub fn share_progress(&self, id: RequestId, done: bool) -> Response {
        Response::ChildrenSettled {
            id,
            settled: self.settled(),
            nodes: self.question.progress().nodes,
            done,
        }
    }

    /// A helping job's children settled so far.
    pub fn settled(&self) -> Vec<SproutsChild> {
        let settled = self.question.settled().into_iter();
        settled
            .map(|(position, wins)| SproutsChild {
                position,
                wins: Some(wins),
            })
            .collect()
    }

    /// Work done so far: nodes searched, children examined of all, the search's depth, the entries of
    /// the base, and the workers that searched.
    pub fn progress(&self) -> SearchWork {
        let progress = self.question.progress();
        SearchWork {
            nodes: progress.nodes,
            children_done: progress.children_done,
            children: progress.children,
            depth: progress.depth,
            stored: entries(self.question.base()) as u64,
            workers: progress.workers,
        }
    }

    /// Keeps what was learned (a cancelled search still adds to the base what it finished).
    pub async fn stop(self) {
        let helping = self.question.is_helping();
        let (_, base, forms) = self.question.finish();
        keep_forms(forms);
        save(base, self.entries_at_start, helping).await;
    }

    /// The answer: called when done, or early once a winning move is known (the other children then
    /// unsettled).
    pub async fn finish(self) -> SproutsAnswer {
        let helping = self.question.is_helping();
        let position = self.question.position().to_string();
        let (answer, base, forms) = self.question.finish();
        keep_forms(forms);
        let answer = answer.expect("finish is called once the outcome is known");
        let elapsed_ms = js_sys::Date::now() - self.started_ms;
        let base_entries = save(base, self.entries_at_start, helping).await;
        protocol_answer(position, self.misere, answer, base_entries, elapsed_ms)
    }
}

/// What the worker knows of each of the computer's moves, after its question (see the engine's
/// `ChildFactsSearch`): found over the worker's base and misère forms, the ones its hints use, so
/// that "known" means what the next hint will find.
pub struct FactsJob {
    search: ChildFactsSearch,
    answer: SproutsAnswer,
}

impl FactsJob {
    /// The facts of the children of `answer` (the computer's question, finished).
    pub async fn start(answer: SproutsAnswer) -> FactsJob {
        let children: Vec<Position> = answer
            .children
            .iter()
            .map_while(|child| child.position.parse().ok())
            .collect();
        let wins: Vec<Option<bool>> = answer.children.iter().map(|child| child.wins).collect();
        let base = take_base().await;
        let forms = match LAND_FORMS.with(|kept| kept.borrow_mut().take()) {
            Some(forms) => Some(forms),
            None if answer.rules.is_misere() => shipped_form_proof().await,
            None => None,
        };
        let search = ChildFactsSearch::new(children, &wins, answer.rules.is_misere(), base, forms);
        FactsJob { search, answer }
    }

    pub fn is_done(&self) -> bool {
        self.search.is_done()
    }

    pub fn step(&mut self) {
        self.search.step()
    }

    /// The round of checks, and moves checked in it of those it checks.
    pub fn progress(&self) -> (u64, u64, u64) {
        let (round, done, all) = self.search.progress();
        (round as u64, done as u64, all as u64)
    }

    /// Whether what is found so far is enough to choose by (see the engine's `may_stop`).
    pub fn may_stop(&self) -> bool {
        self.search.may_stop()
    }

    /// The answer with the facts (a child left untested is not known); the base and forms go back
    /// to the worker.
    pub fn finish(self) -> SproutsAnswer {
        let (facts, base, forms) = self.search.finish();
        keep_forms(forms);
        give_back(base);
        let mut answer = self.answer;
        if facts.len() == answer.children.len() {
            answer.facts = facts;
        }
        answer
    }
}

/// The engine's answer in the protocol's terms.
fn protocol_answer(
    position: String,
    misere: bool,
    answer: SteppedAnswer,
    base_entries: u64,
    elapsed_ms: f64,
) -> SproutsAnswer {
    SproutsAnswer {
        position,
        rules: Rules::from_misere(misere),
        outcome: if answer.losing {
            Outcome::P
        } else {
            Outcome::N
        },
        nimber: answer.nimber,
        lands: answer
            .lands
            .into_iter()
            .map(|land| SproutsLand {
                position: land.land.to_string(),
                nimber: land.nimber,
                winning_move_here: land.winning_move_here,
            })
            .collect(),
        children: answer
            .children
            .into_iter()
            .map(|(child, wins)| SproutsChild {
                position: child.to_string(),
                wins,
            })
            .collect(),
        nodes: answer.nodes,
        workers: answer.workers,
        base_entries,
        elapsed_ms,
        facts: Vec::new(),
        remoteness: None,
    }
}

fn keep_forms(forms: Option<LandForms>) {
    if forms.is_some() {
        LAND_FORMS.with(|kept| *kept.borrow_mut() = forms);
    }
}

/// Stores the base if it grew (with what another tab stored meanwhile: see `base_saving`), hands it
/// back to the worker, and says how many entries it holds. A pool worker's base is not stored: what
/// it learned went to the page's worker as it learned it, and is stored with that worker's base
/// (storing it here too would make that worker read this one's record back).
async fn save(mut base: Base, entries_at_start: usize, helping: bool) -> u64 {
    if entries(&base) > entries_at_start && !helping {
        match store_merged(&mut base).await {
            Ok(stored) => note_stored(stored),
            Err(error) => base_saving::not_saved(error),
        }
    }
    let count = entries(&base);
    give_back(base);
    count as u64
}

/// Stores `base`, first taking in what another tab stored since this worker last read or wrote the
/// record. Returns the entries stored.
pub async fn store_merged(base: &mut Base) -> Result<usize, StoreError> {
    let store = Store::open().await?;
    let written = store
        .merge_base(BASE_NAME, |stored| {
            if let Some(stored) = stored.filter(base_saving::written_elsewhere) {
                if let Err(why) = base_saving::merge_sprouts(base, &stored) {
                    gloo::console::warn!(format!(
                        "saving the Sprouts base: {why}; this tab's kept"
                    ));
                }
            }
            Some(StoredBase {
                name: BASE_NAME.into(),
                game: "sprouts".into(),
                kind: BaseKind::SproutsBase,
                entries: entries(base) as u64,
                data: base.to_bytes(),
                digest: None,
            })
        })
        .await?;
    written.iter().for_each(base_saving::note_seen);
    Ok(entries(base))
}

/// The worker's Sprouts base (loaded if need be), to be handed back with [`give_back`].
pub async fn take_base() -> Base {
    match BASE.with(|cell| cell.borrow_mut().take()) {
        Some(base) => base,
        None => load().await,
    }
}

/// Entries of the base as stored in IndexedDB (0 when nothing is stored yet).
async fn stored_entries() -> usize {
    if let Some(entries) = STORED.with(Cell::get) {
        return entries;
    }
    let entries = match Store::open().await {
        Ok(store) => store
            .get_base(BASE_NAME)
            .await
            .ok()
            .flatten()
            .map_or(0, |base| base.entries as usize),
        Err(_) => 0,
    };
    note_stored(entries);
    entries
}

/// Remembers how many entries the stored base holds (after writing it).
pub fn note_stored(entries: usize) {
    STORED.with(|stored| stored.set(Some(entries)));
}

pub fn give_back(base: Base) {
    BASE.with(|cell| *cell.borrow_mut() = Some(base));
}

/// Forgets the in-memory base (after the user clears it).
pub fn forget() {
    BASE.with(|cell| *cell.borrow_mut() = None);
    STORED.with(|stored| stored.set(None));
}

fn entries(base: &Base) -> usize {
    base.normal_len() + base.misere_len()
}

/// The base shipped with the app (a proof, checked entry by entry when it was built) with the
/// stored base added: the stored one only if its record matches its digest, it reads back cleanly
/// and it agrees with every shipped entry it shares. A stored base that fails any of these is
/// set aside whole (what it held is relearned), since one wrong value found makes the rest
/// doubtful.
async fn load() -> Base {
    let stored = match Store::open().await {
        Ok(store) => store.get_base(BASE_NAME).await.ok().flatten(),
        Err(_) => None,
    };
    note_stored(stored.as_ref().map_or(0, |base| base.entries as usize));
    if let Some(record) = &stored {
        base_saving::note_seen(record);
    }
    let stored = stored
        .filter(|base| base.kind == BaseKind::SproutsBase)
        .and_then(|base| Base::from_own_bytes(&base.data).ok())
        .unwrap_or_default();
    let Some(mut base) = shipped_base().await else {
        return stored;
    };
    let shipped = base.clone();
    if !base.merge(&stored).is_empty() {
        gloo::console::warn!("the stored Sprouts base disagrees with the shipped proof: set aside");
        note_stored(0);
        return shipped;
    }
    base
}

/// The base shipped with the app (`/sprouts-base.bin`), if it can be fetched and read.
async fn shipped_base() -> Option<Base> {
    Base::from_own_bytes(&fetch_shipped(SHIPPED_BASE_URL).await?).ok()
}

/// The misère forms holding the shipped form proof (checked in full when it was built, as the
/// shipped base is: here its form alone is checked), if it can be fetched and read.
async fn shipped_form_proof() -> Option<LandForms> {
    match read_form_proof(&fetch_shipped(SHIPPED_FORM_PROOF_URL).await?) {
        Ok(forms) => Some(forms),
        Err(error) => {
            gloo::console::warn!(format!("the shipped misère proof: {error}"));
            None
        }
    }
}

/// A file shipped with the app, if it can be fetched.
async fn fetch_shipped(path: &str) -> Option<Vec<u8>> {
    // The worker runs from a blob: URL, against which a path does not resolve: use the page's origin.
    let location = js_sys::Reflect::get(&js_sys::global(), &"location".into()).ok()?;
    let origin = js_sys::Reflect::get(&location, &"origin".into())
        .ok()?
        .as_string()?;
    let response = gloo::net::http::Request::get(&format!("{origin}{path}"))
        .send()
        .await
        .ok()?;
    if !response.ok() {
        return None;
    }
    response.binary().await.ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    // How a question is answered, alone and in a pool, is tested natively with the engine
    // (`crates/engine/tests/sprouts_stepped.rs`); here, the worker's side: its base and the protocol.

    fn position(text: &str) -> Position {
        text.parse().unwrap()
    }

    /// No base in memory or stored.
    async fn from_nothing() {
        forget();
        let store = Store::open().await.unwrap();
        store.delete_base(BASE_NAME).await.unwrap();
    }

    async fn answer(job: SproutsJob) -> SproutsAnswer {
        let mut job = job;
        while !job.is_done() {
            job.step();
        }
        job.finish().await
    }

    #[wasm_bindgen_test]
    async fn a_helpers_news_travel_as_protocol_children_and_the_answer_is_one_workers() {
        from_nothing().await;
        let one = answer(SproutsJob::start(position("0*5"), true).await).await;
        assert_eq!(one.outcome, Outcome::N, "published: misère 5 spots is won");
        assert_eq!(one.workers, 1);
        from_nothing().await;
        let mut first = SproutsJob::start(position("0*5"), true).await;
        forget(); // the helper has a base of its own
        let mut helper = SproutsJob::start_helping(position("0*5"), true, 1, 2)
            .await
            .unwrap();
        while !helper.is_done() {
            helper.step();
        }
        let Response::ChildrenSettled { settled, nodes, .. } = helper.share_progress(7, true)
        else {
            panic!("a helper reports the children it settled");
        };
        assert_eq!(settled.len(), one.children.len());
        if let Some(entries) = helper.take_learned() {
            first.take_in(&entries);
        }
        first.hear(1, settled, nodes);
        let pooled = answer(first).await;
        assert_eq!(pooled.outcome, one.outcome);
        assert_eq!(pooled.children, one.children);
        assert_eq!(pooled.workers, 2);
    }

    #[wasm_bindgen_test]
    async fn a_helper_stores_nothing_and_the_page_worker_stores_what_it_learned() {
        from_nothing().await;
        let mut helper = SproutsJob::start_helping(position("0*4"), false, 1, 2)
            .await
            .unwrap();
        while !helper.is_done() {
            helper.step();
        }
        helper.stop().await;
        let store = Store::open().await.unwrap();
        assert!(store.get_base(BASE_NAME).await.unwrap().is_none());
        forget();
        let answer = answer(SproutsJob::start(position("0*4"), false).await).await;
        assert_eq!(answer.nimber, Some(1), "published: 4 spots is *1");
        let stored = store.get_base(BASE_NAME).await.unwrap().expect("stored");
        assert_eq!(stored.entries, answer.base_entries);
    }
}
