//! Drawing → position string, in GLOP's later notation, read back by the engine's parser (which
//! reduces and canonicalises it).
//!
//! Each region lists its walks; each walk the corners it passes at live spots: `0` an isolated spot,
//! `1` a spot with 2 lives, a lowercase letter a 1-life spot with both corners in this region, an
//! uppercase one a 1-life spot whose corners are in two regions. Dead spots are left out.

use crate::games::sprouts::Position;

use super::drawing::Drawing;
use super::error::DrawingError;
use super::planar::PlanarMap;

impl Drawing {
    /// The position of this drawing, canonical (through the engine's parser).
    pub fn position(&self) -> Result<Position, DrawingError> {
        Ok(self.position_string()?.parse()?)
    }

    /// The position string of this drawing, unreduced (dead parts left out, nothing else changed).
    pub fn position_string(&self) -> Result<String, DrawingError> {
        position_string(self, &PlanarMap::new(self))
    }
}

/// Writes the position string of a drawing's planar map.
pub(crate) fn position_string(drawing: &Drawing, map: &PlanarMap) -> Result<String, DrawingError> {
    let regions = map.spot_walks();
    write_position(&regions, &drawing.lives())
}

/// Writes regions (each a list of walks, each the spots of its corners in order) as a position
/// string, given every spot's lives.
pub(crate) fn write_position(
    regions: &[Vec<Vec<usize>>],
    lives: &[u8],
) -> Result<String, DrawingError> {
    // Regions where each spot has corners.
    let mut corner_regions: Vec<Vec<usize>> = vec![Vec::new(); lives.len()];
    for (r, walks) in regions.iter().enumerate() {
        for &s in walks.iter().flatten() {
            corner_regions[s].push(r);
        }
    }
    let shared = |s: usize| {
        lives[s] == 1
            && corner_regions[s].len() == 2
            && corner_regions[s][0] != corner_regions[s][1]
    };

    // Lands: regions linked by shared spots.
    let mut parent: Vec<usize> = (0..regions.len()).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for (s, regions_of_s) in corner_regions.iter().enumerate() {
        if shared(s) {
            let (a, b) = (
                find(&mut parent, regions_of_s[0]),
                find(&mut parent, regions_of_s[1]),
            );
            parent[a] = b;
        }
    }
    let mut lands: Vec<(usize, Vec<usize>)> = Vec::new();
    for r in 0..regions.len() {
        let root = find(&mut parent, r);
        match lands.iter_mut().find(|(k, _)| *k == root) {
            Some((_, list)) => list.push(r),
            None => lands.push((root, vec![r])),
        }
    }

    let mut land_texts = Vec::new();
    for (_, land) in &lands {
        let mut upper: Vec<usize> = Vec::new();
        let mut region_texts = Vec::new();
        for &r in land {
            let mut lower: Vec<usize> = Vec::new();
            let mut boundary_texts = Vec::new();
            for walk in &regions[r] {
                let mut text = String::new();
                for &s in walk {
                    match lives[s] {
                        0 => {}
                        3 => text.push('0'),
                        2 => text.push('1'),
                        _ if corner_regions[s].len() < 2 => text.push('2'),
                        _ => {
                            let (names, base) = if shared(s) {
                                (&mut upper, b'A')
                            } else {
                                (&mut lower, b'a')
                            };
                            let k = match names.iter().position(|&n| n == s) {
                                Some(k) => k,
                                None => {
                                    names.push(s);
                                    names.len() - 1
                                }
                            };
                            if k >= 26 {
                                return Err(DrawingError::TooManyLetters);
                            }
                            text.push((base + k as u8) as char);
                        }
                    }
                }
                if !text.is_empty() {
                    boundary_texts.push(text);
                }
            }
            if !boundary_texts.is_empty() {
                region_texts.push(boundary_texts.join("."));
            }
        }
        if !region_texts.is_empty() {
            land_texts.push(region_texts.join("|"));
        }
    }
    Ok(if land_texts.is_empty() {
        "!".to_string()
    } else {
        land_texts.join("+")
    })
}
