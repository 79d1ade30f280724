//! The canonical search against a reference written from its definition alone: the key is the
//! smallest (letter-blind writing, bytes) pair over *every* way of writing the land (orientation,
//! order of regions, order of boundaries, start of each boundary, order of a small region's items),
//! found here by trying them all. Also: the key does not depend on how the land is given.

use super::*;
use crate::games::sprouts::notation::parse;
use crate::games::sprouts::reduce::reduce_to_shapes;
use crate::games::sprouts::Position;

/// A small deterministic generator (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A land as plain vectors: regions, each small (one list of items) or full (boundaries).
#[derive(Clone, Debug)]
struct Plain {
    regions: Vec<(bool, Vec<Vec<Item>>)>,
}

fn to_plain(shape: &LandShape) -> Plain {
    Plain {
        regions: shape
            .regions
            .iter()
            .map(|r| match r {
                RegionShape::Small(items) => (true, vec![items.clone()]),
                RegionShape::Full(bs) => (false, bs.iter().map(|b| b.to_vec()).collect()),
            })
            .collect(),
    }
}

fn to_shape(plain: &Plain) -> LandShape {
    LandShape {
        regions: plain
            .regions
            .iter()
            .map(|(small, bs)| {
                if *small {
                    RegionShape::Small(bs[0].clone())
                } else {
                    let mut boundaries = Boundaries::default();
                    for b in bs {
                        boundaries.push(b.iter().copied());
                    }
                    RegionShape::Full(boundaries)
                }
            })
            .collect(),
    }
}

fn all_orders<T: Clone>(items: &[T]) -> Vec<Vec<T>> {
    if items.is_empty() {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut tail in all_orders(&rest) {
            tail.insert(0, first.clone());
            out.push(tail);
        }
    }
    out
}

/// Every way to write one region: a list of boundaries, each a list of items.
fn region_writings(small: bool, boundaries: &[Vec<Item>], reflect: bool) -> Vec<Vec<Vec<Item>>> {
    if small {
        return all_orders(&boundaries[0])
            .into_iter()
            .map(|w| vec![w])
            .collect();
    }
    let mut out = Vec::new();
    for order in all_orders(boundaries) {
        // Every start of every boundary.
        let mut partial: Vec<Vec<Vec<Item>>> = vec![Vec::new()];
        for b in order {
            let mut b = b.clone();
            if reflect {
                b.reverse();
            }
            let mut next = Vec::new();
            for p in &partial {
                for s in 0..b.len() {
                    let mut rotated = b.clone();
                    rotated.rotate_left(s);
                    let mut q = p.clone();
                    q.push(rotated);
                    next.push(q);
                }
            }
            partial = next;
        }
        out.extend(partial);
    }
    out
}

fn count_writings(plain: &Plain) -> f64 {
    let mut n = 2.0;
    for (i, (small, bs)) in plain.regions.iter().enumerate() {
        n *= (i + 1) as f64;
        if *small {
            n *= (1..=bs[0].len()).product::<usize>() as f64;
        } else {
            n *= (1..=bs.len()).product::<usize>() as f64;
            for b in bs {
                n *= b.len() as f64;
            }
        }
    }
    n
}

/// The letter-blind writing: kinds, and for a lowercase letter how far ahead (cyclically) its
/// other occurrence on the boundary is; a small region's items by kind only.
fn blind_of(small: bool, boundary: &[Item]) -> Vec<u16> {
    let n = boundary.len();
    (0..n)
        .map(|i| match boundary[i] {
            Item::Spot => 0,
            Item::TwoLives => 1,
            Item::OneLife => 2,
            Item::Inner(_) if small => 2,
            Item::Shared(_) => 3,
            Item::Inner(v) => {
                let ahead = (1..n).find(|&d| boundary[(i + d) % n] == Item::Inner(v));
                4 + ahead.unwrap_or(0) as u16
            }
        })
        .collect()
}

/// The bytes of one writing: letters named in order of first appearance (lowercase ones anew in
/// each region).
fn bytes_of(writing: &[Vec<Vec<Item>>]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut shared: Vec<VertexId> = Vec::new();
    for (r, region) in writing.iter().enumerate() {
        if r > 0 {
            out.push(REGION_SEP);
        }
        let mut inner: Vec<VertexId> = Vec::new();
        for (b, boundary) in region.iter().enumerate() {
            if b > 0 {
                out.push(BOUNDARY_SEP);
            }
            for &item in boundary {
                let name = |names: &mut Vec<VertexId>, v| match names.iter().position(|&n| n == v) {
                    Some(k) => k as u8,
                    None => {
                        names.push(v);
                        names.len() as u8 - 1
                    }
                };
                let vertex = match item {
                    Item::Spot => Vertex::Spot,
                    Item::TwoLives => Vertex::TwoLives,
                    Item::OneLife => Vertex::OneLife,
                    Item::Inner(v) => Vertex::Inner(name(&mut inner, v)),
                    Item::Shared(v) => Vertex::Shared(name(&mut shared, v)),
                };
                out.push(vertex.code());
            }
        }
    }
    out
}

type Blinds = Vec<Vec<Vec<u16>>>;

/// The reference: the smallest (blind writing, bytes) over every writing.
fn brute_force_key(plain: &Plain) -> Vec<u8> {
    let mut best: Option<(Blinds, Vec<u8>)> = None;
    for reflect in [false, true] {
        let per_region: Vec<Vec<Vec<Vec<Item>>>> = plain
            .regions
            .iter()
            .map(|(small, bs)| region_writings(*small, bs, reflect))
            .collect();
        for order in all_orders(&(0..plain.regions.len()).collect::<Vec<_>>()) {
            // Every combination of the regions' writings, in this order.
            let mut choice = vec![0; order.len()];
            loop {
                let writing: Vec<Vec<Vec<Item>>> = order
                    .iter()
                    .zip(&choice)
                    .map(|(&r, &c)| per_region[r][c].clone())
                    .collect();
                let blinds: Blinds = order
                    .iter()
                    .zip(&writing)
                    .map(|(&r, region)| {
                        let small = plain.regions[r].0;
                        region.iter().map(|b| blind_of(small, b)).collect()
                    })
                    .collect();
                let candidate = (blinds, bytes_of(&writing));
                if best.as_ref().is_none_or(|b| candidate < *b) {
                    best = Some(candidate);
                }
                // Next combination.
                let mut k = 0;
                while k < order.len() {
                    choice[k] += 1;
                    if choice[k] < per_region[order[k]].len() {
                        break;
                    }
                    choice[k] = 0;
                    k += 1;
                }
                if k == order.len() {
                    break;
                }
            }
        }
    }
    best.map(|b| b.1).unwrap_or_default()
}

/// A random land of the kinds reduction gives: small regions hold at most 3 lives (no lowercase
/// letter), each uppercase letter is in two regions, each lowercase one twice on one boundary.
fn random_plain(rng: &mut Rng, max_regions: usize, max_items: usize) -> Plain {
    let regions = 1 + rng.below(max_regions);
    let mut plain = Plain {
        regions: (0..regions)
            .map(|_| {
                let small = rng.below(2) == 0;
                let boundaries = if small { 1 } else { 1 + rng.below(3) };
                (small, vec![Vec::new(); boundaries])
            })
            .collect(),
    };
    let mut next_id: VertexId = 0;
    let mut id = || {
        next_id += 1;
        next_id
    };
    let lives = |items: &[Item]| -> usize {
        items
            .iter()
            .map(|i| match i {
                Item::Spot => 3,
                Item::TwoLives => 2,
                _ => 1,
            })
            .sum()
    };
    let insert = |rng: &mut Rng, b: &mut Vec<Item>, item: Item| {
        let at = rng.below(b.len() + 1);
        b.insert(at, item);
    };
    // Uppercase letters between two regions with room.
    if regions > 1 {
        for _ in 0..rng.below(2 * regions + 2) {
            let (a, b) = (rng.below(regions), rng.below(regions));
            if a == b {
                continue;
            }
            let room = |(small, bs): &(bool, Vec<Vec<Item>>)| {
                if *small {
                    lives(&bs[0]) < 3
                } else {
                    bs.iter().map(|b| b.len()).sum::<usize>() < max_items
                }
            };
            if !room(&plain.regions[a]) || !room(&plain.regions[b]) {
                continue;
            }
            let v = id();
            for r in [a, b] {
                let bs = &mut plain.regions[r].1;
                let k = rng.below(bs.len());
                insert(rng, &mut bs[k], Item::Shared(v));
            }
        }
    }
    for (small, bs) in &mut plain.regions {
        if *small {
            let b = &mut bs[0];
            for _ in 0..rng.below(3) {
                let item = [Item::Spot, Item::TwoLives, Item::OneLife][rng.below(3)];
                if lives(b) + lives(&[item]) <= 3 {
                    insert(rng, b, item);
                }
            }
            if b.is_empty() {
                b.push(Item::OneLife);
            }
        } else {
            for b in bs.iter_mut() {
                for _ in 0..rng.below(4) {
                    match rng.below(4) {
                        0 if b.is_empty() => b.push(Item::Spot),
                        0 | 1 => insert(rng, b, Item::TwoLives),
                        2 => insert(rng, b, Item::OneLife),
                        _ => {
                            let v = id();
                            insert(rng, b, Item::Inner(v));
                            insert(rng, b, Item::Inner(v));
                        }
                    }
                }
                if b.is_empty() {
                    b.push(Item::TwoLives);
                }
            }
        }
    }
    plain
}

/// The same land given another way: vertices renamed, regions, boundaries and a small region's
/// items reordered, boundaries started elsewhere, and maybe every boundary reversed.
fn rewritten(plain: &Plain, rng: &mut Rng) -> Plain {
    let mut ids: Vec<VertexId> = (0..1000).collect();
    rng.shuffle(&mut ids);
    let rename = |item: Item| match item {
        Item::Inner(v) => Item::Inner(ids[v as usize]),
        Item::Shared(v) => Item::Shared(ids[v as usize]),
        other => other,
    };
    let reflect = rng.below(2) == 0;
    let mut out = plain.clone();
    for (small, bs) in &mut out.regions {
        for b in bs.iter_mut() {
            b.iter_mut().for_each(|i| *i = rename(*i));
            if *small {
                rng.shuffle(b);
            } else {
                if reflect {
                    b.reverse();
                }
                let s = rng.below(b.len());
                b.rotate_left(s);
            }
        }
        rng.shuffle(bs);
    }
    rng.shuffle(&mut out.regions);
    out
}

/// Lands of the positions reachable from a few starts (at most `limit` positions).
fn reachable_lands(starts: &[&str], limit: usize) -> Vec<LandShape> {
    let mut frontier: Vec<Position> = starts.iter().map(|s| s.parse().unwrap()).collect();
    let mut seen = std::collections::HashSet::new();
    let mut shapes = Vec::new();
    while let Some(position) = frontier.pop() {
        if seen.len() >= limit || !seen.insert(position.clone()) {
            continue;
        }
        frontier.extend(position.children());
        let mut raw = parse(&position.to_string()).unwrap();
        shapes.extend(reduce_to_shapes(&mut raw));
    }
    shapes
}

fn key(shape: &LandShape) -> Vec<u8> {
    canonical_land(shape).key().to_vec()
}

#[test]
fn random_lands_get_the_reference_key() {
    let mut rng = Rng(7);
    let mut checked = 0;
    while checked < 3000 {
        let plain = random_plain(&mut rng, 4, 7);
        if count_writings(&plain) > 30_000.0 {
            continue;
        }
        let shape = to_shape(&plain);
        assert_eq!(key(&shape), brute_force_key(&plain), "{plain:?}");
        checked += 1;
    }
}

#[test]
fn reachable_lands_get_the_reference_key() {
    let shapes = reachable_lands(
        &[
            "0*5",
            "0*2.1a1a.AB|0.AB",
            "0.ABC|0.AB|C.1",
            "AB|CD|EF|GH|AB.CD.EF.GH",
            "AB|CD|EF|ABC|DEF",
            "2AB|2CD|EF|ABC|DEF",
        ],
        4000,
    );
    let mut checked = 0;
    for shape in &shapes {
        let plain = to_plain(shape);
        if count_writings(&plain) > 60_000.0 {
            continue;
        }
        assert_eq!(key(shape), brute_force_key(&plain), "{plain:?}");
        checked += 1;
    }
    assert!(checked > 500, "only {checked} lands checked");
}

#[test]
fn symmetric_lands_get_the_reference_key() {
    for text in [
        "AB|CD|EF|GH|AB.CD.EF.GH",
        "AB|CD|EF|ABC|DEF",
        "2AB|2CD|EF|ABC|DEF",
        "AB|CD|AB.CD",
        "ABC|ABC",
        "1AB|1AB",
        "AB|AC|BC",
        "AB.CD|AB.CD",
        "ABCD|ABCD",
        "AaBa|AbBb",
        "AB|CD|EF|AC.BD.EF",
        "A.B.C.D|A.B.C.D",
    ] {
        let mut raw = parse(text).unwrap();
        for shape in reduce_to_shapes(&mut raw) {
            let plain = to_plain(&shape);
            assert!(count_writings(&plain) < 3e6, "{text}");
            assert_eq!(key(&shape), brute_force_key(&plain), "{text}");
        }
    }
}

/// Larger lands than the reference can go through: rewriting one must not change its key.
#[test]
fn rewritten_lands_keep_their_key() {
    let mut rng = Rng(11);
    for _ in 0..3000 {
        let plain = random_plain(&mut rng, 7, 12);
        let want = key(&to_shape(&plain));
        for _ in 0..4 {
            let other = rewritten(&plain, &mut rng);
            assert_eq!(key(&to_shape(&other)), want, "{plain:?}\n{other:?}");
        }
    }
    let shapes = reachable_lands(&["0*7", "AB|CD|EF|GH|IJ|ABC|DEK|FGH|IJK"], 2000);
    for shape in &shapes {
        let plain = to_plain(shape);
        let want = key(shape);
        for _ in 0..3 {
            let other = rewritten(&plain, &mut rng);
            assert_eq!(key(&to_shape(&other)), want, "{plain:?}");
        }
    }
}

/// Random lands and the lands reachable from a few starts, each with a few rewritings.
fn lands_and_rewritings(rng: &mut Rng) -> Vec<Vec<Plain>> {
    let mut plains: Vec<Plain> = (0..1500).map(|_| random_plain(rng, 6, 10)).collect();
    let starts = ["0*6", "AB|CD|EF|GH|IJ|ABC|DEK|FGH|IJK", "0.ABC|0.AB|C.1"];
    plains.extend(reachable_lands(&starts, 1500).iter().map(to_plain));
    plains
        .into_iter()
        .map(|plain| {
            let mut group = vec![plain.clone()];
            group.extend((0..4).map(|_| rewritten(&plain, rng)));
            group
        })
        .collect()
}

/// The memo's second key is a complete writing of the land: lands with equal memo keys have
/// equal canonical keys, whatever else they are. And it depends little on how the land is given:
/// most rewritings of a land (reordered, restarted, reflected, renamed) give the land's own.
#[test]
fn memo_keys_name_one_land() {
    use crate::games::sprouts::canon_memo_key::MemoKeyWriter;
    let mut rng = Rng(5);
    let mut writer = MemoKeyWriter::default();
    let mut canonical_by_memo_key: std::collections::HashMap<Vec<u8>, Vec<u8>> =
        std::collections::HashMap::new();
    let (mut rewritings, mut same) = (0, 0);
    for group in lands_and_rewritings(&mut rng) {
        let mut first: Option<Vec<u8>> = None;
        for plain in &group {
            let shape = to_shape(plain);
            assert!(writer.write(&shape));
            let want = key(&shape);
            let got = canonical_by_memo_key
                .entry(writer.key.clone())
                .or_insert_with(|| want.clone());
            assert_eq!(*got, want, "{plain:?}");
            match &first {
                None => first = Some(writer.key.clone()),
                Some(k) => {
                    rewritings += 1;
                    same += usize::from(*k == writer.key);
                }
            }
        }
    }
    assert!(canonical_by_memo_key.len() > 1500);
    assert!(same * 10 > rewritings * 7, "{same} of {rewritings}");
}

/// A land given in many ways gets its key through the memo: cold (a new memo for each writing)
/// and warm (one small memo for every land, so generations turn over and the second table holds
/// other lands that are near this one).
#[test]
fn rewritten_lands_get_their_key_through_the_memo() {
    use crate::games::sprouts::canon_cache::CanonCache;
    let mut rng = Rng(13);
    let mut warm = CanonCache::new(64);
    for group in lands_and_rewritings(&mut rng) {
        let want = key(&to_shape(&group[0]));
        for plain in &group {
            let shape = to_shape(plain);
            assert_eq!(warm.canonical_land(&shape).key(), want, "{plain:?}");
            let mut cold = CanonCache::new(4);
            assert_eq!(cold.canonical_land(&shape).key(), want, "{plain:?}");
            assert_eq!(cold.canonical_land(&shape).key(), want, "{plain:?}");
        }
    }
}
