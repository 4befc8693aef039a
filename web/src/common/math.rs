//! Sine, cosine, tangent, the angle of a point, the exponential and the length of a vector: in
//! WebAssembly from the browser's `Math`, so the page's module carries no trigonometry code of its
//! own (Rust's `sin` and `cos` bring 8 KB of argument reduction); elsewhere (the crate's native
//! tests) from Rust's.

#[cfg(target_arch = "wasm32")]
use js_sys::Math as imp;

/// Rust's functions under the names of the browser's `Math`, for native builds.
#[cfg(not(target_arch = "wasm32"))]
mod imp {
    pub fn sin(x: f64) -> f64 {
        x.sin()
    }
    pub fn cos(x: f64) -> f64 {
        x.cos()
    }
    pub fn tan(x: f64) -> f64 {
        x.tan()
    }
    pub fn atan2(y: f64, x: f64) -> f64 {
        y.atan2(x)
    }
    pub fn exp(x: f64) -> f64 {
        x.exp()
    }
    pub fn hypot(x: f64, y: f64) -> f64 {
        x.hypot(y)
    }
}

/// The sine of `x` (radians).
pub fn sin(x: f64) -> f64 {
    imp::sin(x)
}

/// The cosine of `x` (radians).
pub fn cos(x: f64) -> f64 {
    imp::cos(x)
}

/// The tangent of `x` (radians).
pub fn tan(x: f64) -> f64 {
    imp::tan(x)
}

/// The angle of the point (`x`, `y`) from the x axis, in radians between -π and π.
pub fn atan2(y: f64, x: f64) -> f64 {
    imp::atan2(y, x)
}

/// e to the power `x`.
pub fn exp(x: f64) -> f64 {
    imp::exp(x)
}

/// The length of the vector (`x`, `y`).
pub fn hypot(x: f64, y: f64) -> f64 {
    imp::hypot(x, y)
}

/// A number in a drawing (a coordinate, a size): at most two decimals, no trailing zeros. Written
/// in fixed point, so the page carries no float formatting code.
pub fn num(x: f64) -> String {
    topochess_study::decimal::write_short(x, 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_functions_are_the_ones_named() {
        let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
        assert!(close(sin(std::f64::consts::FRAC_PI_2), 1.0));
        assert!(close(cos(std::f64::consts::PI), -1.0));
        assert!(close(tan(std::f64::consts::FRAC_PI_4), 1.0));
        assert!(close(atan2(1.0, 0.0), std::f64::consts::FRAC_PI_2));
        assert!(close(atan2(0.0, -1.0), std::f64::consts::PI));
        assert!(close(exp(1.0), std::f64::consts::E));
        assert!(close(hypot(3.0, 4.0), 5.0));
    }
}
