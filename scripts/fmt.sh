#!/usr/bin/env bash
# `cargo fmt`, and the rules crate's variant folders, which it does not reach: the registry
# (crates/maku-rules/src/lib.rs) declares them inside a macro, where rustfmt never finds them
# as `mod` items. `scripts/fmt.sh --check` checks without writing (as `cargo fmt --check`).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --all -- "$@"
# Each folder's mod.rs, and with it every file below it (rustfmt follows `mod` items).
rustfmt --edition 2024 "$@" crates/maku-rules/src/*/mod.rs
