//! What every stepped Sprouts search is: work done in slices of a node budget, so that a caller can
//! show progress, share a thread or a browser's event loop, and cancel (by dropping the search)
//! between slices. The couple search, the misère searches, df-pn, the race between them, the
//! lookahead and the base checks all implement [`Search`]; `run` is written once, here.

/// Outcome of one slice of work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<A> {
    /// Not finished: call `step` again to go on (or drop the search to cancel it).
    Running { nodes: u64, depth: usize },
    /// Finished.
    Done(A),
}

/// A search that works in slices.
pub trait Search {
    /// What it finds.
    type Answer;

    /// Searches about `budget` more nodes (a slice may overrun by the work of one node), or finishes.
    /// Once done, it answers `Done` again at once.
    fn step(&mut self, budget: u64) -> Step<Self::Answer>;

    /// Runs to the end.
    fn run(&mut self) -> Self::Answer {
        loop {
            if let Step::Done(answer) = self.step(u64::MAX) {
                return answer;
            }
        }
    }
}
