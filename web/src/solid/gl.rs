//! Drawing the 3D view with WebGL (1.0, through web-sys: no rendering crate, nothing fetched):
//! the mesh of the surface's shape, lit from the eye, both sides shaded, with the board's
//! picture as its texture.

use crate::solid::mesh::{dot, normal, Mesh};
use std::collections::HashMap;
use wasm_bindgen::JsCast;
use web_sys::{
    HtmlCanvasElement, WebGlBuffer, WebGlProgram, WebGlRenderingContext as Gl, WebGlTexture,
};

const VERTEX: &str = r#"
attribute vec3 a_pos;
attribute vec3 a_normal;
attribute vec2 a_uv;
uniform mat4 u_matrix;
varying vec2 v_uv;
varying vec3 v_normal;
varying vec3 v_pos;
void main() {
  gl_Position = u_matrix * vec4(a_pos, 1.0);
  v_uv = a_uv;
  v_normal = a_normal;
  v_pos = a_pos;
}
"#;

const FRAGMENT: &str = r#"
precision mediump float;
uniform sampler2D u_picture;
uniform vec3 u_eye;
varying vec2 v_uv;
varying vec3 v_normal;
varying vec3 v_pos;
void main() {
  vec3 n = normalize(v_normal);
  vec3 to_eye = normalize(u_eye - v_pos);
  float facing = dot(n, to_eye);
  if (facing < 0.0) { n = -n; }
  vec3 light = normalize(to_eye + vec3(0.25, 0.55, 0.15));
  float diffuse = max(dot(n, light), 0.0);
  vec3 colour = texture2D(u_picture, v_uv).rgb * (0.5 + 0.55 * diffuse);
  // The inside of a tube or pillow, seen through an opening, a little darker.
  if (facing < 0.0) { colour *= 0.75; }
  gl_FragColor = vec4(colour, 1.0);
}
"#;

const SPRITE_VERTEX: &str = r#"
attribute vec3 a_pos;
attribute vec2 a_uv;
uniform mat4 u_matrix;
varying vec2 v_uv;
void main() {
  gl_Position = u_matrix * vec4(a_pos, 1.0);
  v_uv = a_uv;
}
"#;

const SPRITE_FRAGMENT: &str = r#"
precision mediump float;
uniform sampler2D u_picture;
varying vec2 v_uv;
void main() {
  vec4 c = texture2D(u_picture, v_uv);
  if (c.a < 0.01) { discard; }
  gl_FragColor = c;
}
"#;

/// The GPU side of the view: the programs, the mesh's and the pieces' buffers, the picture's
/// texture and the pieces' sprite sheet.
pub struct Renderer {
    gl: Gl,
    program: WebGlProgram,
    buffer: WebGlBuffer,
    texture: WebGlTexture,
    vertices: i32,
    sprites: WebGlProgram,
    sprite_buffer: WebGlBuffer,
    atlas: WebGlTexture,
}

impl Renderer {
    /// Sets up WebGL on `canvas`; `None` where the browser has none.
    pub fn new(canvas: &HtmlCanvasElement) -> Option<Renderer> {
        let gl: Gl = canvas
            .get_context("webgl")
            .ok()
            .flatten()?
            .dyn_into()
            .ok()?;
        let program = link(&gl, VERTEX, FRAGMENT)?;
        let sprites = link(&gl, SPRITE_VERTEX, SPRITE_FRAGMENT)?;
        let buffer = gl.create_buffer()?;
        let sprite_buffer = gl.create_buffer()?;
        let texture = new_texture(&gl)?;
        let atlas = new_texture(&gl)?;
        gl.enable(Gl::DEPTH_TEST);
        Some(Renderer {
            gl,
            program,
            buffer,
            texture,
            vertices: 0,
            sprites,
            sprite_buffer,
            atlas,
        })
    }

    /// Loads the mesh: positions, normals smoothed over the triangles that share a board point,
    /// and the board coordinates as texture coordinates.
    pub fn load_mesh(&mut self, mesh: &Mesh, width: f64, height: f64) {
        let key = |(x, y): (f64, f64)| ((x * 64.0).round() as i64, (y * 64.0).round() as i64);
        let mut sums: HashMap<(i64, i64), [f64; 3]> = HashMap::new();
        for (t, b) in mesh.triangles.iter().zip(&mesh.board) {
            let n = normal(t);
            for p in b {
                let s = sums.entry(key(*p)).or_insert([0.0; 3]);
                for k in 0..3 {
                    s[k] += n[k];
                }
            }
        }
        let mut data: Vec<f32> = Vec::with_capacity(mesh.triangles.len() * 24);
        for (t, b) in mesh.triangles.iter().zip(&mesh.board) {
            let face = normal(t);
            for (p, uv) in t.iter().zip(b) {
                let s = sums.get(&key(*uv)).copied().unwrap_or(face);
                // Where the sum cancels (a pole, a crease) the triangle's own normal serves.
                let n = if dot(s, s) > 1e-12 && dot(s, face) > 0.0 {
                    s
                } else {
                    face
                };
                let len = dot(n, n).sqrt().max(1e-12);
                data.extend(p.map(|c| c as f32));
                data.extend(n.map(|c| (c / len) as f32));
                data.push((uv.0 / width) as f32);
                data.push((1.0 - uv.1 / height) as f32);
            }
        }
        let gl = &self.gl;
        gl.bind_buffer(Gl::ARRAY_BUFFER, Some(&self.buffer));
        let array = js_sys::Float32Array::from(data.as_slice());
        gl.buffer_data_with_array_buffer_view(Gl::ARRAY_BUFFER, &array, Gl::STATIC_DRAW);
        self.vertices = (data.len() / 8) as i32;
    }

    /// Loads the board's picture from a canvas.
    pub fn load_picture(&self, picture: &HtmlCanvasElement) {
        self.load(&self.texture, picture);
    }

    /// Loads the pieces' sprite sheet from a canvas.
    pub fn load_atlas(&self, atlas: &HtmlCanvasElement) {
        self.load(&self.atlas, atlas);
    }

    fn load(&self, texture: &WebGlTexture, canvas: &HtmlCanvasElement) {
        let gl = &self.gl;
        gl.bind_texture(Gl::TEXTURE_2D, Some(texture));
        let _ = gl.tex_image_2d_with_u32_and_u32_and_canvas(
            Gl::TEXTURE_2D,
            0,
            Gl::RGBA as i32,
            Gl::RGBA,
            Gl::UNSIGNED_BYTE,
            canvas,
        );
    }

    /// Points the program's attributes into the bound buffer of `stride` floats a vertex.
    fn attributes(&self, program: &WebGlProgram, stride: i32, layout: &[(&str, i32, i32)]) {
        let gl = &self.gl;
        // The other program's arrays are left off: they point into the other buffer.
        for at in 0..4 {
            gl.disable_vertex_attrib_array(at);
        }
        for &(name, size, offset) in layout {
            let at = gl.get_attrib_location(program, name);
            if at < 0 {
                continue;
            }
            gl.enable_vertex_attrib_array(at as u32);
            gl.vertex_attrib_pointer_with_i32(
                at as u32,
                size,
                Gl::FLOAT,
                false,
                stride * 4,
                offset * 4,
            );
        }
    }

    /// Draws the mesh seen through `matrix` from `eye`, on a drawing buffer `w` x `h` pixels,
    /// then the pieces over it: `sprites` holds six vertices a piece, far to near, each a
    /// position and sprite-sheet coordinates.
    pub fn draw(&self, matrix: &[f32; 16], eye: [f64; 3], (w, h): (i32, i32), sprites: &[f32]) {
        let gl = &self.gl;
        gl.viewport(0, 0, w, h);
        gl.clear_color(0.0, 0.0, 0.0, 0.0);
        gl.clear(Gl::COLOR_BUFFER_BIT | Gl::DEPTH_BUFFER_BIT);
        gl.enable(Gl::DEPTH_TEST);
        gl.disable(Gl::BLEND);
        gl.use_program(Some(&self.program));
        gl.bind_buffer(Gl::ARRAY_BUFFER, Some(&self.buffer));
        self.attributes(
            &self.program,
            8,
            &[("a_pos", 3, 0), ("a_normal", 3, 3), ("a_uv", 2, 6)],
        );
        let uniform = |name: &str| gl.get_uniform_location(&self.program, name);
        gl.uniform_matrix4fv_with_f32_array(uniform("u_matrix").as_ref(), false, matrix);
        gl.uniform3f(
            uniform("u_eye").as_ref(),
            eye[0] as f32,
            eye[1] as f32,
            eye[2] as f32,
        );
        gl.active_texture(Gl::TEXTURE0);
        gl.bind_texture(Gl::TEXTURE_2D, Some(&self.texture));
        gl.uniform1i(uniform("u_picture").as_ref(), 0);
        gl.draw_arrays(Gl::TRIANGLES, 0, self.vertices);
        if sprites.is_empty() {
            return;
        }
        // The pieces come far to near, each whole over what lies behind it: which are in
        // sight the caller decided, so the surface does not cut them.
        gl.disable(Gl::DEPTH_TEST);
        gl.enable(Gl::BLEND);
        gl.blend_func_separate(
            Gl::SRC_ALPHA,
            Gl::ONE_MINUS_SRC_ALPHA,
            Gl::ONE,
            Gl::ONE_MINUS_SRC_ALPHA,
        );
        gl.use_program(Some(&self.sprites));
        gl.bind_buffer(Gl::ARRAY_BUFFER, Some(&self.sprite_buffer));
        let array = js_sys::Float32Array::from(sprites);
        gl.buffer_data_with_array_buffer_view(Gl::ARRAY_BUFFER, &array, Gl::DYNAMIC_DRAW);
        self.attributes(&self.sprites, 5, &[("a_pos", 3, 0), ("a_uv", 2, 3)]);
        let uniform = |name: &str| gl.get_uniform_location(&self.sprites, name);
        gl.uniform_matrix4fv_with_f32_array(uniform("u_matrix").as_ref(), false, matrix);
        gl.bind_texture(Gl::TEXTURE_2D, Some(&self.atlas));
        gl.uniform1i(uniform("u_picture").as_ref(), 0);
        gl.draw_arrays(Gl::TRIANGLES, 0, (sprites.len() / 5) as i32);
    }
}

/// A texture for a picture: smoothed, not repeated.
fn new_texture(gl: &Gl) -> Option<WebGlTexture> {
    let texture = gl.create_texture()?;
    gl.bind_texture(Gl::TEXTURE_2D, Some(&texture));
    for (name, value) in [
        (Gl::TEXTURE_MIN_FILTER, Gl::LINEAR),
        (Gl::TEXTURE_MAG_FILTER, Gl::LINEAR),
        (Gl::TEXTURE_WRAP_S, Gl::CLAMP_TO_EDGE),
        (Gl::TEXTURE_WRAP_T, Gl::CLAMP_TO_EDGE),
    ] {
        gl.tex_parameteri(Gl::TEXTURE_2D, name, value as i32);
    }
    Some(texture)
}

/// Compiles and links a program of two shaders.
fn link(gl: &Gl, vertex: &str, fragment: &str) -> Option<WebGlProgram> {
    let shader = |kind: u32, source: &str| {
        let s = gl.create_shader(kind)?;
        gl.shader_source(&s, source);
        gl.compile_shader(&s);
        gl.get_shader_parameter(&s, Gl::COMPILE_STATUS)
            .as_bool()
            .unwrap_or(false)
            .then_some(s)
    };
    let program = gl.create_program()?;
    gl.attach_shader(&program, &shader(Gl::VERTEX_SHADER, vertex)?);
    gl.attach_shader(&program, &shader(Gl::FRAGMENT_SHADER, fragment)?);
    gl.link_program(&program);
    gl.get_program_parameter(&program, Gl::LINK_STATUS)
        .as_bool()
        .unwrap_or(false)
        .then_some(program)
}
