//! Solving against published facts (GLOP, SPOTS, the literature) and invariants.

use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::Search as _;
use sprague_engine::solve::sprouts::{self, Base, MisereSearch, NormalAnswer, NormalSearch, Step};

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn distinct_children_of_the_start() {
    // ⌊(n−1)/2⌋ + 2 for n ≥ 2, and 1 for n = 1.
    for n in 1..=12usize {
        let expected = if n == 1 { 1 } else { (n - 1) / 2 + 2 };
        assert_eq!(
            Position::start(n).unwrap().children().len(),
            expected,
            "{n} spots"
        );
    }
    let mut three: Vec<Position> = Position::start(3).unwrap().children();
    three.sort();
    let mut expected = vec![pos("0*2.AB|AB"), pos("0.1a1a"), pos("0.AB|0.AB")];
    expected.sort();
    assert_eq!(three, expected);
}

// Published: nimbers of the n-spot start for n = 1..6 are 0, 0, 1, 1, 1, 0.
#[test]
fn nimbers_of_small_starts() {
    let mut base = Base::new();
    let nimbers: Vec<u32> = (1..=5)
        .map(|n| sprouts::nimber(&Position::start(n).unwrap(), &mut base))
        .collect();
    assert_eq!(nimbers, [0, 0, 1, 1, 1]);
}

#[test]
fn six_spots_nimber_and_outcome() {
    let mut base = Base::new();
    let six = Position::start(6).unwrap();
    assert_eq!(sprouts::nimber(&six, &mut base), 0);
    assert!(sprouts::losing(&six, &mut base));
}

#[test]
fn six_spots_misere() {
    assert!(
        !sprouts::misere_losing(&Position::start(6).unwrap(), &mut Base::new()),
        "misère 6 spots: W"
    );
}

#[test]
fn normal_outcomes_follow_n_mod_6() {
    // First player wins iff n mod 6 ∈ {3, 4, 5} (published; verified far beyond these n). Each
    // start from an empty base; 12 spots takes about 2 s.
    for n in 1..=12usize {
        let mut base = Base::new();
        let losing = sprouts::losing(&Position::start(n).unwrap(), &mut base);
        assert_eq!(!losing, matches!(n % 6, 3..=5), "{n} spots");
    }
}

#[test]
fn misere_outcomes_of_the_starts() {
    // Misère n = 1..: W L L L W W L L L W W W (W: the first player wins).
    let expected = "WLLLWWLL";
    for (i, w) in expected.chars().enumerate() {
        let n = i + 1;
        let mut base = Base::new();
        let losing = sprouts::misere_losing(&Position::start(n).unwrap(), &mut base);
        assert_eq!(if losing { 'L' } else { 'W' }, w, "{n} spots");
    }
}

/// Misère play, 9 spots: L. About 25 s of CPU (670k positions): `scripts/test-slow`.
#[test]
#[ignore = "about 25 s: run by scripts/test-slow"]
fn misere_nine_spots() {
    assert!(sprouts::misere_losing(
        &Position::start(9).unwrap(),
        &mut Base::new()
    ));
}

#[test]
fn glop_manual_twelve_spot_line() {
    // From the Glop manual's 12-spot game: `0*4.A|0*4.A+0*3` has nimber 0; since 0*3 has nimber 1,
    // `0*4.A|0*4.A` must have nimber 1.
    let mut base = Base::new();
    assert_eq!(sprouts::nimber(&pos("0*4.A|0*4.A+0*3"), &mut base), 0);
    assert_eq!(sprouts::nimber(&pos("0*4.A|0*4.A"), &mut base), 1);
    assert_eq!(sprouts::nimber(&pos("0*3"), &mut base), 1);
}

#[test]
fn winning_moves_are_exactly_the_losing_children() {
    for n in 2..=5 {
        let start = Position::start(n).unwrap();
        let mut base = Base::new();
        let moves = sprouts::winning_moves(&start, &mut base);
        let start_losing = sprouts::losing(&start, &mut base);
        assert_eq!(moves.is_empty(), start_losing, "{n} spots");
        for child in start.children() {
            let is_move = moves.contains(&child);
            assert_eq!(is_move, sprouts::nimber(&child, &mut base) == 0, "{child}");
        }
        let misere_moves = sprouts::misere_winning_moves(&start, &mut base);
        assert_eq!(
            misere_moves.is_empty(),
            sprouts::misere_losing(&start, &mut base)
        );
    }
}

#[test]
fn sliced_searches_answer_like_whole_ones() {
    let start = Position::start(5).unwrap();
    let mut sliced = NormalSearch::losing(&start, 0, Base::new());
    let mut slices = 0;
    let answer = loop {
        match sliced.step(7) {
            Step::Done(a) => break a,
            Step::Running { .. } => slices += 1,
        }
    };
    assert!(slices > 10);
    assert_eq!(answer, NormalAnswer::Losing(false));
    let mut misere = MisereSearch::new(&start, Base::new());
    let answer = loop {
        if let Step::Done(a) = misere.step(5) {
            break a;
        }
    };
    assert!(!answer);
    // Cancelling is dropping the search; a new search resumes from the base it leaves.
    let mut partial = NormalSearch::losing(&start, 0, Base::new());
    assert!(matches!(partial.step(50), Step::Running { .. }));
    let mut base = partial.into_base();
    assert!(base.normal_len() > 0);
    assert!(!sprouts::losing(&start, &mut base));
}

#[test]
fn nimbers_of_sums_are_xors() {
    let mut base = Base::new();
    let a = sprouts::nimber(&pos("0*3"), &mut base);
    let b = sprouts::nimber(&pos("0*2.AB|AB"), &mut base);
    let c = sprouts::nimber(&pos("0.1a1a"), &mut base);
    assert_eq!(
        sprouts::nimber(&pos("0*3+0*2.AB|AB+0.1a1a"), &mut base),
        a ^ b ^ c
    );
}
