//! The explorer and the surface lab: where pieces reach, the position editor, and the gallery of diagrams.

pub mod explorer;
pub mod flow;
pub mod gallery;
pub mod lab;
pub mod panel;
