//! Exact mode on the Sprouts page: the spots picked so far (two, or one twice for a loop) and the
//! curve of the listed move pointed at, as a reducer — every change is one of a few named actions.

use sprague_engine::draw::Point;
use std::rc::Rc;
use yew::Reducible;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExactPicking {
    /// Exact mode is on (spots are picked instead of curves drawn).
    pub on: bool,
    /// The spots picked, in order: at most two.
    pub picked: Vec<usize>,
    /// The curve of the move pointed at in the list, shown on the board.
    pub preview: Option<Vec<Point>>,
}

pub enum Picking {
    /// Exact mode on or off; either way, nothing stays picked.
    Toggle,
    /// A spot pressed: a third press starts a new pair.
    Pick(usize),
    Preview(Option<Vec<Point>>),
    /// Nothing picked or previewed (asked for, or the game moved on).
    Clear,
}

impl Reducible for ExactPicking {
    type Action = Picking;

    fn reduce(self: Rc<Self>, action: Picking) -> Rc<Self> {
        let mut state = (*self).clone();
        match action {
            Picking::Toggle => {
                state.on = !state.on;
                state.picked.clear();
                state.preview = None;
            }
            Picking::Pick(spot) => {
                if state.picked.len() >= 2 {
                    state.picked.clear();
                }
                state.picked.push(spot);
            }
            Picking::Preview(curve) => state.preview = curve,
            Picking::Clear => {
                state.picked.clear();
                state.preview = None;
            }
        }
        Rc::new(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn after(actions: Vec<Picking>) -> ExactPicking {
        let state = actions
            .into_iter()
            .fold(Rc::new(ExactPicking::default()), |state, action| {
                state.reduce(action)
            });
        (*state).clone()
    }

    #[wasm_bindgen_test]
    fn two_spots_are_picked_and_a_third_press_starts_again() {
        use Picking::*;
        assert_eq!(after(vec![Toggle, Pick(3), Pick(5)]).picked, vec![3, 5]);
        // One spot twice: a loop.
        assert_eq!(after(vec![Toggle, Pick(2), Pick(2)]).picked, vec![2, 2]);
        assert_eq!(
            after(vec![Toggle, Pick(3), Pick(5), Pick(1)]).picked,
            vec![1]
        );
    }

    #[wasm_bindgen_test]
    fn leaving_exact_mode_or_clearing_leaves_nothing_picked_or_shown() {
        use Picking::*;
        let curve = Some(vec![Point::new(1.0, 2.0), Point::new(3.0, 4.0)]);
        let left = after(vec![Toggle, Pick(3), Preview(curve.clone()), Toggle]);
        assert_eq!(left, ExactPicking::default());
        let cleared = after(vec![Toggle, Pick(3), Pick(4), Preview(curve), Clear]);
        assert_eq!(
            cleared,
            ExactPicking {
                on: true,
                ..ExactPicking::default()
            }
        );
    }
}
