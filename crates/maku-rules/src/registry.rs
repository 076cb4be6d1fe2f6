//! The one list of variants: the `registry!` macro, called once in `lib.rs` with one line per
//! variant folder (its engine, its messages and its catalog files, `catalog/<lang>.ftl`), and
//! what the rest of maku asks of the list (docs/variants.md).

use super::variant::Variant;

/// Declares each variant's folder as a module of this crate and lists its handles, in the order
/// pages list them: `folder => [HANDLE, …],` — one line per variant folder, so that a new
/// variant is its folder and its line (docs/variants.md). A line may carry one attribute (`#[cfg(…)]`).
macro_rules! registry {
    ($($(#[$attr:meta])? $folder:ident => [$($handle:ident),+ $(,)?]),+ $(,)?) => {
        $($(#[$attr])? pub mod $folder;)+
        $crate::registry::registry!(@list [] $($(#[$attr])? $folder => [$($handle),+],)+);
    };
    // A line at a time, so that its attribute goes with each of its handles.
    (@list [$($done:tt)*] #[$attr:meta] $folder:ident => [$($handle:ident),+], $($rest:tt)*) => {
        $crate::registry::registry!(@list [$($done)* $(#[$attr] $folder::$handle,)+] $($rest)*);
    };
    (@list [$($done:tt)*] $folder:ident => [$($handle:ident),+], $($rest:tt)*) => {
        $crate::registry::registry!(@list [$($done)* $($folder::$handle,)+] $($rest)*);
    };
    (@list [$($done:tt)*]) => {
        /// Every variant this build knows, in the order pages list them.
        static ALL: &[$crate::Variant] = &[$($done)*];
    };
}
pub(crate) use registry;

impl Variant {
    /// Every variant this build knows (the test variant included, under its feature).
    pub fn all() -> &'static [Variant] {
        crate::ALL
    }

    /// The variants a judge may choose, in the order pages list them.
    pub fn offered() -> impl Iterator<Item = Variant> {
        crate::ALL.iter().copied().filter(|v| v.is_offered())
    }

    /// The first variant judges are offered (the create form's default).
    pub fn first() -> Variant {
        crate::ALL[0]
    }

    /// `"deathnote"` → Death Note, …; `None` for a name this build does not know.
    pub fn from_name(name: &str) -> Option<Variant> {
        crate::ALL.iter().copied().find(|v| v.name() == name)
    }
}
