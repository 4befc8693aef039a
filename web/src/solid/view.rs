//! The 3D view: the board on the surface it really is, turned by dragging, zoomed by the wheel
//! or a pinch, and playable by clicking or tapping squares on it. Like the flat boards it knows
//! no rules: it is handed the normal view (cells, marks, paths), the selection and the
//! destinations, and reports presses and clicks on squares. It keeps its camera and pointer to
//! itself.
//!
//! Over the canvas lie invisible buttons, one per square seen from where the camera rests: the
//! keyboard and screen readers reach squares through them, and the tests find squares by them.

use crate::common::math;
use crate::common::settings::PieceSet;
use crate::solid::camera::{blocked, pick, Camera, Stand};
use crate::solid::gl::Renderer;
use crate::solid::mesh::{distance, dot, normal, Mesh};
use crate::solid::paint::{atlas_cell, paint, paint_atlas, Colours, Picture};
use crate::solid::scene::{SolidCallbacks, SolidScene};
use crate::solid::Solid;
use gloo_events::{EventListener, EventListenerOptions};
use std::collections::HashMap;
use std::rc::Rc;
use topochess_core::order;
use topochess_core::surface::Surface;
use topochess_study::decimal;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};
use yew::prelude::*;

/// Props of [`SolidView`].
#[derive(Properties, Clone, PartialEq)]
pub struct SolidProps {
    /// The surface, the normal view, the pieces, the selection and its destinations.
    pub scene: SolidScene,
    /// A press on a square (selects).
    pub on_press: Callback<String>,
    /// A click on a square (moves or selects).
    pub on_click: Callback<String>,
    /// A choice made (or cancelled).
    pub on_choose: Callback<Option<usize>>,
}

impl SolidScene {
    /// The props of the 3D view: this scene with `callbacks`.
    pub fn with(self, callbacks: &SolidCallbacks) -> SolidProps {
        SolidProps {
            scene: self,
            on_press: callbacks.on_press.clone(),
            on_click: callbacks.on_click.clone(),
            on_choose: callbacks.on_choose.clone(),
        }
    }
}

/// A pointer held down on the canvas.
#[derive(Clone, Copy, Debug)]
struct Held {
    at: (f64, f64),
    start: (f64, f64),
    moved: bool,
}

/// What the view keeps between events: GPU resources, the shape, the camera, the pointers.
struct Inner {
    renderer: Option<Renderer>,
    surface: Option<Surface>,
    solid: Option<Solid>,
    mesh: Mesh,
    camera: Camera,
    picture: Option<(HtmlCanvasElement, CanvasRenderingContext2d)>,
    /// The set whose sprite sheet is loaded.
    atlas: Option<PieceSet>,
    /// The pieces standing on the surface.
    stands: Vec<Stand>,
    /// The side of a square of average area.
    side: f64,
    held: HashMap<i32, Held>,
}

impl Default for Inner {
    fn default() -> Inner {
        Inner {
            renderer: None,
            surface: None,
            solid: None,
            mesh: Mesh::default(),
            camera: Camera::new([0.0; 3], 1.0),
            picture: None,
            atlas: None,
            stands: Vec::new(),
            side: 1.0,
            held: HashMap::new(),
        }
    }
}

/// A square seen from the resting camera: its name and where its middle is, in CSS pixels
/// from the canvas's top left.
type Seen = Vec<(String, f64, f64)>;

impl Inner {
    /// Sizes the drawing buffer to the canvas and draws.
    fn draw(&self, canvas: &HtmlCanvasElement) {
        let Some(r) = &self.renderer else { return };
        let ratio = web_sys::window()
            .map_or(1.0, |w| w.device_pixel_ratio())
            .min(2.0);
        let (cw, ch) = (canvas.client_width().max(1), canvas.client_height().max(1));
        let (w, h) = ((cw as f64 * ratio) as u32, (ch as f64 * ratio) as u32);
        if canvas.width() != w || canvas.height() != h {
            canvas.set_width(w);
            canvas.set_height(h);
        }
        let aspect = cw as f64 / ch as f64;
        // A piece is drawn when its square's middle is in sight (so none shows through the
        // surface or round the back), the farthest first.
        let eye = self.camera.eye();
        let mut shown: Vec<(f64, &Stand)> = self
            .stands
            .iter()
            .filter(|s| self.sees(s))
            .map(|s| (distance(eye, s.base), s))
            .collect();
        order::sort_by(&mut shown, |a, b| b.0.total_cmp(&a.0));
        let mut sprites = Vec::with_capacity(shown.len() * 30);
        for (_, s) in shown {
            let q = self.camera.sprite(s);
            let (u0, v0) = ((s.cell % 6) as f64 / 6.0, (s.cell / 6) as f64 / 2.0);
            let u1 = u0 + 1.0 / 6.0;
            let uv = [(u0, v0 + 0.5), (u1, v0 + 0.5), (u1, v0), (u0, v0)];
            for k in [0, 1, 2, 0, 2, 3] {
                sprites.extend(q[k].map(|c| c as f32));
                sprites.extend([uv[k].0 as f32, uv[k].1 as f32]);
            }
        }
        let matrix = self.camera.matrix(aspect);
        r.draw(&matrix, self.camera.eye(), (w as i32, h as i32), &sprites);
    }

    /// The standing piece drawn at a point of the canvas (CSS pixels), nearest first, if its
    /// square is in sight.
    fn piece_at(&self, canvas: &HtmlCanvasElement, (x, y): (f64, f64)) -> Option<String> {
        let (cw, ch) = (
            canvas.client_width().max(1) as f64,
            canvas.client_height().max(1) as f64,
        );
        let (nx, ny) = (2.0 * x / cw - 1.0, 1.0 - 2.0 * y / ch);
        let aspect = cw / ch;
        let eye = self.camera.eye();
        self.stands
            .iter()
            .filter(|s| {
                let q = self.camera.sprite(s);
                let (a, b) = (
                    self.camera.project(q[0], aspect),
                    self.camera.project(q[2], aspect),
                );
                (a.0.min(b.0)..=a.0.max(b.0)).contains(&nx)
                    && (a.1.min(b.1)..=a.1.max(b.1)).contains(&ny)
            })
            .filter(|s| self.sees(s))
            .min_by(|a, b| distance(eye, a.base).total_cmp(&distance(eye, b.base)))
            .map(|s| s.square.clone())
    }

    /// Whether a standing piece's square is in sight at its middle: nothing else on the line
    /// from the eye comes before it.
    fn sees(&self, s: &Stand) -> bool {
        let eye = self.camera.eye();
        let len = distance(s.base, eye).max(1e-12);
        let dir = crate::solid::mesh::sub(s.base, eye).map(|c| c / len);
        !blocked(
            &self.mesh,
            eye,
            dir,
            len - 0.05 * self.camera.radius,
            s.index,
        )
    }

    /// The square under a point of the canvas (CSS pixels): a standing piece's, else the
    /// surface's.
    fn square_at(&self, canvas: &HtmlCanvasElement, (x, y): (f64, f64)) -> Option<String> {
        if let Some(sq) = self.piece_at(canvas, (x, y)) {
            return Some(sq);
        }
        let (cw, ch) = (
            canvas.client_width().max(1) as f64,
            canvas.client_height().max(1) as f64,
        );
        let (nx, ny) = (2.0 * x / cw - 1.0, 1.0 - 2.0 * y / ch);
        let (o, d) = self.camera.ray(nx, ny, cw / ch);
        let hit = pick(&self.mesh, o, d)?;
        let (f, r) = (hit.board.0.floor() as i32, hit.board.1.floor() as i32);
        let size = self.surface?.size();
        size.square(
            f.clamp(0, size.width() as i32 - 1),
            r.clamp(0, size.height() as i32 - 1),
        )
        .map(|sq| size.name(sq))
    }

    /// Every square whose middle the camera sees, and where.
    fn seen(&self, canvas: &HtmlCanvasElement) -> Seen {
        let (Some(solid), Some(surface)) = (&self.solid, self.surface) else {
            return Vec::new();
        };
        let size = surface.size();
        let (cw, ch) = (
            canvas.client_width().max(1) as f64,
            canvas.client_height().max(1) as f64,
        );
        let aspect = cw / ch;
        let eye = self.camera.eye();
        size.all()
            .filter_map(|sq| {
                let (f, r) = (size.file(sq) as f64, size.rank(sq) as f64);
                let p = solid.point(f + 0.5, r + 0.5);
                let (nx, ny) = self.camera.project(p, aspect);
                if nx.abs() > 1.0 || ny.abs() > 1.0 {
                    return None;
                }
                let (o, d) = self.camera.ray(nx, ny, aspect);
                let hit = pick(&self.mesh, o, d)?;
                let near = hit.distance <= distance(eye, p) + 0.05 * self.camera.radius;
                let mine = self.mesh.squares[hit.triangle] as usize == sq.0 as usize;
                (near && mine)
                    .then(|| (size.name(sq), (nx + 1.0) / 2.0 * cw, (1.0 - ny) / 2.0 * ch))
            })
            .collect()
    }
}

/// The pixels of a piece in the sprite sheet.
const ATLAS_CELL: u32 = 128;

/// A canvas of its own, not in the page, with its 2D context.
fn canvas_2d() -> Option<(HtmlCanvasElement, CanvasRenderingContext2d)> {
    let canvas: HtmlCanvasElement = web_sys::window()?
        .document()?
        .create_element("canvas")
        .ok()?
        .dyn_into()
        .ok()?;
    let ctx = canvas.get_context("2d").ok().flatten()?.dyn_into().ok()?;
    Some((canvas, ctx))
}

/// The pixels per square of the board's picture: about 1024 across the longer side.
fn picture_scale(w: i32, h: i32) -> f64 {
    (1024 / w.max(h).max(1)).clamp(48, 128) as f64
}

/// How finely each square is cut: about 2,500 quads in all.
fn cuts(w: i32, h: i32) -> usize {
    ((2500.0 / (w * h).max(1) as f64).sqrt().ceil() as usize).clamp(2, 8)
}

/// The theme's square colours.
fn colours() -> Colours {
    let read = |name: &str, fallback: &str| {
        web_sys::window()
            .and_then(|w| {
                let root = w.document()?.document_element()?;
                w.get_computed_style(&root).ok().flatten()
            })
            .and_then(|s| s.get_property_value(name).ok())
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
            .unwrap_or_else(|| fallback.to_string())
    };
    Colours {
        light: read("--light", "#ecdab9"),
        dark: read("--dark", "#ae8a68"),
    }
}

/// The 3D view.
#[function_component(SolidView)]
pub fn solid_view(props: &SolidProps) -> Html {
    let canvas_ref = use_node_ref();
    let inner = use_mut_ref(Inner::default);
    let unavailable = use_state(|| false);
    let hovered = use_state(|| None::<String>);
    let seen = use_state(Seen::new);
    // Work out where the squares are once the camera rests.
    let settle = {
        let (inner, canvas_ref, seen) = (inner.clone(), canvas_ref.clone(), seen.clone());
        Rc::new(move || {
            if let Some(canvas) = canvas_ref.cast::<HtmlCanvasElement>() {
                seen.set(inner.borrow().seen(&canvas));
            }
        })
    };
    // The shape: built when the surface changes, the camera reset to it.
    {
        let (inner, canvas_ref, unavailable, settle) = (
            inner.clone(),
            canvas_ref.clone(),
            unavailable.clone(),
            settle.clone(),
        );
        use_effect_with(props.scene.surface, move |surface| {
            if let Some(canvas) = canvas_ref.cast::<HtmlCanvasElement>() {
                let mut i = inner.borrow_mut();
                if i.renderer.is_none() {
                    i.renderer = Renderer::new(&canvas);
                }
                if i.renderer.is_none() {
                    unavailable.set(true);
                } else {
                    let solid = Solid::of(surface);
                    let size = surface.size();
                    let (w, h) = (size.width() as i32, size.height() as i32);
                    let mesh = solid.mesh(cuts(w, h));
                    let (centre, radius) = mesh.bounds();
                    if let Some(r) = i.renderer.as_mut() {
                        r.load_mesh(&mesh, w as f64, h as f64);
                    }
                    let area: f64 = mesh
                        .triangles
                        .iter()
                        .map(|t| {
                            let n = normal(t);
                            dot(n, n).sqrt() / 2.0
                        })
                        .sum();
                    i.side = (area / (w * h) as f64).sqrt();
                    // Room for the pieces standing on the outermost squares.
                    i.camera = solid.start_camera(centre, radius + i.side);
                    i.mesh = mesh;
                    i.solid = Some(solid);
                    i.surface = Some(*surface);
                }
            }
            settle();
        });
    }
    // The picture: repainted whenever what is on the board changes, then drawn.
    {
        let (inner, canvas_ref) = (inner.clone(), canvas_ref.clone());
        let deps = (
            props.scene.view.clone(),
            props.scene.selected.clone(),
            props.scene.targets.clone(),
            props.scene.pieces,
            (*hovered).clone(),
            props.scene.surface,
        );
        use_effect_with(
            deps,
            move |(view, selected, targets, pieces, hovered, _)| {
                let Some(canvas) = canvas_ref.cast::<HtmlCanvasElement>() else {
                    return;
                };
                let mut i = inner.borrow_mut();
                if i.renderer.is_none() {
                    return;
                }
                if i.atlas != Some(*pieces) {
                    // The pieces' sprite sheet, painted once per set.
                    if let (Some((sheet, ctx)), Some(r)) = (canvas_2d(), &i.renderer) {
                        sheet.set_width(6 * ATLAS_CELL);
                        sheet.set_height(2 * ATLAS_CELL);
                        paint_atlas(&ctx, *pieces, ATLAS_CELL as f64);
                        r.load_atlas(&sheet);
                    }
                    i.atlas = Some(*pieces);
                }
                if i.picture.is_none() {
                    i.picture = canvas_2d();
                }
                let scale = picture_scale(view.width, view.height);
                let pic = Picture::of(view, selected.as_deref(), targets, hovered.as_deref());
                if let (Some((pc, ctx)), Some(r)) = (&i.picture, &i.renderer) {
                    let (pw, ph) = (
                        (view.width as f64 * scale) as u32,
                        (view.height as f64 * scale) as u32,
                    );
                    if pc.width() != pw || pc.height() != ph {
                        pc.set_width(pw);
                        pc.set_height(ph);
                    }
                    paint(ctx, &pic, scale, &colours());
                    r.load_picture(pc);
                }
                // How many paths are drawn on the surface, for tests and tools.
                let _ = canvas.set_attribute("data-lines", &pic.lines.len().to_string());
                let width = i.surface.map_or(0, |s| s.size().width() as i32);
                let stands = i.solid.map_or_else(Vec::new, |solid| {
                    pic.squares
                        .iter()
                        .filter_map(|sq| {
                            let (glyph, white) = sq.piece?;
                            let (base, side) = solid.stand(sq.x, sq.y);
                            Some(Stand {
                                base,
                                height: 0.9 * side.clamp(0.5 * i.side, 1.1 * i.side),
                                cell: atlas_cell(glyph, white),
                                square: sq.name.clone(),
                                index: (sq.y * width + sq.x) as u16,
                            })
                        })
                        .collect()
                });
                i.stands = stands;
                i.draw(&canvas);
            },
        );
    }
    // A canvas that changes size (shown on a narrow screen, the window resized) is drawn again.
    {
        let (inner, canvas_ref, settle) = (inner.clone(), canvas_ref.clone(), settle.clone());
        use_effect_with((), move |_| {
            let observer = canvas_ref.cast::<HtmlCanvasElement>().and_then(|canvas| {
                let target = canvas.clone();
                let on_resize = Closure::<dyn FnMut()>::new(move || {
                    inner.borrow().draw(&canvas);
                    settle();
                });
                let observer =
                    web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()).ok()?;
                observer.observe(&target);
                Some((observer, on_resize))
            });
            move || {
                if let Some((observer, _)) = observer {
                    observer.disconnect();
                }
            }
        });
    }
    // The wheel zooms (a listener that may prevent the page from scrolling).
    {
        let (inner, canvas_ref, settle) = (inner.clone(), canvas_ref.clone(), settle.clone());
        use_effect_with((), move |_| {
            let listener = canvas_ref.cast::<HtmlCanvasElement>().map(|canvas| {
                let target = canvas.clone();
                EventListener::new_with_options(
                    &target,
                    "wheel",
                    EventListenerOptions::enable_prevent_default(),
                    move |e| {
                        let Some(w) = e.dyn_ref::<web_sys::WheelEvent>() else {
                            return;
                        };
                        e.prevent_default();
                        let mut i = inner.borrow_mut();
                        i.camera.zoom_by(math::exp(w.delta_y() * 0.0015));
                        i.draw(&canvas);
                        drop(i);
                        settle();
                    },
                )
            });
            move || drop(listener)
        });
    }
    let point = |e: &PointerEvent| (e.offset_x() as f64, e.offset_y() as f64);
    let on_down = {
        let (inner, seen) = (inner.clone(), seen.clone());
        Callback::from(move |e: PointerEvent| {
            if e.button() != 0 {
                return;
            }
            if let Some(t) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            {
                let _ = t.set_pointer_capture(e.pointer_id());
            }
            let at = point(&e);
            inner.borrow_mut().held.insert(
                e.pointer_id(),
                Held {
                    at,
                    start: at,
                    moved: false,
                },
            );
            seen.set(Vec::new());
        })
    };
    let on_move = {
        let (inner, canvas_ref, hovered) = (inner.clone(), canvas_ref.clone(), hovered.clone());
        Callback::from(move |e: PointerEvent| {
            let Some(canvas) = canvas_ref.cast::<HtmlCanvasElement>() else {
                return;
            };
            let at = point(&e);
            let mut i = inner.borrow_mut();
            let id = e.pointer_id();
            let Some(mut held) = i.held.get(&id).copied() else {
                // Nothing held: the square pointed at (its move's path is drawn).
                let sq = i.square_at(&canvas, at);
                drop(i);
                if *hovered != sq {
                    hovered.set(sq);
                }
                return;
            };
            let others: Vec<Held> = i
                .held
                .iter()
                .filter(|(k, _)| **k != id)
                .map(|(_, h)| *h)
                .collect();
            if let [other] = others.as_slice() {
                // Two fingers: the change in their distance zooms.
                let before = distance2(held.at, other.at);
                let after = distance2(at, other.at);
                if before > 1.0 && after > 1.0 {
                    i.camera.zoom_by(before / after);
                }
                held.moved = true;
            } else {
                let (dx, dy) = (at.0 - held.at.0, at.1 - held.at.1);
                if held.moved || distance2(at, held.start) > 5.0 {
                    held.moved = true;
                    let size = canvas.client_height() as f64;
                    i.camera.drag(dx, dy, size);
                }
            }
            held.at = at;
            i.held.insert(id, held);
            i.draw(&canvas);
        })
    };
    let on_up = {
        let (inner, canvas_ref, settle) = (inner.clone(), canvas_ref.clone(), settle.clone());
        let (on_press, on_click) = (props.on_press.clone(), props.on_click.clone());
        Callback::from(move |e: PointerEvent| {
            let Some(canvas) = canvas_ref.cast::<HtmlCanvasElement>() else {
                return;
            };
            let held = inner.borrow_mut().held.remove(&e.pointer_id());
            let tap = held.is_some_and(|h| !h.moved) && inner.borrow().held.is_empty();
            if tap {
                let sq = inner.borrow().square_at(&canvas, point(&e));
                if let Some(sq) = sq {
                    on_press.emit(sq.clone());
                    on_click.emit(sq);
                }
            }
            if inner.borrow().held.is_empty() {
                settle();
            }
        })
    };
    let on_leave = {
        let hovered = hovered.clone();
        Callback::from(move |_: PointerEvent| hovered.set(None))
    };
    let on_reset = {
        let (inner, canvas_ref, settle) = (inner.clone(), canvas_ref.clone(), settle.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(canvas) = canvas_ref.cast::<HtmlCanvasElement>() else {
                return;
            };
            let mut i = inner.borrow_mut();
            let (centre, radius) = i.mesh.bounds();
            i.camera = match i.solid {
                Some(solid) => solid.start_camera(centre, radius + i.side),
                None => Camera::new(centre, radius + i.side),
            };
            i.draw(&canvas);
            drop(i);
            settle();
        })
    };
    let name = Solid::of(&props.scene.surface).name();
    let squares = seen.iter().map(|(sq, x, y)| {
        let (on_press, on_click, sq2) = (props.on_press.clone(), props.on_click.clone(), sq.clone());
        let onclick = Callback::from(move |_: MouseEvent| {
            on_press.emit(sq2.clone());
            on_click.emit(sq2.clone());
        });
        let piece = props
            .scene
            .view
            .cells
            .iter()
            .find(|c| &c.square == sq && !c.ghost)
            .and_then(|c| c.label.clone());
        let label = match piece {
            Some(p) => format!("{sq}, {p}"),
            None => sq.clone(),
        };
        let target = props.scene.targets.iter().any(|(t, _)| t == sq);
        html! {
            <button class={classes!("solid-square", target.then_some("target"))} data-square={sq.clone()}
                aria-label={label} style={format!("left: {}px; top: {}px", decimal::write(*x, 1), decimal::write(*y, 1))} {onclick}></button>
        }
    });
    let choice = props.scene.view.choice.as_ref().map(|c| {
        let options = c.options.iter().enumerate().map(|(i, (_, san))| {
            let on_choose = props.on_choose.clone();
            html! { <button class="solid-choice" onclick={Callback::from(move |_| on_choose.emit(Some(i)))}>{san.clone()}</button> }
        });
        let cancel = {
            let on_choose = props.on_choose.clone();
            Callback::from(move |_| on_choose.emit(None))
        };
        html! {
            <div class="solid-chooser" role="dialog" aria-label="Choose the move">
                { for options }
                <button class="secondary" onclick={cancel}>{"Cancel"}</button>
            </div>
        }
    });
    html! {
        <div class="solid" data-shape={name} data-hovered={(*hovered).clone().unwrap_or_default()}>
            if *unavailable {
                <p class="solid-unavailable" role="note">
                    {"The 3D view needs WebGL, which this browser does not offer. The board and the extended view work as ever."}
                </p>
            }
            <div class="solid-stage" hidden={*unavailable}>
                <canvas ref={canvas_ref} class="solid-canvas" aria-label={format!("The board on its surface: {name}. Drag to turn it.")}
                    onpointerdown={on_down} onpointermove={on_move} onpointerup={on_up.clone()} onpointercancel={on_up}
                    onpointerleave={on_leave} />
                <div class="solid-squares">{ for squares }</div>
                { for choice }
            </div>
            <div class="row solid-bar" hidden={*unavailable}>
                <span class="solid-name">{format!("The surface as {name}")}</span>
                <button class="secondary" id="solid-reset" onclick={on_reset}>{"Reset view"}</button>
            </div>
        </div>
    }
}

/// The distance between two points of the canvas.
fn distance2(a: (f64, f64), b: (f64, f64)) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}
