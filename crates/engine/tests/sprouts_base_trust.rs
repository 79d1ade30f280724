//! A base can never make the solver lie (issue 19): a base from outside is verified before a solver
//! uses it, wrong claims are caught however large, files are recognised by their content.
//!
//! The truths used: normal play, the n-spot start is lost for the first player (nimber 0) iff
//! n mod 6 ∉ {3,4,5}; the n-spot start has ⌊(n−1)/2⌋ + 2 distinct children, so its nimber (a mex of
//! that many values) is at most that; 3 spots have nimber 1, so 3 spots + 3 spots have 1 XOR 1 = 0;
//! and a position has one value, so a file giving two is refused.

use std::sync::mpsc;
use std::time::Duration;

use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{
    self, check_base, extract_proof, verify_base, Base, BaseError, CheckOptions,
};

fn pos(text: &str) -> Position {
    text.parse().unwrap()
}

fn start(n: usize) -> Position {
    Position::start(n).unwrap()
}

fn claims(text: &str) -> Base {
    Base::from_glop_text(text).unwrap()
}

/// The published outcome: lost for the first player iff n mod 6 ∉ {3,4,5}.
fn start_lost(n: usize) -> bool {
    !matches!(n % 6, 3..=5)
}

/// Runs `f` on a thread and fails if it takes more than `seconds` (the old code looped for hours).
fn within<T: Send + 'static>(seconds: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(seconds))
        .expect("took too long")
}

#[test]
fn the_distinct_children_count_bounds_the_start_nimbers() {
    // The fact the quick rejection rests on, checked on the starts the other tests use.
    for n in 2..=7 {
        assert_eq!(start(n).children().len(), (n - 1) / 2 + 2, "{n} spots");
    }
}

#[test]
fn wrong_claims_are_wrong_not_unverifiable() {
    let cases = [
        // 5 spots have 4 children: a nimber of 7 is impossible.
        ("0*5 7", "0*5 nimber 7"),
        // 6 spots have 4 children.
        ("0*6 1000", "0*6 nimber 1000"),
        // 6 spots are lost for the first player: nimber 0.
        ("0*6 1", "0*6 nimber 1"),
        // 1 XOR 1 = 0.
        ("0*3+0*3 1", "0*3+0*3 nimber 1"),
        // 9 spots are won for the first player: not 0.
        ("0*9 0", "0*9 nimber 0"),
    ];
    for (line, wrong) in cases {
        let report = check_base(&claims(&format!("[Positions+Nimber]\n{line}\n")));
        assert_eq!(report.wrong, [wrong], "{line}: {report:?}");
        assert!(report.unverifiable.is_empty(), "{line}: {report:?}");
        assert_eq!(report.verified, 0, "{line}");
    }
}

#[test]
fn right_claims_the_base_cannot_re_derive_are_computed() {
    // 7 spots: lost (7 mod 6 = 1), nimber 0; 4+4 spots: 0 (a sum of two equal games). Nothing else
    // in the base proves them, and their lands are too large for the plain minimax. Each is
    // checked alone (what the solver learns on one could re-derive the other).
    for line in ["0*7 0", "0*4+0*4 0"] {
        let report = check_base(&claims(&format!("[Positions+Nimber]\n{line}\n")));
        assert!(report.all_verified(), "{line}: {report:?}");
        assert_eq!((report.verified, report.computed), (1, 1), "{line}");
    }
    let base = claims("[Positions+Nimber]\n0*7 0\n0*4+0*4 0\n");
    // Without a budget they could not be verified, and then they are not trusted.
    let (report, verified) = verify_base(
        &base,
        CheckOptions {
            nodes_per_entry: 0,
            ..CheckOptions::default()
        },
    );
    assert_eq!(report.verified, 0);
    assert_eq!(report.unverifiable, ["0*7 nimber 0", "0*4+0*4 nimber 0"]);
    assert_eq!(verified.nimber(&start(7)), None);
}

#[test]
fn a_verified_base_never_makes_the_solver_lie() {
    // The case: a file claiming 6 spots have nimber 1.
    let (report, mut base) = verify_base(
        &claims("[Positions+Nimber]\n0*6 1\n"),
        CheckOptions::default(),
    );
    assert_eq!(report.wrong, ["0*6 nimber 1"]);
    assert_ne!(base.nimber(&start(6)), Some(1), "a wrong claim is not kept");
    assert_eq!(sprouts::nimber(&start(6), &mut base), 0);
    assert!(sprouts::losing(&start(6), &mut base));
    assert!(sprouts::winning_moves(&start(6), &mut base).is_empty());
    // A base with wrong claims about every start from 2 to 8 (the opposite outcome): after
    // verification, the solver answers the published outcomes, and a won start has a winning move.
    let mut text = String::from("[Positions+Nimber]\n");
    for n in 2..=8 {
        text.push_str(&format!("0*{n} {}\n", if start_lost(n) { 1 } else { 0 }));
    }
    let (report, mut base) = verify_base(&claims(&text), CheckOptions::default());
    assert_eq!(report.wrong.len(), 7, "{report:?}");
    for n in 2..=8 {
        assert_eq!(sprouts::losing(&start(n), &mut base), start_lost(n), "{n}");
        assert_eq!(
            sprouts::winning_moves(&start(n), &mut base).is_empty(),
            start_lost(n),
            "{n}"
        );
    }
}

#[test]
fn a_wrong_claim_does_not_vouch_for_another() {
    // A complete, solved base with its value of 3 spots altered: every entry whose proof went
    // through 3 spots must be judged on what is true, so the only wrong entry is the altered one.
    let mut base = Base::new();
    sprouts::nimber(&start(6), &mut base);
    assert_eq!(base.nimber(&start(3)), Some(1));
    base.insert_nimber(&start(3), 0);
    let report = check_base(&base);
    assert_eq!(report.wrong, ["0*3 nimber 0"], "{report:?}");
    assert!(report.unverifiable.is_empty(), "{report:?}");
}

#[test]
fn a_huge_claimed_nimber_is_wrong_at_once() {
    let report = within(60, || {
        check_base(&claims("[Positions+Nimber]\n0*6 4294967295\n"))
    });
    assert_eq!(report.wrong, ["0*6 nimber 4294967295"]);
    // A proof asked of such a base (bypassing the check) is an error, not a 2 GiB allocation.
    let mut base = Base::new();
    base.insert_nimber(&start(6), u32::MAX);
    let proof = within(60, move || extract_proof(&base, &start(6), u32::MAX).err());
    assert!(proof.is_some_and(|e| e.contains("only 4 children")));
}

#[test]
fn misere_claims_are_verified_too() {
    // Misère 1..6 spots: W L L L W W (published).
    let won = [true, false, false, false, true, true];
    let mut text = String::from("[Positions+Nimber]\n[Positions+MisereOutcome]\n");
    for (i, &w) in won.iter().enumerate() {
        // The opposite of the truth for odd sizes, the truth for even ones.
        let claim_won = if i % 2 == 0 { !w } else { w };
        text.push_str(&format!(
            "0*{} {}\n",
            i + 1,
            if claim_won { "N" } else { "P" }
        ));
    }
    let (report, mut base) = verify_base(&claims(&text), CheckOptions::default());
    assert_eq!(
        report.wrong,
        ["0 misère P", "0*3 misère N", "0*5 misère P"],
        "{report:?}"
    );
    assert_eq!(report.verified, 3);
    for (i, &w) in won.iter().enumerate() {
        assert_eq!(
            sprouts::misere_losing(&start(i + 1), &mut base),
            !w,
            "{}",
            i + 1
        );
    }
}

/// A binary base with the given nimber entries, in this order (duplicates allowed): the bytes of a
/// one-entry base spliced together.
fn binary_with(entries: &[(&str, u32)]) -> Vec<u8> {
    let one = |p: &str, v: u32| {
        let mut base = Base::new();
        base.insert_nimber(&pos(p), v);
        base.to_bytes()
    };
    let empty = Base::new().to_bytes();
    // An empty base ends with two empty lists (one byte each); a one-entry base has the list length
    // 1 where the first one was, then its entry.
    let prefix = &empty[..empty.len() - 2];
    let mut out = prefix.to_vec();
    out.push(entries.len() as u8);
    for &(p, v) in entries {
        let bytes = one(p, v);
        out.extend_from_slice(&bytes[prefix.len() + 1..bytes.len() - 1]);
    }
    out.push(0);
    out
}

#[test]
fn binary_duplicates_with_different_values_are_refused() {
    // The splicing is right: distinct entries read back.
    let fine = Base::from_bytes(&binary_with(&[("0*2", 0), ("0*3", 1)])).unwrap();
    assert_eq!(fine.nimber(&start(3)), Some(1));
    // The same value twice is harmless, as in the text format.
    assert!(Base::from_bytes(&binary_with(&[("0*3", 1), ("0*3", 1)])).is_ok());
    for bytes in [
        binary_with(&[("0*3", 2), ("0*3", 1)]),
        binary_with(&[("0*3", 1), ("0*3", 2)]),
    ] {
        for read in [Base::from_bytes(&bytes), Base::from_own_bytes(&bytes)] {
            let message = read.unwrap_err().to_string();
            assert!(
                message.contains("\"0*3\" is listed twice with different nimbers"),
                "{message}"
            );
        }
    }
}

#[test]
fn text_is_recognised_with_a_byte_order_mark_or_blank_lines() {
    for text in [
        "\u{feff}[Positions+Nimber]\n0*3 1\n",
        "\n\n[Positions+Nimber]\n0*3 1\n",
        "\u{feff}\r\n[Positions+Nimber]\r\n0*3 1\r\n",
    ] {
        let base = Base::read(text.as_bytes()).unwrap();
        assert_eq!(base.nimber(&start(3)), Some(1), "{text:?}");
        let base = Base::read_from(text.as_bytes()).unwrap();
        assert_eq!(base.nimber(&start(3)), Some(1), "{text:?}");
    }
    // Binary is recognised as binary.
    let mut base = Base::new();
    base.insert_nimber(&start(3), 1);
    assert_eq!(Base::read(&base.to_bytes()).unwrap(), base);
}

#[test]
fn unrecognised_files_say_what_is_wrong() {
    let message = |bytes: &[u8]| Base::read(bytes).unwrap_err().to_string();
    assert_eq!(
        message(b"0*3 1\n"),
        "line 1: expected the header [Positions+Nimber]"
    );
    assert_eq!(message(b""), "the file is empty: not a base");
    assert_eq!(
        message(b"\n  \n"),
        "the file holds only blank lines: not a base (expected [Positions+Nimber])"
    );
    assert!(message(&[0; 100]).starts_with("not a Sprouts base"));
    assert!(message(b"\x14sprague-sprouts-ba").starts_with("binary base: damaged or truncated"));
    assert_eq!(
        message(b"[Positions+Nimber]\n0*3 1\n\xff\xfe\n"),
        "line 3: not UTF-8 text"
    );
    // A long line is quoted short.
    let long = format!("[Positions+Nimber]\n0*3 {}\n", "9".repeat(10_000));
    let m = message(long.as_bytes());
    assert!(
        m.len() < 120 && m.starts_with("line 2: nimber must be a number"),
        "{m}"
    );
    assert!(matches!(
        Base::read(b"0*3 1\n"),
        Err(BaseError::Text { line: 1, .. })
    ));
}

#[test]
fn an_endless_stream_is_refused_without_reading_it() {
    // `/dev/zero`: zeros are neither format, refused from the first bytes.
    let message = within(60, || {
        Base::read_from(std::io::repeat(0)).unwrap_err().to_string()
    });
    assert!(message.starts_with("not a Sprouts base"), "{message}");
}
