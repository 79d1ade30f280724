//! Sprouts moves in words, read off the drawing: "join spot 3 to spot 5, with spots 1 and 2 inside",
//! "join spot 2 to itself, around spots 4 and 5". Spots are numbered from 1, as the board shows them.
//!
//! A name says what the curve does on the board: its two ends, and — when it closes a line (a loop, or a
//! curve between two spots already linked) — the spots it encloses. What a closed line encloses is found
//! in the picture: the curve, followed back from its end to its start along the shortest path of curves
//! already drawn, is a closed line, and a spot is inside when a ray from it crosses that line an odd
//! number of times. Spots on that closed line itself, and the move's new spot, are not listed.
//! GLOP notation (the position a move leads to) stays the page's exact name for a move; these words are
//! for people.

use super::drawing::{Curve, Drawing, Spot};
use super::geometry::{point_in_polygon, Point};
use crate::games::sprouts::Position;
use std::fmt;

/// A move's name in the drawing's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveName {
    /// The curve's ends, numbered from 1 as on the board (equal for a loop).
    pub from: usize,
    pub to: usize,
    /// The spots the closed line encloses (numbered from 1, in order); `None` when the curve closes no
    /// line (it links two spots not linked before, so nothing is enclosed).
    pub inside: Option<Vec<usize>>,
}

impl fmt::Display for MoveName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.from == self.to {
            write!(f, "join spot {} to itself", self.from)?;
        } else {
            write!(f, "join spot {} to spot {}", self.from, self.to)?;
        }
        match (&self.inside, self.from == self.to) {
            (None, _) => Ok(()),
            (Some(inside), _) if inside.is_empty() => write!(f, ", with no spot inside"),
            (Some(inside), true) => write!(f, ", around {}", spots_words(inside)),
            (Some(inside), false) => write!(f, ", with {} inside", spots_words(inside)),
        }
    }
}

/// "spot 4", "spots 4 and 5", "spots 1, 2 and 7".
fn spots_words(spots: &[usize]) -> String {
    let names: Vec<String> = spots.iter().map(usize::to_string).collect();
    match names.as_slice() {
        [one] => format!("spot {one}"),
        [rest @ .., last] => format!("spots {} and {last}", rest.join(", ")),
        [] => "no spot".to_string(),
    }
}

/// The name of the last move drawn on `drawing`: its last curve, among the spots and curves drawn
/// before it. `None` when nothing is drawn.
pub fn name_last_move(drawing: &Drawing) -> Option<MoveName> {
    let (curve, before) = drawing.curves().split_last()?;
    let new_spot = curve.middle.map(|m| m.spot);
    name(
        drawing.spots(),
        before,
        (curve.start, curve.end),
        &curve.points,
        new_spot,
    )
}

/// The name of a curve (`points`, from one spot to another or the same) not yet played on `before` — the
/// hint's curve, say. `None` when its ends are not at spots of `before`.
pub fn name_curve(before: &Drawing, points: &[Point]) -> Option<MoveName> {
    let spot_at = |p: &Point| {
        before
            .spots()
            .iter()
            .position(|spot| spot.at.dist(*p) < END_TOLERANCE)
    };
    let from = spot_at(points.first()?)?;
    let to = spot_at(points.last()?)?;
    name(before.spots(), before.curves(), (from, to), points, None)
}

/// A name for the move from `drawing` to `child` when no curve is drawn for it yet (a move that would
/// have won, in a review): found among the moves between every two spots of the drawing. For a curve
/// that splits a region, the side with fewer spots is named as inside (a curve can always be drawn
/// round either side). `None` when `child` is no move of the drawing.
pub fn name_child(drawing: &Drawing, child: &Position) -> Option<MoveName> {
    name_children(drawing, std::slice::from_ref(child))
        .pop()
        .flatten()
}

/// Names for the moves from `drawing` to each of `children` (as [`name_child`], in one pass over the
/// pairs of spots): `None` for a child that is no move of the drawing.
pub fn name_children(drawing: &Drawing, children: &[Position]) -> Vec<Option<MoveName>> {
    let mut names: Vec<Option<MoveName>> = vec![None; children.len()];
    let lives = drawing.lives();
    let alive: Vec<usize> = (0..lives.len()).filter(|&s| lives[s] > 0).collect();
    for (k, &a) in alive.iter().enumerate() {
        for &b in &alive[k..] {
            if names.iter().all(Option::is_some) {
                return names;
            }
            for mv in drawing.moves_between(a, b) {
                for (i, child) in children.iter().enumerate() {
                    if names[i].is_none() && mv.child == *child {
                        names[i] = Some(MoveName {
                            from: a + 1,
                            to: b + 1,
                            inside: mv
                                .inside
                                .as_ref()
                                .map(|inside| smaller_side(inside, &mv.outside)),
                        });
                    }
                }
            }
        }
    }
    names
}

/// The spots (numbered from 1) on the side of a split with fewer of them.
fn smaller_side(inside: &[Vec<usize>], outside: &[Vec<usize>]) -> Vec<usize> {
    let spots = |walks: &[Vec<usize>]| {
        let mut spots: Vec<usize> = walks.iter().flatten().map(|s| s + 1).collect();
        spots.sort_unstable();
        spots.dedup();
        spots
    };
    let (one, other) = (spots(inside), spots(outside));
    if other.len() < one.len() {
        other
    } else {
        one
    }
}

/// How far a curve's end may lie from its spot's centre (drawing units; ends are snapped onto spots).
const END_TOLERANCE: f64 = 1.0;

fn name(
    spots: &[Spot],
    curves: &[Curve],
    (from, to): (usize, usize),
    points: &[Point],
    new_spot: Option<usize>,
) -> Option<MoveName> {
    if from >= spots.len() || to >= spots.len() || points.len() < 2 {
        return None;
    }
    // The closed line: the curve itself for a loop, else the curve and a way back along curves drawn.
    let (polygon, on_line) = if from == to {
        (points.to_vec(), vec![from])
    } else {
        match shortest_path(spots.len(), curves, to, from) {
            None => {
                return Some(MoveName {
                    from: from + 1,
                    to: to + 1,
                    inside: None,
                })
            }
            Some((way_back, path_spots)) => {
                let mut polygon = points.to_vec();
                polygon.extend(way_back);
                (polygon, path_spots)
            }
        }
    };
    let inside = spots
        .iter()
        .enumerate()
        .filter(|&(i, _)| !on_line.contains(&i) && Some(i) != new_spot)
        .filter(|(_, spot)| point_in_polygon(spot.at, &polygon))
        .map(|(i, _)| i + 1)
        .collect();
    Some(MoveName {
        from: from + 1,
        to: to + 1,
        inside: Some(inside),
    })
}

/// One piece of a curve between two spots (a curve with a middle spot is two pieces).
struct Piece<'a> {
    ends: (usize, usize),
    points: &'a [Point],
}

fn pieces(curves: &[Curve]) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    for curve in curves {
        match curve.middle {
            Some(m) if m.index > 0 && m.index + 1 < curve.points.len() => {
                out.push(Piece {
                    ends: (curve.start, m.spot),
                    points: &curve.points[..=m.index],
                });
                out.push(Piece {
                    ends: (m.spot, curve.end),
                    points: &curve.points[m.index..],
                });
            }
            _ => out.push(Piece {
                ends: (curve.start, curve.end),
                points: &curve.points,
            }),
        }
    }
    out
}

fn length(points: &[Point]) -> f64 {
    points.windows(2).map(|w| w[0].dist(w[1])).sum()
}

/// The shortest way (by length along the curves) from spot `start` to spot `goal`: its points, from
/// `start` to `goal`, and the spots it passes (both ends included). `None` when they are not linked.
fn shortest_path(
    spot_count: usize,
    curves: &[Curve],
    start: usize,
    goal: usize,
) -> Option<(Vec<Point>, Vec<usize>)> {
    let pieces = pieces(curves);
    let mut distance = vec![f64::INFINITY; spot_count];
    // For each spot reached: the piece it was reached by, and whether that piece was walked backwards.
    let mut came_by: Vec<Option<(usize, bool)>> = vec![None; spot_count];
    let mut done = vec![false; spot_count];
    *distance.get_mut(start)? = 0.0;
    loop {
        let here = (0..spot_count)
            .filter(|&s| !done[s] && distance[s].is_finite())
            .min_by(|&x, &y| distance[x].total_cmp(&distance[y]))?;
        if here == goal {
            break;
        }
        done[here] = true;
        for (p, piece) in pieces.iter().enumerate() {
            let (a, b) = piece.ends;
            let (next, backwards) = match (a == here, b == here) {
                (true, _) => (b, false),
                (_, true) => (a, true),
                _ => continue,
            };
            let Some(slot) = distance.get(next) else {
                continue;
            };
            let through = distance[here] + length(piece.points);
            if through < *slot {
                distance[next] = through;
                came_by[next] = Some((p, backwards));
            }
        }
    }
    // Walk back from the goal to the start, then turn the pieces round.
    let mut walked: Vec<(usize, bool)> = Vec::new();
    let mut spots = vec![goal];
    let mut at = goal;
    while at != start {
        let (p, backwards) = came_by[at]?;
        walked.push((p, backwards));
        at = if backwards {
            pieces[p].ends.1
        } else {
            pieces[p].ends.0
        };
        spots.push(at);
        if spots.len() > spot_count + 1 {
            return None;
        }
    }
    let mut points = Vec::new();
    for &(p, backwards) in walked.iter().rev() {
        let piece = pieces[p].points;
        if backwards {
            points.extend(piece.iter().rev().copied());
        } else {
            points.extend(piece.iter().copied());
        }
    }
    Some((points, spots))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::OnCurve;

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    fn spots(at: &[(f64, f64)]) -> Vec<Spot> {
        at.iter().map(|&(x, y)| Spot { at: p(x, y) }).collect()
    }

    /// A curve through `points` from spot `start` to `end`, with its new spot `middle` at `points[index]`.
    fn curve(start: usize, end: usize, points: &[(f64, f64)], middle: (usize, usize)) -> Curve {
        Curve {
            start,
            end,
            points: points.iter().map(|&(x, y)| p(x, y)).collect(),
            middle: Some(OnCurve {
                spot: middle.0,
                index: middle.1,
            }),
        }
    }

    /// Five spots in a row at y = 300: spot k (from 1) at x = 100·k.
    fn five() -> Vec<Spot> {
        spots(&[
            (100.0, 300.0),
            (200.0, 300.0),
            (300.0, 300.0),
            (400.0, 300.0),
            (500.0, 300.0),
        ])
    }

    #[test]
    fn a_curve_between_two_unlinked_spots_encloses_nothing() {
        // Spot 1 to spot 3, passing above spot 2; the new spot (6) at the top.
        let mut all = five();
        all.push(Spot {
            at: p(200.0, 200.0),
        });
        let c = curve(
            0,
            2,
            &[(100.0, 300.0), (200.0, 200.0), (300.0, 300.0)],
            (5, 1),
        );
        let drawing = Drawing::new(all, vec![c]).unwrap();
        let name = name_last_move(&drawing).unwrap();
        assert_eq!(
            name,
            MoveName {
                from: 1,
                to: 3,
                inside: None
            }
        );
        assert_eq!(name.to_string(), "join spot 1 to spot 3");
    }

    #[test]
    fn a_loop_names_the_spots_it_goes_around() {
        // A loop from spot 2 around spots 3 and 4 (a rectangle 250..450 × 250..350), new spot 6 on its
        // far side; spots 1 and 5 stay outside.
        let mut all = five();
        all.push(Spot {
            at: p(450.0, 300.0),
        });
        let c = curve(
            1,
            1,
            &[
                (200.0, 300.0),
                (250.0, 250.0),
                (450.0, 250.0),
                (450.0, 300.0),
                (450.0, 350.0),
                (250.0, 350.0),
                (200.0, 300.0),
            ],
            (5, 3),
        );
        let drawing = Drawing::new(all, vec![c]).unwrap();
        let name = name_last_move(&drawing).unwrap();
        assert_eq!(name.inside, Some(vec![3, 4]));
        assert_eq!(
            name.to_string(),
            "join spot 2 to itself, around spots 3 and 4"
        );

        // A small loop at spot 1 (above it, around nothing).
        let mut all = five();
        all.push(Spot {
            at: p(100.0, 220.0),
        });
        let c = curve(
            0,
            0,
            &[
                (100.0, 300.0),
                (80.0, 250.0),
                (100.0, 220.0),
                (120.0, 250.0),
                (100.0, 300.0),
            ],
            (5, 2),
        );
        let drawing = Drawing::new(all, vec![c]).unwrap();
        assert_eq!(
            name_last_move(&drawing).unwrap().to_string(),
            "join spot 1 to itself, with no spot inside"
        );
    }

    #[test]
    fn a_curve_between_linked_spots_names_what_the_closed_line_encloses() {
        // First move: spot 1 to spot 5 along the bottom (y = 400), new spot 6 at (300, 400).
        let mut all = five();
        all.push(Spot {
            at: p(300.0, 400.0),
        });
        all.push(Spot {
            at: p(300.0, 150.0),
        });
        let bottom = curve(
            0,
            4,
            &[
                (100.0, 300.0),
                (100.0, 400.0),
                (300.0, 400.0),
                (500.0, 400.0),
                (500.0, 300.0),
            ],
            (5, 2),
        );
        // Second move: spot 1 to spot 5 over the top (y = 150), new spot 7: spots 2, 3 and 4 are
        // enclosed by it and the first curve.
        let top = curve(
            0,
            4,
            &[
                (100.0, 300.0),
                (100.0, 150.0),
                (300.0, 150.0),
                (500.0, 150.0),
                (500.0, 300.0),
            ],
            (6, 2),
        );
        let drawing = Drawing::new(all.clone(), vec![bottom.clone(), top]).unwrap();
        let name = name_last_move(&drawing).unwrap();
        assert_eq!(name.inside, Some(vec![2, 3, 4]));
        assert_eq!(
            name.to_string(),
            "join spot 1 to spot 5, with spots 2, 3 and 4 inside"
        );

        // The same ends, but the second curve runs below the first (y = 500): nothing is between them.
        let below = curve(
            0,
            4,
            &[
                (100.0, 300.0),
                (50.0, 500.0),
                (300.0, 500.0),
                (550.0, 500.0),
                (500.0, 300.0),
            ],
            (6, 2),
        );
        let mut low = all.clone();
        low[6] = Spot {
            at: p(300.0, 500.0),
        };
        let drawing = Drawing::new(low, vec![bottom.clone(), below]).unwrap();
        assert_eq!(
            name_last_move(&drawing).unwrap().to_string(),
            "join spot 1 to spot 5, with no spot inside"
        );

        // The hint's curve, not played yet: named the same from its points alone.
        let before = Drawing::new(all[..6].to_vec(), vec![bottom]).unwrap();
        let points: Vec<Point> = [(100.0, 300.0), (300.0, 150.0), (500.0, 300.0)]
            .iter()
            .map(|&(x, y)| p(x, y))
            .collect();
        assert_eq!(
            name_curve(&before, &points).unwrap().to_string(),
            "join spot 1 to spot 5, with spots 2, 3 and 4 inside"
        );
        // A curve whose ends are at no spot has no name.
        assert_eq!(name_curve(&before, &[p(0.0, 0.0), p(10.0, 10.0)]), None);
    }

    #[test]
    fn the_way_back_follows_the_shortest_path_through_middle_spots() {
        // Spots 1 and 2 linked by a curve with its middle spot 3; then spot 1 to spot 2 again, round
        // spot 4 on the far side, which the two curves enclose.
        let all = spots(&[
            (100.0, 300.0),
            (300.0, 300.0),
            (200.0, 300.0),
            (200.0, 250.0),
            (200.0, 150.0),
            (600.0, 300.0),
        ]);
        let straight = curve(
            0,
            1,
            &[(100.0, 300.0), (200.0, 300.0), (300.0, 300.0)],
            (2, 1),
        );
        let arch = curve(
            0,
            1,
            &[(100.0, 300.0), (200.0, 150.0), (300.0, 300.0)],
            (4, 1),
        );
        let drawing = Drawing::new(all, vec![straight, arch]).unwrap();
        let name = name_last_move(&drawing).unwrap();
        // Spot 3 is on the way back, spot 5 is the new spot, spot 6 is outside.
        assert_eq!(name.inside, Some(vec![4]));
        assert_eq!(
            name.to_string(),
            "join spot 1 to spot 2, with spot 4 inside"
        );
        assert_eq!(name_last_move(&Drawing::start(3)), None);
    }

    #[test]
    fn a_move_not_drawn_is_named_from_the_moves_between_spots() {
        // Three spots: every distinct move from the start, and the words each gets.
        let drawing = Drawing::start(3);
        let start = drawing.position().unwrap();
        let mut names: Vec<String> = start
            .children()
            .iter()
            .map(|child| name_child(&drawing, child).unwrap().to_string())
            .collect();
        names.sort();
        assert_eq!(names.len(), 3, "{names:?}");
        assert!(
            [
                "join spot 1 to itself, around spot 2",
                "join spot 1 to itself, around spot 3"
            ]
            .contains(&names[0].as_str()),
            "{names:?}"
        );
        assert_eq!(names[1], "join spot 1 to itself, with no spot inside");
        assert_eq!(names[2], "join spot 1 to spot 2");
        // Each name is a move that makes its child: the named move, drawn, gives that position.
        for child in start.children() {
            let name = name_child(&drawing, &child).unwrap();
            let curve = drawing
                .moves_between(name.from - 1, name.to - 1)
                .into_iter()
                .find(|mv| mv.child == child)
                .and_then(|mv| drawing.draw_move(&mv))
                .unwrap();
            let played = drawing.play(&curve, None).unwrap();
            assert_eq!(played.position().unwrap(), child);
            // The drawn curve is named as the move was, up to which side is called inside.
            let drawn = name_last_move(&played).unwrap();
            assert_eq!((drawn.from, drawn.to), (name.from, name.to));
            assert_eq!(drawn.inside.is_some(), name.inside.is_some());
        }
        // A position that is no move from here has no name.
        assert_eq!(name_child(&drawing, &Position::start(5).unwrap()), None);
    }

    #[test]
    fn all_children_are_named_at_once_as_each_alone() {
        // Four spots: every move, and a position that is none, named in one pass.
        let drawing = Drawing::start(4);
        let mut children = drawing.position().unwrap().children();
        children.push(Position::start(5).unwrap());
        let names = name_children(&drawing, &children);
        assert_eq!(names.len(), children.len());
        for (child, name) in children.iter().zip(&names) {
            assert_eq!(*name, name_child(&drawing, child));
        }
        assert!(names[..names.len() - 1].iter().all(Option::is_some));
        assert_eq!(names.last(), Some(&None));
    }
}
