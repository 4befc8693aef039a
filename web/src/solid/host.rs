//! The 3D view as the page shows it: a box that the 3D view's own module draws into.
//!
//! The 3D view (WebGL, the shapes, the camera) is most of a module's worth of code that only
//! some players open, so it is a module of its own (`solid.js` and `solid_bg.wasm`, beside the
//! page), fetched the first time a player opens the view; the service worker keeps it for
//! offline use like every file of the site. `index.html` defines `topochessSolid()`, which
//! imports it once. Until it is here the box says it is loading; if it cannot be fetched it
//! says so, with a button to try again.
//!
//! The page hands the module the scene as JSON ([`SolidScene`]) when it mounts it and whenever
//! the props change; presses, clicks and choices come back to the props' callbacks, a task
//! later, so that the page never runs inside the module's own event handling.

use crate::solid::view::SolidProps;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

/// How far the module has come.
#[derive(Clone, PartialEq)]
enum Status {
    Loading,
    Ready,
    Failed(String),
}

/// The module's view mounted in the box, and the functions it calls back.
struct Mounted {
    module: JsValue,
    id: JsValue,
    _press: Closure<dyn Fn(String)>,
    _click: Closure<dyn Fn(String)>,
    _choose: Closure<dyn Fn(JsValue)>,
}

impl Mounted {
    /// Calls the module's function `name` with the view's number and `more`.
    fn call(&self, name: &str, more: Option<&str>) {
        if let Ok(f) = function(&self.module, name) {
            let _ = match more {
                Some(text) => f.call2(&self.module, &self.id, &text.into()),
                None => f.call1(&self.module, &self.id),
            };
        }
    }
}

/// The module's exported function `name`.
fn function(module: &JsValue, name: &str) -> Result<js_sys::Function, String> {
    js_sys::Reflect::get(module, &name.into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .ok_or_else(|| format!("the 3D view's module has no {name}"))
}

/// The module, fetched the first time (`topochessSolid()` in `index.html`).
async fn load() -> Result<JsValue, String> {
    let window = web_sys::window().ok_or("no window")?;
    let loader = function(&window, "topochessSolid")?;
    let promise = loader
        .call0(&window)
        .ok()
        .and_then(|p| p.dyn_into::<js_sys::Promise>().ok())
        .ok_or("the module's loader did not start")?;
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .map_err(|e| {
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
                .unwrap_or_else(|| "the network is out of reach".into())
        })
}

/// Mounts the module's view in `host` with the props `latest` holds; its callbacks read
/// `latest` when they fire, so they are always the current ones.
fn mount(
    module: JsValue,
    host: web_sys::Element,
    latest: &Rc<RefCell<SolidProps>>,
) -> Result<Mounted, String> {
    let later = |pick: fn(&SolidProps) -> Callback<String>| {
        let latest = latest.clone();
        Closure::<dyn Fn(String)>::new(move |square: String| {
            let callback = pick(&latest.borrow());
            wasm_bindgen_futures::spawn_local(async move { callback.emit(square) });
        })
    };
    let press = later(|p| p.on_press.clone());
    let click = later(|p| p.on_click.clone());
    let choose = {
        let latest = latest.clone();
        Closure::<dyn Fn(JsValue)>::new(move |option: JsValue| {
            let callback = latest.borrow().on_choose.clone();
            let option = option.as_f64().map(|i| i as usize);
            wasm_bindgen_futures::spawn_local(async move { callback.emit(option) });
        })
    };
    let scene = latest.borrow().scene.to_json();
    let args = js_sys::Array::of5(
        &host,
        &scene.into(),
        press.as_ref(),
        click.as_ref(),
        choose.as_ref(),
    );
    let id = function(&module, "mount")?
        .apply(&module, &args)
        .map_err(|_| "the 3D view's module failed to start".to_string())?;
    if id.as_f64().unwrap_or(0.0) == 0.0 {
        return Err("the 3D view's module did not take the board".into());
    }
    Ok(Mounted {
        module,
        id,
        _press: press,
        _click: click,
        _choose: choose,
    })
}

/// The 3D view, drawn by its own module (see the module's doc).
#[function_component(SolidHost)]
pub fn solid_host(props: &SolidProps) -> Html {
    let host = use_node_ref();
    let status = use_state(|| Status::Loading);
    let attempt = use_state(|| 0u32);
    let latest = use_mut_ref(|| props.clone());
    *latest.borrow_mut() = props.clone();
    let mounted: Rc<RefCell<Option<Mounted>>> = use_mut_ref(|| None);
    // Fetch the module and mount the view; unmount it when the box goes. A box gone before the
    // module arrives mounts nothing.
    {
        let (host, status, latest, mounted) = (
            host.clone(),
            status.clone(),
            latest.clone(),
            mounted.clone(),
        );
        use_effect_with(*attempt, move |_| {
            let alive = Rc::new(Cell::new(true));
            {
                let alive = alive.clone();
                let mounted = mounted.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    let module = load().await;
                    let Some(element) = host.cast::<web_sys::Element>().filter(|_| alive.get())
                    else {
                        return;
                    };
                    match module.and_then(|m| mount(m, element, &latest)) {
                        Ok(view) => {
                            *mounted.borrow_mut() = Some(view);
                            status.set(Status::Ready);
                        }
                        Err(why) => status.set(Status::Failed(why)),
                    }
                });
            }
            move || {
                alive.set(false);
                if let Some(view) = mounted.borrow_mut().take() {
                    view.call("unmount", None);
                }
            }
        });
    }
    // Hand the view the scene whenever it changes (while the module loads, the mount takes the
    // latest).
    {
        let mounted = mounted.clone();
        use_effect_with(props.scene.clone(), move |scene| {
            if let Some(view) = mounted.borrow().as_ref() {
                view.call("update", Some(&scene.to_json()));
            }
        });
    }
    let retry = {
        let (status, attempt) = (status.clone(), attempt.clone());
        Callback::from(move |_: MouseEvent| {
            status.set(Status::Loading);
            attempt.set(*attempt + 1);
        })
    };
    html! {
        <>
            <div class="solid-host" ref={host}></div>
            if *status == Status::Loading {
                <p class="solid-loading" role="status">{"Loading the 3D view…"}</p>
            }
            if let Status::Failed(why) = &*status {
                <p class="solid-unavailable" role="note">
                    {format!("The 3D view could not be loaded ({why}). The board and the extended view work as ever. ")}
                    <button class="secondary" id="solid-retry" onclick={retry}>{"Try again"}</button>
                </p>
            }
        </>
    }
}
