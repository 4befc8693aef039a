//! The shelf: the saved-games library kept in the browser's IndexedDB (database `topochess`,
//! object store `library`, the library's versioned JSON under the key `library`).
//!
//! Every change is one read-write transaction that reads the library, changes it and writes it
//! back. The browser runs the read-write transactions of one store one at a time, for every tab
//! of the site together, so two tabs changing the library at the same instant each change what
//! the other wrote: nothing is written over (in local storage, each tab read its own copy, and
//! the last to write undid the other's change). After each write the site's other tabs (and the
//! views' module of this one) are told on a broadcast channel and read the library again.
//!
//! A library that earlier versions kept in local storage moves over in the first write that finds
//! the shelf empty, and leaves local storage once the move is written; one that cannot be read is
//! kept aside, never written over. Where the browser keeps no IndexedDB at all, the library lives
//! in the page's memory and the player is told that nothing will be kept.

use crate::library::storage::{self, Kept, Library, SavedGame, Unsaved};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{IdbDatabase, IdbObjectStore, IdbTransactionMode};

/// The database's name.
pub const DATABASE: &str = "topochess";
/// The object store of the library, and the library's key in it.
pub const STORE: &str = "library";
/// The key of a library that could not be read, kept aside.
pub const ASIDE_KEY: &str = "unreadable";
/// The broadcast channel on which a write is told to the site's other pages.
pub const CHANNEL: &str = "topochess/library";

/// What a transaction on the shelf did.
#[derive(Debug)]
pub struct Shelved<R> {
    /// The library as it stands after the transaction.
    pub library: Library,
    /// What the change returned.
    pub outcome: R,
    /// What the player should be told: the library kept aside, or not written.
    pub notice: Option<String>,
    /// Whether the change is on the shelf (not when the browser refused the write: the library
    /// is then as it would have been).
    pub kept: bool,
}

enum Shelf {
    Closed,
    /// The database is being opened: what waits for it.
    Opening(Vec<Box<dyn FnOnce(Option<IdbDatabase>)>>),
    Open(IdbDatabase),
    /// No IndexedDB here: the library of this page only, and why (until the player is told).
    Memory(Library, Option<String>),
}

thread_local! {
    static SHELF: RefCell<Shelf> = const { RefCell::new(Shelf::Closed) };
    static CHANNEL_HERE: Option<web_sys::BroadcastChannel> = web_sys::BroadcastChannel::new(CHANNEL).ok();
}

/// Changes the library in one read-write transaction: `change` is given the library as stored
/// (empty when there is none), and a changed library is written back. `then` is told once the
/// transaction has ended; `Err` when it ended before the change could run.
pub fn change<R: 'static>(
    change: impl FnOnce(&mut Library) -> R + 'static,
    then: impl FnOnce(Result<Shelved<R>, String>) + 'static,
) {
    // The transaction's code is not generic (one copy in the module, not one a caller): what the
    // change returns waits beside it.
    let outcome = Rc::new(RefCell::new(None::<R>));
    let put = outcome.clone();
    shelve(
        true,
        Box::new(move |lib| *put.borrow_mut() = Some(change(lib))),
        Box::new(move |result| {
            let outcome = outcome.borrow_mut().take();
            then(result.and_then(|s| {
                Ok(Shelved {
                    library: s.library,
                    outcome: outcome.ok_or("the change did not run")?,
                    notice: s.notice,
                    kept: s.kept,
                })
            }))
        }),
    );
}

/// Reads the library (a read-only transaction, which waits for the writes begun before it), with
/// what to tell of it.
pub fn read(then: impl FnOnce(Result<Shelved<()>, String>) + 'static) {
    shelve(false, Box::new(|_| ()), Box::new(then));
}

/// A change of the library, as a transaction runs it.
type Change = Box<dyn FnOnce(&mut Library)>;
/// What hears a transaction's end.
type Ended = Box<dyn FnOnce(Result<Shelved<()>, String>)>;

/// Runs a transaction (`write`: a read-write one) once the database is open, or in memory.
fn shelve(write: bool, change: Change, then: Ended) {
    with_database(move |db| match db {
        Some(db) => transact(&db, write, change, then),
        None => then(Ok(in_memory(change))),
    });
}

/// Calls `heard` whenever another page of the site (or the views' module) wrote the library:
/// the listener stops when dropped.
pub fn listen(heard: impl Fn() + 'static) -> Option<gloo_events::EventListener> {
    CHANNEL_HERE.with(|channel| {
        channel
            .as_ref()
            .map(|c| gloo_events::EventListener::new(c, "message", move |_| heard()))
    })
}

/// This page's saves of its games, in order and one at a time: a save asked for while one is
/// being written waits (the latest of each game: a game left for another while its save waits
/// keeps it). Each save knows the moves this page last wrote of the game, so that a line another
/// tab wrote since is seen and both are kept ([`Library::save_seen`]).
#[derive(Debug, Default)]
pub struct Saver {
    /// The game and moves this page last wrote.
    written: Option<(u64, Vec<String>)>,
    /// The save being written, and the moves of its game it follows.
    writing: Option<Unsaved>,
    /// The saves that wait, one a game, the last asked for last (so that the game written last,
    /// the tab's game for its reloads, is the one it shows).
    waiting: Vec<SavedGame>,
}

impl Saver {
    /// The moves of game `id` this page is writing, or else last wrote (`None`: neither).
    fn seen(&self, id: u64) -> Option<Vec<String>> {
        match (&self.writing, &self.written) {
            (Some(w), _) if w.game.id == id => Some(w.game.moves.clone()),
            (_, Some((game, moves))) if *game == id => Some(moves.clone()),
            _ => None,
        }
    }

    /// Keeps the saves not yet written aside at once, for a reload before they are (none: the
    /// copy goes).
    fn keep_aside(&self) {
        let mut saves: Vec<Unsaved> = self.writing.iter().cloned().collect();
        saves.extend(self.waiting.iter().map(|game| Unsaved {
            game: game.clone(),
            seen: self.seen(game.id),
        }));
        storage::browser_keep_unsaved(&saves);
    }
}

/// What a save did: the library after it and where the game was kept, and what to tell.
pub type Saved = Result<Shelved<Kept>, String>;

/// Saves this page's game (see [`Saver`]); `told` hears each save's end, and whether more of this
/// page's saves wait (the library it was told is then older than the page's own games).
pub fn save(saver: &Rc<RefCell<Saver>>, game: SavedGame, told: Rc<dyn Fn(Saved, bool)>) {
    let seen = {
        let mut s = saver.borrow_mut();
        if s.writing.is_some() {
            s.waiting.retain(|w| w.id != game.id);
            s.waiting.push(game);
            s.keep_aside();
            return;
        }
        let seen = s.seen(game.id);
        s.writing = Some(Unsaved {
            game: game.clone(),
            seen: seen.clone(),
        });
        s.keep_aside();
        seen
    };
    let (id, moves) = (game.id, game.moves.clone());
    let saver = saver.clone();
    change(
        move |lib| {
            // A page that has just followed another's change holds nothing new: nothing is written.
            if lib.holds(&game) {
                Kept::Saved
            } else {
                lib.save_seen(game, seen.as_deref(), storage::fresh_id())
            }
        },
        move |result| {
            let next = {
                let mut s = saver.borrow_mut();
                s.writing = None;
                // A save refused stays aside (the next save of its game takes its place there).
                if let Some(shelved) = result.as_ref().ok().filter(|s| s.kept) {
                    let kept = match shelved.outcome {
                        Kept::Saved => id,
                        Kept::Apart(apart) => apart,
                    };
                    s.written = Some((kept, moves));
                    // What waits of this game is its next change: it goes on in the line kept.
                    if let Some(next) = s.waiting.iter_mut().find(|n| n.id == id) {
                        next.id = kept;
                    }
                    storage::browser_keep_tab_game(kept);
                    s.keep_aside();
                }
                (!s.waiting.is_empty()).then(|| s.waiting.remove(0))
            };
            told(result, next.is_some());
            if let Some(next) = next {
                save(&saver, next, told);
            }
        },
    );
}

/// Calls `then` with the open database, opening it first; `None` where the browser keeps none.
fn with_database(then: impl FnOnce(Option<IdbDatabase>) + 'static) {
    let ready = SHELF.with(|shelf| match &*shelf.borrow() {
        Shelf::Open(db) => Some(Some(db.clone())),
        Shelf::Memory(..) => Some(None),
        Shelf::Closed | Shelf::Opening(_) => None,
    });
    if let Some(db) = ready {
        return then(db);
    }
    let first = SHELF.with(|shelf| {
        let mut shelf = shelf.borrow_mut();
        let first = matches!(*shelf, Shelf::Closed);
        if first {
            *shelf = Shelf::Opening(Vec::new());
        }
        if let Shelf::Opening(waiters) = &mut *shelf {
            waiters.push(Box::new(then));
        }
        first
    });
    if first {
        open_database();
    }
}

/// Opens the database (making its store the first time), then runs what waits for it.
fn open_database() {
    let opened = |db: Result<IdbDatabase, String>| {
        let (waiters, db) = SHELF.with(|shelf| {
            let mut shelf = shelf.borrow_mut();
            let next = match &db {
                Ok(db) => Shelf::Open(db.clone()),
                Err(why) => handed_over()
                    .unwrap_or_else(|| Shelf::Memory(Library::default(), Some(why.clone()))),
            };
            match std::mem::replace(&mut *shelf, next) {
                Shelf::Opening(waiters) => (waiters, db.ok()),
                _ => (Vec::new(), db.ok()),
            }
        });
        for waiter in waiters {
            waiter(db.clone());
        }
    };
    let request = web_sys::window()
        .and_then(|w| w.indexed_db().ok().flatten())
        .and_then(|factory| factory.open_with_u32(DATABASE, 1).ok());
    let Some(request) = request else {
        opened(Err("this browser keeps no IndexedDB for this site".into()));
        return;
    };
    let upgrade = {
        let request = request.clone();
        Closure::<dyn FnMut()>::new(move || {
            if let Some(db) = request
                .result()
                .ok()
                .and_then(|r| r.dyn_into::<IdbDatabase>().ok())
            {
                if !db.object_store_names().contains(STORE) {
                    let _ = db.create_object_store(STORE);
                }
            }
        })
    };
    let done = Rc::new(RefCell::new(Some(opened)));
    let success = {
        let (request, done) = (request.clone(), done.clone());
        Closure::<dyn FnMut()>::new(move || {
            let db = request
                .result()
                .ok()
                .and_then(|r| r.dyn_into::<IdbDatabase>().ok());
            if let Some(db) = &db {
                // A newer version of the site opening the database in another tab: this page lets
                // go of it (its next change opens it again, or says why it cannot).
                let closing = Closure::<dyn FnMut()>::new(|| {
                    SHELF.with(|shelf| {
                        let mut shelf = shelf.borrow_mut();
                        if let Shelf::Open(db) = &*shelf {
                            db.close();
                            *shelf = Shelf::Closed;
                        }
                    });
                });
                db.set_onversionchange(Some(closing.as_ref().unchecked_ref()));
                closing.forget();
            }
            if let Some(opened) = done.borrow_mut().take() {
                opened(db.ok_or_else(|| "the browser's IndexedDB gave no database".to_string()));
            }
        })
    };
    let failure = {
        let (request, done) = (request.clone(), done);
        Closure::<dyn FnMut()>::new(move || {
            let why = request
                .error()
                .ok()
                .flatten()
                .map(|e| e.message())
                .unwrap_or_else(|| "it could not be opened".into());
            if let Some(opened) = done.borrow_mut().take() {
                opened(Err(format!("the browser's IndexedDB refused it ({why})")));
            }
        })
    };
    request.set_onupgradeneeded(Some(upgrade.as_ref().unchecked_ref()));
    request.set_onsuccess(Some(success.as_ref().unchecked_ref()));
    request.set_onerror(Some(failure.as_ref().unchecked_ref()));
    // Once a page: three small closures, kept for the page's life.
    upgrade.forget();
    success.forget();
    failure.forget();
}

/// A change of the library of a browser without IndexedDB (kept in memory for this page).
fn in_memory(change: Change) -> Shelved<()> {
    SHELF.with(|shelf| match &mut *shelf.borrow_mut() {
        Shelf::Memory(library, why) => {
            change(library);
            Shelved {
                library: library.clone(),
                outcome: (),
                kept: true,
                // Said once.
                notice: why.take().map(|why| {
                    format!(
                        "Your games cannot be kept in this browser ({why}): they last as long \
                         as this page. Export those you want to keep (Games screen)."
                    )
                }),
            }
        }
        // Not reached (only a shelf without a database changes in memory): an empty library.
        _ => {
            let mut library = Library::default();
            change(&mut library);
            Shelved {
                library,
                outcome: (),
                notice: None,
                kept: true,
            }
        }
    })
}

/// A transaction's handlers (its read, its end, its abort), kept until it ends.
type Handlers = Rc<RefCell<Option<[Closure<dyn FnMut()>; 3]>>>;

/// What a transaction holds between its read and its end.
struct Pending {
    shelved: Option<Shelved<()>>,
    /// The local storage key of a library that moved over (removed once the move is written).
    moved: Option<&'static str>,
    wrote: bool,
}

/// One transaction: reads the library, changes it (`write`: and writes it back when changed).
fn transact(db: &IdbDatabase, write: bool, change: Change, then: Ended) {
    let mode = if write {
        IdbTransactionMode::Readwrite
    } else {
        IdbTransactionMode::Readonly
    };
    let begun = db
        .transaction_with_str_and_mode(STORE, mode)
        .and_then(|tx| Ok((tx.object_store(STORE)?, tx)))
        .and_then(|(store, tx)| Ok((store.get(&JsValue::from_str(STORE))?, store, tx)));
    let (get, store, tx) = match begun {
        Ok(begun) => begun,
        Err(e) => {
            then(Err(refusal(e.dyn_ref::<web_sys::DomException>())));
            return;
        }
    };
    let pending = Rc::new(RefCell::new(Pending {
        shelved: None,
        moved: None,
        wrote: false,
    }));
    let then = Rc::new(RefCell::new(Some(then)));
    let read = {
        let (pending, get) = (pending.clone(), get.clone());
        let mut change = Some(change);
        Closure::<dyn FnMut()>::new(move || {
            let Some(change) = change.take() else { return };
            let text = get.result().ok().and_then(|v| v.as_string());
            let (mut library, notice, moved) = shelved(text, write.then_some(&store));
            let before = library.clone();
            change(&mut library);
            let mut p = pending.borrow_mut();
            if write && (library != before || moved.is_some() || notice.is_some()) {
                let json = JsValue::from_str(&library.to_json());
                match store.put_with_key(&json, &JsValue::from_str(STORE)) {
                    Ok(_) => p.wrote = true,
                    // Refused at once: the transaction is undone, and its end says so.
                    Err(_) => {
                        let _ = store.transaction().abort();
                    }
                }
            }
            p.moved = moved;
            p.shelved = Some(Shelved {
                library,
                outcome: (),
                notice,
                kept: true,
            });
        })
    };
    get.set_onsuccess(Some(read.as_ref().unchecked_ref()));
    let handlers: Handlers = Rc::new(RefCell::new(None));
    let complete = {
        let (pending, then, handlers) = (pending.clone(), then.clone(), handlers.clone());
        Closure::<dyn FnMut()>::new(move || {
            let mut p = pending.borrow_mut();
            if let Some(key) = p.moved.take() {
                if let Some(local) = storage::local_storage() {
                    let _ = local.remove_item(key);
                }
            }
            if p.wrote {
                storage::browser_mark_shelf_used();
                tell_others();
            }
            let result = p
                .shelved
                .take()
                .ok_or_else(|| "nothing was read".to_string());
            drop(p);
            if let Some(then) = then.borrow_mut().take() {
                then(result);
            }
            let_go(&handlers);
        })
    };
    let abort = {
        let (tx, handlers) = (tx.clone(), handlers.clone());
        Closure::<dyn FnMut()>::new(move || {
            let why = refusal(tx.error().as_ref());
            let shelved = pending.borrow_mut().shelved.take();
            let result = match shelved {
                // The change ran but was not written: the library as it would have been, said so.
                Some(mut shelved) => {
                    shelved.notice = Some(why);
                    shelved.kept = false;
                    Ok(shelved)
                }
                None => Err(why),
            };
            if let Some(then) = then.borrow_mut().take() {
                then(result);
            }
            let_go(&handlers);
        })
    };
    tx.set_oncomplete(Some(complete.as_ref().unchecked_ref()));
    tx.set_onabort(Some(abort.as_ref().unchecked_ref()));
    *handlers.borrow_mut() = Some([read, complete, abort]);
}

/// Drops a transaction's handlers once the handler running now has returned.
fn let_go(handlers: &Handlers) {
    let handlers = handlers.clone();
    wasm_bindgen_futures::spawn_local(async move {
        handlers.borrow_mut().take();
    });
}

/// The sentence for a transaction the browser refused or ended.
fn refusal(error: Option<&web_sys::DomException>) -> String {
    match error {
        Some(e) if e.name() == "QuotaExceededError" => {
            "The browser's storage for this site is full: the last change was not saved. Export \
             your games (Games screen) and delete some."
                .into()
        }
        Some(e) => format!(
            "Your games could not be saved ({}): the last change was not kept.",
            e.message()
        ),
        None => "Your games could not be saved: the last change was not kept.".into(),
    }
}

/// The library of what the store holds under its key (`text`): read, or (none yet) the one an
/// earlier version kept in local storage, or (it cannot be read) an empty one, what could not be
/// read put aside when `store` is given (a write). With what to tell, and the local storage key of
/// a library moving over.
fn shelved(
    text: Option<String>,
    store: Option<&IdbObjectStore>,
) -> (Library, Option<String>, Option<&'static str>) {
    let Some(text) = text else {
        let (library, notice, key) = storage::browser_local_library();
        return (library, notice, key.filter(|_| store.is_some()));
    };
    match Library::from_json(&text) {
        Ok(library) => (library, None, None),
        Err(why) => {
            if let Some(store) = store {
                let _ =
                    store.put_with_key(&JsValue::from_str(&text), &JsValue::from_str(ASIDE_KEY));
            }
            (
                Library::default(),
                Some(format!(
                    "Your saved games could not be read: {why}. They were kept aside (the \
                     browser's IndexedDB '{DATABASE}', key '{ASIDE_KEY}') and a new game was \
                     started."
                )),
                None,
            )
        }
    }
}

/// Tells the site's other pages that the library changed.
fn tell_others() {
    CHANNEL_HERE.with(|channel| {
        if let Some(channel) = channel {
            let _ = channel.post_message(&JsValue::from_str("changed"));
        }
    });
}

/// Where the page's own library waits while one of the page's modules hands over to another
/// (`app::whole`), in a browser that keeps no IndexedDB: a property of the page.
const HANDED_OVER: &str = "topochessPageShelf";

/// Hands this page's own library (a browser that keeps no IndexedDB) to the page's next module,
/// with why it is not kept if the player was not told yet.
pub fn hand_over() {
    let text = SHELF.with(|shelf| match &*shelf.borrow() {
        Shelf::Memory(library, why) => serde_json::to_string(&(why, library)).ok(),
        _ => None,
    });
    if let (Some(window), Some(text)) = (web_sys::window(), text) {
        let _ = js_sys::Reflect::set(&window, &HANDED_OVER.into(), &text.into());
    }
}

/// The library a module of this page handed over, if any.
fn handed_over() -> Option<Shelf> {
    let window = web_sys::window()?;
    let text = js_sys::Reflect::get(&window, &HANDED_OVER.into())
        .ok()?
        .as_string()?;
    let (why, library): (Option<String>, Library) = serde_json::from_str(&text).ok()?;
    Some(Shelf::Memory(library, why))
}
