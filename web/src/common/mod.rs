//! What every layer shares: the player's settings, the clocks, what a move on the board fits, drawn
//! shapes, sounds and the crash panel.

pub mod clock;
pub mod crash;
pub mod fit;
pub mod http;
pub mod math;
pub mod modal;
pub mod module_view;
pub mod redial;
pub mod secret;
pub mod settings;
pub mod shapes;
pub mod sound;

/// The value of the `<select>` an event came from.
pub fn select_value(e: &yew::Event) -> String {
    use wasm_bindgen::JsCast;
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
        .map(|s| s.value())
        .unwrap_or_default()
}
