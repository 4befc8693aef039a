//! The site kept for offline use: whether the browser is offline (a small mark in the header),
//! and a new version that the service worker has ready (`sw.js`, registered by `index.html`),
//! offered to the player, never loaded by itself in the middle of a game.

use gloo_events::EventListener;
use yew::prelude::*;

/// What the page knows of the network and of a new version.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shell {
    /// The browser says it has no network.
    pub offline: bool,
    /// A new version is fetched and waits for the player's word.
    pub update_ready: bool,
}

/// Removes the "loading" mark that `index.html` shows until the app starts.
pub fn remove_loading_mark() {
    if let Some(mark) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("loading"))
    {
        mark.remove();
    }
}

/// Takes the new version: the service worker takes over and the page reloads (the game is saved
/// after every move, so nothing is lost).
pub fn take_update() {
    let Some(window) = web_sys::window() else {
        return;
    };
    if let Ok(f) = js_sys::Reflect::get(&window, &"topochessTakeUpdate".into()) {
        if let Ok(f) = wasm_bindgen::JsCast::dyn_into::<js_sys::Function>(f) {
            let _ = f.call0(&window);
        }
    }
}

/// Follows the network's state and the service worker's news.
#[hook]
pub fn use_shell() -> Shell {
    let offline = use_state(|| web_sys::window().is_some_and(|w| !w.navigator().on_line()));
    let update_ready = use_state(|| {
        web_sys::window()
            .and_then(|w| js_sys::Reflect::get(&w, &"topochessUpdate".into()).ok())
            .is_some_and(|v| !v.is_undefined() && !v.is_null())
    });
    {
        let (offline, update_ready) = (offline.clone(), update_ready.clone());
        use_effect_with((), move |_| {
            let listeners = web_sys::window().map(|w| {
                let (gone, back) = (offline.clone(), offline);
                [
                    EventListener::new(&w, "offline", move |_| gone.set(true)),
                    EventListener::new(&w, "online", move |_| back.set(false)),
                    EventListener::new(&w, "topochess-update-ready", move |_| {
                        update_ready.set(true)
                    }),
                ]
            });
            move || drop(listeners)
        });
    }
    Shell {
        offline: *offline,
        update_ready: *update_ready,
    }
}
