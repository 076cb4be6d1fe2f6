//! Death Note's handle in the registry.

use crate::variant::Variant;

/// The Death Note rules.
pub struct DeathNote;

/// Death Note, for the registry.
pub const VARIANT: Variant = Variant::new(&DeathNote);
