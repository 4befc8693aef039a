//! A view drawn by the views' module: a box on the page that another wasm module draws into.
//!
//! The views only some players open (the 3D view, the surface lab) are most of a module's worth
//! of code, so they live in a module of their own (`views.js` and `views_bg.wasm`, beside the
//! page; `web/src/bin/views.rs`), fetched the first time one of them is opened; the service
//! worker keeps it for offline use like every file of the site. `index.html` defines
//! `topochessViews()`, which imports it once. Until it is here the box says it is loading; if
//! it cannot be fetched it says so, with a button to try again.
//!
//! The page hands the module the view's props as JSON when it mounts the view and whenever they
//! change; what the view reports (a click, a choice) comes back as JSON to `on_event`, a task
//! later, so that the page never runs inside the other module's event handling.

use serde::de::DeserializeOwned;
use serde::Serialize;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

/// What crosses between the page and the views' module as JSON: a view's props and its events.
pub trait Crossing: Serialize + DeserializeOwned {
    /// The value as the other module reads it.
    fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The value in `text`, or `None` when it is not one.
    fn from_json(text: &str) -> Option<Self> {
        serde_json::from_str(text).ok()
    }
}

/// A view's events, as [`ModuleViewProps::on_event`] hears them: each that reads as an `E` goes
/// to `on_event`; anything else is dropped.
pub fn events<E: Crossing + 'static>(on_event: impl Fn(E) + 'static) -> Callback<String> {
    Callback::from(move |text: String| {
        if let Some(event) = E::from_json(&text) {
            on_event(event);
        }
    })
}

/// Props of [`ModuleView`].
#[derive(Properties, Clone, PartialEq)]
pub struct ModuleViewProps {
    /// Which view the module draws (`solid`, `lab`, `games`, `people`, `tokens`, `arena`, `atlas`).
    pub kind: AttrValue,
    /// What the box says while the module loads and if it cannot ("the 3D view").
    pub what: AttrValue,
    /// The view's props, as JSON.
    pub props: AttrValue,
    /// What the view reports, as JSON.
    pub on_event: Callback<String>,
}

/// How far the module has come.
#[derive(Clone, PartialEq)]
enum Status {
    Loading,
    Ready,
    Failed(String),
}

/// The module's view mounted in the box, and the function it calls back.
struct Mounted {
    module: JsValue,
    id: JsValue,
    _event: Closure<dyn Fn(String)>,
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

/// The exported function `name` of `module`.
fn function(module: &JsValue, name: &str) -> Result<js_sys::Function, String> {
    js_sys::Reflect::get(module, &name.into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .ok_or_else(|| format!("no {name}"))
}

/// The module, fetched the first time (`topochessViews()` in `index.html`).
async fn load() -> Result<JsValue, String> {
    loaded_with("topochessViews", &JsValue::UNDEFINED).await
}

/// What the page's loader `name` (a function of `index.html` that returns a promise), called
/// with `arg`, gives, or why it failed.
pub async fn loaded_with(name: &str, arg: &JsValue) -> Result<JsValue, String> {
    let window = web_sys::window().ok_or("no window")?;
    let loader = function(&window, name)?;
    let promise = loader
        .call1(&window, arg)
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

/// Mounts view `kind` of `module` in `host` with the props `latest` holds; its events go to
/// the `on_event` that `latest` holds when they come.
fn mount(
    module: JsValue,
    host: web_sys::Element,
    latest: &Rc<RefCell<ModuleViewProps>>,
) -> Result<Mounted, String> {
    let event = {
        let latest = latest.clone();
        Closure::<dyn Fn(String)>::new(move |text: String| {
            let on_event = latest.borrow().on_event.clone();
            wasm_bindgen_futures::spawn_local(async move { on_event.emit(text) });
        })
    };
    let (kind, props) = {
        let p = latest.borrow();
        (p.kind.to_string(), p.props.to_string())
    };
    let args = js_sys::Array::of4(&kind.into(), &host, &props.into(), event.as_ref());
    let id = function(&module, "mount")?
        .apply(&module, &args)
        .map_err(|_| "the module failed to start".to_string())?;
    if id.as_f64().unwrap_or(0.0) == 0.0 {
        return Err("the module did not take the view".into());
    }
    Ok(Mounted {
        module,
        id,
        _event: event,
    })
}

/// A view drawn by the views' module (see the module's doc).
#[function_component(ModuleView)]
pub fn module_view(props: &ModuleViewProps) -> Html {
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
    // Hand the view its props whenever they change (while the module loads, the mount takes
    // the latest).
    {
        let mounted = mounted.clone();
        use_effect_with(props.props.clone(), move |text| {
            if let Some(view) = mounted.borrow().as_ref() {
                view.call("update", Some(text));
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
    let what = &props.what;
    html! {
        <>
            <div class={classes!("module-host", format!("{}-host", props.kind))} ref={host}></div>
            if *status == Status::Loading {
                <p class={classes!("module-loading", format!("{}-loading", props.kind))} role="status">{format!("Loading {what}…")}</p>
            }
            if let Status::Failed(why) = &*status {
                <p class={classes!("module-unavailable", format!("{}-unavailable", props.kind))} role="note">
                    {format!("{} could not be loaded ({why}). ", capitalised(what))}
                    <button class="secondary" id="module-retry" onclick={retry}>{"Try again"}</button>
                </p>
            }
        </>
    }
}

/// `text` with its first letter a capital.
fn capitalised(text: &str) -> String {
    let mut out = text.to_string();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    out
}
