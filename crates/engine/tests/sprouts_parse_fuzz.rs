//! Fuzzing the position parser: random byte strings and random edits of valid positions never
//! panic; every error names a byte offset inside the input; whatever parses prints to a string that
//! parses back to the same position, and its moves can be played.

use proptest::prelude::*;
use sprague_engine::games::sprouts::{Notation, Position};

/// Valid positions in both notations, from small games (the seeds that edits start from).
fn seeds() -> Vec<String> {
    let mut out = Vec::new();
    for n in 1..=4 {
        let start = Position::start(n).unwrap();
        for child in start.children() {
            out.push(child.to_string());
            out.push(child.to_notation(Notation::Glop2007));
            for grandchild in child.children().into_iter().take(4) {
                out.push(grandchild.to_string());
                out.push(grandchild.to_notation(Notation::Glop2007));
            }
        }
    }
    out.extend(
        [
            "0*12",
            "0*4.A|0*4.A+0*3",
            "12.AB.}AB.}]0.2ABC.}0.1ab1bc2ca.ACB.}]!",
        ]
        .map(String::from),
    );
    out
}

/// Parses `text`; checks the error's offset, or the print/parse round trip.
fn check(text: &str) -> Result<(), TestCaseError> {
    match text.parse::<Position>() {
        Err(error) => {
            prop_assert!(
                error.offset <= text.len(),
                "offset {} beyond {} bytes in {text:?}",
                error.offset,
                text.len()
            );
            let prefix = format!("at byte {}: ", error.offset);
            prop_assert!(error.to_string().starts_with(&prefix), "{}", error);
        }
        Ok(position) => {
            for notation in [Notation::Later, Notation::Glop2007] {
                let printed = position.to_notation(notation);
                let again: Position = printed
                    .parse()
                    .map_err(|e| TestCaseError::fail(format!("{printed:?} from {text:?}: {e}")))?;
                prop_assert_eq!(&again, &position, "{:?} from {:?}", printed, text);
            }
            // What parses is a position the rules can play: its moves never panic (a lowercase letter
            // in two boundaries once parsed, then a move took a life its vertex did not have), and each
            // child has one life less.
            if position.lives() <= 12 {
                for child in position.children() {
                    prop_assert!(
                        child.lives() < position.lives(),
                        "{} from {}",
                        child,
                        position
                    );
                    prop_assert_eq!(child.to_string().parse::<Position>().ok(), Some(child));
                }
            }
        }
    }
    Ok(())
}

#[derive(Clone, Debug)]
enum Edit {
    Insert(usize, char),
    Delete(usize),
    Replace(usize, char),
    Swap(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let symbol = prop::sample::select("012abcABC.|+!*}]9 xé\u{0}".chars().collect::<Vec<char>>());
    prop_oneof![
        (any::<usize>(), symbol.clone()).prop_map(|(i, c)| Edit::Insert(i, c)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), symbol).prop_map(|(i, c)| Edit::Replace(i, c)),
        (any::<usize>(), any::<usize>()).prop_map(|(i, j)| Edit::Swap(i, j)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let len = chars.len().max(1);
        match *e {
            Edit::Insert(i, c) => chars.insert(i % (chars.len() + 1), c),
            Edit::Delete(i) if !chars.is_empty() => {
                chars.remove(i % len);
            }
            Edit::Replace(i, c) if !chars.is_empty() => chars[i % len] = c,
            Edit::Swap(i, j) if !chars.is_empty() => chars.swap(i % len, j % len),
            _ => {}
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..40)) {
        check(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn edited_valid_positions_never_panic(
        seed in prop::sample::select(seeds()),
        edits in prop::collection::vec(edit(), 1..4),
    ) {
        check(&apply(&seed, &edits))?;
    }

    #[test]
    fn absurd_counts_are_errors(count in any::<u64>(), tail in "[.|+]{0,2}") {
        check(&format!("0*{count}{tail}"))?;
    }
}
