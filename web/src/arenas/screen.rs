//! The tournaments' pages as the views' module draws them: few first visits open them, so the
//! list (with the form that makes an arena) and an arena's page are fetched the first time one
//! is opened (`web/src/bin/views.rs`). The page hands the screen what it shows
//! ([`ArenaScene`], from the app's state: the list it reads, the standings its socket hears)
//! and hears what the player asks for ([`ArenaOut`]).

use super::view::{ArenaListPage, ArenaPage, ArenaRequest};
use crate::common::module_view::{events, Crossing, ModuleView};
use serde::{Deserialize, Serialize};
use std::rc::Rc;
use topochess_protocol::arena::{ArenaList, ArenaView};
use yew::prelude::*;

/// What a tournaments' page shows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ArenaScene {
    /// The list: being played, starting soon, just finished.
    List {
        /// The signed-in player, if any (only they make arenas).
        me: Option<String>,
        /// The list as the app last read it, or why it could not be.
        list: Option<Result<Rc<ArenaList>, String>>,
    },
    /// An arena's page.
    Page {
        /// The arena.
        id: u64,
        /// Its standings as the socket last brought them.
        view: Option<Box<ArenaView>>,
        /// The server's clock less the page's (ms).
        offset: f64,
        /// The signed-in player, if any.
        me: Option<String>,
        /// Why there is no such arena, once the server said so.
        missing: Option<String>,
        /// A join or withdrawal sent and not yet answered.
        acting: bool,
        /// Why the last was refused.
        trouble: Option<String>,
    },
}

impl Crossing for ArenaScene {}

/// What the player asks for on a tournaments' page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ArenaOut {
    /// An arena made on the list: open its page.
    Made(u64),
    /// Join (with a code) or withdraw.
    Act(ArenaRequest),
}

impl Crossing for ArenaOut {}

/// A tournaments' page as the page draws it: a box the views' module draws into.
pub fn arena_view(scene: &ArenaScene, on_out: Callback<ArenaOut>) -> Html {
    let what = match scene {
        ArenaScene::List { .. } => "the tournaments",
        ArenaScene::Page { .. } => "the tournament",
    };
    let on_event = events(move |out: ArenaOut| on_out.emit(out));
    html! { <ModuleView kind="arena" {what} props={scene.to_json()} {on_event} /> }
}

/// The tournaments' page's properties, in the views' module.
#[derive(Properties, PartialEq)]
pub struct ArenaScreenProps {
    /// What it shows.
    pub scene: ArenaScene,
    /// What the player asks for.
    pub on_out: Callback<ArenaOut>,
}

/// A tournaments' page, in the views' module.
#[function_component(ArenaScreen)]
pub fn arena_screen(p: &ArenaScreenProps) -> Html {
    match p.scene.clone() {
        ArenaScene::List { me, list } => html! {
            <ArenaListPage {me} {list} on_made={p.on_out.reform(ArenaOut::Made)} />
        },
        ArenaScene::Page {
            id,
            view,
            offset,
            me,
            missing,
            acting,
            trouble,
        } => html! {
            <ArenaPage {id} view={view.map(|v| *v)} {offset} {me} {missing} {acting} {trouble}
                on_act={p.on_out.reform(ArenaOut::Act)} />
        },
    }
}
