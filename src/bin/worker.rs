//! The solver worker's entry point: register the reactor agent that answers the page's requests.

use yew_agent::Registrable;

fn main() {
    sprague::worker::SolverReactor::registrar().register();
}
