//! The views' wasm module: the views only some players open, the 3D view
//! (`topochess_web::solid::view`), the surface lab (`topochess_web::explore::lab`), the Games
//! screen (`topochess_web::library::games_screen`), the people's screens, a player's page and
//! the leaderboards (`topochess_web::account::people`), the account's API tokens
//! (`topochess_web::account::tokens`), the tournaments' pages (`topochess_web::arenas::screen`)
//! and the endgame atlas (`topochess_web::atlas::screen`), with their own copy of Yew. It is
//! fetched the first time a player opens one of them, so that the page's module does not carry
//! them.
//! The page (`topochess_web::common::module_view`) mounts a view into a box of its own, hands it
//! its props as JSON, and hears its events as JSON.

#![forbid(unsafe_code)]

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use topochess_core::lab::LabSpec;
use topochess_web::account::people::{PeopleOut, PeopleProps, PeopleScene, PeopleScreen};
use topochess_web::account::tokens::{TokensDialog, TokensOut, TokensProps};
use topochess_web::arenas::screen::{ArenaOut, ArenaScene, ArenaScreen, ArenaScreenProps};
use topochess_web::atlas::screen::{AtlasProps, AtlasScene, AtlasScreen};
use topochess_web::atlas::AtlasAction;
use topochess_web::common::module_view::Crossing;
use topochess_web::explore::lab::{LabEvent, LabPanel, LabProps};
use topochess_web::library::games_screen::{GamesOut, GamesProps, GamesScene, GamesScreen};
use topochess_web::solid::scene::{SolidCallbacks, SolidEvent, SolidScene};
use topochess_web::solid::view::SolidView;
use wasm_bindgen::prelude::*;
use yew::html::BaseComponent;
use yew::{AppHandle, Callback, Renderer};

/// A view this module draws on the page.
trait Drawn {
    /// Hands the view new props (JSON); whether they are its.
    fn update(&mut self, props: &str) -> bool;
    /// Takes the view off the page.
    fn destroy(self: Box<Self>);
}

/// How a view's props are read from their JSON (`None`: they are not its).
type Read<P> = Box<dyn Fn(&str) -> Option<P>>;

/// A view of component `C`, and how its props are read.
struct View<C: BaseComponent> {
    app: AppHandle<C>,
    props: Read<C::Properties>,
}

impl<C: BaseComponent> Drawn for View<C> {
    fn update(&mut self, text: &str) -> bool {
        (self.props)(text)
            .map(|props| self.app.update(props))
            .is_some()
    }

    fn destroy(self: Box<Self>) {
        self.app.destroy();
    }
}

/// Draws component `C` into `host` with the props `read` makes of `text`; `None` when they are
/// not its.
fn draw<C: BaseComponent>(
    host: web_sys::Element,
    text: &str,
    read: impl Fn(&str) -> Option<C::Properties> + 'static,
) -> Option<Box<dyn Drawn>> {
    let first = read(text)?;
    let app = Renderer::<C>::with_root_and_props(host, first).render();
    Some(Box::new(View {
        app,
        props: Box::new(read),
    }))
}

/// Reads a view's props as its scene `S` (JSON), made into props by `make` with the callback
/// that reports its events `O` as JSON to `report`.
fn scene<S: Crossing, O: Crossing + 'static, P>(
    report: &Callback<String>,
    make: impl Fn(S, Callback<O>) -> P + 'static,
) -> impl Fn(&str) -> Option<P> + 'static {
    let out = report.reform(|o: O| o.to_json());
    move |text| Some(make(S::from_json(text)?, out.clone()))
}

/// Draws view `kind` into `host` with the props in `props`; its events go to `report` as JSON.
/// `None` for an unknown kind or props that are not its.
fn mount_view(
    kind: &str,
    host: web_sys::Element,
    props: &str,
    report: Callback<String>,
) -> Option<Box<dyn Drawn>> {
    match kind {
        "solid" => {
            let callbacks = SolidCallbacks::reporting(report.reform(|e: SolidEvent| e.to_json()));
            draw::<SolidView>(host, props, move |text| {
                Some(SolidScene::from_json(text)?.with(&callbacks))
            })
        }
        "lab" => draw::<LabPanel>(
            host,
            props,
            scene(&report, |lab: LabSpec, on_event: Callback<LabEvent>| {
                LabProps { lab, on_event }
            }),
        ),
        "games" => draw::<GamesScreen>(
            host,
            props,
            scene(&report, |s: GamesScene, on_action: Callback<GamesOut>| {
                GamesProps {
                    games: Rc::new(s.games),
                    current: s.current,
                    on_action,
                }
            }),
        ),
        "people" => draw::<PeopleScreen>(
            host,
            props,
            scene(
                &report,
                |scene: PeopleScene, on_out: Callback<PeopleOut>| PeopleProps { scene, on_out },
            ),
        ),
        // The dialog has no props of its own.
        "tokens" => {
            let on_close = report.reform(|()| TokensOut::Close.to_json());
            draw::<TokensDialog>(host, props, move |_| {
                Some(TokensProps {
                    on_close: on_close.clone(),
                })
            })
        }
        "arena" => draw::<ArenaScreen>(
            host,
            props,
            scene(&report, |scene: ArenaScene, on_out: Callback<ArenaOut>| {
                ArenaScreenProps { scene, on_out }
            }),
        ),
        "atlas" => draw::<AtlasScreen>(
            host,
            props,
            scene(
                &report,
                |scene: AtlasScene, on_action: Callback<AtlasAction>| AtlasProps {
                    scene,
                    on_action,
                },
            ),
        ),
        _ => None,
    }
}

thread_local! {
    static DRAWN: RefCell<Vec<(u32, Box<dyn Drawn>)>> = const { RefCell::new(Vec::new()) };
    static LAST_ID: Cell<u32> = const { Cell::new(0) };
}

/// Draws view `kind` (`solid`, `lab`, `games`, `people`, `tokens`, `arena`, `atlas`) into
/// `host` with the props `props` (JSON); its events call `on_event` with their JSON. Returns the view's number for [`update`] and
/// [`unmount`], or 0 for an unknown kind or props that are not its.
#[wasm_bindgen]
pub fn mount(kind: &str, host: web_sys::Element, props: &str, on_event: js_sys::Function) -> u32 {
    let report = Callback::from(move |text: String| {
        let _ = on_event.call1(&JsValue::NULL, &text.into());
    });
    let Some(view) = mount_view(kind, host, props, report) else {
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

/// Nothing at all: what the trees used up at the start draw.
#[yew::function_component]
fn Nothing() -> yew::Html {
    yew::Html::default()
}

/// How many of Yew's tree numbers this module uses up before its first view (see `main`).
const PAGE_TREES: usize = 16;

fn main() {
    // Yew tells its apps' event trees apart by numbers it counts from 1 in each wasm module,
    // and marks elements with them; the page's app is tree 1 of the page's module. A view of
    // this module numbered 1 too would have the page's app take its events for its own (Enter
    // in a form on the Games screen ran one of the page's handlers). So this module's first
    // numbers are used up here, by trees that draw nothing, leaving room for the page's.
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    for _ in 0..PAGE_TREES {
        if let Ok(host) = document.create_element("div") {
            Renderer::<Nothing>::with_root(host).render().destroy();
        }
    }
}
