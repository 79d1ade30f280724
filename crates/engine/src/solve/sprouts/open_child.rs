//! A child still to be tried by a search frame: in canonical form, or pending (moved into but not yet
//! named, the costly step) until the search reaches it — which it never does when an earlier child
//! settles the frame.

use crate::games::sprouts::{PendingChild, Position};

pub(crate) enum OpenChild {
    Named(Position),
    Pending(PendingChild),
}

impl OpenChild {
    /// The child in canonical form (named now, and kept named, if it was pending).
    pub fn named(&mut self) -> Position {
        let position = match std::mem::replace(self, OpenChild::Named(Position::default())) {
            OpenChild::Named(position) => position,
            OpenChild::Pending(child) => Position::from_lands(child.into_lands()),
        };
        *self = OpenChild::Named(position.clone());
        position
    }
}
