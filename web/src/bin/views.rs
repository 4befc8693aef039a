//! The views' wasm module: the views only some players open, the 3D view
//! (`topochess_web::solid::view`) and the surface lab (`topochess_web::explore::lab`), with
//! their own copy of Yew. It is fetched the first time a player opens one of them, so that the
//! page's module does not carry them. The page (`topochess_web::common::module_view`) mounts a
//! view into a box of its own, hands it its props as JSON, and hears its events as JSON.

#![forbid(unsafe_code)]

use std::cell::{Cell, RefCell};
use topochess_core::lab::LabSpec;
use topochess_web::explore::lab::{LabEvent, LabPanel, LabProps};
use topochess_web::solid::scene::{SolidCallbacks, SolidEvent, SolidScene};
use topochess_web::solid::view::SolidView;
use wasm_bindgen::prelude::*;
use yew::{AppHandle, Callback, Renderer};

/// A view this module draws on the page.
enum Drawn {
    Solid(AppHandle<SolidView>, SolidCallbacks),
    Lab(AppHandle<LabPanel>, Callback<LabEvent>),
}

impl Drawn {
    /// Draws view `kind` into `host` with the props in `props`; its events go to `report` as
    /// JSON. `None` for an unknown kind or props that are not its.
    fn mount(
        kind: &str,
        host: web_sys::Element,
        props: &str,
        report: Callback<String>,
    ) -> Option<Drawn> {
        Some(match kind {
            "solid" => {
                let scene = SolidScene::from_json(props)?;
                let callbacks =
                    SolidCallbacks::reporting(report.reform(|e: SolidEvent| e.to_json()));
                let app = Renderer::<SolidView>::with_root_and_props(host, scene.with(&callbacks))
                    .render();
                Drawn::Solid(app, callbacks)
            }
            "lab" => {
                let lab: LabSpec = serde_json::from_str(props).ok()?;
                let on_event = report.reform(|e: LabEvent| e.to_json());
                let app = Renderer::<LabPanel>::with_root_and_props(
                    host,
                    LabProps {
                        lab,
                        on_event: on_event.clone(),
                    },
                )
                .render();
                Drawn::Lab(app, on_event)
            }
            _ => return None,
        })
    }

    /// Hands the view new props; whether they are its.
    fn update(&mut self, props: &str) -> bool {
        match self {
            Drawn::Solid(app, callbacks) => SolidScene::from_json(props)
                .map(|scene| app.update(scene.with(callbacks)))
                .is_some(),
            Drawn::Lab(app, on_event) => serde_json::from_str::<LabSpec>(props)
                .map(|lab| {
                    app.update(LabProps {
                        lab,
                        on_event: on_event.clone(),
                    })
                })
                .is_ok(),
        }
    }

    /// Takes the view off the page.
    fn destroy(self) {
        match self {
            Drawn::Solid(app, _) => app.destroy(),
            Drawn::Lab(app, _) => app.destroy(),
        }
    }
}

thread_local! {
    static DRAWN: RefCell<Vec<(u32, Drawn)>> = const { RefCell::new(Vec::new()) };
    static LAST_ID: Cell<u32> = const { Cell::new(0) };
}

/// Draws view `kind` (`solid`, `lab`) into `host` with the props `props` (JSON); its events
/// call `on_event` with their JSON. Returns the view's number for [`update`] and [`unmount`],
/// or 0 for an unknown kind or props that are not its.
#[wasm_bindgen]
pub fn mount(kind: &str, host: web_sys::Element, props: &str, on_event: js_sys::Function) -> u32 {
    let report = Callback::from(move |text: String| {
        let _ = on_event.call1(&JsValue::NULL, &text.into());
    });
    let Some(view) = Drawn::mount(kind, host, props, report) else {
        return 0;
    };
    let id = LAST_ID.with(|last| {
        last.set(last.get() + 1);
        last.get()
    });
    DRAWN.with(|d| d.borrow_mut().push((id, view)));
    id
}

/// Hands view `id` new props (JSON). Whether there is such a view and the props are its.
#[wasm_bindgen]
pub fn update(id: u32, props: &str) -> bool {
    DRAWN.with(|d| {
        d.borrow_mut()
            .iter_mut()
            .find(|(i, _)| *i == id)
            .is_some_and(|(_, view)| view.update(props))
    })
}

/// Takes view `id` off the page.
#[wasm_bindgen]
pub fn unmount(id: u32) {
    let gone = DRAWN.with(|d| {
        let mut d = d.borrow_mut();
        let at = d.iter().position(|(i, _)| *i == id)?;
        Some(d.remove(at).1)
    });
    if let Some(view) = gone {
        view.destroy();
    }
}

fn main() {}
