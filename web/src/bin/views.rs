//! The views' wasm module: the views only some players open, the 3D view
//! (`topochess_web::solid::view`), the surface lab (`topochess_web::explore::lab`), the Games
//! screen (`topochess_web::library::games_screen`), the people's screens, a player's page and
//! the leaderboards (`topochess_web::account::people`), the account's API tokens
//! (`topochess_web::account::tokens`), the tournaments' pages (`topochess_web::arenas::screen`)
//! and the endgame atlas (`topochess_web::atlas::screen`), with their own copy of Yew. It is fetched
//! the first time a player opens one of them, so that the page's module does not carry them.
//! The page (`topochess_web::common::module_view`) mounts a view into a box of its own, hands it
//! its props as JSON, and hears its events as JSON.

#![forbid(unsafe_code)]

use std::cell::{Cell, RefCell};
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
use yew::{AppHandle, Callback, Renderer};

/// A view this module draws on the page.
enum Drawn {
    Solid(AppHandle<SolidView>, SolidCallbacks),
    Lab(AppHandle<LabPanel>, Callback<LabEvent>),
    Games(AppHandle<GamesScreen>, Callback<GamesOut>),
    People(AppHandle<PeopleScreen>, Callback<PeopleOut>),
    Tokens(AppHandle<TokensDialog>),
    Arena(AppHandle<ArenaScreen>, Callback<ArenaOut>),
    Atlas(AppHandle<AtlasScreen>, Callback<AtlasAction>),
}

/// The Games screen's props: `scene` with `on_action`.
fn games_props(scene: GamesScene, on_action: &Callback<GamesOut>) -> GamesProps {
    GamesProps {
        games: std::rc::Rc::new(scene.games),
        current: scene.current,
        warning: scene.warning,
        on_action: on_action.clone(),
    }
}

/// A people's screen's props: `scene` with `on_out`.
fn people_props(scene: PeopleScene, on_out: &Callback<PeopleOut>) -> PeopleProps {
    PeopleProps {
        scene,
        on_out: on_out.clone(),
    }
}

/// A tournaments' page's props: `scene` with `on_out`.
fn arena_props(scene: ArenaScene, on_out: &Callback<ArenaOut>) -> ArenaScreenProps {
    ArenaScreenProps {
        scene,
        on_out: on_out.clone(),
    }
}

/// The atlas's props: `scene` with `on_action`.
fn atlas_props(scene: AtlasScene, on_action: &Callback<AtlasAction>) -> AtlasProps {
    AtlasProps {
        scene,
        on_action: on_action.clone(),
    }
}

/// The lab's props: `lab` with `on_event`.
fn lab_props(lab: LabSpec, on_event: &Callback<LabEvent>) -> LabProps {
    LabProps {
        lab,
        on_event: on_event.clone(),
    }
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
                let lab = LabSpec::from_json(props)?;
                let on_event = report.reform(|e: LabEvent| e.to_json());
                let app =
                    Renderer::<LabPanel>::with_root_and_props(host, lab_props(lab, &on_event))
                        .render();
                Drawn::Lab(app, on_event)
            }
            "games" => {
                let scene = GamesScene::from_json(props)?;
                let on_action = report.reform(|out: GamesOut| out.to_json());
                let app = Renderer::<GamesScreen>::with_root_and_props(
                    host,
                    games_props(scene, &on_action),
                )
                .render();
                Drawn::Games(app, on_action)
            }
            "people" => {
                let scene = PeopleScene::from_json(props)?;
                let on_out = report.reform(|out: PeopleOut| out.to_json());
                let app = Renderer::<PeopleScreen>::with_root_and_props(
                    host,
                    people_props(scene, &on_out),
                )
                .render();
                Drawn::People(app, on_out)
            }
            "tokens" => {
                let on_close = report.reform(|()| TokensOut::Close.to_json());
                let app =
                    Renderer::<TokensDialog>::with_root_and_props(host, TokensProps { on_close })
                        .render();
                Drawn::Tokens(app)
            }
            "arena" => {
                let scene = ArenaScene::from_json(props)?;
                let on_out = report.reform(|out: ArenaOut| out.to_json());
                let app =
                    Renderer::<ArenaScreen>::with_root_and_props(host, arena_props(scene, &on_out))
                        .render();
                Drawn::Arena(app, on_out)
            }
            "atlas" => {
                let scene = AtlasScene::from_json(props)?;
                let on_action = report.reform(|action: AtlasAction| action.to_json());
                let app = Renderer::<AtlasScreen>::with_root_and_props(
                    host,
                    atlas_props(scene, &on_action),
                )
                .render();
                Drawn::Atlas(app, on_action)
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
            Drawn::Lab(app, on_event) => LabSpec::from_json(props)
                .map(|lab| app.update(lab_props(lab, on_event)))
                .is_some(),
            Drawn::Games(app, on_action) => GamesScene::from_json(props)
                .map(|scene| app.update(games_props(scene, on_action)))
                .is_some(),
            Drawn::People(app, on_out) => PeopleScene::from_json(props)
                .map(|scene| app.update(people_props(scene, on_out)))
                .is_some(),
            // The dialog has no props of its own.
            Drawn::Tokens(_) => true,
            Drawn::Arena(app, on_out) => ArenaScene::from_json(props)
                .map(|scene| app.update(arena_props(scene, on_out)))
                .is_some(),
            Drawn::Atlas(app, on_action) => AtlasScene::from_json(props)
                .map(|scene| app.update(atlas_props(scene, on_action)))
                .is_some(),
        }
    }

    /// Takes the view off the page.
    fn destroy(self) {
        match self {
            Drawn::Solid(app, _) => app.destroy(),
            Drawn::Lab(app, _) => app.destroy(),
            Drawn::Games(app, _) => app.destroy(),
            Drawn::People(app, _) => app.destroy(),
            Drawn::Tokens(app) => app.destroy(),
            Drawn::Arena(app, _) => app.destroy(),
            Drawn::Atlas(app, _) => app.destroy(),
        }
    }
}

thread_local! {
    static DRAWN: RefCell<Vec<(u32, Drawn)>> = const { RefCell::new(Vec::new()) };
    static LAST_ID: Cell<u32> = const { Cell::new(0) };
}

/// Draws view `kind` (`solid`, `lab`, `games`, `people`, `tokens`, `arena`, `atlas`) into `host` with the props `props` (JSON); its
/// events call `on_event` with their JSON. Returns the view's number for [`update`] and
/// [`unmount`], or 0 for an unknown kind or props that are not its.
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
