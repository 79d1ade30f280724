//! Misère form proofs (`misere_form_proof`): what they prove agrees with the independent brute
//! force (tests/common/sprouts_brute.rs) for several lives bounds; the checker refuses every proof
//! with one outcome flipped; malformed files are refused with a message, never a panic. The file
//! format is written here a second time, from its description, to tamper with proofs.

use crate::common;

use std::collections::BTreeMap;

use bincode::Options;
use serde::{Deserialize, Serialize};

use common::sprouts_brute::{random_game_states, Brute, State};
use common::Rng;
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{
    check_form_proof, form_proof_outcome, prove_on_forms, read_form_proof, write_form_proof,
    Control, FormProofError, LandForms, FORM_PROOF_MAGIC,
};

/// The file, as its documentation describes it.
#[derive(Clone, Serialize, Deserialize)]
struct File {
    magic: String,
    version: u32,
    max_lives: u32,
    forms: Vec<Vec<u32>>,
    states: Vec<(Vec<u8>, u32, bool)>,
}

fn decode(bytes: &[u8]) -> File {
    bincode::DefaultOptions::new()
        .deserialize(bytes)
        .expect("a written proof decodes")
}

fn encode(file: &File) -> Vec<u8> {
    bincode::DefaultOptions::new().serialize(file).unwrap()
}

fn parse(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Misère: lost for the player to move, by the brute force.
fn brute_lost(brute: &mut Brute, position: &Position) -> bool {
    brute.solve(&State::parse(&position.to_string())).1
}

/// Every position from the 4-spot start and random 5- and 6-spot positions, distinct.
fn positions() -> Vec<Position> {
    let mut found: BTreeMap<Position, ()> = BTreeMap::new();
    let mut stack = vec![State::start(4)];
    while let Some(state) = stack.pop() {
        if found.insert(parse(&state.notation()), ()).is_none() {
            stack.extend(state.children());
        }
    }
    let mut rng = Rng(0x00f0_4a11_5eed);
    for state in random_game_states(&mut rng, 16) {
        found.insert(parse(&state.notation()), ());
    }
    found.into_keys().collect()
}

#[test]
fn proofs_agree_with_the_brute_force_for_every_lives_bound() {
    let mut brute = Brute::default();
    let positions = positions();
    assert!(positions.len() > 100, "only {} positions", positions.len());
    // 1: nearly every land large (whole positions); 10: the app's bound, most lands are forms.
    for max_lives in [1, 3, 6, 10] {
        let mut lands = LandForms::new(max_lives);
        for position in &positions {
            let lost = prove_on_forms(position, &mut lands, &Control::new()).unwrap();
            assert_eq!(
                lost,
                brute_lost(&mut brute, position),
                "{position}, lives bound {max_lives}"
            );
        }
        let bytes = write_form_proof(&lands);
        let (mut checked, report) =
            check_form_proof(&bytes).unwrap_or_else(|e| panic!("lives bound {max_lives}: {e}"));
        assert!(report.states > 0);
        for position in &positions {
            assert_eq!(
                form_proof_outcome(position, &mut checked),
                Some(brute_lost(&mut brute, position)),
                "{position} read back from the proof, lives bound {max_lives}"
            );
        }
    }
}

/// Misère play, n = 1..8 spots: the first player wins (published; see DESIGN.md).
const MISERE_FIRST_WINS: [bool; 8] = [true, false, false, false, true, true, false, false];

#[test]
fn a_proof_of_the_starts_shows_every_move_from_them() {
    let mut brute = Brute::default();
    let mut lands = LandForms::new(8);
    for n in 1..=7 {
        let start = Position::start(n).unwrap();
        prove_on_forms(&start, &mut lands, &Control::new()).unwrap();
        for child in start.children() {
            prove_on_forms(&child, &mut lands, &Control::new()).unwrap();
        }
    }
    let (mut checked, _) = check_form_proof(&write_form_proof(&lands)).unwrap();
    for n in 1..=7 {
        let start = Position::start(n).unwrap();
        let shown = form_proof_outcome(&start, &mut checked);
        assert_eq!(shown, Some(!MISERE_FIRST_WINS[n - 1]), "{n} spots");
        let mut a_child_lost = false;
        for child in start.children() {
            let lost = form_proof_outcome(&child, &mut checked);
            // The brute force takes half a minute over the moves from 5 spots: larger starts rest on
            // the published outcomes and on the other tests.
            if n <= 4 {
                assert_eq!(lost, Some(brute_lost(&mut brute, &child)), "{child}");
            }
            a_child_lost |= lost.expect("every move from a start is shown");
        }
        assert_eq!(a_child_lost, MISERE_FIRST_WINS[n - 1], "{n} spots");
    }
}

#[test]
fn every_flipped_outcome_is_refused() {
    let mut lands = LandForms::new(4);
    for text in ["0*6", "0*5", "0*4.AB|0.AB"] {
        prove_on_forms(&parse(text), &mut lands, &Control::new()).unwrap();
    }
    let file = decode(&write_form_proof(&lands));
    assert!(file.states.len() > 20, "{} states", file.states.len());
    assert!(check_form_proof(&encode(&file)).is_ok());
    for i in 0..file.states.len() {
        let mut flipped = file.clone();
        flipped.states[i].2 = !flipped.states[i].2;
        let bytes = encode(&flipped);
        assert!(
            read_form_proof(&bytes).is_ok(),
            "state {i}: still a proof's form"
        );
        match check_form_proof(&bytes) {
            Err(FormProofError::Wrong(why)) => assert!(why.contains("listed"), "{why}"),
            other => panic!("state {i} flipped: {:?}", other.map(|(_, r)| r)),
        }
    }
}

#[test]
fn malformed_files_are_refused_with_a_reason() {
    let mut lands = LandForms::new(6);
    prove_on_forms(&parse("0*6"), &mut lands, &Control::new()).unwrap();
    let bytes = write_form_proof(&lands);
    let file = decode(&bytes);
    assert!(file.forms.len() > 2 && !file.states.is_empty());
    let unreadable = |bytes: &[u8], what: &str| match read_form_proof(bytes) {
        Err(FormProofError::Unreadable(why)) => why,
        other => panic!("{what}: {:?}", other.map(|l| l.proven_len())),
    };
    unreadable(&[], "empty");
    unreadable(&bytes[..bytes.len() / 2], "cut in half");
    unreadable(b"sprague-sprouts-base and more", "another file");
    let mut rng = Rng(0xbad_f11e);
    for _ in 0..200 {
        let noise: Vec<u8> = (0..rng.below(64)).map(|_| rng.below(256) as u8).collect();
        let _ = read_form_proof(&noise); // refused or, by chance, read: never a panic
    }
    let changed = |change: &dyn Fn(&mut File)| {
        let mut f = file.clone();
        change(&mut f);
        encode(&f)
    };
    let why = unreadable(&changed(&|f| f.magic = "something else".into()), "magic");
    assert!(why.contains("start"), "{why}");
    let why = unreadable(&changed(&|f| f.version = 2), "version");
    assert!(why.contains("version 2"), "{why}");
    for lives in [0, 13, 400] {
        let why = unreadable(&changed(&|f| f.max_lives = lives), "lives");
        assert!(why.contains(&format!("{lives} lives")), "{why}");
    }
    let last = file.forms.len() as u32;
    let why = unreadable(
        &changed(&|f| f.forms[0] = vec![last]),
        "an option named before it is",
    );
    assert!(why.contains("not an earlier form"), "{why}");
    let why = unreadable(
        &changed(&|f| f.states[0].1 = last + 1),
        "a state of no form",
    );
    assert!(why.contains("not one"), "{why}");
    let why = unreadable(
        &changed(&|f| {
            let first = f.states[0].clone();
            f.states.push(first)
        }),
        "a state twice",
    );
    assert!(why.contains("twice"), "{why}");
    // 0*2 has 6 lives: with forms up to 6 lives it is a form, not a state's large land.
    let why = unreadable(
        &changed(&|f| f.states[0].0 = parse("0*2").key()),
        "a small land as a large one",
    );
    assert!(why.contains("is a form"), "{why}");
    assert_eq!(file.magic, FORM_PROOF_MAGIC);
}

#[test]
fn a_cancelled_proof_holds_nothing_and_the_next_run_finishes() {
    let mut lands = LandForms::new(6);
    let control = Control::new();
    control.cancel();
    let start = parse("0*6");
    assert_eq!(
        prove_on_forms(&start, &mut lands, &control),
        Err(FormProofError::Cancelled)
    );
    assert_eq!(lands.proven_len(), 0);
    assert_eq!(lands.max_lives(), 6, "the forms are given back");
    // 6 spots, misère: the first player wins (published).
    assert_eq!(
        prove_on_forms(&start, &mut lands, &Control::new()),
        Ok(false)
    );
    assert!(lands.proven_len() > 0);
}
