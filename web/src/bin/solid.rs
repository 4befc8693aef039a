//! The 3D view's wasm module: the view (`topochess_web::solid::view`) with its own copy of Yew,
//! fetched the first time a player opens the 3D view so that the page's module does not carry
//! it. The page (`topochess_web::solid::host`) mounts it into a box of its own, hands it the
//! scene as JSON, and is called back on presses, clicks and choices.

#![forbid(unsafe_code)]

use std::cell::{Cell, RefCell};
use topochess_web::solid::scene::{SolidCallbacks, SolidScene};
use topochess_web::solid::view::SolidView;
use wasm_bindgen::prelude::*;
use yew::{AppHandle, Callback, Renderer};

/// A view drawn by this module.
struct Mounted {
    id: u32,
    app: AppHandle<SolidView>,
    callbacks: SolidCallbacks,
}

thread_local! {
    static MOUNTED: RefCell<Vec<Mounted>> = const { RefCell::new(Vec::new()) };
    static LAST_ID: Cell<u32> = const { Cell::new(0) };
}

/// Draws the 3D view into `host` with the scene `scene` (JSON). A press or a click on a square
/// calls `on_press` or `on_click` with its name; a choice calls `on_choose` with the option's
/// index, or with nothing when it is cancelled. Returns the view's number for [`update`] and
/// [`unmount`], or 0 when `scene` is not a scene.
#[wasm_bindgen]
pub fn mount(
    host: web_sys::Element,
    scene: &str,
    on_press: js_sys::Function,
    on_click: js_sys::Function,
    on_choose: js_sys::Function,
) -> u32 {
    let Some(scene) = SolidScene::from_json(scene) else {
        return 0;
    };
    let square = |f: js_sys::Function| {
        Callback::from(move |name: String| {
            let _ = f.call1(&JsValue::NULL, &name.into());
        })
    };
    let callbacks = SolidCallbacks {
        on_press: square(on_press),
        on_click: square(on_click),
        on_choose: Callback::from(move |option: Option<usize>| {
            let option = option.map_or(JsValue::UNDEFINED, |i| JsValue::from(i as u32));
            let _ = on_choose.call1(&JsValue::NULL, &option);
        }),
    };
    let app = Renderer::<SolidView>::with_root_and_props(host, scene.with(&callbacks)).render();
    let id = LAST_ID.with(|last| {
        last.set(last.get() + 1);
        last.get()
    });
    MOUNTED.with(|m| m.borrow_mut().push(Mounted { id, app, callbacks }));
    id
}

/// Hands view `id` a new scene (JSON). Whether there is such a view and such a scene.
#[wasm_bindgen]
pub fn update(id: u32, scene: &str) -> bool {
    let Some(scene) = SolidScene::from_json(scene) else {
        return false;
    };
    MOUNTED.with(|m| {
        let mut m = m.borrow_mut();
        let Some(view) = m.iter_mut().find(|v| v.id == id) else {
            return false;
        };
        let props = scene.with(&view.callbacks);
        view.app.update(props);
        true
    })
}

/// Takes view `id` off the page.
#[wasm_bindgen]
pub fn unmount(id: u32) {
    let gone = MOUNTED.with(|m| {
        let mut m = m.borrow_mut();
        let at = m.iter().position(|v| v.id == id)?;
        Some(m.remove(at))
    });
    if let Some(view) = gone {
        view.app.destroy();
    }
}

fn main() {}
