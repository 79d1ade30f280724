//! The two GLOP notations.
//!
//! * 2007 (Glop 1.0): every boundary ends with `.`, region with `}`, land with `]`, position with `!`:
//!   `0.0.0.}]!`.
//! * Later (Glop 2, SPOTS): `.` between boundaries, `|` between regions, `+` between lands, `0*n` for
//!   n isolated spots, `!` alone for the empty position: `0*3`, `0.AB|0.AB`.
//!
//! Vertices: `0` 3 lives (alone in its boundary), `1` 2 lives, `2` 1 life seen once, a lowercase letter
//! a 1-life vertex seen twice in one region, an uppercase letter a 1-life vertex in two regions of one land.
//! Uppercase letters are named per land, lowercase ones per region.
//!
//! Regions written as one land but joined by no shared vertex (`1|1`, or `0.}0.}]!` in the 2007
//! notation) are read as what they describe, regions of one drawing that do not touch: separate
//! lands, the same as `1+1` and `0.}]0.}]!`. Every reader (the app's links, the CLI, bases) goes
//! through this parser, so they all read them so. A position that cannot be drawn on the plane is
//! refused with the reason: a vertex met twice on a boundary splits it in two, so two such
//! vertices' visits nest (`abba`) and never interleave (`abab`).

use std::collections::HashMap;
use std::fmt;

use super::error::{ParseError, ParseErrorKind};
use super::land::{Land, Vertex, MAX_LIVES};
use super::raw::Raw;

/// Which notation to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Glop 1.0 (2007): `.` `}` `]` `!` terminators.
    Glop2007,
    /// Glop 2 / SPOTS: `.` `|` `+` separators and `0*n`.
    Later,
}

/// A vertex character and its byte offset.
type Token = (u8, usize);
type Lands = Vec<Vec<Vec<Vec<Token>>>>;

struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn error(&self, kind: ParseErrorKind) -> ParseError {
        ParseError {
            offset: self.pos,
            kind,
        }
    }

    fn unexpected(&self, expected: &'static str) -> ParseError {
        match self.peek() {
            None => self.error(ParseErrorKind::UnexpectedEnd { expected }),
            Some(_) => {
                let found = std::str::from_utf8(&self.bytes[self.pos..])
                    .ok()
                    .and_then(|s| s.chars().next())
                    .unwrap_or('\u{FFFD}');
                self.error(ParseErrorKind::Unexpected { found, expected })
            }
        }
    }

    fn vertices(&mut self) -> Vec<Token> {
        let mut out = Vec::new();
        while let Some(c) = self.peek() {
            if matches!(c, b'0'..=b'2' | b'a'..=b'z' | b'A'..=b'Z') {
                out.push((c, self.pos));
                self.pos += 1;
            } else {
                break;
            }
        }
        out
    }
}

/// Parses either notation into the raw working form (not yet reduced).
pub(crate) fn parse(text: &str) -> Result<Raw, ParseError> {
    let bytes = text.as_bytes();
    if bytes.is_empty() {
        return Err(ParseError {
            offset: 0,
            kind: ParseErrorKind::Empty,
        });
    }
    let mut cursor = Cursor { bytes, pos: 0 };
    let lands = if bytes.iter().any(|&b| b == b'}' || b == b']') {
        parse_2007(&mut cursor)?
    } else {
        parse_later(&mut cursor)?
    };
    build(&lands, bytes.len())
}

fn parse_later(c: &mut Cursor) -> Result<Lands, ParseError> {
    let mut lands = Vec::new();
    if c.peek() == Some(b'!') {
        c.pos += 1;
    } else {
        loop {
            let mut regions = Vec::new();
            loop {
                let mut boundaries = Vec::new();
                loop {
                    later_boundary(c, &mut boundaries)?;
                    if c.peek() != Some(b'.') {
                        break;
                    }
                    c.pos += 1;
                }
                regions.push(boundaries);
                if c.peek() != Some(b'|') {
                    break;
                }
                c.pos += 1;
            }
            lands.push(regions);
            if c.peek() != Some(b'+') {
                break;
            }
            c.pos += 1;
        }
    }
    if c.peek().is_some() {
        return Err(c.unexpected(if lands.is_empty() {
            "the end after `!`"
        } else {
            "a vertex, `.`, `|`, `+` or the end"
        }));
    }
    Ok(lands)
}

/// One boundary, or `0*n` standing for n boundaries `0`.
fn later_boundary(c: &mut Cursor, out: &mut Vec<Vec<Token>>) -> Result<(), ParseError> {
    if c.peek() == Some(b'0') && c.bytes.get(c.pos + 1) == Some(&b'*') {
        let at = c.pos;
        c.pos += 2;
        let digits_start = c.pos;
        while matches!(c.peek(), Some(b'0'..=b'9')) {
            c.pos += 1;
        }
        let digits = &c.bytes[digits_start..c.pos];
        let bad = |reason| ParseError {
            offset: digits_start,
            kind: ParseErrorKind::BadCount { reason },
        };
        if digits.is_empty() {
            return Err(bad("expected a number of spots"));
        }
        let count: usize = std::str::from_utf8(digits)
            .ok()
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad("number too large"))?;
        if count == 0 {
            return Err(bad("the number of spots must be at least 1"));
        }
        if count > MAX_LIVES {
            return Err(ParseError {
                offset: digits_start,
                kind: ParseErrorKind::TooLarge {
                    lives: count.saturating_mul(3),
                    max: MAX_LIVES,
                },
            });
        }
        out.extend((0..count).map(|_| vec![(b'0', at)]));
        return Ok(());
    }
    let vertices = c.vertices();
    if vertices.is_empty() {
        return Err(c.unexpected("a vertex (`0`, `1`, `2` or a letter) or `0*n`"));
    }
    out.push(vertices);
    Ok(())
}

fn parse_2007(c: &mut Cursor) -> Result<Lands, ParseError> {
    let mut lands = Vec::new();
    loop {
        if c.peek() == Some(b'!') {
            c.pos += 1;
            break;
        }
        let mut regions = Vec::new();
        loop {
            let mut boundaries = Vec::new();
            loop {
                let vertices = c.vertices();
                if vertices.is_empty() {
                    return Err(
                        c.unexpected(if boundaries.is_empty() && regions.is_empty() {
                            "a vertex (`0`, `1`, `2` or a letter) or `!`"
                        } else {
                            "a vertex (`0`, `1`, `2` or a letter)"
                        }),
                    );
                }
                boundaries.push(vertices);
                if c.peek() != Some(b'.') {
                    return Err(c.unexpected("a vertex or `.` ending the boundary"));
                }
                c.pos += 1;
                if c.peek() == Some(b'}') {
                    c.pos += 1;
                    break;
                }
            }
            regions.push(boundaries);
            if c.peek() == Some(b']') {
                c.pos += 1;
                break;
            }
        }
        lands.push(regions);
    }
    if c.peek().is_some() {
        return Err(c.unexpected("the end after `!`"));
    }
    Ok(lands)
}

/// Checks letters and sizes, and gives every vertex an id.
fn build(lands: &Lands, end: usize) -> Result<Raw, ParseError> {
    let mut raw = Raw::default();
    let mut total_lives = 0usize;
    for land in lands {
        // uppercase letter -> (id, occurrences as (region, offset))
        let mut shared: HashMap<u8, (u32, Vec<(usize, usize)>)> = HashMap::new();
        for (r, region) in land.iter().enumerate() {
            // lowercase letter -> (id, occurrences as (boundary, offset))
            let mut inner: HashMap<u8, (u32, Vec<(usize, usize)>)> = HashMap::new();
            let mut out_region = Vec::new();
            for (b, boundary) in region.iter().enumerate() {
                let mut out = Vec::new();
                for &(ch, offset) in boundary {
                    let id = match ch {
                        b'0' => {
                            if boundary.len() > 1 {
                                return Err(ParseError {
                                    offset,
                                    kind: ParseErrorKind::SpotNotAlone,
                                });
                            }
                            total_lives += 3;
                            raw.new_vertex(3)
                        }
                        b'1' => {
                            total_lives += 2;
                            raw.new_vertex(2)
                        }
                        b'2' => {
                            total_lives += 1;
                            raw.new_vertex(1)
                        }
                        b'a'..=b'z' => {
                            let entry = inner.entry(ch).or_insert_with(|| {
                                total_lives += 1;
                                (raw.new_vertex(1), Vec::new())
                            });
                            entry.1.push((b, offset));
                            entry.0
                        }
                        _ => {
                            let entry = shared.entry(ch).or_insert_with(|| {
                                total_lives += 1;
                                (raw.new_vertex(1), Vec::new())
                            });
                            entry.1.push((r, offset));
                            entry.0
                        }
                    };
                    out.push(id);
                }
                out_region.push(out);
            }
            let mut letters: Vec<_> = inner.into_iter().collect();
            letters.sort_by_key(|(_, (_, occ))| occ[0].1);
            for (letter, (_, occ)) in letters {
                if occ.len() != 2 {
                    return Err(ParseError {
                        offset: occ[occ.len().min(2) - 1].1,
                        kind: ParseErrorKind::LowercaseCount {
                            letter: letter as char,
                            count: occ.len(),
                        },
                    });
                }
                // A vertex lies on one connected part of the drawing, and that part has one boundary
                // in each region it touches: both sides of the vertex are in that one boundary.
                if occ[0].0 != occ[1].0 {
                    return Err(ParseError {
                        offset: occ[1].1,
                        kind: ParseErrorKind::LowercaseTwoBoundaries {
                            letter: letter as char,
                        },
                    });
                }
            }
            check_nesting(region)?;
            raw.regions.push(out_region);
        }
        let mut letters: Vec<_> = shared.into_iter().collect();
        letters.sort_by_key(|(_, (_, occ))| occ[0].1);
        for (letter, (_, occ)) in letters {
            if occ.len() != 2 {
                return Err(ParseError {
                    offset: occ[occ.len().min(2) - 1].1,
                    kind: ParseErrorKind::UppercaseCount {
                        letter: letter as char,
                        count: occ.len(),
                    },
                });
            }
            if occ[0].0 == occ[1].0 {
                return Err(ParseError {
                    offset: occ[1].1,
                    kind: ParseErrorKind::UppercaseSameRegion {
                        letter: letter as char,
                    },
                });
            }
        }
    }
    if total_lives > MAX_LIVES {
        return Err(ParseError {
            offset: end,
            kind: ParseErrorKind::TooLarge {
                lives: total_lives,
                max: MAX_LIVES,
            },
        });
    }
    Ok(raw)
}

/// The two visits of a vertex met twice on a boundary split the walk in two, and another vertex
/// met twice lies on one side: its visits nest inside or outside the first pair, never
/// interleave (`abab`).
fn check_nesting(region: &[Vec<(u8, usize)>]) -> Result<(), ParseError> {
    for boundary in region {
        let mut open: Vec<u8> = Vec::new();
        for &(ch, offset) in boundary {
            if !ch.is_ascii_lowercase() {
                continue;
            }
            match open.iter().rposition(|&c| c == ch) {
                Some(i) if i + 1 == open.len() => {
                    open.pop();
                }
                Some(i) => {
                    return Err(ParseError {
                        offset,
                        kind: ParseErrorKind::LowercaseCrossing {
                            first: ch as char,
                            second: open[i + 1] as char,
                        },
                    })
                }
                None => open.push(ch),
            }
        }
    }
    Ok(())
}

fn vertex_char(v: Vertex) -> char {
    let letter = |base: u8, k: u8| {
        if k < 26 {
            (base + k) as char
        } else {
            '#' // beyond 26 letters in one scope: not expressible in GLOP's notation
        }
    };
    match v {
        Vertex::Spot => '0',
        Vertex::TwoLives => '1',
        Vertex::OneLife => '2',
        Vertex::Inner(k) => letter(b'a', k),
        Vertex::Shared(k) => letter(b'A', k),
    }
}

pub(crate) fn print_land(land: &Land, notation: Notation) -> String {
    let mut out = String::new();
    for (r, region) in land.regions().iter().enumerate() {
        if notation == Notation::Later && r > 0 {
            out.push('|');
        }
        let mut b = 0;
        while b < region.len() {
            if notation == Notation::Later && b > 0 {
                out.push('.');
            }
            let spots = region[b..]
                .iter()
                .take_while(|bd| bd.as_slice() == [Vertex::Spot])
                .count();
            if notation == Notation::Later && spots >= 2 {
                out.push_str(&format!("0*{spots}"));
                b += spots;
                continue;
            }
            out.extend(region[b].iter().map(|&v| vertex_char(v)));
            if notation == Notation::Glop2007 {
                out.push('.');
            }
            b += 1;
        }
        if notation == Notation::Glop2007 {
            out.push('}');
        }
    }
    if notation == Notation::Glop2007 {
        out.push(']');
    }
    out
}

/// A position's lands (in canonical order) in the chosen notation.
pub(crate) fn print(lands: &[Land], notation: Notation) -> String {
    let lands: Vec<String> = lands
        .iter()
        .map(|land| print_land(land, notation))
        .collect();
    match notation {
        Notation::Later if lands.is_empty() => "!".to_string(),
        Notation::Later => lands.join("+"),
        Notation::Glop2007 => lands.concat() + "!",
    }
}

impl fmt::Display for Land {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&print_land(self, Notation::Later))
    }
}
