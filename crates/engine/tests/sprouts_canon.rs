//! Canonical form: rewriting a position in any equivalent way (letters renamed, boundaries rotated,
//! every boundary of a land reversed, boundaries, regions and lands reordered, either notation) must
//! give back the same canonical position. The rewriting here works on plain strings, independently
//! of the engine; the positions come from random games.

use proptest::prelude::*;
use sprague_engine::games::sprouts::{Notation, Position};

/// A small deterministic generator (splitmix64), seeded by proptest.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn gen_range(&mut self, range: std::ops::Range<usize>) -> usize {
        range.start + (self.next() % (range.end - range.start) as u64) as usize
    }
    fn gen_bool(&mut self) -> bool {
        self.next() & 1 == 1
    }
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.gen_range(0..i + 1);
            items.swap(i, j);
        }
    }
}

type Lands = Vec<Vec<Vec<Vec<char>>>>;

/// Splits the 2007 notation into lands / regions / boundaries / vertex characters.
fn split_2007(text: &str) -> Lands {
    let body = text.strip_suffix('!').expect("ends with !");
    body.split(']')
        .filter(|l| !l.is_empty())
        .map(|land| {
            land.split('}')
                .filter(|r| !r.is_empty())
                .map(|region| {
                    region
                        .split('.')
                        .filter(|b| !b.is_empty())
                        .map(|b| b.chars().collect())
                        .collect()
                })
                .collect()
        })
        .collect()
}

fn rewrite(lands: &Lands, rng: &mut Rng) -> String {
    let mut lands = lands.clone();
    for land in &mut lands {
        // Rename uppercase letters across the land, lowercase ones within each region.
        let mut upper: Vec<char> = ('A'..='Z').collect();
        rng.shuffle(&mut upper);
        let reflect = rng.gen_bool();
        for region in land.iter_mut() {
            let mut lower: Vec<char> = ('a'..='z').collect();
            rng.shuffle(&mut lower);
            for boundary in region.iter_mut() {
                for c in boundary.iter_mut() {
                    if c.is_ascii_uppercase() {
                        *c = upper[(*c as u8 - b'A') as usize];
                    } else if c.is_ascii_lowercase() {
                        *c = lower[(*c as u8 - b'a') as usize];
                    }
                }
                if reflect {
                    boundary.reverse();
                }
                let k = rng.gen_range(0..boundary.len());
                boundary.rotate_left(k);
            }
            rng.shuffle(region);
        }
        rng.shuffle(land);
    }
    rng.shuffle(&mut lands);
    let join = |v: Vec<String>, sep: &str| v.join(sep);
    if rng.gen_bool() {
        let mut out = String::new();
        for land in &lands {
            for region in land {
                for boundary in region {
                    out.extend(boundary.iter());
                    out.push('.');
                }
                out.push('}');
            }
            out.push(']');
        }
        out + "!"
    } else if lands.is_empty() {
        "!".into()
    } else {
        join(
            lands
                .iter()
                .map(|land| {
                    join(
                        land.iter()
                            .map(|region| {
                                join(region.iter().map(|b| b.iter().collect()).collect(), ".")
                            })
                            .collect(),
                        "|",
                    )
                })
                .collect(),
            "+",
        )
    }
}

/// A position reached by a random game from an n-spot start.
fn random_position(rng: &mut Rng) -> Position {
    let spots = rng.gen_range(1..8);
    let mut position = Position::start(spots).unwrap();
    let moves = rng.gen_range(0..3 * spots + 1);
    for _ in 0..moves {
        let children = position.children();
        if children.is_empty() {
            break;
        }
        position = children[rng.gen_range(0..children.len())].clone();
    }
    position
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn equivalent_writings_have_one_canonical_form(seed in any::<u64>()) {
        let mut rng = Rng(seed);
        let position = random_position(&mut rng);
        let lands = split_2007(&position.to_notation(Notation::Glop2007));
        for _ in 0..8 {
            let text = rewrite(&lands, &mut rng);
            let reparsed: Position = text.parse().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
            prop_assert_eq!(&reparsed, &position, "{} rewritten as {}", position, text);
            prop_assert_eq!(reparsed.to_string(), position.to_string());
            prop_assert_eq!(reparsed.key(), position.key());
        }
    }
}

#[test]
fn start_positions_print_in_later_notation() {
    assert_eq!(Position::start(1).unwrap().to_string(), "0");
    assert_eq!(Position::start(14).unwrap().to_string(), "0*14");
    assert_eq!(Position::start(0).unwrap().to_string(), "!");
}
