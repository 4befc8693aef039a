//! The browser app's entry point.

fn main() {
    yew::Renderer::<topochess_web::app::App>::new().render();
}
