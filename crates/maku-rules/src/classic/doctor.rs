//! 4.0's doctor (医生) at a classic table: a role of another book played by the classic engine
//! as a module (`docs/setups.md`, "Roles across books"). A judge's own classic setup may deal
//! it; it plays by `../shared/rules/roles.md`:
//! - R4-2: it learns nobody and sits in no team thread;
//! - R4-3: each night it may `save` one living seat, itself allowed, and replace its save until
//!   the night ends (the last counts);
//! - R4-4 (2): the saved seat does not die from the killers' kill — from that kill only: a
//!   sniper's shot (`sniper.rs`) kills a saved seat, as the secret police's kill does
//!   (`secret_police.rs`); saving the butterfly from the killers' kill spares the hugged seat
//!   too (`butterfly.rs`; 5.0's butterfly likewise, R5-3 (3), whose hugged seat a save aimed
//!   at it does not spare: `shield.rs`);
//! - R4-4 (4): a seat saved two nights running that no kill attacked on either night dies at
//!   the second night's end ("attacked": named by a kill of step (1) — the killers', the secret
//!   police's, a shot — or reached by one through the butterfly, void or not).
//!
//! Readings of a classic table with more than one doctor: each doctor saves on its own; a
//! seat any doctor saved is saved, and R4-4 (4) reads the seat ("a seat saved two nights
//! running"), whichever doctor saved it each night. A night without a save starts the count
//! again, as in the role games.
//!
//! Its night steps run in `night.rs`'s list; its action, form, view, deal and bot are with the
//! others of the engine (`Action::Save`, `forms::SAVE`, `doctors` in a fixed setup).

use super::night::Resolution;
use super::state::Game;
use crate::table::Seat;

/// R4-4 (2): a saved seat does not die from the killers' kill (the night is peaceful unless
/// someone else dies); saving the butterfly from the killers' kill spares the hugged seat too
/// (`butterfly.rs`). The save spares that kill only: a seat also shot or secretly killed this
/// night dies of it (R5-3 (5): "every other kill or shot kills" — unless 5.0's needle doctor's
/// needle, a step after the save, cancels it: `needle.rs`; the secret police's kill ignores
/// the doctor).
pub(super) fn save(_: &mut Game, n: &mut Resolution) {
    let mut spared: Vec<Seat> = Vec::new();
    for &d in &n.saved {
        match n.hug {
            Some((b, h)) if b == d => spared.extend([b, h]),
            _ => spared.push(d),
        }
    }
    for l in n.landings.iter_mut().filter(|l| l.killers) {
        l.kills.retain(|s| !spared.contains(s));
    }
}

/// R4-4 (4): each seat saved tonight and last night, attacked on neither night, dies now
/// (after the kills' deaths, in seat order). "Attacked": named by a kill of step (1) — the
/// killers', the secret police's, a shot — or reached by one through the butterfly, void or
/// not. Tonight's unattacked saves are kept for tomorrow.
pub(super) fn rule(g: &mut Game, n: &mut Resolution) {
    let unattacked: Vec<Seat> = n
        .saved
        .iter()
        .copied()
        .filter(|&s| !n.attacked(s))
        .collect();
    for &s in &unattacked {
        if g.saved_unattacked.contains(&s) && !n.dead.contains(&s) {
            n.dead.push(s);
        }
    }
    g.saved_unattacked = unattacked;
}

#[cfg(test)]
pub(super) mod tests {
    use serde_json::{Value, json};

    use crate::setups::{self, read};
    use crate::table::Stage;
    use crate::{Game, GameConfig, Line, SeatSpec, Variant};

    /// 东杀 with one doctor: the preset's document, a `doctor` dealt and called at night (the
    /// bots' tests use it too).
    pub(in crate::classic) fn doctor_document() -> Value {
        dongsha_with(&["doctor"])
    }

    /// 东杀's document with one of each of `roles` dealt, called at night after the killers
    /// and the police, in that order (the other roles' modules' tests use it too).
    pub(in crate::classic) fn dongsha_with(roles: &[&str]) -> Value {
        let text = setups::PRESETS
            .iter()
            .find(|(n, _)| *n == "dongsha")
            .map(|(_, t)| *t)
            .unwrap_or_default();
        let mut d: Value = serde_json::from_str(text).expect("JSON");
        if let Some(deal) = d["deal"].as_array_mut() {
            for role in roles {
                deal.push(json!({"role": role, "count": 1}));
            }
        }
        let mut night = vec!["killer", "police"];
        night.extend_from_slice(roles);
        d["night"] = json!(night);
        d
    }

    /// The handle of `d`, `change`d, named `name` (a name per test: one handle per name).
    pub(in crate::classic) fn handle(
        mut d: Value,
        name: &str,
        change: impl FnOnce(&mut Value),
    ) -> Variant {
        change(&mut d);
        let setup = read(&d).expect("it holds");
        setups::custom_variant(name, name, &setup).expect("the classic engine plays it")
    }

    /// The handle of 东杀 with one doctor, `change`d, named `name`.
    fn table(name: &str, change: impl FnOnce(&mut Value)) -> Variant {
        handle(doctor_document(), name, change)
    }

    fn variant(name: &str) -> Variant {
        table(name, |_| {})
    }

    /// A game of `variant` with seats g1..g`n` dealt `setup` (`None`: drawn from seed 1).
    pub(in crate::classic) fn config(
        variant: Variant,
        n: usize,
        setup: Option<Value>,
    ) -> GameConfig {
        GameConfig {
            variant,
            options: Value::Null,
            seed: 1,
            seats: (1..=n)
                .map(|i| SeatSpec {
                    game_id: format!("g{i}"),
                    real_id: format!("r{i}"),
                })
                .collect(),
            setup,
        }
    }

    /// 9 seats g1..g9: killers g1 g2, police g3 g4, the doctor g5, civilians g6..g9.
    fn game(name: &str) -> Game {
        let deal = json!({"killers": ["g1", "g2"], "police": ["g3", "g4"], "doctors": ["g5"]});
        Game::start(&config(variant(name), 9, Some(deal))).expect("it starts")
    }

    pub(in crate::classic) fn submit(
        g: &mut Game,
        by: &str,
        action: Value,
    ) -> Option<&'static str> {
        let submitted = g.submit_json(by, &action).expect("an action");
        submitted.result.err().map(|r| r.error)
    }

    /// The night's kill on `victim` (both killers) and the doctor's save of `saved`, resolved;
    /// the public events the night published.
    fn night(g: &mut Game, victim: Option<&str>, saved: Option<&str>) -> Vec<Value> {
        assert_eq!(g.current_phase().kind, "night");
        if let Some(v) = victim {
            for by in ["g1", "g2"] {
                assert_eq!(submit(g, by, json!({"type": "kill", "target": v})), None);
            }
        }
        if let Some(s) = saved {
            assert_eq!(submit(g, "g5", json!({"type": "save", "target": s})), None);
        }
        public(g.resolve_phase())
    }

    pub(in crate::classic) fn public(lines: Vec<crate::Line>) -> Vec<Value> {
        lines
            .into_iter()
            .filter_map(|l| match l {
                crate::Line::Public { event, .. } => Some(event.json().clone()),
                _ => None,
            })
            .collect()
    }

    /// Resolves the day to the next night (nobody votes: CL-6's round 1 puts nobody out).
    pub(in crate::classic) fn to_night(g: &mut Game) {
        while g.current_phase().kind != "night" && g.outcome().is_none() {
            g.resolve_phase();
        }
    }

    pub(in crate::classic) fn out(target: &str) -> Value {
        json!({"type": "out", "target": target, "cause": "killed"})
    }

    pub(in crate::classic) fn peaceful() -> Value {
        json!({"type": "peaceful", "phase": "night"})
    }

    // What the roles across books' modules' tests share (`docs/setups.md`, "Roles across
    // books"): fixed deals and games of 东杀 with the roles, nights of actions, votes, replays,
    // the bots' games, and the checks every such role's table repeats.

    /// 东杀's fixed deal at 9 seats (CL-0's teams: killers g1 g2, police g3 g4) with the keys of
    /// `extra` (an object: the roles across books' seats) added.
    pub(in crate::classic) fn dongsha_deal(extra: Value) -> Value {
        let mut deal = json!({"killers": ["g1", "g2"], "police": ["g3", "g4"]});
        if let (Some(d), Value::Object(extra)) = (deal.as_object_mut(), extra) {
            d.extend(extra);
        }
        deal
    }

    /// A game of `v` at `n` seats g1..g`n`, dealt `deal`.
    pub(in crate::classic) fn started(v: Variant, n: usize, deal: Value) -> Game {
        Game::start(&config(v, n, Some(deal))).expect("it starts")
    }

    /// 东杀 itself at 9 seats, dealt as [`dongsha_deal`] deals (civilians g5..g9): the table
    /// without any role across books.
    pub(in crate::classic) fn dongsha_game() -> Game {
        let dongsha = Variant::from_name("dongsha").expect("dongsha");
        started(dongsha, 9, dongsha_deal(json!({})))
    }

    /// A module's table of roles across books (R4-2, R4-3, R5-1): 东杀 with each `(role, fixed
    /// deal key)` dealt once and called at night after the killers and the police, in order.
    /// Its fixed game has 9 seats: killers g1 g2, police g3 g4, the roles from g5 on in order,
    /// civilians after.
    #[derive(Clone, Copy)]
    pub(in crate::classic) struct RoleTable(pub &'static [(&'static str, &'static str)]);

    impl RoleTable {
        /// The document: 东杀 with the roles ([`dongsha_with`]).
        pub(in crate::classic) fn document(self) -> Value {
            let roles: Vec<&str> = self.0.iter().map(|&(role, _)| role).collect();
            dongsha_with(&roles)
        }

        /// The handle of the document, `change`d, named `name`.
        pub(in crate::classic) fn table(
            self,
            name: &str,
            change: impl FnOnce(&mut Value),
        ) -> Variant {
            handle(self.document(), name, change)
        }

        /// The fixed deal of [`RoleTable::game`].
        pub(in crate::classic) fn deal(self) -> Value {
            let seats: serde_json::Map<String, Value> = (5..)
                .zip(self.0)
                .map(|(i, &(_, key))| (key.to_string(), json!([format!("g{i}")])))
                .collect();
            dongsha_deal(Value::Object(seats))
        }

        /// The 9-seat game of the table named `name`, dealt [`RoleTable::deal`].
        pub(in crate::classic) fn game(self, name: &str) -> Game {
            started(self.table(name, |_| {}), 9, self.deal())
        }

        /// The handle of the document at `n` seats only, 2 killers and 2 police
        /// ([`across_table`]), named `name`.
        pub(in crate::classic) fn at(self, n: usize, name: &str) -> Variant {
            let roles: Vec<&str> = self.0.iter().map(|&(role, _)| role).collect();
            across_table(&roles, n, name)
        }

        /// The `n`-seat game of [`RoleTable::at`], dealt [`RoleTable::deal`] (civilians after the
        /// roles up to g`n`).
        pub(in crate::classic) fn game_at(self, n: usize, name: &str) -> Game {
            started(self.at(n, name), n, self.deal())
        }
    }

    /// The handle of 东杀 with one of each of `roles`, at `n` seats only, 2 killers and 2
    /// police: a table of several roles across books at once.
    pub(in crate::classic) fn across_table(roles: &[&str], n: usize, name: &str) -> Variant {
        handle(dongsha_with(roles), name, |d| {
            d["seats"] = json!({"min": n, "max": n});
            d["deal"][0]["count"] = json!(2);
            d["deal"][1]["count"] = json!(2);
        })
    }

    /// A seat-naming action of type `kind` on `target` (CL-1, CL-2, R4-3, R5-1).
    pub(in crate::classic) fn act(kind: &str, target: &str) -> Value {
        json!({"type": kind, "target": target})
    }

    /// One night's actions, `(seat, type, target)` (CL-1's kills, CL-2's checks, the roles
    /// across books' actions), each taken, in order; resolved, the lines it published.
    pub(in crate::classic) fn night_acts(g: &mut Game, acts: &[(&str, &str, &str)]) -> Vec<Line> {
        assert_eq!(g.current_phase().kind, "night");
        for &(by, kind, target) in acts {
            assert_eq!(
                submit(g, by, act(kind, target)),
                None,
                "{by} {kind} {target}"
            );
        }
        g.resolve_phase()
    }

    /// The private events of `lines`, each as `[to, event]`.
    pub(in crate::classic) fn told(lines: &[Line]) -> Vec<Value> {
        lines
            .iter()
            .filter_map(|l| match l {
                Line::Private { to, event, .. } => Some(json!([to, event.json()])),
                _ => None,
            })
            .collect()
    }

    /// Each line's event type, in order; a private one's as `[to, type]`.
    pub(in crate::classic) fn kinds(lines: &[Line]) -> Vec<Value> {
        lines
            .iter()
            .map(|l| match l {
                Line::Private { to, event, .. } => json!([to, event.json()["type"]]),
                Line::Public { event, .. } => event.json()["type"].clone(),
                _ => Value::Null,
            })
            .collect()
    }

    pub(in crate::classic) fn alive(g: &Game, s: &str) -> bool {
        g.seat_now(s).is_some_and(|s| s.out.is_none())
    }

    /// One night's actions ([`night_acts`]) resolved: the public events it published.
    pub(in crate::classic) fn public_night(
        g: &mut Game,
        acts: &[(&str, &str, &str)],
    ) -> Vec<Value> {
        public(night_acts(g, acts))
    }

    /// [`public_night`], then the day after it resolved to the next night: the night's public
    /// events.
    pub(in crate::classic) fn said(g: &mut Game, acts: &[(&str, &str, &str)]) -> Vec<Value> {
        let lines = public_night(g, acts);
        to_night(g);
        lines
    }

    /// The private events of `lines` of type `kind`, each as `[to, event]`.
    pub(in crate::classic) fn told_of(lines: &[Line], kind: &str) -> Vec<Value> {
        told(lines)
            .into_iter()
            .filter(|t| t[1]["type"] == kind)
            .collect()
    }

    /// 5.0: nobody learns anybody's role — no private line of `g` so far is told to `seat` or
    /// names it.
    pub(in crate::classic) fn learns_nobody(g: &Game, seat: &str) {
        assert!(
            !told(&g.transcript())
                .iter()
                .any(|t| t[0] == seat || t[1].to_string().contains(seat)),
            "5.0: nobody learns {seat}, nor {seat} anybody"
        );
    }

    /// The seat `s` is silenced today (R4-5, R5-4).
    pub(in crate::classic) fn silenced(g: &Game, s: &str) -> bool {
        g.seat_now(s).is_some_and(|s| s.silenced)
    }

    /// The speakers of the open sequence of turns (speeches or PK), resolved one by one up to
    /// the phase after them; at each turn, the silenced `quiet` may not post (R4-5, R5-4).
    pub(in crate::classic) fn turns(g: &mut Game, quiet: &str) -> Vec<String> {
        let kind = g.current_phase().kind;
        let mut seen = Vec::new();
        while g.current_phase().kind == kind {
            assert!(!g.may_post(quiet), "{quiet} may not post ({kind})");
            seen.extend(g.table_now().speaker.clone());
            g.resolve_phase();
        }
        seen
    }

    /// `seats` as owned seat IDs (to compare with [`turns`]).
    pub(in crate::classic) fn ids(seats: &[&str]) -> Vec<String> {
        seats.iter().map(|s| s.to_string()).collect()
    }

    /// The day's speeches (CL-5, or a PK's, CL-7) resolved up to the vote.
    pub(in crate::classic) fn to_vote(g: &mut Game) {
        while g.current_phase().kind != "vote" {
            g.resolve_phase();
        }
    }

    /// `ballots` (`(voter, target)`) cast, each taken (CL-6).
    pub(in crate::classic) fn cast(g: &mut Game, ballots: &[(&str, &str)]) {
        for &(by, target) in ballots {
            let ballot = json!({"type": "vote", "target": target});
            assert_eq!(submit(g, by, ballot), None, "{by} votes {target}");
        }
    }

    /// The day resolved to the vote; every living seat votes for `target` (CL-6); the vote
    /// resolved, the lines it published.
    pub(in crate::classic) fn vote_out(g: &mut Game, target: &str) -> Vec<Line> {
        to_vote(g);
        let living: Vec<String> = g
            .seats()
            .iter()
            .filter(|s| s.alive)
            .map(|s| s.game_id.clone())
            .collect();
        let ballots: Vec<(&str, &str)> = living.iter().map(|by| (by.as_str(), target)).collect();
        cast(g, &ballots);
        g.resolve_phase()
    }

    /// CL-10: both killers kill the police, g3 then g4, a night each (each night's first event
    /// the officer's `out`): the killers win.
    pub(in crate::classic) fn kill_the_police(g: &mut Game) {
        for victim in ["g3", "g4"] {
            for by in ["g1", "g2"] {
                assert_eq!(submit(g, by, act("kill", victim)), None);
            }
            let lines = public(g.resolve_phase());
            assert_eq!(lines.first(), Some(&out(victim)));
            to_night(g);
        }
        assert_eq!(g.outcome(), Some("killers"));
    }

    /// Killed by both killers this night, the seat `by` of a role across books is out from the
    /// next night on: its `kind` on `target` is refused `out`, it has no action and owes none.
    pub(in crate::classic) fn killed_acts_no_more(
        g: &mut Game,
        by: &str,
        kind: &str,
        target: &str,
    ) {
        night_acts(g, &[("g1", "kill", by), ("g2", "kill", by)]);
        to_night(g);
        assert_eq!(submit(g, by, act(kind, target)), Some("out"));
        let s = g.seat_now(by).expect("a seat");
        assert!(s.allowed.is_empty() && !s.owes.action, "{by}: {s:?}");
    }

    /// `v`'s action forms are `kinds`, in order, and `kind`'s form names one seat by `input`.
    pub(in crate::classic) fn assert_forms(
        v: Variant,
        kinds: &[&str],
        kind: &str,
        input: crate::FieldInput,
    ) {
        let forms = v.action_forms();
        let listed: Vec<&str> = forms.iter().map(|f| f.kind).collect();
        assert_eq!(listed, kinds);
        let inputs = forms
            .iter()
            .find(|f| f.kind == kind)
            .map(|f| f.fields.iter().map(|x| x.input).collect::<Vec<_>>());
        assert_eq!(inputs, Some(vec![input]), "{kind}");
    }

    /// 东杀 itself has no role whose action is `kind`: no form of it, and g5's `kind` on g6 is
    /// another game's type, refused `not_your_role` as it always was.
    pub(in crate::classic) fn foreign_at_dongsha(kind: &str) {
        let mut g = dongsha_game();
        assert!(
            !g.variant().action_forms().iter().any(|f| f.kind == kind),
            "{kind}"
        );
        assert_eq!(submit(&mut g, "g5", act(kind, "g6")), Some("not_your_role"));
    }

    /// CL-10 with the role across books `role` at g5 counting with the killers (R4-6, R5-5):
    /// [`kill_the_police`], and the reveal names him, a winner with them.
    pub(in crate::classic) fn killers_win_with(g: &mut Game, role: &str) {
        kill_the_police(g);
        assert_eq!(
            g.seat_record("g5", Some("killers"))
                .map(|r| (r.role, r.won)),
            Some((role, Some(true)))
        );
    }

    /// R5-1 at a classic table for the role across books `role` at g5 whose night action
    /// `kind` names another living seat (the magician's magic, the wizard's query): nobody
    /// learns him nor he anybody (5.0); the other seats have no such action and are refused
    /// `not_your_role`; his action is `kind` alone, owed until sent, in no team; an unknown seat
    /// is `bad_target`, himself `self_target`, a kill `not_your_role`; replaced (g2, then g1)
    /// the last counts: his view and page say g1, no team, no kill held, no note.
    pub(in crate::classic) fn acts_alone_on_another_seat(g: &mut Game, role: &str, kind: &str) {
        learns_nobody(g, "g5");
        for by in ["g1", "g3", "g6"] {
            assert_eq!(
                submit(g, by, act(kind, "g7")),
                Some("not_your_role"),
                "{by}"
            );
            assert!(!g.seat_now(by).expect("a seat").allowed.contains(&kind));
        }
        let s = g.seat_now("g5").expect("the role's seat");
        assert_eq!(s.role, role);
        assert_eq!(s.allowed, [kind]);
        assert!(s.owes.action, "the {kind} is owed until sent");
        assert!(s.teams.is_empty());
        assert_eq!(submit(g, "g5", act(kind, "nobody")), Some("bad_target"));
        assert_eq!(submit(g, "g5", act(kind, "g5")), Some("self_target"));
        assert_eq!(submit(g, "g5", act("kill", "g6")), Some("not_your_role"));
        assert_eq!(submit(g, "g5", act(kind, "g2")), None);
        assert_eq!(submit(g, "g5", act(kind, "g1")), None);
        assert!(!g.seat_now("g5").expect("a seat").owes.action);
        let seat_view = g.view_for("g5").expect("a view");
        let view = seat_view.json().clone();
        assert_eq!(view[kind], "g1");
        assert_eq!(view["holds_kill"], false);
        assert!(view.get("team").is_none() && view.get("teams").is_none());
        assert!(view.get("not_self").is_none());
        let sheet = g.variant().seat_sheet(&seat_view, false);
        let key = format!("role-{role}");
        assert_eq!(sheet.role, crate::message::Message::key(key));
        assert_eq!(sheet.chosen, [(kind, "target", "g1".to_string())]);
        assert!(sheet.notes.is_empty());
    }

    /// R5-2 for the heir `heir` holding the kill (next night): his action is `kill` alone,
    /// owed, his view and page say he holds it (not himself); his own `kind` is refused
    /// `not_your_role`, a kill of himself `self_target`; his kill of `victim` kills it, the
    /// night's one `out`; CL-8: he never self-explodes, holding the kill or not. The night's
    /// lines.
    pub(in crate::classic) fn heir_kills(
        g: &mut Game,
        heir: &str,
        kind: &str,
        victim: &str,
    ) -> Vec<Line> {
        to_night(g);
        let s = g.seat_now(heir).expect("the heir");
        assert_eq!(s.allowed, ["kill"]);
        assert!(s.owes.action);
        let seat_view = g.view_for(heir).expect("a view");
        assert_eq!(seat_view.json()["holds_kill"], true);
        assert_eq!(seat_view.json()["not_self"], json!(["kill"]));
        let sheet = g.variant().seat_sheet(&seat_view, false);
        assert_eq!(
            sheet.notes,
            [crate::message::Message::key("cl-seat-note-holds-kill").rule("R5-2")]
        );
        assert_eq!(submit(g, heir, act(kind, victim)), Some("not_your_role"));
        assert_eq!(submit(g, heir, act("kill", heir)), Some("self_target"));
        assert_eq!(submit(g, heir, act("kill", victim)), None);
        assert_eq!(g.view_for(heir).expect("a view").json()["kill"], victim);
        let lines = g.resolve_phase();
        assert_eq!(public(lines.clone()), [out(victim)]);
        assert_eq!(
            submit(g, heir, json!({"type": "explode"})),
            Some("not_your_role"),
            "CL-8: never, holding the kill or not"
        );
        lines
    }

    /// R5-5 with CL-10 for the heir `role` at g5 (the magician, the wizard): R5-3 (4) a check of
    /// him reads `killer`, told to both officers; the killers voted out, the game goes on while
    /// he stands for them; voted out too, good wins, he loses, and the reveal names him.
    pub(in crate::classic) fn good_wins_only_with_the_heir_out(g: &mut Game, role: &str) {
        assert_eq!(submit(g, "g3", act("check", "g5")), None);
        let lines = g.resolve_phase();
        let found = json!({"type": "check_result", "target": "g5", "result": "killer"});
        assert_eq!(told(&lines), [json!(["g3", found]), json!(["g4", found])]);
        vote_out(g, "g1");
        to_night(g);
        g.resolve_phase();
        vote_out(g, "g2");
        assert_eq!(g.outcome(), None, "the {role} stands for the killers");
        to_night(g);
        g.resolve_phase();
        let lines = public(vote_out(g, "g5"));
        assert_eq!(
            lines.last(),
            Some(&json!({"type": "game_over", "winner": "good"}))
        );
        assert_eq!(
            g.seat_record("g5", Some("good")).map(|r| (r.role, r.won)),
            Some((role, Some(false)))
        );
        assert_eq!(g.reveal_now()["seats"][4]["role"], role);
    }

    /// CL-9 for a role across books at g5 in no team who counts with the killers (the
    /// magician, the wizard): he never surrenders, and does not keep the killers' team
    /// standing — a killer whose fellow killer is out may surrender while he lives; good wins,
    /// he with the killers loses.
    pub(in crate::classic) fn never_surrenders_nor_keeps_the_killers_standing(g: &mut Game) {
        let surrender = json!({"type": "surrender"});
        assert_eq!(submit(g, "g5", surrender.clone()), Some("not_your_role"));
        g.resolve_phase();
        vote_out(g, "g2");
        to_night(g);
        assert!(
            g.seat_now("g1")
                .expect("a seat")
                .allowed
                .contains(&"surrender")
        );
        assert!(
            !g.seat_now("g5")
                .expect("a seat")
                .allowed
                .contains(&"surrender")
        );
        assert_eq!(submit(g, "g1", surrender), None);
        assert_eq!(g.outcome(), Some("good"));
        assert_eq!(
            g.seat_record("g5", Some("good")).map(|r| r.won),
            Some(Some(false))
        );
    }

    /// A table without the heirs is as it was: 东杀's killers hold no kill to pass (no
    /// `holds_kill`), a tie of two kills goes to the earliest (CL-1), and the killers out end
    /// the game with nobody told anything (CL-10).
    pub(in crate::classic) fn dongsha_killers_out_end_the_game() {
        let mut g = dongsha_game();
        assert!(
            g.view_for("g1")
                .expect("a view")
                .json()
                .get("holds_kill")
                .is_none()
        );
        let lines = night_acts(&mut g, &[("g1", "kill", "g6"), ("g2", "kill", "g7")]);
        assert_eq!(public(lines), [out("g6")]);
        vote_out(&mut g, "g1");
        to_night(&mut g);
        g.resolve_phase();
        let lines = vote_out(&mut g, "g2");
        assert!(told(&lines).is_empty());
        assert_eq!(g.outcome(), Some("good"));
    }

    /// A classic table deals one of its third deal line's role at most (`setup-role-one` at
    /// that line's count, as its rule reads one seat): two are refused, one holds; and the night
    /// must call it.
    pub(in crate::classic) fn one_per_table(document: Value) {
        let mut two = document.clone();
        two["deal"][2]["count"] = json!(2);
        let Err(found) = crate::setups::read(&two) else {
            panic!("two of {}", two["deal"][2]["role"])
        };
        let found: Vec<(&str, String)> = found
            .iter()
            .map(|p| match &p.message {
                crate::message::Message::Say { key, .. } => (p.path.as_str(), key.to_string()),
                other => (p.path.as_str(), format!("{other:?}")),
            })
            .collect();
        assert_eq!(found, [("deal[2].count", "setup-role-one".to_string())]);
        assert!(crate::setups::read(&document).is_ok());
        let mut forgot = document;
        forgot["night"] = json!(["killer", "police"]);
        assert!(
            crate::setups::read(&forgot).is_err(),
            "the night forgets it"
        );
    }

    /// g1..g`n`: a table's game IDs (CL-0's seats in order).
    pub(in crate::classic) fn seat_ids(n: usize) -> Vec<String> {
        (1..=n).map(|i| format!("g{i}")).collect()
    }

    /// Each fixed deal of `refusals` is refused at `n` seats of `v`, its error saying the text
    /// paired with it.
    pub(in crate::classic) fn refuses(v: Variant, n: usize, refusals: &[(Value, &str)]) {
        for (setup, says) in refusals {
            let err = Game::start(&config(v, n, Some(setup.clone())))
                .map(|_| ())
                .expect_err("refused")
                .to_string();
            assert!(err.contains(says), "{setup}: {err}");
        }
    }

    /// What `v` draws for `n` seats g1..g`n` from seed `seed` (ChaCha8, as the server draws).
    pub(in crate::classic) fn drawn(v: Variant, n: usize, seed: u64) -> Value {
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
        v.draw_roles(&seat_ids(n), &mut rng)
    }

    /// A table's draw at 9 seats from seed 7, `table_drawn`, deals the killers and the police
    /// as 东杀's own draw from the same seed (the roles across books drawn after them).
    pub(in crate::classic) fn draws_as_dongsha(table_drawn: &Value) {
        let dongsha = Variant::from_name("dongsha").expect("dongsha");
        let plain = json!({"killers": table_drawn["killers"], "police": table_drawn["police"]});
        assert_eq!(drawn(dongsha, 9, 7), plain);
    }

    /// `with` (a table with one role more than `without`, drawn after the others) draws `keys`
    /// at 9 seats from seed 3 as `without` does.
    pub(in crate::classic) fn draws_alike(with: Variant, without: Variant, keys: &[&str]) {
        let (a, b) = (drawn(with, 9, 3), drawn(without, 9, 3));
        for &key in keys {
            assert_eq!(a[key], b[key], "{key}");
        }
    }

    /// `role` is drawn after `before` (two roles across books, each dealt once at 东杀): their
    /// table, named `name`, draws the killers, the police and `before`'s key `key` as the table
    /// of `before` alone (named `name`-only) does.
    pub(in crate::classic) fn drawn_after(before: &str, key: &str, role: &str, name: &str) {
        let with = handle(dongsha_with(&[before, role]), name, |_| {});
        let without = handle(dongsha_with(&[before]), &format!("{name}-only"), |_| {});
        draws_alike(with, without, &["killers", "police", key]);
    }

    /// R4-2, R5-1: a fixed deal of the table `v` (9 seats) names its roles across books' seats:
    /// `deal` starts a game and passes the server's fixed deal check, each of `refusals` is
    /// refused with its text; the draw (seed 7) has the keys `keys`, in that order, with
    /// `dealt` seats under each role's key (`(key, count)`), and the killers and the police
    /// drawn as at 东杀 from the same seed (the roles across books drawn after them). 东杀
    /// itself has no such key: [`dongsha_ignores`] `deal`, refusing `unknown` first.
    pub(in crate::classic) fn names_its_seats(
        v: Variant,
        deal: &Value,
        refusals: &[(Value, &str)],
        keys: &[&str],
        dealt: &[(&str, usize)],
        unknown: &str,
    ) {
        let start = |setup: Value| Game::start(&config(v, 9, Some(setup))).map(|_| ());
        assert_eq!(start(deal.clone()), Ok(()));
        refuses(v, 9, refusals);
        let table_drawn = drawn(v, 9, 7);
        let drawn_keys: Vec<&String> = table_drawn.as_object().expect("an object").keys().collect();
        assert_eq!(drawn_keys, keys);
        for &(key, n) in dealt {
            assert_eq!(table_drawn[key].as_array().map(Vec::len), Some(n), "{key}");
        }
        // The same seed at 东杀 (9 seats, 2 and 2): the same killers and police.
        draws_as_dongsha(&table_drawn);
        let Value::Object(m) = deal else {
            panic!("an object")
        };
        assert_eq!(v.check_fixed_roles(&seat_ids(9), m), Ok(()));
        dongsha_ignores(deal, unknown);
    }

    /// How many seats a game of `v` at `n` seats deals `role` when its deal is drawn (seed 1).
    pub(in crate::classic) fn dealt_by_draw(v: Variant, n: usize, role: &str) -> usize {
        let drawn = Game::start(&config(v, n, None)).expect("drawn");
        (1..=n)
            .filter(|i| {
                drawn
                    .seat_now(&format!("g{i}"))
                    .is_some_and(|s| s.role == role)
            })
            .count()
    }

    /// 东杀 itself has no fixed deal key `key` of `deal` (a table's, at 9 seats): its fixed deal
    /// check refuses it (`UnknownSetupKey`, as the server's fixed deal does), while the engine
    /// ignores it (replay.md: unknown setup keys are ignored), g5 a civilian.
    pub(in crate::classic) fn dongsha_ignores(deal: &Value, key: &str) {
        let dongsha = Variant::from_name("dongsha").expect("dongsha");
        let Value::Object(m) = deal else {
            panic!("an object")
        };
        assert_eq!(
            dongsha.check_fixed_roles(&seat_ids(9), m),
            Err(crate::ConfigError::UnknownSetupKey(key.into()))
        );
        let g = started(dongsha, 9, deal.clone());
        assert_eq!(g.seat_now("g5").map(|s| s.role), Some("civilian"));
    }

    /// A replay scenario (replay.md) of the table `document` (in place of `variant`) at `n`
    /// seats g1..g`n` (real IDs r1..r`n`), dealt `setup`, with `acts`.
    pub(in crate::classic) fn scenario(
        document: Value,
        n: usize,
        setup: Value,
        acts: Value,
    ) -> Value {
        let seats: Vec<Value> = (1..=n)
            .map(|i| json!({"game_id": format!("g{i}"), "real_id": format!("r{i}")}))
            .collect();
        json!({"document": document, "seats": seats, "setup": setup, "acts": acts})
    }

    /// `scenario` read and played: its lines, as JSON.
    pub(in crate::classic) fn replay(scenario: &Value) -> Vec<Value> {
        let s = crate::scenario::Scenario::parse(&scenario.to_string()).expect("it reads");
        let lines = s.run().expect("it plays");
        lines
            .iter()
            .map(|l| serde_json::to_value(l).expect("JSON"))
            .collect()
    }

    /// `scenario` at 东杀 itself: `variant` in place of its `document`.
    pub(in crate::classic) fn at_dongsha(scenario: &Value) -> Value {
        let mut preset = scenario.clone();
        if let Value::Object(m) = &mut preset {
            m.remove("document");
            m.insert("variant".into(), json!("dongsha"));
        }
        preset
    }

    /// The bots play 300 games of `v` at `seats` seats (seeds 0..300; each role across books
    /// acting as `bot.rs` plays it, R4-3, R5-1): every game ends, and the same games every time
    /// (seeded). Their tally.
    pub(in crate::classic) fn bots_play(v: Variant, seats: usize) -> crate::sim::SimStats {
        let params = crate::sim::SimParams {
            seats,
            guess: 0.0,
            max_phases: 400,
        };
        let run = || v.simulate(&params, 0..300, &crate::sim::Progress::default());
        let stats = run();
        assert_eq!(stats.games, 300, "{}", v.name());
        let ended: u64 = stats
            .outcomes
            .iter()
            .filter(|(o, _)| *o != "unfinished")
            .map(|(_, n)| n)
            .sum();
        assert_eq!(ended, 300, "every game ends: {stats:?}");
        assert_eq!(won(&stats, "unfinished"), 0, "every game ends: {stats:?}");
        assert_eq!(run(), stats, "seeded");
        stats
    }

    /// The games of `stats` that ended `outcome`.
    pub(in crate::classic) fn won(stats: &crate::sim::SimStats, outcome: &str) -> u64 {
        stats
            .outcomes
            .iter()
            .find(|(o, _)| *o == outcome)
            .map_or(0, |(_, n)| *n)
    }

    /// [`bots_play`], and both sides win some of the games.
    pub(in crate::classic) fn bots_win_on_both_sides(v: Variant, seats: usize) {
        let stats = bots_play(v, seats);
        assert!(
            won(&stats, "good") > 0 && won(&stats, "killers") > 0,
            "{stats:?}"
        );
    }

    #[test]
    fn r4_4_2_the_saved_victim_survives_and_the_night_is_peaceful() {
        let mut g = game("doctor-saves");
        assert_eq!(night(&mut g, Some("g6"), Some("g6")), vec![peaceful()]);
        assert!(g.seat_now("g6").is_some_and(|s| s.out.is_none()));
        // A save of another seat spares nobody: the victim dies (CL-1).
        to_night(&mut g);
        assert_eq!(night(&mut g, Some("g7"), Some("g8")), vec![out("g7")]);
    }

    #[test]
    fn r4_3_the_doctor_may_save_itself_and_replace_its_save() {
        let mut g = game("doctor-self");
        assert_eq!(
            submit(&mut g, "g5", json!({"type": "save", "target": "g6"})),
            None
        );
        // R4-3 with R4-4 (3)'s "may be replaced until the night ends": the last counts.
        assert_eq!(night(&mut g, Some("g5"), Some("g5")), vec![peaceful()]);
        assert!(g.seat_now("g5").is_some_and(|s| s.out.is_none()));
    }

    #[test]
    fn r4_4_4_two_saves_running_unattacked_kill_the_saved_seat() {
        let mut g = game("doctor-twice");
        assert_eq!(night(&mut g, None, Some("g6")), vec![peaceful()]);
        to_night(&mut g);
        assert_eq!(night(&mut g, None, Some("g6")), vec![out("g6")]);
        // CL-4: the first seat out (of 2 police dealt) leaves last words at dawn.
        assert_eq!(g.current_phase().kind, "last_words");
    }

    #[test]
    fn r4_4_4_an_attack_on_either_night_spares_the_twice_saved_seat() {
        // Attacked (and saved) on the first night.
        let mut g = game("doctor-attacked-first");
        assert_eq!(night(&mut g, Some("g6"), Some("g6")), vec![peaceful()]);
        to_night(&mut g);
        assert_eq!(night(&mut g, None, Some("g6")), vec![peaceful()]);
        // Attacked (and saved) on the second night.
        let mut g = game("doctor-attacked-second");
        assert_eq!(night(&mut g, None, Some("g6")), vec![peaceful()]);
        to_night(&mut g);
        assert_eq!(night(&mut g, Some("g6"), Some("g6")), vec![peaceful()]);
        // A night without a save starts the count again.
        let mut g = game("doctor-gap");
        assert_eq!(night(&mut g, None, Some("g6")), vec![peaceful()]);
        to_night(&mut g);
        assert_eq!(night(&mut g, None, None), vec![peaceful()]);
        to_night(&mut g);
        assert_eq!(night(&mut g, None, Some("g6")), vec![peaceful()]);
    }

    /// R4-4's order: the kill's death, then the doctor's rule's; CL-4 gives each last words
    /// while the seats out are at most the police dealt (2), in the order they went out; the
    /// day's speeches start after the last seat out (CL-5).
    #[test]
    fn r4_4_two_deaths_in_a_night_go_out_in_order_each_with_last_words() {
        let mut g = game("doctor-two-deaths");
        assert_eq!(night(&mut g, None, Some("g6")), vec![peaceful()]);
        to_night(&mut g);
        assert_eq!(
            night(&mut g, Some("g8"), Some("g6")),
            vec![out("g8"), out("g6")]
        );
        for speaker in ["g8", "g6"] {
            let now = g.table_now();
            assert_eq!(now.phase.kind, "last_words");
            assert_eq!(now.speaker.as_deref(), Some(speaker));
            g.resolve_phase();
        }
        let now = g.table_now();
        assert_eq!(now.phase.kind, "speech");
        assert_eq!(now.speaker.as_deref(), Some("g7"), "after g6, the last out");
    }

    /// CL-2: the check is told to the police as ever, the doctor learns nothing (R4-2) and a
    /// check of the doctor finds no killer.
    #[test]
    fn r4_2_the_doctor_learns_nobody_and_reads_as_not_a_killer() {
        let mut g = game("doctor-checked");
        let start: Vec<crate::Line> = g.transcript();
        assert!(
            !start
                .iter()
                .any(|l| matches!(l, crate::Line::Private { to, .. } if to == "g5")),
            "no teammates for the doctor"
        );
        assert_eq!(
            submit(&mut g, "g3", json!({"type": "check", "target": "g5"})),
            None
        );
        let lines = g.resolve_phase();
        let told: Vec<(String, Value)> = lines
            .into_iter()
            .filter_map(|l| match l {
                crate::Line::Private { to, event, .. } => Some((to, event.json().clone())),
                _ => None,
            })
            .collect();
        let result = json!({"type": "check_result", "target": "g5", "result": "not_killer"});
        assert_eq!(
            told,
            vec![
                ("g3".to_string(), result.clone()),
                ("g4".to_string(), result)
            ]
        );
    }

    /// R4-3: the save is the doctor's, at night, on a living seat; refused in the spec's order
    /// otherwise. The form and the seat's allowed actions follow.
    #[test]
    fn r4_3_only_the_living_doctor_saves_and_only_at_night() {
        let mut g = game("doctor-only");
        let save = |t: &str| json!({"type": "save", "target": t});
        for by in ["g1", "g3", "g6"] {
            assert_eq!(
                submit(&mut g, by, save("g6")),
                Some("not_your_role"),
                "{by}"
            );
            let allowed = g.seat_now(by).expect("a seat").allowed;
            assert!(!allowed.contains(&"save"), "{by}: {allowed:?}");
        }
        let doctor = g.seat_now("g5").expect("the doctor");
        assert_eq!(doctor.role, "doctor");
        assert_eq!(doctor.allowed, ["save"]);
        assert!(
            doctor.owes.action,
            "the save is owed until sent, as a kill is"
        );
        assert_eq!(submit(&mut g, "g5", save("nobody")), Some("bad_target"));
        assert_eq!(submit(&mut g, "g5", save("g7")), None);
        assert!(!g.seat_now("g5").expect("the doctor").owes.action);
        // The seat's view: its role, no team, its own save.
        let seat_view = g.view_for("g5").expect("a view");
        let sheet = g.variant().seat_sheet(&seat_view, false);
        assert_eq!(sheet.role, crate::message::Message::key("role-doctor"));
        assert_eq!(sheet.chosen, [("save", "target", "g7".to_string())]);
        let view = seat_view.json();
        assert_eq!(view["role"], "doctor");
        assert!(view.get("team").is_none());
        assert_eq!(view["save"], "g7");
        assert_eq!(view["actions"], json!(["save"]));
        assert!(
            g.view_for("g6")
                .expect("a view")
                .json()
                .get("save")
                .is_none()
        );
        g.resolve_phase();
        assert_ne!(g.current_phase().kind, "night");
        assert_eq!(submit(&mut g, "g5", save("g7")), Some("not_now"));
        // The form: kind `save`, a living seat, after the check's.
        let kinds: Vec<&str> = variant("doctor-only")
            .action_forms()
            .iter()
            .map(|f| f.kind)
            .collect();
        assert_eq!(
            kinds,
            ["kill", "check", "save", "explode", "surrender", "vote"]
        );
        let dongsha = Variant::from_name("dongsha").expect("dongsha");
        let kinds: Vec<&str> = dongsha.action_forms().iter().map(|f| f.kind).collect();
        assert_eq!(
            kinds,
            ["kill", "check", "explode", "surrender", "vote"],
            "no doctor"
        );
        // The doctor killed: out, so no save (and CL-9: no surrender, it has no team).
        let mut g = game("doctor-dead");
        night(&mut g, Some("g5"), None);
        to_night(&mut g);
        assert_eq!(submit(&mut g, "g5", save("g6")), Some("out"));
        let mut g = game("doctor-no-surrender");
        assert_eq!(
            submit(&mut g, "g5", json!({"type": "surrender"})),
            Some("not_your_role")
        );
        assert_eq!(g.current_phase().kind, "night");
        assert_eq!(Stage::Night.kind().map(|k| k.name()), Some("night"));
    }

    /// CL-10 with a doctor: it counts among the civilians, so all civilians are out only when
    /// the doctor is out too (`docs/setups.md`, "Roles across books"). 5 seats: the killer g1,
    /// the officer g2, the doctor g3, civilians g4 g5; all civilians out → the killers win.
    #[test]
    fn cl_10_the_doctor_counts_among_the_civilians() {
        let small = table("doctor-cl10", |d| {
            d["seats"] = json!({"min": 5, "max": 5});
            d["deal"] = json!([
                {"role": "killer", "count": 1},
                {"role": "police", "count": 1},
                {"role": "doctor", "count": 1}
            ]);
        });
        let deal = json!({"killers": ["g1"], "police": ["g2"], "doctors": ["g3"]});
        let mut g = Game::start(&config(small, 5, Some(deal))).expect("it starts");
        assert_eq!(
            submit(&mut g, "g1", json!({"type": "kill", "target": "g4"})),
            None
        );
        g.resolve_phase();
        to_vote(&mut g);
        cast(
            &mut g,
            &[("g1", "g5"), ("g2", "g5"), ("g3", "g5"), ("g5", "g5")],
        );
        g.resolve_phase();
        assert_eq!(
            g.outcome(),
            None,
            "the last civilian out, the doctor lives on"
        );
        to_night(&mut g);
        assert_eq!(
            night_of(&mut g, "g1", "g3"),
            vec![out("g3"), json!({"type": "game_over", "winner": "killers"})],
            "屠城: the doctor was the last civilian"
        );
        assert_eq!(
            g.seat_record("g3", Some("killers"))
                .map(|r| (r.role, r.won)),
            Some(("doctor", Some(false))),
            "the doctor is good"
        );
    }

    /// `by`'s kill on `target`, the night resolved; its public events.
    fn night_of(g: &mut Game, by: &str, target: &str) -> Vec<Value> {
        assert_eq!(
            submit(g, by, json!({"type": "kill", "target": target})),
            None
        );
        public(g.resolve_phase())
    }

    /// A fixed deal of a doctor table names its doctors (`doctors`, as the draw gives them);
    /// a wrong count or a seat dealt twice is refused. A table without a doctor has no such
    /// key: replay.md ignores it there, and the server's fixed deal refuses it.
    #[test]
    fn r4_3_a_fixed_deal_names_the_doctors() {
        let v = variant("doctor-deal");
        let start = |setup: Value| Game::start(&config(v, 9, Some(setup))).map(|_| ());
        assert_eq!(start(dongsha_deal(json!({"doctors": ["g9"]}))), Ok(()));
        refuses(
            v,
            9,
            &[
                (dongsha_deal(json!({})), "deals 1 doctor(s), not 0"),
                (
                    dongsha_deal(json!({"doctors": ["g5", "g6"]})),
                    "deals 1 doctor(s), not 2",
                ),
                (
                    dongsha_deal(json!({"doctors": ["g1"]})),
                    "\"g1\" is a killer and a doctor",
                ),
                (
                    dongsha_deal(json!({"doctors": ["x"]})),
                    "unknown seat \"x\" in doctors",
                ),
            ],
        );
        // The draw deals the doctor too, and a fixed deal has its keys.
        assert_eq!(dealt_by_draw(v, 9, "doctor"), 1);
        let ids = seat_ids(9);
        let fixed = |roles: Value| match roles {
            Value::Object(m) => v.check_fixed_roles(&ids, &m),
            _ => panic!("an object"),
        };
        assert!(fixed(dongsha_deal(json!({}))).is_err());
        let with_doctor = dongsha_deal(json!({"doctors": ["g5"]}));
        assert_eq!(fixed(with_doctor.clone()), Ok(()));
        // 东杀 itself: no doctor; `doctors` is ignored by the engine (replay.md: unknown setup
        // keys are ignored) and refused by the server's fixed deal.
        dongsha_ignores(&with_doctor, "doctors");
    }

    /// The bots play a doctor table to the end, the doctor saving a random living seat
    /// (itself allowed), from the seeded RNG: the same games every time.
    #[test]
    fn r4_3_bots_play_a_doctor_table_to_the_end() {
        bots_play(variant("doctor-bots"), 9);
    }

    /// A replay scenario of a doctor table (`document` in place of `variant`, replay.md): the
    /// doctor's `save` is taken with the night's actions, the saved victim lives, and the
    /// reply is `save_recorded`; the same save at 东杀 is another game's type, refused
    /// `not_your_role` as it always was.
    #[test]
    fn r4_4_2_a_replay_of_a_doctor_table_saves_the_victim() {
        let acts = json!([{"submit": [
            {"by": "g1", "action": {"type": "kill", "target": "g6"}},
            {"by": "g5", "action": {"type": "save", "target": "g6"}},
            {"by": "g3", "action": {"type": "check", "target": "g1"}}
        ]}]);
        let setup = dongsha_deal(json!({"doctors": ["g5"]}));
        let scenario = scenario(doctor_document(), 9, setup, acts);
        let lines = replay(&scenario);
        let has = |l: &Value| lines.contains(l);
        assert!(
            has(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": true,
                            "reply": {"type": "save_recorded"}})),
            "{lines:?}"
        );
        assert!(has(&json!({"kind": "public", "act": 1,
                            "event": {"type": "peaceful", "phase": "night"}})));
        assert!(has(&json!({"kind": "private", "act": 1, "to": "g3",
                            "event": {"type": "check_result", "target": "g1", "result": "killer"}})));
        let lines = replay(&at_dongsha(&scenario));
        assert!(
            lines.contains(&json!({"kind": "reply", "act": 1, "by": "g5", "ok": false,
                                       "error": "not_your_role"}))
        );
        assert!(lines.contains(&json!({"kind": "public", "act": 1,
                                       "event": {"type": "out", "target": "g6", "cause": "killed"}})));
    }
}
