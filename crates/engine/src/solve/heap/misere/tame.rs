//! Tame play: a sum of hereditarily tame games plays like misère Nim (ONAG ch. 12). Its normal value is
//! the XOR of the parts'; if every part is fickle (`0^{120}` or `1^{031}`, like heaps of 0 and 1) the
//! player to move loses exactly when that XOR is 1, otherwise exactly when it is 0.

use super::genus::Genus;
use crate::solve::heap::Outcome;

/// The misère outcome of a sum of tame parts, or `None` if some part's genus is not nim-like.
pub fn tame_sum_outcome<'a>(parts: impl IntoIterator<Item = &'a Genus>) -> Option<Outcome> {
    let mut xor = 0u16;
    let mut all_fickle = true;
    for genus in parts {
        if !genus.is_nim_like() {
            return None;
        }
        xor ^= genus.normal;
        all_fickle &= genus.is_fickle();
    }
    let losing = if all_fickle { xor == 1 } else { xor == 0 };
    Some(if losing { Outcome::P } else { Outcome::N })
}
