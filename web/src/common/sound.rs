//! Sounds for moves, captures, checks and the end of a game, made with Web Audio (short
//! generated tones: no files to ship). The last sound played is written on the document
//! (`data-sound`, with a running count in `data-sounds`) so that tests and assistive tools can
//! see what was heard.

use std::cell::RefCell;
use topochess_core::game::Game;

/// A kind of sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    /// A quiet move.
    Move,
    /// A capture.
    Capture,
    /// A move that gives check.
    Check,
    /// The game ended.
    End,
    /// A clock is low on time.
    LowTime,
}

impl Sound {
    /// The sound of the last move of `game` (or of its end).
    pub fn of(game: &Game) -> Sound {
        if game.outcome().is_some() {
            return Sound::End;
        }
        let ply = game.moves().len();
        let (Some(&mv), Some(before)) = (
            game.moves().last(),
            ply.checked_sub(1).and_then(|p| game.position_at(p)),
        ) else {
            return Sound::Move;
        };
        if game.position().is_check() {
            Sound::Check
        } else if before.is_capture(mv) {
            Sound::Capture
        } else {
            Sound::Move
        }
    }

    /// The name written on the document.
    pub fn name(self) -> &'static str {
        match self {
            Sound::Move => "move",
            Sound::Capture => "capture",
            Sound::Check => "check",
            Sound::End => "end",
            Sound::LowTime => "low-time",
        }
    }

    /// The notes: frequency (Hz), start and length (seconds), loudness.
    fn notes(self) -> &'static [(f32, f64, f64, f32)] {
        match self {
            Sound::Move => &[(520.0, 0.0, 0.07, 0.25)],
            Sound::Capture => &[(300.0, 0.0, 0.05, 0.35), (220.0, 0.05, 0.09, 0.3)],
            Sound::Check => &[(660.0, 0.0, 0.08, 0.3), (880.0, 0.09, 0.12, 0.3)],
            Sound::LowTime => &[(440.0, 0.0, 0.06, 0.25), (440.0, 0.12, 0.06, 0.25)],
            Sound::End => &[
                (523.0, 0.0, 0.16, 0.3),
                (659.0, 0.16, 0.16, 0.3),
                (784.0, 0.32, 0.3, 0.3),
            ],
        }
    }
}

thread_local! {
    static CONTEXT: RefCell<Option<web_sys::AudioContext>> = const { RefCell::new(None) };
}

/// Plays `sound` (silently does nothing where the browser has no audio): marked on the page at
/// once, heard with the frame that shows its move (its tones are made in the task after it, so
/// that the frame does not wait for them); at once on a hidden page, which draws no frame (the
/// opponent's move heard in a tab in the background).
pub fn play(sound: Sound) {
    mark(sound);
    crate::common::after_paint::after_paint_kept(Box::new(move || {
        let _ = tones(sound);
    }));
}

fn mark(sound: Sound) -> Option<()> {
    let root = web_sys::window()?.document()?.document_element()?;
    let count: u32 = root
        .get_attribute("data-sounds")
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    root.set_attribute("data-sound", sound.name()).ok()?;
    root.set_attribute("data-sounds", &(count + 1).to_string())
        .ok()
}

/// Makes the page's audio context ahead of the first sound, so that no move waits for it:
/// making one takes tens of milliseconds (the browser starts its audio), a few times that on a
/// slow phone. Made before any click it starts suspended; the first sound resumes it.
pub fn prepare() {
    let _ = context();
}

/// The audio context to be made soon: when the page is next idle (after its first screen, before
/// the first move of a player quick to play), or a second from now where the browser cannot tell
/// when it is idle. Dropped before then, it is not made.
pub enum Preparing {
    /// Asked of the browser's idle callbacks: its handle, and the callback kept alive.
    Idle(u32, wasm_bindgen::closure::Closure<dyn FnMut()>),
    /// A timer, where the browser has no idle callbacks.
    Timer(gloo_timers::callback::Timeout),
}

/// Prepares the audio soon (see [`Preparing`]); `None` where there is no window.
pub fn prepare_soon() -> Option<Preparing> {
    use wasm_bindgen::JsCast;
    let window = web_sys::window()?;
    let idle = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(prepare);
    Some(
        match window.request_idle_callback(idle.as_ref().unchecked_ref()) {
            Ok(handle) => Preparing::Idle(handle, idle),
            Err(_) => Preparing::Timer(gloo_timers::callback::Timeout::new(1000, prepare)),
        },
    )
}

impl Drop for Preparing {
    fn drop(&mut self) {
        if let (Preparing::Idle(handle, _), Some(window)) = (&*self, web_sys::window()) {
            window.cancel_idle_callback(*handle);
        }
    }
}

/// The page's audio context, made the first time (none where the browser has no audio).
fn context() -> Option<web_sys::AudioContext> {
    CONTEXT.with(|c| {
        let mut c = c.try_borrow_mut().ok()?;
        if c.is_none() {
            *c = web_sys::AudioContext::new().ok();
        }
        c.clone()
    })
}

fn tones(sound: Sound) -> Option<()> {
    let ctx = context()?;
    // A context made before any click starts suspended; a move is a click, so resume.
    let _ = ctx.resume();
    let now = ctx.current_time();
    for &(freq, start, length, loud) in sound.notes() {
        let osc = ctx.create_oscillator().ok()?;
        osc.set_type(web_sys::OscillatorType::Triangle);
        osc.frequency().set_value(freq);
        let gain = ctx.create_gain().ok()?;
        let (t0, t1) = (now + start, now + start + length);
        gain.gain().set_value_at_time(0.0, t0).ok()?;
        gain.gain()
            .linear_ramp_to_value_at_time(loud, t0 + 0.01)
            .ok()?;
        gain.gain()
            .exponential_ramp_to_value_at_time(0.001, t1)
            .ok()?;
        osc.connect_with_audio_node(&gain).ok()?;
        gain.connect_with_audio_node(&ctx.destination()).ok()?;
        osc.start_with_when(t0).ok()?;
        osc.stop_with_when(t1).ok()?;
    }
    Some(())
}
