//! The night frame: a night resolves as an explicit list of steps, each citing its rule, run in
//! the book's order over one scratch value (R4-4 (1)..(5), R5-3 1..5).

/// One step: the rule it applies, and what it does to the game `G` and the scratch `N`.
pub type Step<G, N> = (&'static str, fn(&mut G, &mut N));

/// Runs `steps` in their order over `scratch`.
pub fn run_steps<G, N>(steps: &[Step<G, N>], g: &mut G, scratch: &mut N) {
    for (_rule, step) in steps {
        step(g, scratch);
    }
}
