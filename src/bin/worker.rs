//! The solver worker's entry point: report panics to the page, and register the reactor agent that
//! answers the page's requests.

use sprague::worker::codec::MessageCodec;
use yew_agent::Registrable;

fn main() {
    // First, so that a panic anywhere after is reported to the page.
    sprague::worker::panic_report::install();
    sprague::worker::SolverReactor::registrar()
        .encoding::<MessageCodec>()
        .register();
}
