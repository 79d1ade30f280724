//! Misère simplest forms, checked against independent things: a naive misère minimax on game trees
//! written here as nested vectors, Bouton's rule for misère Nim, and the published numbers of
//! distinct misère impartial games born by day n (Conway, ONAG ch. 12; Siegel, "On the structure
//! of misère impartial games", arXiv:2012.08554: 1, 2, 3, 5, 22, 4171780).

use std::collections::HashMap;
use std::sync::Arc;

use proptest::prelude::*;
use sprague_engine::solve::sprouts::{FormId, MisereForms, SharedForms};

/// A game tree: the list of its options.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Tree(Vec<Tree>);

/// Naive misère outcome of a sum of trees: lost for the player to move? (No move: won.)
fn naive_losing(parts: &[Tree], memo: &mut HashMap<Vec<Tree>, bool>) -> bool {
    let mut key = parts.to_vec();
    key.sort();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut has_move = false;
    let mut losing = true;
    for i in 0..key.len() {
        for option in &key[i].0 {
            has_move = true;
            let mut next = key.clone();
            next[i] = option.clone();
            if naive_losing(&next, memo) {
                losing = false;
            }
        }
    }
    let losing = has_move && losing;
    memo.insert(key, losing);
    losing
}

fn form_of(tree: &Tree, forms: &mut MisereForms) -> FormId {
    let options: Vec<FormId> = tree.0.iter().map(|t| form_of(t, forms)).collect();
    forms.game(options)
}

fn heap(n: usize) -> Tree {
    Tree((0..n).map(heap).collect())
}

/// Random trees of bounded depth and width.
fn tree(depth: u32) -> impl Strategy<Value = Tree> {
    let leaf = Just(Tree(Vec::new()));
    leaf.prop_recursive(depth, 24, 3, |inner| {
        prop::collection::vec(inner, 0..=3).prop_map(Tree)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The outcome of G + X from the forms equals the naive outcome, for sums of two and three.
    #[test]
    fn sums_of_forms_have_the_naive_outcome(g in tree(4), x in tree(3), y in tree(2)) {
        let mut forms = MisereForms::new();
        let mut memo = HashMap::new();
        let (fg, fx, fy) = (form_of(&g, &mut forms), form_of(&x, &mut forms), form_of(&y, &mut forms));
        let sum2 = forms.sum(&[fg, fx]);
        prop_assert_eq!(forms.losing(sum2), naive_losing(&[g.clone(), x.clone()], &mut memo));
        let sum3 = forms.sum(&[fg, fx, fy]);
        prop_assert_eq!(forms.losing(sum3), naive_losing(&[g.clone(), x, y], &mut memo));
        prop_assert_eq!(forms.losing(fg), naive_losing(&[g], &mut memo));
    }

    /// Tables numbering forms by one shared table (the threads of a parallel run), each meeting
    /// games in its own order, give a game one id, and their forms and sums keep the naive
    /// outcomes; a table alone tells the same games apart.
    #[test]
    fn tables_sharing_a_numbering_agree(g in tree(4), h in tree(4), x in tree(3)) {
        let shared = Arc::new(SharedForms::new());
        let (mut a, mut b) = (MisereForms::sharing(shared.clone()), MisereForms::sharing(shared));
        let mut alone = MisereForms::new();
        let mut memo = HashMap::new();
        let in_a = [&g, &h, &x].map(|t| form_of(t, &mut a));
        let in_b = [&x, &h, &g].map(|t| form_of(t, &mut b));
        prop_assert_eq!(in_a, [in_b[2], in_b[1], in_b[0]]);
        let in_alone = [&g, &h, &x].map(|t| form_of(t, &mut alone));
        for i in 0..3 {
            for j in 0..3 {
                prop_assert_eq!(in_a[i] == in_a[j], in_alone[i] == in_alone[j]);
            }
        }
        let (fg, fh, fx) = (in_a[0], in_a[1], in_a[2]);
        prop_assert_eq!(a.sum(&[fg, fx]), b.sum(&[fx, fg]));
        let sum = b.sum(&[fg, fh, fx]);
        prop_assert_eq!(b.losing(sum), naive_losing(&[g.clone(), h.clone(), x.clone()], &mut memo));
        let sum = a.sum(&[fh, fx]);
        prop_assert_eq!(a.losing(sum), naive_losing(&[h, x], &mut memo));
        prop_assert_eq!(a.losing(fg), naive_losing(&[g], &mut memo));
    }

    /// Trees given the same form are indistinguishable by every small game added to them.
    #[test]
    fn equal_forms_are_equal_games(g in tree(4), h in tree(4)) {
        let mut forms = MisereForms::new();
        let mut memo = HashMap::new();
        if form_of(&g, &mut forms) == form_of(&h, &mut forms) {
            for x in probes() {
                prop_assert_eq!(
                    naive_losing(&[g.clone(), x.clone()], &mut memo),
                    naive_losing(&[h.clone(), x], &mut memo)
                );
            }
        }
    }
}

/// Every tree of depth ≤ 2 plus a few heaps and sums: games to tell others apart with.
fn probes() -> Vec<Tree> {
    let mut out = vec![Tree(Vec::new())];
    let one = [Tree(Vec::new()), heap(1)];
    for mask in 1..4usize {
        out.push(Tree(
            (0..2)
                .filter(|b| mask >> b & 1 == 1)
                .map(|b| one[b].clone())
                .collect(),
        ));
    }
    out.extend((2..5).map(heap));
    out.push(Tree(vec![heap(2), heap(3)]));
    out.push(Tree(vec![heap(1), heap(3)]));
    out
}

#[test]
fn heaps_alone_have_the_naive_outcome() {
    let mut forms = MisereForms::new();
    let mut memo = HashMap::new();
    for n in 0..6 {
        let h = heap(n);
        let f = form_of(&h, &mut forms);
        assert_eq!(forms.losing(f), naive_losing(&[h], &mut memo), "*{n}");
    }
}

/// Misère Nim (Bouton): lost for the player to move iff some heap has two or more tokens and the
/// nim-sum is 0, or every heap has at most one token and the number of one-token heaps is odd.
fn bouton_losing(heaps: &[u32]) -> bool {
    let xor = heaps.iter().fold(0, |a, &h| a ^ h);
    if heaps.iter().any(|&h| h >= 2) {
        xor == 0
    } else {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
    }
}

#[test]
fn sums_of_heaps_follow_bouton() {
    let mut forms = MisereForms::new();
    let heaps: Vec<FormId> = (0..6).map(|n| forms.nim_heap(n)).collect();
    // Every multiset of up to four heaps of sizes 0..=5.
    let mut checked = 0;
    for a in 0..6u32 {
        for b in a..6 {
            for c in b..6 {
                for d in c..6 {
                    let sizes = [a, b, c, d];
                    let parts: Vec<FormId> = sizes.iter().map(|&s| heaps[s as usize]).collect();
                    let sum = forms.sum(&parts);
                    assert_eq!(forms.losing(sum), bouton_losing(&sizes), "{sizes:?}");
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 126);
}

#[test]
fn nim_heaps_are_distinct_forms() {
    let mut forms = MisereForms::new();
    let heaps: Vec<FormId> = (0..10).map(|n| forms.nim_heap(n)).collect();
    let mut sorted = heaps.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), 10);
    // A heap is its own simplest form: *n has the n options *0 … *(n−1).
    for (n, &h) in heaps.iter().enumerate() {
        assert_eq!(forms.options(h), &heaps[..n]);
    }
}

#[test]
fn published_sums_of_heaps() {
    // Misère: * + * = 0 (Conway, ONAG ch. 12), but *2 + *2 ≠ 0 (it is a P-position, 0 is not),
    // and in general G + G ≠ 0; also *2 + * = *3 (its options *2, *, * + * = 0 are those of *3).
    let mut forms = MisereForms::new();
    let (zero, one, two, three) = (
        forms.nim_heap(0),
        forms.nim_heap(1),
        forms.nim_heap(2),
        forms.nim_heap(3),
    );
    assert_eq!(zero, FormId::ZERO);
    assert_eq!(forms.sum(&[one, one]), zero);
    let two_twos = forms.sum(&[two, two]);
    assert_ne!(two_twos, zero);
    assert!(forms.losing(two_twos));
    assert_eq!(forms.sum(&[two, one]), three);
    assert_eq!(forms.sum(&[three, one]), two);
}

/// Distinct games born by day `day`: the forms of every set of games born by the day before.
fn born_by(day: usize) -> Vec<usize> {
    let mut forms = MisereForms::new();
    let mut counts = vec![1];
    let mut previous = vec![FormId::ZERO];
    for _ in 0..day {
        let mut next: Vec<FormId> = (0u64..1 << previous.len())
            .map(|mask| {
                let options = (0..previous.len())
                    .filter(|&i| mask >> i & 1 == 1)
                    .map(|i| previous[i])
                    .collect();
                forms.game(options)
            })
            .collect();
        next.sort();
        next.dedup();
        counts.push(next.len());
        previous = next;
    }
    counts
}

#[test]
fn games_born_by_day_four() {
    assert_eq!(born_by(4), vec![1, 2, 3, 5, 22]);
}

/// 2^22 option sets; a few seconds in the test profile.
#[test]
#[ignore = "2^22 simplifications: run by scripts/test-slow"]
fn games_born_by_day_five() {
    assert_eq!(born_by(5)[5], 4_171_780);
}
