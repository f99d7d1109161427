//! The exact cover engines, with no knowledge of Sudoku: Dancing Links ([`dlx`], Knuth's
//! Algorithm X over index-linked arrays) and clause learning over the same kind of cover
//! ([`learning`], for when search alone keeps failing for the same reasons).

pub mod deadline;
pub mod dlx;
pub mod learning;
