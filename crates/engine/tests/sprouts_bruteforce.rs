//! An independent brute force: plain minimax on whole Sprouts positions, with its own representation
//! and move rules (written separately from the engine: no reduction beyond dropping dead vertices, no
//! land splitting, no merging of small regions, no canonical form, no base). Every position reachable
//! from the 4- and 5-spot starts is solved both ways and must agree, in normal and misère play.

use std::collections::HashMap;

use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{self, Base};

/// Regions of boundaries of vertex ids; each boundary is the cyclic list of corners met when walking
/// around it with the region on the left. `lives[v]` is 3 − degree.
#[derive(Clone)]
struct State {
    regions: Vec<Vec<Vec<usize>>>,
    lives: Vec<u8>,
}

impl State {
    fn start(n: usize) -> State {
        State {
            regions: vec![(0..n).map(|v| vec![v]).collect()],
            lives: vec![3; n],
        }
    }

    /// Exact memo key. Rotating a boundary and reordering boundaries or regions describe the same
    /// position, so each boundary starts where its lives sequence is smallest and boundaries and regions
    /// are sorted by lives sequences (ties keep their order: fewer hits, never a wrong one); then vertex
    /// ids are renamed in order of first appearance.
    fn key(&self) -> Vec<u8> {
        let lives_seq = |b: &Vec<usize>| -> Vec<u8> { b.iter().map(|&v| self.lives[v]).collect() };
        let mut regions: Vec<Vec<Vec<usize>>> = self
            .regions
            .iter()
            .map(|region| {
                let mut boundaries: Vec<Vec<usize>> = region
                    .iter()
                    .map(|b| {
                        let best = (0..b.len())
                            .min_by_key(|&k| {
                                let mut r = b.clone();
                                r.rotate_left(k);
                                lives_seq(&r)
                            })
                            .unwrap_or(0);
                        let mut r = b.clone();
                        r.rotate_left(best);
                        r
                    })
                    .collect();
                boundaries.sort_by_key(|b| lives_seq(b));
                boundaries
            })
            .collect();
        regions.sort_by_key(|r| r.iter().map(&lives_seq).collect::<Vec<_>>());
        let mut names: HashMap<usize, u8> = HashMap::new();
        let mut key = Vec::new();
        for region in &regions {
            for boundary in region {
                for &v in boundary {
                    let next = names.len() as u8;
                    let name = *names.entry(v).or_insert(next);
                    key.push(name);
                    key.push(self.lives[v]);
                }
                key.push(255);
            }
            key.push(254);
        }
        key
    }

    /// Drops dead vertices and then empty boundaries and regions; nothing else.
    fn tidy(&mut self) {
        let lives = self.lives.clone();
        for region in &mut self.regions {
            for boundary in region.iter_mut() {
                boundary.retain(|&v| lives[v] > 0);
            }
            region.retain(|b| !b.is_empty());
        }
        self.regions.retain(|r| !r.is_empty());
    }

    /// The corners met going once around `boundary` from corner `i` and back to the same vertex.
    /// An isolated spot has a single corner, so the walk is just the spot.
    fn walk(&self, boundary: &[usize], i: usize) -> Vec<usize> {
        let n = boundary.len();
        let mut out: Vec<usize> = (0..n).map(|k| boundary[(i + k) % n]).collect();
        let isolated = n == 1 && self.lives[boundary[0]] == 3;
        if !isolated {
            out.push(boundary[i]);
        }
        out
    }

    fn children(&self) -> Vec<State> {
        let mut out = Vec::new();
        for r in 0..self.regions.len() {
            let region = &self.regions[r];
            let corners: Vec<(usize, usize)> = region
                .iter()
                .enumerate()
                .flat_map(|(b, bd)| (0..bd.len()).map(move |i| (b, i)))
                .collect();
            for (x, &(b1, i1)) in corners.iter().enumerate() {
                for &(b2, i2) in &corners[x..] {
                    let u = region[b1][i1];
                    let v = region[b2][i2];
                    let same_corner = (b1, i1) == (b2, i2);
                    if same_corner && self.lives[u] < 2 {
                        continue;
                    }
                    if !same_corner && u == v {
                        continue;
                    }
                    let mut next = self.clone();
                    let w = next.lives.len();
                    next.lives.push(1);
                    next.lives[u] -= 1;
                    next.lives[v] -= 1;
                    if b1 != b2 {
                        // The curve joins two boundaries into one.
                        let mut joined = self.walk(&region[b1], i1);
                        joined.push(w);
                        joined.extend(self.walk(&region[b2], i2));
                        joined.push(w);
                        let mut new_region: Vec<Vec<usize>> = region
                            .iter()
                            .enumerate()
                            .filter(|&(b, _)| b != b1 && b != b2)
                            .map(|(_, bd)| bd.clone())
                            .collect();
                        new_region.push(joined);
                        next.regions[r] = new_region;
                        next.tidy();
                        out.push(next);
                        continue;
                    }
                    // The curve cuts the region in two.
                    let bd = &region[b1];
                    let (side1, side2) = if same_corner {
                        (vec![u, w], {
                            let mut s = self.walk(bd, i1);
                            s.push(w);
                            s
                        })
                    } else {
                        let n = bd.len();
                        let mut s1: Vec<usize> = (i1..=i2).map(|k| bd[k]).collect();
                        s1.push(w);
                        let mut s2: Vec<usize> =
                            (0..=(n - i2 + i1)).map(|k| bd[(i2 + k) % n]).collect();
                        s2.push(w);
                        (s1, s2)
                    };
                    let others: Vec<&Vec<usize>> = region
                        .iter()
                        .enumerate()
                        .filter(|&(b, _)| b != b1)
                        .map(|(_, bd)| bd)
                        .collect();
                    for mask in 0..(1usize << others.len()) {
                        let mut ra = vec![side1.clone()];
                        let mut rb = vec![side2.clone()];
                        for (k, o) in others.iter().enumerate() {
                            if mask >> k & 1 == 1 {
                                ra.push((*o).clone());
                            } else {
                                rb.push((*o).clone());
                            }
                        }
                        let mut child = next.clone();
                        child.regions[r] = ra;
                        child.regions.push(rb);
                        child.tidy();
                        out.push(child);
                    }
                }
            }
        }
        out
    }

    /// The later notation, as one land (the engine must split it itself).
    fn notation(&self) -> String {
        if self.regions.is_empty() {
            return "!".into();
        }
        let mut where_seen: HashMap<usize, Vec<usize>> = HashMap::new();
        for (r, region) in self.regions.iter().enumerate() {
            for &v in region.iter().flatten() {
                where_seen.entry(v).or_default().push(r);
            }
        }
        let mut upper: HashMap<usize, char> = HashMap::new();
        let mut regions = Vec::new();
        for region in &self.regions {
            let mut lower: HashMap<usize, char> = HashMap::new();
            let mut boundaries = Vec::new();
            for boundary in region {
                let mut s = String::new();
                for &v in boundary {
                    let seen = &where_seen[&v];
                    let c = match self.lives[v] {
                        3 => '0',
                        2 => '1',
                        _ if seen.len() == 1 => '2',
                        _ if seen[0] == seen[1] => {
                            let next = (b'a' + lower.len() as u8) as char;
                            *lower.entry(v).or_insert(next)
                        }
                        _ => {
                            let next = (b'A' + upper.len() as u8) as char;
                            *upper.entry(v).or_insert(next)
                        }
                    };
                    s.push(c);
                }
                boundaries.push(s);
            }
            regions.push(boundaries.join("."));
        }
        regions.join("|")
    }
}

struct Brute {
    /// key -> (notation, nimber, misère: lost for the player to move)
    memo: HashMap<Vec<u8>, (String, u32, bool)>,
}

impl Brute {
    fn solve(&mut self, state: &State) -> (u32, bool) {
        let key = state.key();
        if let Some(&(_, nimber, misere)) = self.memo.get(&key) {
            return (nimber, misere);
        }
        let mut seen_nimbers = Vec::new();
        let mut misere_losing = true;
        let children = state.children();
        for child in &children {
            let (nimber, child_misere_losing) = self.solve(child);
            seen_nimbers.push(nimber);
            if child_misere_losing {
                misere_losing = false;
            }
        }
        let nimber = (0..).find(|m| !seen_nimbers.contains(m)).unwrap_or(0);
        // No move: the player to move wins in misère play.
        let misere_losing = !children.is_empty() && misere_losing;
        self.memo
            .insert(key, (state.notation(), nimber, misere_losing));
        (nimber, misere_losing)
    }
}

fn check_all_reachable(spots: usize) -> usize {
    let mut brute = Brute {
        memo: HashMap::new(),
    };
    brute.solve(&State::start(spots));
    let mut base = Base::new();
    let mut entries: Vec<&(String, u32, bool)> = brute.memo.values().collect();
    entries.sort_by_key(|(s, _, _)| (s.len(), s.clone()));
    for (text, nimber, misere) in &entries {
        let position: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(
            sprouts::nimber(&position, &mut base),
            *nimber,
            "nimber of {text} (= {position})"
        );
        assert_eq!(
            sprouts::misere_losing(&position, &mut base),
            *misere,
            "misère outcome of {text} (= {position})"
        );
    }
    entries.len()
}

#[test]
fn brute_force_agrees_from_4_spots() {
    let checked = check_all_reachable(4);
    assert!(checked > 100, "only {checked} positions");
}

/// 755,673 brute-force states, about 2.5 minutes in the test profile: too slow for the everyday suite.
/// Run with `cargo test -p sprague-engine --test sprouts_bruteforce -- --ignored`.
#[test]
#[ignore = "about 6 min: run by scripts/test-slow"]
fn brute_force_agrees_from_5_spots() {
    let checked = check_all_reachable(5);
    assert!(checked > 1000, "only {checked} positions");
}
