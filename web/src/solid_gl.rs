//! Drawing the 3D view with WebGL (1.0, through web-sys: no rendering crate, nothing fetched):
//! the mesh of the surface's shape, lit from the eye, both sides shaded, with the board's
//! picture as its texture.

use crate::solid::{dot, normal, Mesh};
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

/// The GPU side of the view: the program, the mesh's buffer and the picture's texture.
pub struct Renderer {
    gl: Gl,
    program: WebGlProgram,
    buffer: WebGlBuffer,
    texture: WebGlTexture,
    vertices: i32,
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
        let program = link(&gl)?;
        let buffer = gl.create_buffer()?;
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
        gl.enable(Gl::DEPTH_TEST);
        Some(Renderer {
            gl,
            program,
            buffer,
            texture,
            vertices: 0,
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
        let gl = &self.gl;
        gl.bind_texture(Gl::TEXTURE_2D, Some(&self.texture));
        let _ = gl.tex_image_2d_with_u32_and_u32_and_canvas(
            Gl::TEXTURE_2D,
            0,
            Gl::RGBA as i32,
            Gl::RGBA,
            Gl::UNSIGNED_BYTE,
            picture,
        );
    }

    /// Draws the mesh seen through `matrix` from `eye`, on a drawing buffer `w` x `h` pixels.
    pub fn draw(&self, matrix: &[f32; 16], eye: [f64; 3], (w, h): (i32, i32)) {
        let gl = &self.gl;
        gl.viewport(0, 0, w, h);
        gl.clear_color(0.0, 0.0, 0.0, 0.0);
        gl.clear(Gl::COLOR_BUFFER_BIT | Gl::DEPTH_BUFFER_BIT);
        gl.use_program(Some(&self.program));
        gl.bind_buffer(Gl::ARRAY_BUFFER, Some(&self.buffer));
        let stride = 8 * 4;
        for (name, size, offset) in [("a_pos", 3, 0), ("a_normal", 3, 12), ("a_uv", 2, 24)] {
            let at = gl.get_attrib_location(&self.program, name);
            if at < 0 {
                continue;
            }
            gl.enable_vertex_attrib_array(at as u32);
            gl.vertex_attrib_pointer_with_i32(at as u32, size, Gl::FLOAT, false, stride, offset);
        }
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
    }
}

/// Compiles and links the two shaders.
fn link(gl: &Gl) -> Option<WebGlProgram> {
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
    gl.attach_shader(&program, &shader(Gl::VERTEX_SHADER, VERTEX)?);
    gl.attach_shader(&program, &shader(Gl::FRAGMENT_SHADER, FRAGMENT)?);
    gl.link_program(&program);
    gl.get_program_parameter(&program, Gl::LINK_STATUS)
        .as_bool()
        .unwrap_or(false)
        .then_some(program)
}
