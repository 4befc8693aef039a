//! The browser app's entry point.

fn main() {
    topochess_web::crash::install();
    yew::Renderer::<topochess_web::app::App>::new().render();
}
