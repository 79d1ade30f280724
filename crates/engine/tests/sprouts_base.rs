//! Bases: GLOP text and binary round trips, merging with conflict reports, rejection of bad files.

use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{self, Base, BaseError};

fn pos(text: &str) -> Position {
    text.parse().unwrap()
}

fn solved_base() -> Base {
    let mut base = Base::new();
    sprouts::nimber(&Position::start(4).unwrap(), &mut base);
    sprouts::misere_losing(&Position::start(4).unwrap(), &mut base);
    base
}

#[test]
fn text_and_binary_round_trip() {
    let base = solved_base();
    assert!(base.normal_len() > 10 && base.misere_len() > 10);
    let text = base.to_glop_text();
    assert!(text.starts_with("[Positions+Nimber]\n"));
    assert_eq!(Base::from_glop_text(&text).unwrap(), base);
    let bytes = base.to_bytes();
    assert_eq!(Base::from_bytes(&bytes).unwrap(), base);
    assert!(
        bytes.len() < text.len(),
        "binary {} vs text {}",
        bytes.len(),
        text.len()
    );
}

#[test]
fn glop_text_in_either_notation() {
    let text = "[Positions+Nimber]\n0.0.0.}]! 1\n0*2 0\n\n0.AB|0.AB 0\n";
    let base = Base::from_glop_text(text).unwrap();
    assert_eq!(base.nimber(&pos("0*3")), Some(1));
    assert_eq!(base.nimber(&pos("0.AB.}0.AB.}]!")), Some(0));
    assert_eq!(
        base.nimber(&pos("0*3+0*2")),
        Some(1),
        "a sum of stored lands"
    );
    assert_eq!(base.nimber(&pos("0*4")), None);
}

#[test]
fn bad_text_reports_the_line() {
    let cases = [
        ("0*3 1\n", 1, "expected the header [Positions+Nimber]"),
        ("[Positions+Nimber]\n0*3\n", 2, "expected `<position> <value>`"),
        ("[Positions+Nimber]\n0*3 x\n", 2, "nimber must be a number, found \"x\""),
        ("[Positions+Nimber]\n0*3 1\n0.0.0.}]! 2\n", 3, "0*3 is listed twice with different nimbers"),
        ("[Positions+Nimber]\n0.A 1\n", 2, "position \"0.A\": at byte 2: uppercase letter 'A' must occur exactly twice in its land, found 1"),
        ("[Positions+MisereOutcome]\n0*3 W\n", 2, "misère outcome must be N or P, found \"W\""),
    ];
    for (text, line, message) in cases {
        match Base::from_glop_text(text) {
            Err(BaseError::Text {
                line: l,
                message: m,
            }) => {
                assert_eq!((l, m.as_str()), (line, message), "{text:?}");
            }
            other => panic!("{text:?}: {other:?}"),
        }
    }
}

#[test]
fn own_bytes_read_back_the_same_base_and_damaged_ones_fail_without_panic() {
    let base = solved_base();
    let bytes = base.to_bytes();
    assert_eq!(Base::from_own_bytes(&bytes).unwrap(), base);
    assert!(Base::from_own_bytes(b"").is_err());
    assert!(Base::from_own_bytes(&bytes[..bytes.len() - 3]).is_err());
    // Random damage: an error or some base, never a panic (reading it, or looking positions up).
    let mut rng = 0x9e37_79b9_7f4a_7c15_u64;
    for _ in 0..200 {
        let mut damaged = bytes.clone();
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let at = 30 + (rng as usize) % (damaged.len() - 30);
        damaged[at] ^= (rng >> 32) as u8 | 1;
        if let Ok(read) = Base::from_own_bytes(&damaged) {
            let _ = read.nimber(&"0*3".parse().unwrap());
            let _ = read.nimbers();
        }
    }
}

#[test]
fn bad_binary_is_rejected() {
    assert!(Base::from_bytes(b"").is_err());
    assert!(Base::from_bytes(&[0xff; 64]).is_err());
    let mut bytes = solved_base().to_bytes();
    let last = bytes.len() - 3;
    bytes.truncate(last);
    assert!(Base::from_bytes(&bytes).is_err());
}

#[test]
fn merge_reports_conflicts_and_keeps_ours() {
    let mut ours = Base::from_glop_text("[Positions+Nimber]\n0*3 1\n0*2 0\n").unwrap();
    let theirs =
        Base::from_glop_text("[Positions+Nimber]\n0*3 2\n0 0\n[Positions+MisereOutcome]\n0*2 P\n")
            .unwrap();
    let conflicts = ours.merge(&theirs);
    assert_eq!(conflicts.len(), 1);
    assert_eq!(conflicts[0].position, "0*3");
    assert_eq!(conflicts[0].kept, "nimber 1");
    assert_eq!(conflicts[0].other, "nimber 2");
    assert_eq!(ours.nimber(&pos("0*3")), Some(1));
    assert_eq!(ours.nimber(&pos("0")), Some(0));
    assert_eq!(ours.misere_losing(&pos("0*2")), Some(true));
    // Merging two coherent bases computed separately reports nothing.
    let mut a = solved_base();
    let mut b = Base::new();
    sprouts::nimber(&Position::start(5).unwrap(), &mut b);
    assert!(a.merge(&b).is_empty());
}

#[test]
fn complete_check_verifies_a_solved_base_and_catches_a_wrong_entry() {
    let base = solved_base();
    let report = sprouts::check_base(&base);
    assert!(report.wrong.is_empty(), "{:?}", report.wrong);
    assert!(report.verified > 50, "{report:?}");
    assert!(
        report.unverifiable.len() * 10 < report.verified,
        "{} unverifiable of {}",
        report.unverifiable.len(),
        report.verified
    );
    // 0*3 has nimber 1 (a published fact); storing 2 must be caught.
    let mut tampered = base.clone();
    tampered.insert_nimber(&pos("0*3"), 2);
    let report = sprouts::check_base(&tampered);
    assert_eq!(report.wrong, ["0*3 nimber 2"]);
    // 4 spots is lost in misère play; claiming it is won must be caught.
    let mut tampered = base.clone();
    tampered.insert_misere(&pos("0*4"), false);
    let report = sprouts::check_base(&tampered);
    assert!(
        report.wrong.contains(&"0*4 misère N".to_string()),
        "{:?}",
        report.wrong
    );
}

#[test]
fn proof_graph_is_a_valid_proof() {
    use sprague_engine::solve::sprouts::{extract_proof, Detail};
    for n in 2..=5 {
        let start = Position::start(n).unwrap();
        let mut base = Base::new();
        let losing = sprouts::losing(&start, &mut base);
        let graph = extract_proof(&base, &start, 0).unwrap();
        assert_eq!(graph.nodes[0].losing, losing);
        // Check the proof with the rules only: a losing couple links to every child couple and
        // every smaller heap, all winning; a winning single-land couple links to a losing couple that
        // is one of its moves; a multi-land couple links to its lands.
        for (i, node) in graph.nodes.iter().enumerate() {
            let links: Vec<&_> = graph
                .edges
                .iter()
                .filter(|e| e.0 == i)
                .map(|e| &graph.nodes[e.1])
                .collect();
            let by_lands = node.position.lands().len() >= 2
                && links.len() == node.position.lands().len()
                && links
                    .iter()
                    .zip(node.position.lands())
                    .all(|(l, land)| l.position.lands() == [land.clone()]);
            if by_lands {
                let xor = links.iter().fold(0, |a, l| a ^ l.heap);
                assert!(links.iter().all(|l| l.losing));
                assert_eq!(node.losing, xor == node.heap);
            } else if node.losing {
                let children = node.position.children();
                assert_eq!(
                    links.len(),
                    children.len() + node.heap as usize,
                    "{}",
                    node.position
                );
                assert!(links.iter().all(|l| !l.losing));
                assert!(children.iter().all(|c| links
                    .iter()
                    .any(|l| l.position == *c && l.heap == node.heap)));
            } else {
                assert_eq!(links.len(), 1);
                let l = links[0];
                assert!(l.losing);
                let is_move = node.position.children().contains(&l.position) && l.heap == node.heap
                    || l.position == node.position && l.heap < node.heap;
                assert!(
                    is_move,
                    "{} {} -> {} {}",
                    node.position, node.heap, l.position, l.heap
                );
            }
        }
        let dot = graph.to_dot(Detail::Full, true, 0);
        assert!(
            dot.starts_with("digraph proof {")
                && dot.contains("fillcolor=red")
                && dot.contains(" -> ")
        );
        let filtered = graph.to_dot(Detail::Number, true, 3 * n as u32);
        assert_eq!(
            filtered.matches("fillcolor").count(),
            1,
            "only the start has all its lives"
        );
    }
}

#[test]
fn what_a_base_learns_is_handed_to_another_once() {
    // A base that notes what it learns: solving 4 spots from nothing writes its entries.
    let mut learner = Base::new();
    learner.note_learned();
    sprouts::nimber(&Position::start(4).unwrap(), &mut learner);
    sprouts::misere_losing(&Position::start(4).unwrap(), &mut learner);
    let learned = learner.take_learned();
    assert_eq!(learned.len(), learner.normal_len() + learner.misere_len());
    assert!(learner.take_learned().is_empty(), "handed over once");
    // Taken in by another base (through bincode, as between web workers): it knows the same, and
    // agrees with a base that solved the same itself.
    let bytes = bincode::serialize(&learned).unwrap();
    let mut other = Base::new();
    other.note_learned();
    other.take_in(&bincode::deserialize(&bytes).unwrap());
    assert_eq!(other, solved_base());
    assert_eq!(
        other.nimber(&pos("0*4")),
        Some(1),
        "published: 4 spots is *1"
    );
    assert!(
        other.take_learned().is_empty(),
        "what was taken in is not handed on again"
    );
    // A base that does not note hands nothing over.
    let mut quiet = Base::new();
    sprouts::nimber(&Position::start(3).unwrap(), &mut quiet);
    assert!(quiet.take_learned().is_empty());
}

/// Readers sharing the checking of the keys (as the web workers that check a file in parts do): a key
/// that is not canonical is refused by the one reader whose share it is in, and by a whole read.
#[test]
fn readers_sharing_the_key_checks_refuse_a_key_that_is_not_canonical_once_among_them() {
    let mut base = solved_base();
    let sum = pos("0*2+0*3");
    assert_eq!(sum.lands().len(), 2);
    base.insert_nimber(&sum, 0);
    let bytes = base.to_bytes();
    for readers in 1..=4 {
        for reader in 0..readers {
            assert_eq!(
                Base::from_bytes_in_share(&bytes, reader, readers).unwrap(),
                base,
                "reader {reader} of {readers}"
            );
        }
    }
    // The same entry with its two lands swapped: a key of the same position, not the canonical one.
    let key = sum.key();
    let mut swapped = sum.lands()[1].key().to_vec();
    swapped.push(254); // between lands
    swapped.extend_from_slice(sum.lands()[0].key());
    assert_eq!(swapped.len(), key.len());
    assert_ne!(swapped, key);
    let at = bytes
        .windows(key.len())
        .position(|w| w == key.as_slice())
        .expect("the key is in the file");
    let mut bad = bytes.clone();
    bad[at..at + key.len()].copy_from_slice(&swapped);
    let message = Base::from_bytes(&bad).unwrap_err().to_string();
    assert!(message.contains("not a canonical position"), "{message}");
    // Its index in the file: the binary form lists the nimbers sorted by key.
    let index = base.nimbers().iter().position(|(p, _)| *p == sum).unwrap();
    for readers in 1..=4 {
        let refusing: Vec<usize> = (0..readers)
            .filter(|&reader| Base::from_bytes_in_share(&bad, reader, readers).is_err())
            .collect();
        assert_eq!(refusing, [index % readers], "{readers} readers");
    }
}
