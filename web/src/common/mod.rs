//! What every layer shares: the player's settings, the clocks, what a move on the board fits, drawn
//! shapes, sounds and the crash panel.

pub mod after_paint;
pub mod clock;
pub mod crash;
pub mod fit;
pub mod http;
pub mod math;
pub mod modal;
pub mod module_view;
pub mod renders;
pub mod secret;
pub mod settings;
pub mod shapes;
pub mod socket;
pub mod sound;

/// Scrolls the element with this id into view, as little as needed.
pub fn bring_into_view(id: &str) {
    let element = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id));
    if let Some(element) = element {
        let options = web_sys::ScrollIntoViewOptions::new();
        options.set_block(web_sys::ScrollLogicalPosition::Nearest);
        element.scroll_into_view_with_scroll_into_view_options(&options);
    }
}

/// The value of the `<select>` an event came from.
pub fn select_value(e: &yew::Event) -> String {
    use wasm_bindgen::JsCast;
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
        .map(|s| s.value())
        .unwrap_or_default()
}

/// The short names of the headline presets, as the pools' grid and the arenas read them.
const SHORT_NAMES: [(&str, &str); 5] = [
    ("folded", "Folded"),
    ("cylinder", "Cylinder"),
    ("torus", "Torus"),
    ("torus-8x14", "Torus 8\u{d7}14"),
    ("sphere-grayber", "Sphere"),
];

/// A preset as lists name it: its short name, or its own name when it has none.
pub fn preset_name(variant: &str) -> &str {
    SHORT_NAMES
        .iter()
        .find(|(id, _)| *id == variant)
        .map(|(_, name)| *name)
        .or_else(|| topochess_core::variant::preset(variant).map(|p| p.name))
        .unwrap_or(variant)
}
