//! The test variant's handle in the registry.

use crate::variant::Variant;

/// The two-phase rules.
pub struct TwoPhase;

pub const VARIANT: Variant = Variant::new(&TwoPhase);
