//! One test (at least) per rule of `../shared/rules/deathnote.md`, named after it.
//! Seats are numbered from 1 here as in the ruling book: `p(3)` is seat 3, game ID `g3`,
//! real ID `r3`.

use std::sync::Arc;

use maku::rules::deathnote::{
    Audience, Cause, Change, Edition, Event, Fate, Fates, Game, Item, Name, NotebookId, Options,
    Refusal, Reply, Roster, Seat, SetupError, Winner, real_id_matches,
};

fn p(i: u8) -> Seat {
    Seat(i - 1)
}

fn g(i: u8) -> Name {
    Name::from(format!("g{i}").as_str())
}

fn roster(n: usize) -> Arc<Roster> {
    let pairs: Vec<(String, String)> = (1..=n)
        .map(|i| (format!("g{i}"), format!("r{i}")))
        .collect();
    Arc::new(Roster::new(&pairs).expect("valid roster"))
}

/// A game of `n` seats, seat `k1` holding N1 and `k2` N2.
fn game(n: usize, k1: u8, k2: u8) -> Game {
    game_with(n, k1, k2, Options::default())
}

fn game_with(n: usize, k1: u8, k2: u8, options: Options) -> Game {
    Game::new(roster(n), [p(k1), p(k2)], options, 7).expect("valid game")
}

/// A game played by the first edition of the ruling book (option `edition: 1`).
fn first_edition(n: usize, k1: u8, k2: u8) -> Game {
    game_with(
        n,
        k1,
        k2,
        Options {
            edition: Edition::First,
            ..Options::default()
        },
    )
}

/// Every living seat not in `silent` votes for itself (a wide tie: nobody is voted out).
fn self_votes(game: &mut Game, silent: &[u8]) {
    for i in 1..=game.seat_count() as u8 {
        if game.is_alive(p(i)) && !silent.contains(&i) {
            game.vote(p(i), &[p(i)]).expect("self vote");
        }
    }
}

/// Every living seat votes for `targets`.
fn all_vote(game: &mut Game, targets: &[u8]) {
    let t: Vec<Seat> = targets.iter().map(|&i| p(i)).collect();
    for i in 1..=game.seat_count() as u8 {
        if game.is_alive(p(i)) {
            game.vote(p(i), &t).expect("vote");
        }
    }
}

/// Every notebook holder passes with every notebook she owes.
fn pass_all(game: &mut Game) {
    for i in 1..=game.seat_count() as u8 {
        while game.is_alive(p(i)) && game.owes_action(p(i)) {
            game.pass(p(i), None).expect("pass");
        }
    }
}

/// A quiet act: Kiras pass, everyone votes for herself, resolution.
fn quiet_act(game: &mut Game) {
    pass_all(game);
    self_votes(game, &[]);
    game.resolve();
}

/// Seat 2 gives N2 to seat 3 in act 1 (DN-18), then `quiet` quiet acts pass.
fn n2_given_to_seat_3(mut game: Game, quiet: usize) -> Game {
    game.transfer(p(2), p(3), None).unwrap();
    for _ in 0..quiet {
        quiet_act(&mut game);
    }
    game
}

fn events_of(game: &Game, act: u32, audience: Audience) -> Vec<Event> {
    game.log()
        .iter()
        .filter(|e| e.act == act && e.audience == audience)
        .filter_map(|e| match &e.item {
            Item::Event(ev) => Some(ev.clone()),
            _ => None,
        })
        .collect()
}

fn public(game: &Game, act: u32) -> Vec<Event> {
    events_of(game, act, Audience::Public)
}

fn private(game: &Game, act: u32, seat: u8) -> Vec<Event> {
    events_of(game, act, Audience::Seat(p(seat)))
}

fn out(target: u8, cause: Cause) -> Event {
    Event::Out {
        target: g(target),
        cause,
        kira: false,
        notebook: None,
    }
}

fn kira_out(target: u8, cause: Cause, fate: Fate) -> Event {
    Event::Out {
        target: g(target),
        cause,
        kira: true,
        notebook: Some(Fates::One(fate)),
    }
}

fn holder(game: &Game, id: NotebookId) -> Option<Seat> {
    game.notebook(id).holder
}

// ---------------------------------------------------------------- Setup

#[test]
fn dn_01_games_start_with_6_to_40_seats() {
    let pairs = |n: usize| -> Vec<(String, String)> {
        (1..=n)
            .map(|i| (format!("g{i}"), format!("r{i}")))
            .collect()
    };
    assert_eq!(
        Roster::new(&pairs(5)).unwrap_err(),
        SetupError::SeatCount(5)
    );
    assert_eq!(
        Roster::new(&pairs(41)).unwrap_err(),
        SetupError::SeatCount(41)
    );
    assert!(Roster::new(&pairs(6)).is_ok());
    assert!(Roster::new(&pairs(40)).is_ok());
    let dup = vec![
        ("a", "1"),
        ("b", "2"),
        ("c", "3"),
        ("d", "4"),
        ("e", "5"),
        ("a", "6"),
    ];
    assert!(matches!(
        Roster::new(&dup),
        Err(SetupError::DuplicateGameId(_))
    ));
}

#[test]
fn dn_02_two_kiras_first_gets_n1_second_n2_and_random_deal_is_seeded() {
    let game = game(9, 4, 7);
    assert_eq!(holder(&game, NotebookId::N1), Some(p(4)));
    assert_eq!(holder(&game, NotebookId::N2), Some(p(7)));
    // They do not learn each other.
    assert_eq!(game.partner(p(4)), None);
    assert!(private(&game, 1, 4).is_empty());
    // A seeded draw: two different seats, the same for the same seed.
    let a = Game::new_random(roster(18), Options::default(), 42).unwrap();
    let b = Game::new_random(roster(18), Options::default(), 42).unwrap();
    let ha = (holder(&a, NotebookId::N1), holder(&a, NotebookId::N2));
    assert_eq!(ha, (holder(&b, NotebookId::N1), holder(&b, NotebookId::N2)));
    assert_ne!(ha.0, ha.1);
    // Different seeds give different deals somewhere.
    let deals: std::collections::HashSet<_> = (0..20)
        .map(|s| {
            let g = Game::new_random(roster(18), Options::default(), s).unwrap();
            (holder(&g, NotebookId::N1), holder(&g, NotebookId::N2))
        })
        .collect();
    assert!(deals.len() > 1);
    assert_eq!(
        Game::new(roster(9), [p(2), p(2)], Options::default(), 1).unwrap_err(),
        SetupError::KiraCount
    );
}

#[test]
fn dn_03_each_seat_is_told_its_game_id_and_role() {
    let game = game(9, 1, 2);
    let kira = game.view_for(p(2)).unwrap();
    assert_eq!(kira.game_id, g(2));
    assert_eq!(kira.role, "kira");
    assert_eq!(kira.notebooks.len(), 1);
    assert_eq!(kira.notebooks[0].notebook, NotebookId::N2);
    let good = game.view_for(p(5)).unwrap();
    assert_eq!(good.role, "good");
    assert!(good.notebooks.is_empty());
    assert_eq!(good.real_id.as_str(), "r5");
    assert!(game.view_for(Seat(9)).is_none());
}

/// DN-18: a Kira's view says a notebook can be transferred only when a transfer can be made
/// now: never transferred, more than 8 seats alive, and the holder without the Eye. A notebook
/// never transferred is not "transferable" with 8 alive (issue 38 item 11).
#[test]
fn dn_18_the_view_says_a_notebook_can_be_transferred_only_when_it_can() {
    let game9 = game(9, 1, 2);
    let nb = &game9.view_for(p(1)).unwrap().notebooks[0];
    assert!(nb.transferable && nb.can_transfer, "{nb:?}");
    let game8 = game(8, 1, 2);
    let nb = &game8.view_for(p(1)).unwrap().notebooks[0];
    assert!(nb.transferable, "never transferred: {nb:?}");
    assert!(!nb.can_transfer, "8 alive: no transfer can be made: {nb:?}");
    // After its one transfer, the receiver cannot pass it on.
    let mut game = game(16, 1, 2);
    game.transfer(p(1), p(3), None).unwrap();
    let nb = &game.view_for(p(3)).unwrap().notebooks[0];
    assert!(!nb.transferable && !nb.can_transfer, "{nb:?}");
}

// ---------------------------------------------------------------- Turns

#[test]
fn dn_04_n1_on_turn_in_odd_acts_n2_in_even_acts_and_exceptions() {
    let mut game = game(9, 1, 2);
    assert!(game.notebook(NotebookId::N1).on_turn);
    assert!(!game.notebook(NotebookId::N2).on_turn);
    quiet_act(&mut game);
    assert_eq!(game.act(), 2);
    assert!(!game.notebook(NotebookId::N1).on_turn);
    assert!(game.notebook(NotebookId::N2).on_turn);
    // N1 destroyed: N2, the only one left, is on turn in odd acts too.
    game.pass(p(2), None).unwrap();
    all_vote(&mut game, &[1]);
    game.resolve();
    assert_eq!(holder(&game, NotebookId::N1), None);
    assert_eq!(game.act(), 3);
    assert!(game.notebook(NotebookId::N2).on_turn);

    // A join made during an act counts from the next act.
    let mut game = self::game(9, 1, 2);
    assert_eq!(
        game.join(p(1), p(2), None),
        Ok(Reply::JoinSucceeded { partner: g(2) })
    );
    assert!(!game.notebook(NotebookId::N2).on_turn);
    assert_eq!(game.pass(p(2), None), Err(Refusal::NotYourTurn));
    self_votes(&mut game, &[]);
    game.resolve();
    assert!(game.notebook(NotebookId::N1).on_turn && game.notebook(NotebookId::N2).on_turn);
}

#[test]
fn dn_05_own_turn_is_a_held_notebook_on_turn() {
    let mut game = game(9, 1, 2);
    assert!(game.has_own_turn(p(1)));
    assert!(!game.has_own_turn(p(2)));
    assert_eq!(game.eye_request(p(2)), Err(Refusal::NotYourTurn));
    assert_eq!(game.kill(p(2), p(5), "r5", None), Err(Refusal::NotYourTurn));
    quiet_act(&mut game);
    assert!(game.has_own_turn(p(2)));
    assert!(!game.has_own_turn(p(1)));
}

#[test]
fn dn_06_no_action_is_suicide_but_a_received_notebook_carries_no_duty() {
    let mut game = game(9, 1, 2);
    self_votes(&mut game, &[]);
    game.resolve();
    assert_eq!(
        public(&game, 1),
        vec![kira_out(1, Cause::NoAction, Fate::Destroyed)]
    );

    // N1 is transferred before acting: neither giver nor receiver owes it this act...
    let mut game = self::game(10, 1, 2);
    game.transfer(p(1), p(3), None).unwrap();
    assert!(!game.owes_action(p(1)) && !game.owes_action(p(3)));
    // ...but the receiver may still use it, once.
    assert_eq!(game.pass(p(3), None), Ok(Reply::Passed));
    assert_eq!(game.pass(p(3), None), Err(Refusal::AlreadyActed));
    self_votes(&mut game, &[]);
    game.resolve();
    assert_eq!(public(&game, 1), vec![Event::NotebookTransferred]);
    assert!(game.is_alive(p(3)));
}

#[test]
fn dn_06a_a_seat_holding_both_names_the_notebook() {
    // Seat 1 kills seat 2 (the other Kira) and takes N2.
    let mut game = game(9, 1, 2);
    game.kill(p(1), p(2), "r2", None).unwrap();
    self_votes(&mut game, &[]);
    game.resolve();
    assert!(game.holds_both(p(1)));
    // Naming a notebook: kill with N2, then the unnamed pass uses N1.
    assert_eq!(
        game.kill(p(1), p(5), "r5", Some(2)),
        Ok(Reply::KillSucceeded)
    );
    assert!(game.notebook(NotebookId::N2).acted && !game.notebook(NotebookId::N1).acted);
    assert_eq!(game.pass(p(1), Some(2)), Err(Refusal::AlreadyActed));
    assert_eq!(game.pass(p(1), None), Ok(Reply::Passed));
    assert!(game.notebook(NotebookId::N1).acted);
    // A notebook she does not hold (or that does not exist) is refused.
    let mut game = self::game(9, 1, 2);
    assert_eq!(game.pass(p(1), Some(2)), Err(Refusal::BadNotebook));
    assert_eq!(game.pass(p(1), Some(3)), Err(Refusal::BadNotebook));
    assert_eq!(game.heir(p(1), p(4), Some(2)), Err(Refusal::BadNotebook));
    assert_eq!(game.pass(p(1), Some(1)), Ok(Reply::Passed));
}

// ---------------------------------------------------------------- Kill

#[test]
fn dn_07_real_id_match_trims_and_folds_ascii_case_only() {
    assert!(real_id_matches("  ALICE ", "alice"));
    assert!(real_id_matches("alice", " Alice"));
    assert!(!real_id_matches("alic", "alice"));
    assert!(
        !real_id_matches("ÄLICE", "älice"),
        "non-ASCII letters compare exactly"
    );
    assert!(!real_id_matches("a lice", "alice"));
    let mut game = game(9, 1, 2);
    assert_eq!(
        game.kill(p(1), p(5), "  R5\t", None),
        Ok(Reply::KillSucceeded)
    );
    // A kill must name a living seat other than herself.
    let mut game = self::game(9, 1, 2);
    assert_eq!(game.kill(p(1), p(1), "r1", None), Err(Refusal::SelfTarget));
    assert_eq!(
        game.kill(p(1), Seat(30), "r1", None),
        Err(Refusal::BadTarget)
    );
}

#[test]
fn dn_08_failed_kill_reply_gives_the_true_real_id_unless_eye_held() {
    let mut game = game(9, 1, 2);
    assert_eq!(
        game.kill(p(1), p(5), "r6", None),
        Ok(Reply::KillFailed {
            real_id: Some(Name::from("r5"))
        })
    );
    let mut game = self::game(9, 1, 2);
    game.eye_request(p(1)).unwrap();
    assert_eq!(
        game.kill(p(1), p(5), "r6", None),
        Ok(Reply::KillFailed { real_id: None })
    );
}

#[test]
fn dn_09_a_kill_takes_effect_at_resolution_and_a_target_is_taken_once() {
    let mut game = game(9, 1, 2);
    game.kill(p(1), p(2), "r2", None).unwrap();
    self_votes(&mut game, &[]);
    game.resolve();
    // Seat 1 holds both; a second kill on a seat already killed this act is refused.
    assert_eq!(
        game.kill(p(1), p(5), "wrong", Some(1)),
        Ok(Reply::KillFailed {
            real_id: Some(Name::from("r5"))
        })
    );
    // After a failed kill the same target may be tried with another notebook on turn.
    assert_eq!(game.kill(p(1), p(5), "r5", None), Ok(Reply::KillSucceeded));
    assert!(game.is_alive(p(5)), "out only at resolution");
    // The target still votes as normal.
    assert_eq!(game.vote(p(5), &[p(6)]), Ok(Reply::VoteRecorded));
    let mut both = self::game(9, 1, 2);
    both.join(p(1), p(2), None).unwrap();
    self_votes(&mut both, &[]);
    both.resolve();
    both.kill(p(1), p(5), "r5", None).unwrap();
    assert_eq!(both.kill(p(2), p(5), "r5", None), Err(Refusal::TargetTaken));
    assert_eq!(both.kill(p(2), p(6), "r6", None), Ok(Reply::KillSucceeded));
    self_votes(&mut both, &[]);
    both.resolve();
    assert_eq!(
        public(&both, 2),
        vec![out(5, Cause::Killed), out(6, Cause::Killed)]
    );
}

#[test]
fn dn_10_a_failed_kill_is_public_without_the_killer() {
    let mut game = game(9, 1, 2);
    game.kill(p(1), p(5), "r6", None).unwrap();
    self_votes(&mut game, &[]);
    game.resolve();
    assert_eq!(public(&game, 1), vec![Event::KillFailed { target: g(5) }]);
    assert!(game.is_alive(p(5)));
}

// ---------------------------------------------------------------- Join

#[test]
fn dn_11_join_succeeds_iff_the_target_holds_a_notebook() {
    let mut game = game(9, 1, 2);
    assert_eq!(game.join(p(1), p(5), None), Ok(Reply::JoinFailed));
    // The join used the notebook's action.
    assert_eq!(
        game.kill(p(1), p(6), "r6", None),
        Err(Refusal::AlreadyActed)
    );
    self_votes(&mut game, &[]);
    game.resolve();
    assert_eq!(public(&game, 1), vec![Event::Join { succeeded: false }]);
    assert!(private(&game, 1, 5).is_empty());

    let mut game = self::game(9, 1, 2);
    assert_eq!(
        game.join(p(1), p(2), None),
        Ok(Reply::JoinSucceeded { partner: g(2) })
    );
    assert_eq!(private(&game, 1, 2), vec![Event::Joined { partner: g(1) }]);
    self_votes(&mut game, &[]);
    game.resolve();
    assert_eq!(public(&game, 1), vec![Event::Join { succeeded: true }]);
    assert_eq!(game.partner(p(2)), Some(p(1)));
}

#[test]
fn dn_12_joined_kiras_are_on_turn_every_act_and_cannot_join_again() {
    let mut game = game(9, 1, 2);
    game.join(p(1), p(2), None).unwrap();
    self_votes(&mut game, &[]);
    game.resolve();
    for _ in 0..2 {
        assert!(game.owes_action(p(1)) && game.owes_action(p(2)));
        assert_eq!(game.join(p(2), p(1), None), Err(Refusal::JoinUnavailable));
        quiet_act(&mut game);
    }
    // Each must act: one who does not goes out.
    game.pass(p(1), None).unwrap();
    self_votes(&mut game, &[]);
    game.resolve();
    assert_eq!(
        public(&game, 4),
        vec![kira_out(2, Cause::NoAction, Fate::Destroyed)]
    );
    // Holding both notebooks: no join.
    let mut game = self::game(9, 1, 2);
    game.kill(p(1), p(2), "r2", None).unwrap();
    self_votes(&mut game, &[]);
    game.resolve();
    assert_eq!(game.join(p(1), p(5), None), Err(Refusal::JoinUnavailable));
}

#[test]
fn dn_13_transfer_breaks_the_join_and_recapture_restores_it() {
    let mut game = game(10, 1, 2);
    game.join(p(1), p(2), None).unwrap();
    self_votes(&mut game, &[]);
    game.resolve();
    // Act 2: seat 1 transfers N1 to seat 3: the join is broken. His window: resolutions 4, 5.
    game.transfer(p(1), p(3), None).unwrap();
    assert_eq!(game.partner(p(2)), None);
    game.pass(p(2), None).unwrap();
    self_votes(&mut game, &[]);
    game.resolve();
    assert!(
        !game.notebook(NotebookId::N2).on_turn,
        "not joined any more"
    );
    quiet_act(&mut game); // act 3
    // Act 4: seat 3 (N1) is voted out; seat 1 recaptures: both hold notebooks again.
    all_vote(&mut game, &[3]);
    pass_all(&mut game);
    game.resolve();
    assert_eq!(
        public(&game, 4),
        vec![kira_out(3, Cause::Voted, Fate::Recaptured)]
    );
    assert!(private(&game, 4, 1).contains(&Event::Joined { partner: g(2) }));
    assert!(private(&game, 4, 2).contains(&Event::Joined { partner: g(1) }));
    assert_eq!(game.partner(p(1)), Some(p(2)));
    assert!(game.notebook(NotebookId::N1).on_turn && game.notebook(NotebookId::N2).on_turn);
}

#[test]
fn dn_13_a_join_comes_back_after_a_redistribution_in_the_same_resolution() {
    // Seats 1 (N1) and 2 (N2) join in act 1, then both give their notebooks away (seat 3 gets
    // N1 and names seat 1 its heir, seat 4 gets N2 and names seat 2). The windows are
    // resolutions 3 and 4 (DN-19). At resolution 3 seats 3 and 4 go out for not voting: no
    // recapture (DN-17: only voted out or killed), both notebooks are destroyed, 14 are alive,
    // and both are dealt again to their heirs (DN-23/24) — the last joined pair. Step 7:
    // redistribute first, then restore the join in that same resolution (DN-13).
    let mut game = game(16, 1, 2);
    assert_eq!(
        game.join(p(1), p(2), None),
        Ok(Reply::JoinSucceeded { partner: g(2) })
    );
    game.transfer(p(1), p(3), None).unwrap();
    game.transfer(p(2), p(4), None).unwrap();
    assert_eq!(
        game.partner(p(1)),
        None,
        "DN-13: a transfer breaks the join"
    );
    game.heir(p(3), p(1), None).unwrap();
    game.heir(p(4), p(2), None).unwrap();
    self_votes(&mut game, &[]);
    game.resolve();
    quiet_act(&mut game);
    pass_all(&mut game);
    self_votes(&mut game, &[3, 4]);
    game.resolve();
    assert_eq!(
        public(&game, 3),
        vec![
            kira_out(3, Cause::NoVote, Fate::Destroyed),
            kira_out(4, Cause::NoVote, Fate::Destroyed),
            Event::Redistributed { count: 2 },
        ]
    );
    assert_eq!(holder(&game, NotebookId::N1), Some(p(1)));
    assert_eq!(holder(&game, NotebookId::N2), Some(p(2)));
    assert_eq!(
        private(&game, 3, 1),
        vec![
            Event::NotebookReceived {
                notebook: NotebookId::N1,
                transferable: false
            },
            Event::Joined { partner: g(2) },
        ]
    );
    assert!(private(&game, 3, 2).contains(&Event::Joined { partner: g(1) }));
    assert_eq!(game.partner(p(2)), Some(p(1)));
    // Joined from the resolution on: both are on turn in act 4 (DN-12).
    assert!(game.notebook(NotebookId::N1).on_turn && game.notebook(NotebookId::N2).on_turn);
}

// ---------------------------------------------------------------- Votes

#[test]
fn dn_14_ballot_size_follows_kiras_at_opening_and_the_last_ballot_counts() {
    let mut game = game(9, 1, 2);
    assert_eq!(game.vote(p(5), &[p(6), p(7)]), Ok(Reply::VoteRecorded));
    assert_eq!(
        game.vote(p(5), &[p(6), p(7), p(8)]),
        Err(Refusal::BallotSize)
    );
    assert_eq!(game.vote(p(5), &[]), Err(Refusal::BallotSize));
    assert_eq!(
        game.vote(p(5), &[p(6), p(6)]),
        Err(Refusal::DuplicateTarget)
    );
    assert_eq!(
        game.vote(p(5), &[p(5)]),
        Ok(Reply::VoteRecorded),
        "self vote allowed"
    );
    // Replaced: the last ballot counts (seat 3 out with 9 votes, not seat 4).
    for i in 1..=9 {
        game.vote(p(i), &[p(4)]).unwrap();
        game.vote(p(i), &[p(3)]).unwrap();
    }
    game.pass(p(1), None).unwrap();
    game.resolve();
    assert_eq!(public(&game, 1), vec![out(3, Cause::Voted)]);
    // Seat 1 goes out: K = 1 from the next act on, and the ballot takes one name.
    all_vote(&mut game, &[1]);
    game.pass(p(2), None).unwrap();
    game.resolve();
    assert_eq!(game.ballot_limit(), 1);
    assert_eq!(game.vote(p(5), &[p(6), p(7)]), Err(Refusal::BallotSize));
    assert_eq!(game.vote(p(5), &[p(1)]), Err(Refusal::BadTarget));
}

/// Casts the given ballots (seat, names), then resolves with the Kiras passing.
fn tally_act(game: &mut Game, ballots: &[(u8, &[u8])]) -> Vec<Event> {
    pass_all(game);
    for (voter, names) in ballots {
        let t: Vec<Seat> = names.iter().map(|&i| p(i)).collect();
        game.vote(p(*voter), &t).unwrap();
    }
    let act = game.act();
    game.resolve();
    public(game, act)
}

#[test]
fn dn_15_two_kiras_unique_top_and_second() {
    let mut game = game(9, 1, 2);
    let ev = tally_act(
        &mut game,
        &[
            (1, &[5]),
            (2, &[5]),
            (3, &[5]),
            (4, &[5, 6]),
            (5, &[6]),
            (6, &[6]),
            (7, &[7]),
            (8, &[8]),
            (9, &[9]),
        ],
    );
    assert_eq!(ev, vec![out(5, Cause::Voted), out(6, Cause::Voted)]);
}

#[test]
fn dn_15_two_kiras_shared_second_puts_only_the_top_out() {
    let mut game = game(9, 1, 2);
    let ev = tally_act(
        &mut game,
        &[
            (1, &[5]),
            (2, &[5]),
            (3, &[5]),
            (4, &[5, 6]),
            (5, &[6]),
            (6, &[7]),
            (7, &[7]),
            (8, &[8]),
            (9, &[9]),
        ],
    );
    assert_eq!(ev, vec![out(5, Cause::Voted)]);
}

#[test]
fn dn_15_two_kiras_two_top_both_out_three_top_nobody() {
    let mut game = game(9, 1, 2);
    let ev = tally_act(
        &mut game,
        &[
            (1, &[9, 3]),
            (2, &[3, 9]),
            (3, &[4]),
            (4, &[5]),
            (5, &[6]),
            (6, &[7]),
            (7, &[8]),
            (8, &[3]),
            (9, &[9]),
        ],
    );
    assert_eq!(ev, vec![out(3, Cause::Voted), out(9, Cause::Voted)]);
    let mut game = self::game(9, 1, 2);
    let ev = tally_act(
        &mut game,
        &[
            (1, &[3, 4]),
            (2, &[5]),
            (3, &[3]),
            (4, &[4]),
            (5, &[5]),
            (6, &[6]),
            (7, &[7]),
            (8, &[8]),
            (9, &[9]),
        ],
    );
    assert!(ev.is_empty(), "three share the top: nobody out, got {ev:?}");
}

#[test]
fn dn_15_one_kira_unique_top_only() {
    // Seat 2 is voted out in act 1 (its N2 destroyed): K = 1 from act 2.
    let mut game = game(9, 1, 2);
    let ballots: Vec<(u8, &[u8])> = (1..=9).map(|i| (i, &[2u8][..])).collect();
    tally_act(&mut game, &ballots);
    assert_eq!(game.kira_count(), 1);
    let ev = tally_act(
        &mut game,
        &[
            (1, &[5]),
            (3, &[5]),
            (4, &[4]),
            (5, &[6]),
            (6, &[6]),
            (7, &[5]),
            (8, &[8]),
            (9, &[9]),
        ],
    );
    assert_eq!(ev, vec![out(5, Cause::Voted)]);
    let ev = tally_act(
        &mut game,
        &[
            (1, &[3]),
            (3, &[4]),
            (4, &[4]),
            (6, &[3]),
            (7, &[7]),
            (8, &[8]),
            (9, &[9]),
        ],
    );
    assert!(
        ev.is_empty(),
        "tie at the top with K = 1: nobody, got {ev:?}"
    );
}

#[test]
fn dn_15_a_seat_already_out_is_skipped_and_its_slot_not_passed_on() {
    let mut game = game(9, 1, 2);
    game.kill(p(1), p(5), "r5", None).unwrap();
    // Seat 5 tops the vote, seat 6 second, seat 7 third.
    let ev = tally_act(
        &mut game,
        &[
            (1, &[5]),
            (2, &[5]),
            (3, &[5]),
            (4, &[6]),
            (5, &[6]),
            (6, &[7]),
            (7, &[4]),
            (8, &[8]),
            (9, &[9]),
        ],
    );
    assert_eq!(ev, vec![out(5, Cause::Killed), out(6, Cause::Voted)]);
    assert!(game.is_alive(p(7)));
}

/// Option `publish_votes`: the act's counts per seat, ballots of one or two
/// names each place counting one (DN-14/15), most votes first then seat order; nobody named.
#[test]
fn option_publish_votes_counts_every_place_of_every_ballot() {
    let ballots: &[(u8, &[u8])] = &[
        (1, &[5]),
        (2, &[5]),
        (3, &[5]),
        (4, &[5, 6]),
        (5, &[6]),
        (6, &[9, 6]),
        (7, &[7]),
        (8, &[9]),
    ];
    let on = Options {
        publish_votes: true,
        ..Options::default()
    };
    let mut with = game_with(9, 1, 2, on);
    let mut without = game(9, 1, 2);
    assert_eq!(with.published_votes(), Some(vec![]), "no ballots yet");
    assert_eq!(without.published_votes(), None, "off by default");
    for game in [&mut with, &mut without] {
        pass_all(game);
        for (voter, names) in ballots {
            let t: Vec<Seat> = names.iter().map(|&i| p(i)).collect();
            game.vote(p(*voter), &t).expect("ballot");
        }
    }
    // A replaced ballot counts once, as its last version (DN-14).
    with.vote(p(7), &[p(8)]).expect("ballot");
    without.vote(p(7), &[p(8)]).expect("ballot");
    let counts = vec![(p(5), 4), (p(6), 3), (p(9), 2), (p(8), 1)];
    assert_eq!(with.vote_counts(), counts);
    assert_eq!(without.vote_counts(), counts, "counted either way");
    assert_eq!(with.published_votes(), Some(counts));
    assert_eq!(without.published_votes(), None);
    with.resolve();
    without.resolve();
    assert_eq!(
        public(&with, 1),
        public(&without, 1),
        "the option changes no event"
    );
    assert_eq!(
        public(&with, 1),
        vec![
            out(5, Cause::Voted),
            out(6, Cause::Voted),
            out(9, Cause::NoVote)
        ]
    );
    assert_eq!(
        with.published_votes(),
        Some(vec![]),
        "the next act starts at zero"
    );
}

/// Options are checked at creation: `publish_votes` is known and must be a boolean.
#[test]
fn option_publish_votes_is_checked_at_creation() {
    let v = maku::rules::Variant::from_name("deathnote").expect("variant");
    assert!(
        v.check_options(&serde_json::json!({"publish_votes": true}))
            .is_ok()
    );
    assert!(
        v.check_options(&serde_json::json!({"publish_votes": false}))
            .is_ok()
    );
    assert!(
        v.check_options(&serde_json::json!({"publish_votes": "yes"}))
            .is_err()
    );
    assert!(
        v.check_options(&serde_json::json!({"publish_vote": true}))
            .is_err()
    );
    assert!(!Options::default().publish_votes);
}

#[test]
fn dn_16_no_ballot_is_suicide_after_the_tally_not_counted_in_its_limit() {
    let mut game = game(9, 1, 2);
    game.pass(p(1), None).unwrap();
    for i in 1..=7 {
        game.vote(p(i), &[p(3), p(4)]).unwrap();
    }
    game.resolve();
    assert_eq!(
        public(&game, 1),
        vec![
            out(3, Cause::Voted),
            out(4, Cause::Voted),
            out(8, Cause::NoVote),
            out(9, Cause::NoVote)
        ]
    );
}

// ---------------------------------------------------------------- Notebooks

#[test]
fn dn_17_a_killed_kiras_notebook_is_taken_by_her_killer() {
    let mut game = game(9, 1, 2);
    game.kill(p(1), p(2), "r2", None).unwrap();
    self_votes(&mut game, &[]);
    game.resolve();
    assert_eq!(
        public(&game, 1),
        vec![kira_out(2, Cause::Killed, Fate::Taken)]
    );
    assert_eq!(
        private(&game, 1, 1),
        vec![Event::NotebookReceived {
            notebook: NotebookId::N2,
            transferable: true
        }]
    );
    assert!(game.holds_both(p(1)));
    // Voted out holding both: both destroyed, listed.
    game.pass(p(1), None).unwrap();
    game.pass(p(1), None).unwrap();
    all_vote(&mut game, &[1]);
    game.resolve();
    assert_eq!(
        public(&game, 2),
        vec![
            Event::Out {
                target: g(1),
                cause: Cause::Voted,
                kira: true,
                notebook: Some(Fates::Two([Fate::Destroyed, Fate::Destroyed])),
            },
            Event::GameOver {
                winner: Winner::Good
            }
        ]
    );
}

#[test]
fn dn_17_a_killer_out_earlier_in_the_step_takes_nothing() {
    let mut game = game(9, 1, 2);
    game.join(p(1), p(2), None).unwrap();
    self_votes(&mut game, &[]);
    game.resolve();
    game.kill(p(1), p(2), "r2", None).unwrap();
    game.kill(p(2), p(1), "r1", None).unwrap();
    self_votes(&mut game, &[]);
    game.resolve();
    assert_eq!(
        public(&game, 2),
        vec![
            kira_out(2, Cause::Killed, Fate::Taken),
            Event::Out {
                target: g(1),
                cause: Cause::Killed,
                kira: true,
                notebook: Some(Fates::Two([Fate::Destroyed, Fate::Destroyed])),
            },
            Event::GameOver {
                winner: Winner::Good
            }
        ]
    );
}

#[test]
fn dn_18_transfer_rules() {
    // 8 or fewer alive: no transfer.
    let mut small = game(8, 1, 2);
    assert_eq!(
        small.transfer(p(1), p(3), None),
        Err(Refusal::TransferUnavailable)
    );
    let mut game = self::game(10, 1, 2);
    assert_eq!(game.transfer(p(5), p(3), None), Err(Refusal::NotKira));
    assert_eq!(game.transfer(p(2), p(2), None), Err(Refusal::SelfTarget));
    assert_eq!(game.transfer(p(2), Seat(77), None), Err(Refusal::BadTarget));
    // Any time, even off turn; effective at once; the receiver is told, not who gave it.
    assert_eq!(game.transfer(p(2), p(3), None), Ok(Reply::Transferred));
    assert_eq!(holder(&game, NotebookId::N2), Some(p(3)));
    assert!(!game.is_kira(p(2)));
    assert_eq!(
        private(&game, 1, 3),
        vec![Event::NotebookReceived {
            notebook: NotebookId::N2,
            transferable: false
        }]
    );
    // Once per notebook in the game.
    assert_eq!(
        game.transfer(p(3), p(4), None),
        Err(Refusal::TransferUnavailable)
    );
    // The receiver may be the other Kira; never while holding the Eye.
    game.eye_request(p(1)).unwrap();
    assert_eq!(
        game.transfer(p(1), p(4), None),
        Err(Refusal::TransferUnavailable)
    );
    game.pass(p(1), None).unwrap();
    self_votes(&mut game, &[]);
    game.resolve();
    assert_eq!(
        public(&game, 1),
        vec![Event::NotebookTransferred, Event::EyeAcquired]
    );
}

#[test]
fn dn_19_the_giver_recaptures_within_his_window_t_plus_2_and_t_plus_3() {
    for (voted_in, recaptured) in [(2, false), (3, true), (4, true)] {
        let mut game = n2_given_to_seat_3(game(12, 1, 2), 0);
        for _ in 1..voted_in {
            quiet_act(&mut game);
        }
        // Resolution `voted_in`: seat 3 holds N2 and is voted out.
        pass_all(&mut game);
        all_vote(&mut game, &[3]);
        game.resolve();
        if recaptured {
            assert_eq!(
                public(&game, voted_in),
                vec![kira_out(3, Cause::Voted, Fate::Recaptured)]
            );
            assert_eq!(
                private(&game, voted_in, 2),
                vec![Event::Recaptured {
                    notebook: NotebookId::N2
                }]
            );
            assert_eq!(holder(&game, NotebookId::N2), Some(p(2)));
            assert_eq!(
                game.window(NotebookId::N2),
                None,
                "a recapture closes his window"
            );
        } else {
            // Resolution T+1 is before the window (the transfer is only published in post T+1).
            assert_eq!(
                public(&game, voted_in),
                vec![kira_out(3, Cause::Voted, Fate::Destroyed)],
                "resolution {voted_in}"
            );
            assert!(game.window(NotebookId::N2).is_some());
        }
    }
}

#[test]
fn dn_19_the_window_expires_at_t_plus_3() {
    let mut game = n2_given_to_seat_3(game(10, 1, 2), 0);
    for _ in 1..=3 {
        quiet_act(&mut game);
    }
    assert!(game.is_alive(p(2)), "alive after resolution T+2");
    quiet_act(&mut game);
    assert_eq!(public(&game, 4), vec![out(2, Cause::TransferExpired)]);
    // Killed meanwhile: announced as good.
    let mut game = n2_given_to_seat_3(self::game(10, 1, 2), 0);
    game.kill(p(1), p(2), "r2", None).unwrap();
    self_votes(&mut game, &[]);
    game.resolve();
    assert_eq!(
        public(&game, 1),
        vec![Event::NotebookTransferred, out(2, Cause::Killed)]
    );
}

#[test]
fn dn_19_the_other_window_recaptures_when_the_own_transferrer_has_none() {
    // Seat 2 gives N2 to seat 3 in act 1 (window: resolutions 3 and 4). Seat 1, holding N1
    // (never transferred), is voted out at resolution 3: the one other seat whose window is
    // open (seat 2) recaptures.
    let mut game = n2_given_to_seat_3(game(10, 1, 2), 2);
    pass_all(&mut game);
    all_vote(&mut game, &[1]);
    game.resolve();
    assert_eq!(
        public(&game, 3),
        vec![kira_out(1, Cause::Voted, Fate::Recaptured)]
    );
    assert_eq!(holder(&game, NotebookId::N1), Some(p(2)));
}

#[test]
fn dn_17_only_a_kira_voted_out_or_killed_is_recaptured() {
    // Inside seat 2's window (resolutions 3, 4), seat 3 (holding N2) goes out by each cause.
    // no_vote at resolution 3: destroyed.
    let mut game = n2_given_to_seat_3(game(12, 1, 2), 2);
    pass_all(&mut game);
    self_votes(&mut game, &[3]);
    game.resolve();
    assert_eq!(
        public(&game, 3),
        vec![kira_out(3, Cause::NoVote, Fate::Destroyed)]
    );
    assert_eq!(holder(&game, NotebookId::N2), None);
    // no_action at resolution 4 (N2 is on turn in even acts): destroyed, and the window ends
    // with seat 2 holding nothing (DN-19).
    let mut game = n2_given_to_seat_3(self::game(12, 1, 2), 0);
    for _ in 1..=3 {
        quiet_act(&mut game);
    }
    assert!(game.owes_action(p(3)));
    self_votes(&mut game, &[]);
    game.resolve();
    assert_eq!(
        public(&game, 4),
        vec![
            kira_out(3, Cause::NoAction, Fate::Destroyed),
            out(2, Cause::TransferExpired)
        ]
    );
    // eye: see dn_22_the_eye_holders_notebooks_are_destroyed_never_recaptured.
    // killed at resolution 3: recaptured by the giver, not taken by the killer.
    let mut game = n2_given_to_seat_3(self::game(12, 1, 2), 2);
    game.kill(p(1), p(3), "r3", None).unwrap();
    self_votes(&mut game, &[]);
    game.resolve();
    assert_eq!(
        public(&game, 3),
        vec![kira_out(3, Cause::Killed, Fate::Recaptured)]
    );
    assert_eq!(holder(&game, NotebookId::N2), Some(p(2)));
}

#[test]
fn dn_22_the_eye_holders_notebooks_are_destroyed_never_recaptured() {
    // Seat 1 gives N1 to seat 3 in act 2 (window: resolutions 4, 5). Seat 3 requests the Eye in
    // act 3 (N1 on turn) and joins seat 2: on turn every act from act 4, so her own turns are
    // 3, 4, 5 and she goes out at resolution 5, inside seat 1's window: her notebook is
    // destroyed, not recaptured (DN-22), and seat 1's window ends with him holding nothing.
    let mut game = game(12, 1, 2);
    quiet_act(&mut game);
    game.transfer(p(1), p(3), None).unwrap();
    pass_all(&mut game);
    self_votes(&mut game, &[]);
    game.resolve();
    // Act 3.
    assert_eq!(game.eye_request(p(3)), Ok(Reply::EyeGranted));
    assert_eq!(
        game.join(p(3), p(2), None),
        Ok(Reply::JoinSucceeded { partner: g(2) })
    );
    self_votes(&mut game, &[]);
    game.resolve();
    quiet_act(&mut game); // act 4
    assert!(game.is_alive(p(3)));
    assert_eq!(game.eye_death_act(), Some(5));
    quiet_act(&mut game); // act 5
    assert_eq!(
        public(&game, 5),
        vec![
            kira_out(3, Cause::Eye, Fate::Destroyed),
            out(1, Cause::TransferExpired)
        ]
    );
    assert_eq!(holder(&game, NotebookId::N1), None);
}

// ---------------------------------------------------------------- Eye

#[test]
fn dn_20_the_eye_is_granted_once_per_game_in_an_own_turn() {
    let mut game = game(9, 1, 2);
    assert_eq!(game.eye_request(p(5)), Err(Refusal::NotKira));
    assert_eq!(game.eye_request(p(1)), Ok(Reply::EyeGranted));
    assert_eq!(game.eye_request(p(1)), Err(Refusal::EyeUnavailable));
    quiet_act(&mut game);
    assert_eq!(public(&game, 1), vec![Event::EyeAcquired]);
    assert_eq!(game.eye_request(p(2)), Err(Refusal::EyeUnavailable));
}

#[test]
fn dn_21_the_eye_is_used_once_per_own_turn_before_any_kill() {
    let mut game = game(9, 1, 2);
    assert_eq!(game.eye_use(p(1), p(2)), Err(Refusal::EyeNotHeld));
    game.eye_request(p(1)).unwrap();
    assert_eq!(game.eye_use(p(1), p(1)), Err(Refusal::SelfTarget));
    assert_eq!(
        game.eye_use(p(1), p(2)),
        Ok(Reply::EyeSeen {
            target: g(2),
            real_id: Name::from("r2"),
            kira: true
        })
    );
    assert_eq!(game.eye_use(p(1), p(3)), Err(Refusal::EyeAlreadyUsed));
    quiet_act(&mut game);
    assert_eq!(
        public(&game, 1),
        vec![Event::EyeAcquired],
        "the target is never published"
    );
    // Act 2 is not her own turn.
    assert_eq!(game.eye_use(p(1), p(3)), Err(Refusal::NotYourTurn));
    quiet_act(&mut game);
    game.kill(p(1), p(4), "r4", None).unwrap();
    assert_eq!(game.eye_use(p(1), p(3)), Err(Refusal::EyeAfterKill));
}

#[test]
fn dn_22_eye_death_at_the_third_own_turn_alternating() {
    let mut game = game(9, 1, 2);
    game.eye_request(p(1)).unwrap();
    for act in 1..=4 {
        quiet_act(&mut game);
        assert!(game.is_alive(p(1)), "alive after resolution {act}");
    }
    quiet_act(&mut game);
    assert_eq!(
        public(&game, 5),
        vec![kira_out(1, Cause::Eye, Fate::Destroyed)]
    );
}

#[test]
fn dn_22_eye_death_at_n_plus_2_when_on_turn_every_act() {
    let mut game = game(9, 1, 2);
    game.join(p(1), p(2), None).unwrap();
    quiet_act(&mut game);
    game.eye_request(p(2)).unwrap();
    quiet_act(&mut game);
    quiet_act(&mut game);
    assert!(game.is_alive(p(2)));
    quiet_act(&mut game);
    assert_eq!(
        public(&game, 4),
        vec![kira_out(2, Cause::Eye, Fate::Destroyed)]
    );
}

// ---------------------------------------------------------------- Redistribution

#[test]
fn dn_23_two_notebooks_dealt_again_with_14_or_more_alive() {
    let mut game = game(16, 1, 2);
    game.transfer(p(2), p(3), None).unwrap(); // N2 loses its transfer right
    game.pass(p(1), None).unwrap();
    all_vote(&mut game, &[1, 3]);
    game.resolve();
    assert_eq!(game.alive_count(), 14);
    assert_eq!(
        public(&game, 1).last(),
        Some(&Event::Redistributed { count: 2 })
    );
    let (a, b) = (
        holder(&game, NotebookId::N1).unwrap(),
        holder(&game, NotebookId::N2).unwrap(),
    );
    assert_ne!(a, b);
    assert!(game.is_alive(a) && game.is_alive(b));
    assert!(game.notebook(NotebookId::N1).transferable);
    assert!(!game.notebook(NotebookId::N2).transferable);
}

#[test]
fn dn_23_one_untransferable_n1_with_9_to_13_alive_none_with_8() {
    let mut game = game(12, 1, 2);
    game.pass(p(1), None).unwrap();
    all_vote(&mut game, &[1, 2]);
    game.resolve();
    assert_eq!(game.alive_count(), 10);
    assert_eq!(
        public(&game, 1).last(),
        Some(&Event::Redistributed { count: 1 })
    );
    assert!(holder(&game, NotebookId::N1).is_some());
    assert_eq!(holder(&game, NotebookId::N2), None);
    assert!(!game.notebook(NotebookId::N1).transferable);
    assert!(
        game.notebook(NotebookId::N1).on_turn,
        "the only notebook: on turn every act"
    );

    let mut game = self::game(10, 1, 2);
    game.pass(p(1), None).unwrap();
    all_vote(&mut game, &[1, 2]);
    game.resolve();
    assert_eq!(game.alive_count(), 8);
    assert_eq!(game.winner(), Some(Winner::Good));
}

#[test]
fn dn_24_redealt_notebooks_go_to_the_heirs_else_a_seeded_draw() {
    let mut game = game(16, 1, 2);
    assert_eq!(game.heir(p(1), p(1), None), Err(Refusal::SelfTarget));
    assert_eq!(game.heir(p(1), p(7), None), Ok(Reply::HeirSet));
    assert_eq!(
        game.heir(p(1), p(5), None),
        Ok(Reply::HeirSet),
        "replaceable"
    );
    game.heir(p(2), p(6), None).unwrap();
    game.pass(p(1), None).unwrap();
    all_vote(&mut game, &[1, 2]);
    game.resolve();
    assert_eq!(holder(&game, NotebookId::N1), Some(p(5)));
    assert_eq!(holder(&game, NotebookId::N2), Some(p(6)));
    assert_eq!(
        private(&game, 1, 5),
        vec![Event::NotebookReceived {
            notebook: NotebookId::N1,
            transferable: true
        }]
    );
    // Forgotten when the notebook changes hands.
    let mut game = self::game(16, 1, 2);
    game.heir(p(1), p(5), None).unwrap();
    game.transfer(p(1), p(3), None).unwrap();
    assert_eq!(game.notebook(NotebookId::N1).heir, None);
    // No heir: a seeded draw, the same for the same seed.
    let run = || {
        let mut game = self::game(16, 1, 2);
        game.pass(p(1), None).unwrap();
        all_vote(&mut game, &[1, 2]);
        game.resolve();
        (holder(&game, NotebookId::N1), holder(&game, NotebookId::N2))
    };
    let (a, b) = run();
    assert_eq!(run(), (a, b));
    assert!(a.is_some() && b.is_some() && a != b);
}

// ---------------------------------------------------------------- End

#[test]
fn dn_25_draw_when_nobody_is_left() {
    let mut game = game(6, 1, 2);
    game.eye_request(p(1)).unwrap();
    game.kill(p(1), p(2), "r2", None).unwrap();
    self_votes(&mut game, &[]);
    game.resolve();
    game.kill(p(1), p(3), "r3", None).unwrap();
    game.kill(p(1), p(4), "r4", None).unwrap();
    self_votes(&mut game, &[]);
    game.resolve();
    assert_eq!(game.winner(), None);
    game.kill(p(1), p(5), "r5", None).unwrap();
    game.kill(p(1), p(6), "r6", None).unwrap();
    self_votes(&mut game, &[]);
    game.resolve();
    assert_eq!(game.alive_count(), 0);
    assert_eq!(game.winner(), Some(Winner::Draw));
    assert_eq!(
        public(&game, 3).last(),
        Some(&Event::GameOver {
            winner: Winner::Draw
        })
    );
}

#[test]
fn dn_26_good_wins_when_both_notebooks_are_destroyed_without_redistribution() {
    let mut game = game_with(
        16,
        1,
        2,
        Options {
            redistribute: false,
            ..Options::default()
        },
    );
    game.pass(p(1), None).unwrap();
    all_vote(&mut game, &[1, 2]);
    game.resolve();
    assert_eq!(game.winner(), Some(Winner::Good));
    assert_eq!(game.vote(p(3), &[p(4)]), Err(Refusal::GameOver));
    assert_eq!(game.vote(Seat(40), &[p(4)]), Err(Refusal::UnknownSeat));
}

#[test]
fn dn_27_kira_wins_when_good_no_longer_outnumber_kiras() {
    let mut game = game(6, 1, 2);
    game.pass(p(1), None).unwrap();
    self_votes(&mut game, &[3, 4, 5]);
    game.resolve();
    assert_eq!(game.alive_count(), 3);
    assert_eq!(game.winner(), Some(Winner::Kira));
    assert_eq!(
        public(&game, 1).last(),
        Some(&Event::GameOver {
            winner: Winner::Kira
        })
    );
}

#[test]
fn dn_28_everything_is_revealed_at_the_end_only() {
    let mut game = game(6, 1, 2);
    game.kill(p(1), p(4), "r4", None).unwrap();
    assert!(game.reveal().is_none());
    self_votes(&mut game, &[3, 5]);
    game.resolve();
    let reveal = game.reveal().expect("over");
    assert_eq!(reveal.seats.len(), 6);
    assert_eq!(reveal.seats[0].real_id.as_str(), "r1");
    assert_eq!(reveal.seats[0].kira_at_start, Some(NotebookId::N1));
    assert_eq!(reveal.seats[1].kira_at_start, Some(NotebookId::N2));
    assert_eq!(reveal.seats[3].out, Some((1, Cause::Killed)));
    assert!(reveal.private.iter().any(|e| matches!(
        e.item,
        Item::Reply { by, reply: Reply::KillSucceeded } if by == p(1)
    )));
}

#[test]
fn dn_28_the_reveal_shows_every_seats_role_history_and_its_role_when_out() {
    // Seat 2 gives N2 to seat 3 (act 1); seat 3 requests the Eye (act 2) and is voted out as
    // Kira at resolution 2 (T+1: no window yet), her notebook destroyed.
    let mut game = n2_given_to_seat_3(game(10, 1, 2), 1);
    assert_eq!(game.eye_request(p(3)), Ok(Reply::EyeGranted));
    pass_all(&mut game);
    all_vote(&mut game, &[3]);
    game.resolve();
    assert_eq!(
        public(&game, 2),
        vec![
            Event::EyeAcquired,
            kira_out(3, Cause::Voted, Fate::Destroyed)
        ]
    );
    // Act 3: seat 1 (N1) is voted out inside seat 2's window (3, 4): the one other seat whose
    // window is open recaptures it (DN-17). Act 4: seat 2 is voted out, N1 destroyed; both
    // gone with 7 alive: no redistribution, good wins (DN-26).
    pass_all(&mut game);
    all_vote(&mut game, &[1]);
    game.resolve();
    assert_eq!(
        public(&game, 3),
        vec![kira_out(1, Cause::Voted, Fate::Recaptured)]
    );
    pass_all(&mut game);
    all_vote(&mut game, &[2]);
    game.resolve();
    assert_eq!(game.winner(), Some(Winner::Good));
    assert_eq!(game.shown_act(), 4, "the act that ended the game");
    assert_eq!(game.act(), 5);
    let reveal = game.reveal().expect("over");
    let seat3 = &reveal.seats[2];
    assert_eq!(seat3.role, "kira", "voted out as Kira");
    assert!(!seat3.kira_at_end);
    assert_eq!(seat3.kira_at_start, None);
    let h: Vec<(u32, Change, Option<&str>, &str)> = seat3
        .history
        .iter()
        .map(|c| {
            (
                c.act,
                c.change,
                c.with.as_ref().map(|w| w.as_str()),
                c.role_after,
            )
        })
        .collect();
    assert_eq!(
        h,
        vec![
            (1, Change::Received, Some("g2"), "kira"),
            (2, Change::Destroyed, None, "out"),
        ]
    );
    let seat2 = &reveal.seats[1];
    assert_eq!(seat2.role, "kira", "Kira again when voted out");
    assert_eq!(
        seat2
            .history
            .iter()
            .map(|c| (c.act, c.change, c.role_after))
            .collect::<Vec<_>>(),
        vec![
            (1, Change::Dealt, "kira"),
            (1, Change::Gave, "good"),
            (3, Change::Recaptured, "kira"),
            (4, Change::Destroyed, "out")
        ]
    );
    assert_eq!(reveal.seats[0].role, "kira");
    assert_eq!(
        reveal.seats[0]
            .history
            .iter()
            .map(|c| (c.change, c.with.as_ref().map(|w| w.as_str())))
            .collect::<Vec<_>>(),
        vec![(Change::Dealt, None), (Change::LostToRecapture, Some("g2"))]
    );
    assert!(reveal.seats[4].history.is_empty());
    assert_eq!(reveal.seats[4].role, "good");
    // The seat view after the end says Kira for the seat voted out as Kira, and the last act.
    let view = game.view_for(p(3)).expect("seat");
    assert_eq!(view.role, "kira");
    assert_eq!(view.act, 4);
}

#[test]
fn dn_28_a_notebook_taken_from_a_killed_kira_is_in_both_histories() {
    let mut game = game(9, 1, 2);
    game.kill(p(1), p(2), "r2", None).unwrap();
    self_votes(&mut game, &[]);
    game.resolve();
    let h = game.role_history();
    let last: Vec<_> = h
        .iter()
        .rev()
        .take(2)
        .map(|c| (c.seat, c.change, c.with))
        .collect();
    assert_eq!(
        last,
        vec![
            (p(1), Change::Took, Some(p(2))),
            (p(2), Change::LostToKiller, Some(p(1)))
        ]
    );
}

// ---------------------------------------------------------------- First edition

#[test]
fn edition_1_window_t_plus_1_to_t_plus_2_and_recapture_on_any_cause() {
    // Voted out at T+1: recaptured in the first edition.
    let mut game = n2_given_to_seat_3(first_edition(10, 1, 2), 1);
    pass_all(&mut game);
    all_vote(&mut game, &[3]);
    game.resolve();
    assert_eq!(
        public(&game, 2),
        vec![kira_out(3, Cause::Voted, Fate::Recaptured)]
    );
    // Out for not voting at T+2: recaptured too (any cause).
    let mut game = n2_given_to_seat_3(first_edition(10, 1, 2), 2);
    pass_all(&mut game);
    self_votes(&mut game, &[3]);
    game.resolve();
    assert_eq!(
        public(&game, 3),
        vec![kira_out(3, Cause::NoVote, Fate::Recaptured)]
    );
    // The window expires at T+2.
    let mut game = n2_given_to_seat_3(first_edition(10, 1, 2), 2);
    assert!(game.is_alive(p(2)));
    quiet_act(&mut game);
    assert_eq!(public(&game, 3), vec![out(2, Cause::TransferExpired)]);
}

#[test]
fn edition_1_the_eye_may_follow_a_join() {
    let mut game = first_edition(9, 1, 2);
    game.eye_request(p(1)).unwrap();
    game.join(p(1), p(2), None).unwrap();
    assert!(matches!(
        game.eye_use(p(1), p(3)),
        Ok(Reply::EyeSeen { .. })
    ));
}

#[test]
fn dn_21_the_eye_comes_before_a_join_too() {
    let mut game = game(9, 1, 2);
    game.eye_request(p(1)).unwrap();
    assert_eq!(
        game.join(p(1), p(2), None),
        Ok(Reply::JoinSucceeded { partner: g(2) })
    );
    assert_eq!(game.eye_use(p(1), p(3)), Err(Refusal::EyeAfterKill));
    // A pass is no use of the notebook against the Eye.
    let mut game = self::game(9, 1, 2);
    game.eye_request(p(1)).unwrap();
    game.pass(p(1), None).unwrap();
    assert!(matches!(
        game.eye_use(p(1), p(3)),
        Ok(Reply::EyeSeen { .. })
    ));
}

/// Seat 2 (N2) requests the Eye in act 2; in act 3 seat 1 gives her N1, which is on turn in
/// act 3; from act 4 she holds both, on turn every act.
fn eye_holder_receives_an_on_turn_notebook(mut game: Game) -> Game {
    quiet_act(&mut game);
    game.eye_request(p(2)).unwrap();
    quiet_act(&mut game);
    assert_eq!(game.eye().own_turns, 1);
    game.transfer(p(1), p(2), None).unwrap();
    game
}

#[test]
fn dn_22_an_on_turn_notebook_received_mid_act_counts_that_act() {
    let mut game = eye_holder_receives_an_on_turn_notebook(game(12, 1, 2));
    assert_eq!(
        game.eye().own_turns,
        2,
        "act 3 is hers from the transfer on"
    );
    assert!(game.has_own_turn(p(2)));
    assert_eq!(game.eye_death_act(), Some(4));
    quiet_act(&mut game); // act 3
    assert!(game.is_alive(p(2)));
    quiet_act(&mut game); // act 4: the third own turn
    assert_eq!(
        public(&game, 4)[0],
        Event::Out {
            target: g(2),
            cause: Cause::Eye,
            kira: true,
            notebook: Some(Fates::Two([Fate::Destroyed, Fate::Destroyed])),
        }
    );
    // The first edition counted own turns at the act's opening only: one act later.
    let mut game = eye_holder_receives_an_on_turn_notebook(first_edition(12, 1, 2));
    assert_eq!(game.eye().own_turns, 1);
    quiet_act(&mut game); // act 3
    quiet_act(&mut game); // act 4
    assert!(game.is_alive(p(2)));
    quiet_act(&mut game); // act 5
    assert!(!game.is_alive(p(2)));
    assert_eq!(game.seat(p(2)).and_then(|s| s.out), Some((5, Cause::Eye)));
}

#[test]
fn dn_22_the_projected_eye_death_follows_the_turn_pattern() {
    // Alternating: a request in act 1 means out at resolution 5.
    let mut game = game(9, 1, 2);
    game.eye_request(p(1)).unwrap();
    assert_eq!(game.eye_death_act(), Some(5));
    quiet_act(&mut game);
    assert_eq!(game.eye_death_act(), Some(5));
    let view = game.view_for(p(1)).expect("seat");
    assert_eq!(
        view.eye_status.map(|e| (e.own_turns, e.death_act)),
        Some((1, Some(5)))
    );
    // What a request would cost, shown before it is made (joined: N+2).
    let mut game = self::game(9, 1, 2);
    game.join(p(1), p(2), None).unwrap();
    quiet_act(&mut game);
    let view = game.view_for(p(2)).expect("seat");
    assert_eq!(view.eye_request_death, Some(4));
    // What a transfer would cost: its window (DN-19).
    let view = game.view_for(p(1)).expect("seat");
    assert_eq!(view.transfer_window, Some((4, 5)));
}

#[test]
fn dn_19_the_giver_sees_his_window() {
    let game = n2_given_to_seat_3(game(10, 1, 2), 0);
    let view = game.view_for(p(2)).expect("seat");
    assert_eq!(view.windows.len(), 1);
    let w = &view.windows[0];
    assert_eq!(
        (
            w.notebook,
            w.transferred_in,
            w.first_resolution,
            w.last_resolution,
            w.expires_out
        ),
        (NotebookId::N2, 1, 3, 4, true)
    );
    assert!(game.view_for(p(3)).expect("seat").windows.is_empty());
}

// ---------------------------------------------------------------- Refusal order

#[test]
fn refusal_order_follows_the_ruling_book() {
    let mut game = game(9, 1, 2);
    assert_eq!(
        game.kill(Seat(20), p(3), "x", Some(9)),
        Err(Refusal::UnknownSeat)
    );
    assert_eq!(game.kill(p(5), p(5), "x", Some(9)), Err(Refusal::NotKira));
    assert_eq!(
        game.kill(p(2), p(2), "x", Some(1)),
        Err(Refusal::BadNotebook)
    );
    assert_eq!(game.kill(p(2), p(2), "x", None), Err(Refusal::NotYourTurn));
    assert_eq!(
        game.kill(p(1), Seat(30), "x", None),
        Err(Refusal::BadTarget)
    );
    assert_eq!(
        game.vote(p(3), &[p(4), Seat(30), p(5)]),
        Err(Refusal::BallotSize)
    );
    assert_eq!(
        game.vote(p(3), &[Seat(30), Seat(30)]),
        Err(Refusal::BadTarget)
    );
    // Out beats everything but unknown_seat and game_over.
    all_vote(&mut game, &[5]);
    game.pass(p(1), None).unwrap();
    game.resolve();
    assert_eq!(game.kill(p(5), p(5), "x", Some(9)), Err(Refusal::Out));
    assert_eq!(game.vote(p(5), &[]), Err(Refusal::Out));
    assert_eq!(game.eye_use(p(2), p(2)), Err(Refusal::EyeNotHeld));
}
