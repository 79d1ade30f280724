//! The moves of a game and its review, the same on every game page: the moves played, each a button that
//! goes back to the position after it; and, once the game is over or when asked for, each move's mark
//! (winning, a mistake with a move that would have won, or no choice) and a strip of who was winning after
//! each move. The values come from the solver, position by position (`review_asking`).

use super::asking::Answer;
use super::review_asking::use_review_asking;
use crate::play::challenge::verdict;
use crate::play::review::{mark_words, review, Judged, MoveMark, ReviewedMove};
use crate::play::setup::Opponent;
use crate::worker::protocol::{Request, RequestId};
use yew::prelude::*;

/// A page's review: every move of its line of play with what is known of it, whether the review is
/// shown, its toggle, and how far the solver has got.
#[derive(Clone, PartialEq)]
pub struct Review {
    pub moves: Vec<ReviewedMove>,
    pub on: bool,
    pub toggle: Callback<()>,
    /// Positions valued so far, of all.
    pub valued: usize,
    pub positions: usize,
    /// A position is being asked about.
    pub asking: bool,
    /// In a challenge: whether the move played after it is right (`None` while not known), and the
    /// verdict in words. The marks and the review's toggle are then hidden.
    pub challenge: Option<(Option<bool>, String)>,
}

/// The value of position `i` from the solver's answer about it.
pub type Judge<A> = Box<dyn Fn(&A, usize) -> Judged>;

/// What a page says of its moves and answers, for its review.
pub struct LineOfPlay<A> {
    pub opponent: Opponent,
    /// Each move in words, as the move list shows it.
    pub texts: Vec<String>,
    /// Names each position (from the start to the end of the line): answers are kept by it.
    pub keys: Vec<String>,
    pub over: bool,
    /// The question about position `i`, under an id.
    pub request: Callback<(usize, RequestId), Request>,
    /// The value of position `i` from the solver's answer: its outcome, its remoteness when found, and a
    /// winning move from it in words.
    pub judge: Judge<A>,
    /// A challenge's position (after that many moves): only it and the position after the student's move
    /// are asked about, for the verdict.
    pub challenge_at: Option<usize>,
}

/// The review of a line of play. It is shown once the line's game is over, or when the person asks.
#[hook]
pub fn use_game_review<A: Answer + 'static>(line: LineOfPlay<A>) -> Review {
    // `None`: as the game goes (shown once it is over); `Some`: as the person chose.
    let chosen = use_state(|| None::<bool>);
    let on = chosen.unwrap_or(line.over) && line.challenge_at.is_none();
    let positions = line.keys.len();
    // The positions asked about: all of them for a review; in a challenge, its position and the next.
    let asked = match line.challenge_at {
        Some(at) => at.min(positions)..(at + 2).min(positions),
        None => 0..positions,
    };
    let first = asked.start;
    let (heard, asking) = use_review_asking::<A>(
        line.keys[asked.clone()].to_vec(),
        on || line.challenge_at.is_some(),
        line.request.reform(move |(i, id)| (i + first, id)),
    );
    let toggle = {
        let chosen = chosen.clone();
        Callback::from(move |()| chosen.set(Some(!on)))
    };
    let mut answers = vec![None; positions];
    answers.splice(asked, heard);
    let values: Vec<Judged> = answers
        .iter()
        .enumerate()
        .map(|(i, answer)| match answer {
            None => Judged::Waiting,
            Some(Err(why)) => Judged::NotDecided(why.clone()),
            Some(Ok(answer)) => (line.judge)(answer, i),
        })
        .collect();
    let moves = review(line.opponent, &line.texts, &values);
    let challenge = line.challenge_at.map(|at| {
        verdict(
            moves.get(at),
            values.get(at + 1).unwrap_or(&Judged::Waiting),
        )
    });
    Review {
        moves,
        on,
        toggle,
        valued: answers.iter().filter(|answer| answer.is_some()).count(),
        positions,
        asking,
        challenge,
    }
}

#[derive(Properties, PartialEq)]
pub struct GameReviewProps {
    pub review: Review,
    /// How many moves of the line have been played in the game shown.
    pub at: usize,
    /// Goes to the position after that many moves of the line.
    pub on_go: Callback<usize>,
    /// The id of the list of moves played (pages' tests know it).
    #[prop_or(AttrValue::Static("moves"))]
    pub list_id: AttrValue,
    /// Whether moves may be clicked now (not while the computer thinks).
    pub enabled: bool,
    /// Each move's exact notation, where the words are not (Sprouts: the position it leads to, in GLOP),
    /// shown in the move's tooltip.
    #[prop_or_default]
    pub notations: Vec<String>,
}

#[function_component(GameReview)]
pub fn game_review(props: &GameReviewProps) -> Html {
    let review = &props.review;
    let items = review.moves[..props.at.min(review.moves.len())]
        .iter()
        .enumerate()
        .map(|(i, mv)| {
            let mark = review.on.then_some(mv.mark).flatten();
            let words = mark.map(|mark| mark_words(mark, mv.better.as_deref()));
            let go = props.on_go.reform(move |_| i + 1);
            html! {
                <li data-mark={mark.map(mark_name)}>
                    <button type="button" class="move-go" onclick={go} disabled={!props.enabled}
                            aria-current={(i + 1 == props.at).then_some("step")}
                            title={match props.notations.get(i) {
                                Some(notation) => format!("Go back to the position after move {} ({notation})", i + 1),
                                None => format!("Go back to the position after move {}", i + 1),
                            }}>
                        { format!("{}: {}", mv.who, mv.text) }
                    </button>
                    if let (Some(mark), Some(words)) = (mark, words) {
                        <span class={classes!("mark", mark_name(mark))} role="img"
                              aria-label={words.clone()} title={words}></span>
                    }
                </li>
            }
        });
    html! {
        <section class="move-list game-review">
            <div class="review-head">
                <h2>{ "Moves" }</h2>
                if !review.moves.is_empty() && review.challenge.is_none() {
                    <button id="review-game" type="button" aria-pressed={review.on.to_string()}
                            onclick={review.toggle.reform(|_| ())}
                            title="Mark every move: winning, a mistake, or no choice">
                        { if review.on { "Hide review" } else { "Review the game" } }
                    </button>
                }
            </div>
            if review.on && !review.moves.is_empty() {
                { value_strip(props) }
            }
            if props.at == 0 {
                <p class="muted">{ "No moves yet." }</p>
            } else {
                <ol id={props.list_id.clone()}>{ for items }</ol>
            }
        </section>
    }
}

/// Who was winning after each move of the line, with the mistakes marked, and the review in words.
fn value_strip(props: &GameReviewProps) -> Html {
    let review = &props.review;
    let cells = review.moves.iter().enumerate().map(|(i, mv)| {
        let number = i + 1;
        let mistake = mv.mark == Some(MoveMark::Mistake);
        let title = cell_title(number, mv);
        html! {
            <li>
                <button type="button" data-move={number.to_string()} onclick={props.on_go.reform(move |_| number)}
                        disabled={!props.enabled}
                        class={classes!("cell", mv.leader.map(lead_class), mistake.then_some("mistake"),
                                        (number == props.at).then_some("current"), (number > props.at).then_some("later"))}
                        aria-label={title.clone()} {title}>
                    { mv.remoteness.map_or_else(|| if mv.leader.is_some() { "·".to_string() } else { "?".to_string() }, |r| r.to_string()) }
                </button>
            </li>
        }
    });
    let leaders: Vec<&str> = {
        let mut names: Vec<&str> = review.moves.iter().map(|mv| mv.who).collect();
        names.sort();
        names.dedup();
        names
    };
    let key = leaders.iter().map(|name| {
        html! { <span class={classes!("lead-swatch", lead_class(name))}>{ *name }</span> }
    });
    html! {
        <div class="review" id="review">
            <p class="muted review-key">
                { "Who was winning after each move: " }{ for key }
                { strip_key(&review.moves) }
            </p>
            <ol class="value-strip" id="value-strip">{ for cells }</ol>
            <p id="review-summary" aria-live="polite">{ summary(review) }</p>
        </div>
    }
}

/// What the strip's numbers and rings mean: a dot stands for a number too long to work out (Sprouts
/// early in a game).
fn strip_key(moves: &[ReviewedMove]) -> &'static str {
    let numbers = moves.iter().any(|mv| mv.remoteness.is_some());
    let dots = moves
        .iter()
        .any(|mv| mv.leader.is_some() && mv.remoteness.is_none());
    match (numbers, dots) {
        (true, true) => {
            ". The number is how many moves the game then lasts with best play (a dot: too long to work \
             out). A red ring is a mistake."
        }
        (true, false) => {
            ". The number is how many moves the game then lasts with best play. A red ring is a mistake."
        }
        (false, _) => ". A red ring is a mistake.",
    }
}

fn cell_title(number: usize, mv: &ReviewedMove) -> String {
    let mut title = format!("Move {number}, {}: {}. ", mv.who, mv.text);
    match (mv.leader, mv.remoteness) {
        (Some(leader), Some(moves)) => title.push_str(&format!(
            "{leader} {} winning then; the game lasts {moves} more move{} with best play.",
            if leader == "You" { "were" } else { "was" },
            if moves == 1 { "" } else { "s" }
        )),
        (Some(leader), None) => title.push_str(&format!(
            "{leader} {} winning then.",
            if leader == "You" { "were" } else { "was" }
        )),
        (None, _) => title.push_str("Not decided yet."),
    }
    if let Some(mark) = mv.mark {
        title.push(' ');
        title.push_str(&mark_words(mark, mv.better.as_deref()));
    }
    title
}

/// The review in a sentence or two: the mistakes, each with a move that would have won.
fn summary(review: &Review) -> String {
    if review.valued < review.positions {
        return format!(
            "Reviewing: {} of {} positions valued{}",
            review.valued,
            review.positions,
            if review.asking { "…" } else { "." }
        );
    }
    let mistakes: Vec<String> = review
        .moves
        .iter()
        .enumerate()
        .filter(|(_, mv)| mv.mark == Some(MoveMark::Mistake))
        .map(|(i, mv)| match &mv.better {
            Some(better) => format!(
                "move {} ({}: {}) — {better} would have won",
                i + 1,
                mv.who,
                mv.text
            ),
            None => format!("move {} ({}: {})", i + 1, mv.who, mv.text),
        })
        .collect();
    let undecided = review.moves.iter().filter(|mv| mv.mark.is_none()).count();
    let not_decided = match undecided {
        0 => String::new(),
        1 => " 1 move is not decided: the solver ran out of time there.".to_string(),
        n => format!(" {n} moves are not decided: the solver ran out of time there."),
    };
    // A few are named; a long list is read in the moves, where each is marked.
    const NAMED: usize = 3;
    let named = match mistakes.len() {
        n if n > NAMED => format!(
            "{}; and {} more, marked ✗ below",
            mistakes[..NAMED].join("; "),
            n - NAMED
        ),
        _ => mistakes.join("; "),
    };
    match mistakes.len() {
        0 => format!("No mistakes: every move kept the best result it could.{not_decided}"),
        1 => format!("1 mistake: {named}.{not_decided}"),
        n => format!("{n} mistakes: {named}.{not_decided}"),
    }
}

fn mark_name(mark: MoveMark) -> &'static str {
    match mark {
        MoveMark::Winning => "winning",
        MoveMark::Mistake => "mistake",
        MoveMark::NoChoice => "no-choice",
    }
}

fn lead_class(name: &str) -> &'static str {
    match name {
        "You" => "lead-you",
        "Computer" => "lead-computer",
        "Player 1" => "lead-first",
        _ => "lead-second",
    }
}
