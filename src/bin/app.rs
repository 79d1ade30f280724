//! The page's entry point: mount the Yew app.

fn main() {
    yew::Renderer::<sprague::ui::App>::new().render();
}
