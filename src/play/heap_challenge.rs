//! A heap position from the lessons on the game page that draws it — rows of dots of the independence
//! game (one row, cut into the heaps by marked dots), piles of Grundy's game, or Nim — to play against
//! the computer, or as a challenge ("find a winning move"). Other games have no page that shows several
//! heaps.

use super::board::{Board, BoardKind, BoardMove};
use super::game::{Game, Opponent, Rules};
use crate::query;
use sprague_engine::games::heap::{DotRow, HeapGame};

/// The link (a path and query within the app) that plays `heaps` of `game` against the computer, the
/// person to move; `None` when no page shows that game as heaps, or the position is too large for it.
pub fn heap_play_link(game: &HeapGame, heaps: &[u64], rules: Rules) -> Option<String> {
    let (kind, game) = heap_game(game, heaps, rules)?;
    // The page's own opponent (the computer, perfect) unless the link says otherwise. The marks that cut
    // a row are played first: the computer made them when there is an odd number.
    let mut pairs: Vec<(String, String)> = game
        .to_pairs()
        .into_iter()
        .filter(|(key, _)| key != "vs")
        .collect();
    if game.moves.len() % 2 == 1 {
        pairs.push(("first".into(), "computer".into()));
    }
    page_link(kind, pairs)
}

/// The challenge link for `heaps` of `game` under `rules`: two people, "find a winning move" in the
/// position; `None` as for [`heap_play_link`].
pub fn heap_challenge_link(game: &HeapGame, heaps: &[u64], rules: Rules) -> Option<String> {
    let (kind, game) = heap_game(game, heaps, rules)?;
    let mut pairs = game.to_pairs();
    pairs.push(("challenge".into(), game.moves.len().to_string()));
    page_link(kind, pairs)
}

/// A link to a page, if the page takes it: within its sizes, every move legal.
fn page_link(kind: BoardKind, pairs: Vec<(String, String)>) -> Option<String> {
    let text = query::write(pairs);
    Game::from_query(kind, &text).ok().flatten()?;
    Some(format!("/{}?{text}", kind.page()))
}

/// The game, between two people, whose position after its moves is `heaps`, with its page.
fn heap_game(game: &HeapGame, heaps: &[u64], rules: Rules) -> Option<(BoardKind, Game)> {
    let heaps: Vec<usize> = heaps
        .iter()
        .filter(|&&heap| heap > 0)
        .map(|&heap| usize::try_from(heap).ok())
        .collect::<Option<_>>()?;
    if heaps.is_empty() {
        return None;
    }
    // The board whose solver code is this game.
    let kind = [BoardKind::Dots, BoardKind::Grundy, BoardKind::Nim]
        .into_iter()
        .find(|kind| kind.code().parse::<HeapGame>().as_ref() == Ok(game))?;
    let game = match kind {
        BoardKind::Dots => dot_rows(&heaps, rules)?,
        BoardKind::Grundy => Game::new(Board::Piles(heaps), rules, Opponent::Human),
        BoardKind::Nim => Game::new(Board::Nim(heaps), rules, Opponent::Human),
    };
    Some((kind, game))
}

/// One row of dots whose runs are `heaps`: each run but the last is followed by a marked dot between
/// its two neighbours, which leave the game with it.
fn dot_rows(heaps: &[usize], rules: Rules) -> Option<Game> {
    let length = heaps.iter().sum::<usize>() + 3 * (heaps.len() - 1);
    let row = DotRow::new(length).ok()?;
    let mut game = Game::new(Board::Dots(row), rules, Opponent::Human);
    let mut run_start = 0;
    for &heap in &heaps[..heaps.len() - 1] {
        game.play(BoardMove::Mark(run_start + heap + 1)).ok()?;
        run_start += heap + 3;
    }
    Some(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::challenge::Challenge;
    use wasm_bindgen_test::wasm_bindgen_test;

    /// The heaps of a page's position, read back from the link by the page's own reader.
    fn heaps_of(link: &str) -> (BoardKind, Vec<usize>, usize) {
        let (path, text) = link.split_once('?').unwrap();
        let kind = match path {
            "/dots" => BoardKind::Dots,
            "/grundy" => BoardKind::Grundy,
            "/nim" => BoardKind::Nim,
            other => panic!("{other}"),
        };
        let game = Game::from_query(kind, text).unwrap().unwrap();
        let challenge = Challenge::read(&query::read(text), game.moves.len())
            .unwrap()
            .unwrap();
        let mut heaps = game.board_after(challenge.at).heaps();
        heaps.sort_unstable();
        (kind, heaps, challenge.at)
    }

    #[wasm_bindgen_test]
    fn a_lesson_position_opens_as_the_same_heaps_on_its_page() {
        let independence = HeapGame::independence();
        for heaps in [vec![50], vec![6, 19, 19], vec![5, 7, 9], vec![1, 1, 2, 3]] {
            let link = heap_challenge_link(&independence, &heaps, Rules::Normal).unwrap();
            let (kind, mut read, at) = heaps_of(&link);
            let mut want: Vec<usize> = heaps.iter().map(|&h| h as usize).collect();
            want.sort_unstable();
            read.sort_unstable();
            assert_eq!(
                (kind, read, at),
                (BoardKind::Dots, want, heaps.len() - 1),
                "{link}"
            );
        }
        let grundy = heap_challenge_link(&HeapGame::grundy(), &[7, 5, 10], Rules::Misere).unwrap();
        assert!(grundy.contains("rules=misere"), "{grundy}");
        assert_eq!(heaps_of(&grundy), (BoardKind::Grundy, vec![5, 7, 10], 0));
        let nim = heap_challenge_link(&HeapGame::nim(), &[3, 0, 4, 5], Rules::Normal).unwrap();
        assert_eq!(heaps_of(&nim), (BoardKind::Nim, vec![3, 4, 5], 0));
    }

    #[wasm_bindgen_test]
    fn a_position_played_against_the_computer_leaves_the_person_to_move() {
        for heaps in [vec![50], vec![6, 19], vec![6, 19, 19]] {
            let link = heap_play_link(&HeapGame::independence(), &heaps, Rules::Normal).unwrap();
            let (_, text) = link.split_once('?').unwrap();
            let game = Game::from_query(BoardKind::Dots, text).unwrap().unwrap();
            let mut read = game.board().heaps();
            read.sort_unstable();
            let mut want: Vec<usize> = heaps.iter().map(|&h| h as usize).collect();
            want.sort_unstable();
            assert_eq!(read, want, "{link}");
            assert!(!game.computer_to_move(), "{link}");
        }
    }

    #[wasm_bindgen_test]
    fn games_no_page_shows_as_heaps_and_positions_too_large_have_no_link() {
        assert_eq!(
            heap_challenge_link(&HeapGame::kayles(), &[5, 7], Rules::Normal),
            None
        );
        assert_eq!(
            heap_challenge_link(&HeapGame::nim(), &[51], Rules::Normal),
            None
        );
        assert_eq!(
            heap_challenge_link(&HeapGame::independence(), &[400, 200], Rules::Normal),
            None
        );
        assert_eq!(
            heap_challenge_link(&HeapGame::grundy(), &[0, 0], Rules::Normal),
            None
        );
    }
}
