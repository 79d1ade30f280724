//! Challenges: a game link with `challenge=K` asks "find a winning move" in the position after its first K
//! moves; `sheet=` lists the next challenges of a worksheet (each a page's path and query, in order). What a
//! page hides and checks in a challenge is the page's; here is only what the link says, and the verdict in
//! words.

use super::review::{Judged, MoveMark, ReviewedMove};
use super::words::capitalised;
use crate::query;

/// The URL keys of a challenge, kept by every game page beside its game's own.
pub const KEYS: [&str; 2] = ["challenge", "sheet"];

/// The longest worksheet a link may hold.
pub const MAX_SHEET: usize = 50;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// The challenge's position is the game's after this many moves.
    pub at: usize,
    /// The worksheet's next challenges, as links within the app (`/dots?n=12&challenge=0…`).
    pub sheet: Vec<String>,
}

impl Challenge {
    /// Reads a challenge from a link's query pairs, for a game of `moves` moves; `Ok(None)` when the link
    /// is not a challenge.
    pub fn read(pairs: &[(String, String)], moves: usize) -> Result<Option<Challenge>, String> {
        let value = |key: &str| {
            pairs
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.as_str())
        };
        let Some(at) = value("challenge") else {
            return Ok(None);
        };
        let at: usize = at
            .parse()
            .map_err(|_| format!("“{at}” is not a number of moves (challenge=)"))?;
        if at > moves {
            return Err(format!(
                "the challenge is after move {at}, but the game has {moves} moves"
            ));
        }
        let sheet: Vec<String> = value("sheet")
            .unwrap_or_default()
            .split_whitespace()
            .map(str::to_string)
            .collect();
        if sheet.len() > MAX_SHEET {
            return Err(format!(
                "a worksheet holds at most {MAX_SHEET} challenges, this one {}",
                sheet.len()
            ));
        }
        if let Some(bad) = sheet.iter().find(|link| !is_app_link(link)) {
            return Err(format!("“{bad}” is not a challenge of this app (sheet=)"));
        }
        Ok(Some(Challenge { at, sheet }))
    }

    /// The link to the worksheet's next challenge, with the rest of the worksheet after it.
    pub fn next_link(&self) -> Option<String> {
        let (next, rest) = self.sheet.split_first()?;
        Some(with_sheet(next, rest))
    }
}

/// `link` with `rest` as its worksheet (`sheet=`, the links separated by spaces, encoded).
pub fn with_sheet(link: &str, rest: &[String]) -> String {
    if rest.is_empty() {
        return link.to_string();
    }
    format!("{link}&sheet={}", query::encode(&rest.join(" ")))
}

/// Whether a worksheet entry is a game page of this app with a challenge (never another site).
fn is_app_link(link: &str) -> bool {
    let pages = ["/dots?", "/grundy?", "/nim?", "/graph?", "/sprouts?"];
    pages.iter().any(|page| link.starts_with(page)) && link.contains("challenge=")
}

/// What the student is told of the move they played in a challenge: the move's review, with the values of
/// the positions on both sides of it.
pub fn verdict(played: Option<&ReviewedMove>, after: &Judged) -> (Option<bool>, String) {
    if let Judged::NotDecided(_) = after {
        return (
            None,
            "The solver could not decide this position in time, so your move is not judged.".into(),
        );
    }
    let Some(played) = played else {
        return (None, "Checking your move…".into());
    };
    let lasts = played.remoteness.map_or(String::new(), |moves| {
        format!(
            " With best play the game now lasts {moves} more move{}.",
            if moves == 1 { "" } else { "s" }
        )
    });
    match played.mark {
        None => (None, "Checking your move…".into()),
        Some(MoveMark::Winning) => (
            Some(true),
            format!(
                "Right! {} wins: whatever your opponent does now, you can still win.{lasts}",
                played.text
            ),
        ),
        Some(MoveMark::Mistake) => (
            Some(false),
            format!(
                "Not this one: after {}, your opponent can win. {} would have won.",
                played.text,
                played
                    .better
                    .as_deref()
                    .map_or("Another move".to_string(), capitalised)
            ),
        ),
        Some(MoveMark::NoChoice) => (
            Some(true),
            format!(
                "A trick question: no move wins here, every move loses against best play, so {} is as \
                 good as any.{lasts}",
                played.text
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_engine::solve::heap::Outcome;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn pairs(query: &[(&str, &str)]) -> Vec<(String, String)> {
        query
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[wasm_bindgen_test]
    fn a_challenge_link_is_read_and_bad_ones_are_refused_with_their_reason() {
        assert_eq!(Challenge::read(&pairs(&[("n", "12")]), 0), Ok(None));
        let read = Challenge::read(
            &pairs(&[
                ("challenge", "2"),
                (
                    "sheet",
                    "/grundy?piles=7.5&challenge=0 /graph?preset=path_5&challenge=0",
                ),
            ]),
            2,
        )
        .unwrap()
        .unwrap();
        assert_eq!(read.at, 2);
        assert_eq!(read.sheet.len(), 2);
        // The next link carries the rest of the worksheet, encoded so that it survives as one value.
        assert_eq!(
            read.next_link().unwrap(),
            "/grundy?piles=7.5&challenge=0&sheet=%2Fgraph%3Fpreset%3Dpath_5%26challenge%3D0"
        );
        assert!(Challenge::read(&pairs(&[("challenge", "x")]), 0)
            .unwrap_err()
            .contains("not a number"));
        assert!(Challenge::read(&pairs(&[("challenge", "3")]), 2)
            .unwrap_err()
            .contains("has 2 moves"));
        let elsewhere = pairs(&[
            ("challenge", "0"),
            ("sheet", "https://example.com/?challenge=0"),
        ]);
        assert!(Challenge::read(&elsewhere, 0)
            .unwrap_err()
            .contains("not a challenge of this app"));
    }

    #[wasm_bindgen_test]
    fn the_verdict_follows_the_moves_mark() {
        let played = |mark| ReviewedMove {
            who: "Player 1",
            text: "dot 5".into(),
            mark: Some(mark),
            better: Some("dot 4".into()),
            leader: None,
            remoteness: Some(3),
        };
        let after = Judged::Known {
            outcome: Outcome::P,
            remoteness: Some(3),
            better: None,
        };
        let (right, words) = verdict(Some(&played(MoveMark::Winning)), &after);
        assert_eq!(right, Some(true));
        assert!(words.starts_with("Right! dot 5 wins") && words.contains("3 more moves"));
        let (right, words) = verdict(Some(&played(MoveMark::Mistake)), &after);
        assert_eq!(right, Some(false));
        assert!(words.contains("Dot 4 would have won"), "{words}");
        let (right, _) = verdict(None, &Judged::Waiting);
        assert_eq!(right, None);
    }
}
