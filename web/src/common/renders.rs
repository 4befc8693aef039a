//! How often a component has rendered: tests read it from a `data-renders` attribute (pointing
//! at squares must not render the app again, and a move must draw again only the squares whose
//! look changed).

use yew::prelude::*;

/// How often the calling component has rendered, this time included.
#[hook]
pub fn use_render_count() -> u64 {
    let count = use_mut_ref(|| 0u64);
    *count.borrow_mut() += 1;
    let n = *count.borrow();
    n
}
