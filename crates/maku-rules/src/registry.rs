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

    /// `"deathnote"` → Death Note, …, or a judge's own setup this process plays
    /// ([`crate::setups::custom_variant`]); `None` for a name it does not know.
    pub fn from_name(name: &str) -> Option<Variant> {
        crate::ALL
            .iter()
            .copied()
            .find(|v| v.name() == name)
            .or_else(|| custom(name))
    }
}

/// The judges' own setups this process has made handles for (a cache of values, not a source
/// of truth: each is made again from the document a game pins).
static CUSTOM: std::sync::RwLock<Vec<Variant>> = std::sync::RwLock::new(Vec::new());

fn custom(name: &str) -> Option<Variant> {
    let list = CUSTOM
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    list.iter().copied().find(|v| v.name() == name)
}

/// The handle named `name`, made by `make` if this process has none yet (one per name, so the
/// handles a process leaks are as many as the setup versions it plays).
pub(crate) fn custom_or(name: &str, make: impl FnOnce() -> Option<Variant>) -> Option<Variant> {
    let mut list = CUSTOM
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(v) = list.iter().copied().find(|v| v.name() == name) {
        return Some(v);
    }
    if crate::ALL.iter().any(|v| v.name() == name) {
        return None;
    }
    let made = make()?;
    list.push(made);
    Some(made)
}
