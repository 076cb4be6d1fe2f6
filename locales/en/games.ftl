# Game pages (Death Note)
nav-games = Games
games-title = Games
games-none = No games yet.
games-new = New game
games-col-title = Title
games-col-status = Status
games-col-signups = Signed up
games-col-judge = Judge
games-status-signup = Sign-up
games-status-running = Running
games-status-finished = Finished
games-fixed-deal = fixed deal
games-fixed-deal-note = The roles of this game were fixed by an admin (for a test or a replay), not drawn at random.

new-title = New game
new-field-title = Title
new-field-act-minutes = Act length (minutes)
new-field-deadline-time = Deadline time of day (HH:MM, optional)
new-field-timezone = Time zone
new-field-min-seats = Fewest players
new-field-max-seats = Most players
new-seats-hint = 6 to 40 players; 16 to 18 recommended.
new-field-characters = Characters (one game ID per line)
new-field-redistribute = Deal the notebooks again when both are destroyed
new-submit = Open sign-up
new-bad-number = "{ $field }" must be a whole number.
new-error-act-length = The act length must be 1 to 10080 minutes.
new-error-deadline-time = The deadline time must be HH:MM.
new-error-timezone = Unknown time zone: { $zone }
new-error-seats = The seat range must lie within { $min }–{ $max }, fewest ≤ most.
new-error-characters = There must be at least as many characters as the most players.
new-error-character = The character “{ $name }” cannot be used: { $why }
new-error-other = Invalid settings: { $detail }

game-judge = Judge: { $name }
game-status = Status: { $status }
game-signups = Signed up ({ $count })
game-signups-none = Nobody has signed up yet.
game-signup = Sign up
game-withdraw = Withdraw
game-start = Start the game
game-seat-range = Players: { $min }–{ $max }
game-seat-fixed = Players: exactly { $n }
game-commitment = Commitment hash
game-rules = Rules
game-rules-edition = edition { $edition }{ $edition ->
    [1] {" "}(the first edition: the game started before the second and keeps it to the end)
   *[other] {""}
}
game-commitment-help = This is the SHA-256 of the deal text (every seat's game ID, real ID and role) plus a secret salt. At the end the text and the salt are published, so anyone can check the deal was never changed.
game-act = Act { $act }
game-deadline = Deadline
game-countdown-label = left
game-seats = Seats (in seat order)
game-alive = alive
game-out = out
game-events = Public events
game-events-none = No public events yet.
game-act-events = Resolution of act { $act }
game-links = Go to
game-thread-game = Game thread
game-thread-graveyard = Graveyard
game-thread-kira = Kira thread
game-thread-signup = Sign-up thread
game-my-seat = My seat
game-reveal = Reveal
game-resolve = Resolve this act now
game-winner = Result: { $winner }
game-ended-in = Ended at the resolution of act { $act }

seat-title = My seat
seat-game-id = Game ID
seat-real-id = Real ID
seat-role = Role
seat-role-kira = Kira (holding notebook { $notebooks })
seat-role-good = Good
seat-state = State
seat-alive = Alive
seat-out = Out in act { $act } ({ $cause })
seat-on-turn = It is your turn this act (a notebook of yours is on turn).
seat-not-on-turn = No notebook of yours is on turn this act.
seat-notebooks = Notebooks
seat-nb-name = N{ $n }
seat-nb-on-turn = on turn
seat-nb-acted = acted
seat-nb-owed = must act before the deadline
seat-nb-transferable = transferable
seat-nb-heir = heir: { $heir }
seat-eye = You hold the Eye of Death.
seat-partner = Joined with: { $partner }
seat-ballot = Your ballot: { $names }
seat-ballot-none = No ballot yet this act.
seat-ballot-size = A ballot names { $size } this act.
seat-owes = You still owe this act: { $what }. Without it you go out by suicide at the deadline.
seat-owes-ballot = a ballot
seat-owes-action = a notebook action (kill, join or pass)
seat-log = Private log
seat-log-empty = Nothing yet.
seat-actions = Actions
seat-no-actions = There is nothing you can do now.
seat-result-ok = Submitted: { $text }
seat-result-refused = Refused: { $text }
seat-target = Target (game ID)
seat-real-id-guess = Real ID guess
seat-notebook = Notebook
seat-notebook-auto = automatic
seat-kill = Kill
seat-join = Join hands
seat-join-hint = Name the game ID you believe is the other Kira.
seat-pass = Pass this act
seat-eye-request = Request the Eye
seat-eye-use = Use the Eye
seat-transfer = Transfer a notebook
seat-heir = Name an heir
seat-vote = Vote
seat-vote-first = First name
seat-vote-second = Second name (optional)
seat-choose = Choose
seat-kira-thread = Kira thread
seat-role-kira-out = Kira (when out)
seat-ahead = Ahead of you
seat-window = You transferred N{ $n } in act { $act }. If a Kira is voted out or killed at the resolution of { $span ->
    [one] act { $last }
   *[two] act { $first } or { $last }
}, you recapture her notebook{ $out ->
    [yes] ; if no Kira is voted out or killed by the resolution of act { $last }, you go out.
   *[no] .
}
seat-eye-status = Eye of Death: { $turns } of your 3 own turns counted; if your turns keep their present pattern you go out at the resolution of act { $act }, and your notebooks are destroyed.
seat-eye-status-turns = Eye of Death: { $turns } of your 3 own turns counted; you go out at the resolution of the third, and your notebooks are destroyed.
seat-confirm = I understand what this costs
seat-confirm-missing = Tick “I understand what this costs” to send this action; nothing was submitted.
seat-cost-kill = Uses this notebook's action for the act and cannot be undone; a wrong guess is announced in the next post, without your name.
seat-cost-join = Uses this notebook's action for the act instead of a kill and cannot be undone; whether it succeeded is announced in the next post, without names.
seat-cost-transfer = { $both ->
    [yes] You give this notebook away at once (you stay Kira with the other); this cannot be undone. If a Kira is voted out or killed at the resolution of act { $first } or { $last }, you recapture her notebook.
   *[no] You become good at once; this cannot be undone. If a Kira is voted out or killed at the resolution of act { $first } or { $last }, you recapture her notebook; if no Kira is voted out or killed by the resolution of act { $last }, you go out.
}
seat-cost-transfer-plain = You give this notebook away at once; this cannot be undone.
seat-cost-eye-request = You can no longer transfer; you go out at the resolution of act { $act } and your notebooks are destroyed.
seat-cost-eye-request-plain = You can no longer transfer; you go out at the resolution of your third own turn and your notebooks are destroyed.

thread-judge = Judge
thread-act-opening = The game starts; act { $act }{ $phase } opens.
thread-act-resolved = Resolution of act { $act }{ $phase }
thread-act-alive = Alive: { $names }
thread-act-next = Act { $act }{ $phase } opens; deadline:
thread-act-winner = The game is over: { $winner }
thread-act-quiet = Nothing happened this act.
thread-back = Back to the game
thread-reply-as = You post as “{ $name }”.
thread-reply-as-judge = You post as the judge.

reveal-title = Reveal
reveal-winner = Result: { $winner }
reveal-seats = Seats
reveal-col-game-id = Game ID
reveal-col-real-id = Real ID
reveal-col-start = Role at start
reveal-col-out = Out
reveal-kira-nb = Kira (N{ $n })
reveal-kira = Kira
reveal-good = Good
reveal-still-in = In to the end
reveal-col-role = Role (when out, or at the end)
reveal-col-history = Role history
reveal-history-none = Never held a notebook
reveal-history-entry = act { $act }: { $change } → { $role }
reveal-role-out = out
reveal-change-dealt = dealt N{ $n }
reveal-change-received = received N{ $n } from { $with }
reveal-change-recaptured = recaptured N{ $n } when { $with } went out
reveal-change-took = took N{ $n } from { $with }, killed by this seat
reveal-change-redealt = was dealt N{ $n } again (redistribution)
reveal-change-gave = gave N{ $n } to { $with }
reveal-change-lost-to-recapture = went out ({ $cause }); N{ $n } recaptured by { $with }
reveal-change-lost-to-killer = went out ({ $cause }); N{ $n } taken by { $with }
reveal-change-destroyed = went out ({ $cause }); N{ $n } destroyed
reveal-out = act { $act }, { $cause }
reveal-transcript = Full transcript
reveal-by = { $name }:
reveal-to = To { $name }:
reveal-commitment = Deal commitment
reveal-commit-text = Committed text
reveal-commit-salt = Salt
reveal-commit-hash = Hash
reveal-commit-algorithm = Algorithm: sha256(text + "\n" + salt)
reveal-verified = Verified: the recomputed hash equals the one published at the start.
reveal-not-verified = Check FAILED: the recomputed hash differs from the one published at the start!

dn-list-sep = ,{" "}
dn-winner-good = good wins
dn-winner-kira = Kira wins
dn-winner-draw = draw
dn-cause-killed = killed by a notebook
dn-cause-no-action = suicide for not acting
dn-cause-voted = voted out
dn-cause-no-vote = suicide for not voting
dn-cause-eye = the Eye's price
dn-cause-transfer-expired = failed to recapture after a transfer
dn-fate-destroyed = notebook destroyed
dn-fate-recaptured = notebook recaptured
dn-fate-taken = notebook taken by the killer
dn-ev-kill-failed = The kill on { $target } failed.
dn-ev-join-succeeded = A Kira chose to join hands: succeeded.
dn-ev-join-failed = A Kira chose to join hands: failed.
dn-ev-notebook-transferred = A notebook was transferred.
dn-ev-eye-acquired = A Kira has the Eye of Death.
dn-ev-out-good = { $target } is out ({ $cause }) and was good.
dn-ev-out-kira = { $target } is out ({ $cause }) and was Kira; { $notebook }.
dn-ev-redistributed = { $count ->
    [one] One notebook was dealt again.
   *[other] { $count } notebooks were dealt again.
}
dn-ev-game-over = The game is over: { $winner }.
dn-with-notebook = {" "}(with N{ $n })
dn-act-kill = kill { $target }, guessing real ID “{ $real_id }”
dn-act-join = join hands with { $target }
dn-act-pass = pass this act
dn-act-eye-request = request the Eye
dn-act-eye-use = look at { $target } with the Eye
dn-act-transfer = transfer the notebook to { $target }
dn-act-heir = name { $target } heir
dn-act-vote = vote for { $targets }
dn-log-reply = You submitted “{ $action }” → { $outcome }
dn-log-refused = refused: { $reason }
dn-reply-kill-succeeded = The kill succeeded; it takes effect at this act's resolution.
dn-reply-kill-failed = The kill failed: that seat's real ID is “{ $real_id }”.
dn-reply-kill-failed-eye = The kill failed (holding the Eye, you learn nothing).
dn-reply-join-succeeded = Joined: the other Kira is { $partner }.
dn-reply-join-failed = The join failed.
dn-reply-passed = You passed this act.
dn-reply-eye-granted = You have the Eye of Death.
dn-reply-eye-seen-kira = { $target }'s real ID is “{ $real_id }”; Kira.
dn-reply-eye-seen-good = { $target }'s real ID is “{ $real_id }”; not Kira.
dn-reply-transferred = The notebook was transferred.
dn-reply-heir-set = The heir is named.
dn-reply-vote-recorded = Ballot recorded (you may replace it until the deadline; the last one counts).
dn-pev-joined = You are joined with { $partner }.
dn-pev-notebook-received = You received notebook N{ $n } and are Kira (it cannot be transferred again).
dn-pev-notebook-received-transferable = You received notebook N{ $n } and are Kira (it may be transferred once).
dn-pev-recaptured = You recaptured notebook N{ $n } and are Kira again.
dn-refusal-unknown-seat = That seat is not in this game.
dn-refusal-out = You are out and cannot act any more.
dn-refusal-not-kira = Only a Kira (a notebook holder) can do that.
dn-refusal-bad-notebook = You do not hold that notebook.
dn-refusal-not-your-turn = No notebook of yours is on turn this act.
dn-refusal-already-acted = That notebook has already acted this act.
dn-refusal-bad-target = The target is unknown or out.
dn-refusal-self-target = You cannot name yourself.
dn-refusal-target-taken = Another kill already killed that seat this act.
dn-refusal-join-unavailable = You cannot join now: you hold both notebooks or are already joined.
dn-refusal-eye-unavailable = You cannot request the Eye now: once per game, in your own turn.
dn-refusal-eye-not-held = You do not hold the Eye.
dn-refusal-eye-already-used = You already used the Eye this turn.
dn-refusal-eye-after-kill = The Eye must be used before any kill of yours this act.
dn-refusal-transfer-unavailable = You cannot transfer now: 8 or fewer alive, this notebook was transferred before, or you hold the Eye.
dn-refusal-ballot-size = Wrong number of names on the ballot this act.
dn-refusal-duplicate-target = A ballot cannot name the same seat twice.
dn-refusal-game-over = The game is over.
new-field-remind-hours = Remind seats that still owe, hours before the deadline (0 = never)
new-error-remind-hours = The reminder must come 0 to 72 hours before the deadline.

# Issue 10 item 3 (i10-prg): the live update's link when a reload would lose what was typed.
live-reload = New posts — reload
# issue 10 items 10–13 (i10-words)
dn-refusal-other = The rules do not allow that.
rules-title = Death Note rules
rules-summary-title = In short
rules-summary = Every player has two identities: the real ID (the forum account that signed up) and the game ID (the character played); everyone posts as a game ID only. Two seats are drawn as Kira, each holding a Death Note, not knowing each other. Each act every living seat votes in private and the top of the tally goes out; a Kira whose notebook is on turn kills (guessing the target's real ID), joins the other Kira or passes; a seat that neither acts nor votes when it must goes out by suicide. A notebook may be transferred once, and its giver recaptures it if a Kira is voted out or killed in the next two resolutions; a Kira may also ask for the Eye of Death. When both notebooks are destroyed they are dealt again or good wins, as the game's options say; Kira wins when the living good seats are no more than the living Kiras. Below is the Chinese original; this site rules by the English ruling book, which settles every point the original leaves open.
rules-book-link = The ruling book in English (what this site rules by; rules DN-1 to DN-28)
rules-original-title = The Chinese original
game-rules-link = Rules
game-facts = This game's settings
game-fact-act-length = Act length
game-fact-hours = { $n ->
    [one] 1 hour
   *[other] { $n } hours
}
game-fact-minutes = { $n ->
    [one] 1 minute
   *[other] { $n } minutes
}
game-fact-deadline = Deadlines
game-fact-deadline-at = every day at { $time } ({ $zone })
game-fact-deadline-any = any time of day: an act ends its full length after it opens
game-fact-seat-range = Seats
game-fact-seats = { $min } to { $max }
game-fact-reminder = Reminder
game-fact-remind = { $n ->
    [one] 1 hour
   *[other] { $n } hours
} before the deadline, to seats that still owe a ballot or action
game-fact-remind-never = none
game-fact-redistribute = Redistribution
game-fact-redistribute-on = on: when both notebooks are destroyed they are dealt again
game-fact-redistribute-off = off: when both notebooks are destroyed, good wins
# issue 10 items 3, 5, 6 (branch i10-threads): act posts, game-thread posts
thread-act-nobody-voted-out = Nobody was voted out this act.
thread-act-votes = Vote counts
thread-act-votes-none = No ballots were cast.
thread-act-vote-count = { $name }: { $votes ->
    [one] { $votes } vote
   *[other] { $votes } votes
}
new-field-publish-votes = Publish the vote counts after each act (votes per game ID, never who voted for whom)
game-edit-hint = Every version is kept, and every reader of this thread can read them (under your game ID).
game-history-public = Every version of this post, as every reader of this thread sees it.
game-post-permalink = Link to this post
# issue 11: generic seat forms (branch i11-forms): the seat page of a variant without its own
action-vote = Vote
action-sleep = Sleep
action-field-target = Target
action-field-real-id = Real ID guess
action-field-notebook = Notebook
action-field-vote1 = First name
action-field-vote2 = Second name
role-player = Player
reply-slept = You sleep through the night.
refusal-not-now = That action is not open in this phase.
seat-out-plain = Out
seat-team-thread = Team thread
seat-some-action = An action
seat-some-field = Field
seat-log-reply = You submitted “{ $action }” → { $outcome }
seat-log-refused = refused: { $reason }
seat-log-action = { $action } ({ $details })
seat-log-field = { $field }: { $value }
seat-reply-accepted = accepted.
seat-log-private = The rules told you: { $details }.
seat-log-private-plain = The rules sent you a private message.
seat-form-unknown = There is no such action here; nothing was submitted.
seat-field-repeated = A field was sent twice; nothing was submitted.
seat-field-missing = Fill in “{ $field }”; nothing was submitted.
seat-field-invalid = “{ $field }” is not one of the choices; nothing was submitted.

# issue 12, task C (classic-sentences): the classic presets (dongsha, killgame, shengtui, wujian) in words
phase-last-words = last words
phase-speech = speeches
phase-discussion = discussion
phase-vote = vote
phase-pk = PK speeches
role-killer = Killer
role-police = Police officer
role-civilian = Civilian
role-bandit = 匪 (gangster)
role-cop = 警 (cop)
seat-log-none = none
cl-team-killers = killers
cl-team-police = police
cl-team-bandits = 匪 (gangsters)
cl-team-cops = 警 (cops)
cl-winner-killers = the killers win
cl-winner-bandits = the 匪 (gangsters) win
cl-winner-cops = the 警 (cops) win
cl-cause-killed = killed at night
cl-cause-voted = voted out
cl-cause-exploded = self-exploded
cl-ev-out = { $target } is out ({ $cause }).
cl-ev-peaceful-night = A peaceful night: nobody died.
cl-ev-peaceful-day = Nobody is out today.
cl-ev-tie = Round { $round } of the vote is tied: { $seats }.
cl-ev-votes = Round { $round } ballots: { $ballots }.
cl-ev-votes-title = Round { $round } ballots:
cl-ballot = { $voter } → { $target }
cl-ballot-abstain = { $voter } abstained
cl-ballots-none = none
cl-ev-surrendered = The { $team } surrendered and lose.
cl-act-kill = kill { $target }
cl-act-check = check { $target }
cl-act-vote = vote for { $target }
cl-act-abstain = abstain
cl-with-round = {" "}(round { $round })
cl-act-peek = open your eyes at the { $call } call
cl-act-peek-none = keep your eyes closed all night
cl-act-explode = self-explode
cl-act-surrender = submit a surrender
cl-reply-kill-recorded = Kill target recorded (you may change it until the night ends; the last one counts).
cl-reply-check-recorded = Check target recorded (you may change it until the night ends; the last one counts).
cl-reply-peek-recorded = Your choice for the night is recorded (you may change it until dawn; the last one counts).
cl-reply-exploded = You self-exploded: you are out, the day ends at once and night falls.
cl-reply-surrendered = Your surrender is recorded; it cannot be taken back.
cl-refusal-not-your-role = Your role cannot do that, or this game has no such action.
cl-refusal-not-now = That is not open now: it belongs to another phase, that vote round is not held, or a teammate of yours still lives.
cl-refusal-not-tied = In this round you may vote only for the tied seats.
cl-refusal-series-repeat = Kill again (重杀): the previous game's first-night victim may not be named on the first night.
cl-pev-check-killer = Check result: { $target } is a killer.
cl-pev-check-not-killer = Check result: { $target } is not a killer.
cl-pev-teammates = Your team, the { $team } (in seat order, you included): { $seats }.
rg-team-note-police = One of the three is the undercover (R4-2); the police do not know which.
cl-pev-peek-seen = At the { $call } call, these others opened their eyes too: { $seats }.
cl-pev-peek-seen-none = At the { $call } call, nobody else opened their eyes.
# issue 12, task A (branch classic-engine): the classic presets' forms, roles and replies
action-kill = Kill
action-check = Check
action-explode = Self-explode
action-surrender = Surrender
action-peek = Open your eyes
action-field-call = At the call of
action-choice-call-none = Keep them closed
action-hug = Hug (butterfly)
action-silence = Silence (forest elder)
action-save = Save (doctor)
action-secret-kill = Secret police shot (once a game)
action-needle = Needle (doctor)
action-snipe = Snipe (sniper)
action-magic = Magic (magician)
action-query = Query whom they acted on (wizard)
action-dark-vote = Dark vote
# issue 13 (branch roles-words): the role games 4.0 无间版 (v4wujian) and 5.0 恶民传说 (v5emin) in words
role-butterfly = Butterfly
role-elder = Forest elder
role-doctor = Doctor
role-undercover = Undercover
role-secret-police = Secret police
role-sniper = Sniper
role-good-civilian = Good civilian
role-magician = Magician
role-wizard = Wizard
role-evil-civilian = Evil civilian
rg-side-good = good
rg-side-bad = bad
rg-winner-bad = the bad side wins
rg-cause-night = died in the night
rg-ev-out-side = { $target } is out ({ $cause }) and is on the { $side } side.
rg-act-hug = hug { $target }
rg-act-silence = silence { $target }
rg-act-save = save { $target }
rg-act-secret-kill = use your one secret kill on { $target }
rg-act-needle = give { $target } the needle
rg-act-snipe = shoot { $target }
rg-act-magic = cast magic on { $target }
rg-act-query = query whom { $target } acts on
rg-act-dark-vote = cast a dark vote on { $target }
rg-reply-hug-recorded = Hug recorded (you may change it until the night ends; the last one counts).
rg-reply-silence-recorded = Silence recorded (you may change it until the night ends; the last one counts).
rg-reply-save-recorded = Save recorded (you may change it until the night ends; the last one counts).
rg-reply-secret-kill-recorded = Secret kill recorded (you may change it until the night ends; the last one counts). Your one secret kill is spent when the night resolves with it, even if it has no effect.
rg-reply-needle-recorded = Needle recorded (you may change it until the night ends; the last one counts).
rg-reply-snipe-recorded = Shot recorded (you may change it until the night ends; the last one counts).
rg-reply-magic-recorded = Magic recorded (you may change it until the night ends; the last one counts).
rg-reply-query-recorded = Query recorded (you may change it until the night ends; the last one counts).
rg-reply-dark-vote-recorded = Dark vote recorded (you may change it until the night ends; the last one counts). The judge adds it to the day's count unseen.
rg-refusal-already-used = You have already used your secret kill: it works once per game.
rg-refusal-silenced = You are silenced today: you may not vote.
rg-pev-check-good = Check result: { $target } is good.
rg-pev-check-bad = Check result: { $target } is bad.
rg-pev-check-blocked = Your check on { $target } brought no answer: the judge tells you nothing tonight.
rg-pev-query-acted = Query result: tonight { $target } acted on { $acted }.
rg-pev-query-none = Query result: tonight { $target } acted on nobody.
rg-pev-query-blocked = Your query on { $target } brought no answer: the judge tells you nothing tonight.
rg-pev-silenced = You are silenced (禁言) for today: you may not speak.
rg-pev-kill-inherited = The kill passes to you: from now on your night action is a kill.

# On the seat page of a role game: what one's own role does (issue 13)
role-about-v4wujian-butterfly = Each night you may hug one other seat (R4-3): a kill on the hugged seat is void; hugging a killer voids the killers' kill that night; but a kill on you kills you and the hugged seat together (R4-4).
role-about-v4wujian-elder = Each night you may silence one seat (yourself too): it may not post or speak the next day, but still votes (R4-3, R4-5).
role-about-v4wujian-doctor = Each night you may save one seat (yourself too) from the killers' kill; a seat saved two nights running that nobody attacked on either night dies (R4-4).
role-about-v4wujian-killer = With the two other killers you kill one seat each night (by majority, R4-3); on night 1 the undercover sits in your thread too.
role-about-v4wujian-undercover = You are bad: on night 1 you meet the killers; you also sit with the two police as one team of three, who do not know which of the three is the undercover. Each night you check one seat with them (R4-2, R4-3).
role-about-v4wujian-police = The three of you (two police and the undercover) check one seat each night (by majority); one of the three is the undercover, and you do not know which (R4-2, R4-3).
role-about-v4wujian-secret-police = Once a game you may shoot one other seat (the doctor cannot save it); until you have shot, the killers cannot kill you (R4-3, R4-4).
role-about-v4wujian-civilian = You have no night action: speak and vote by day to find the killers and the undercover.
role-about-v5emin-butterfly = Each night you may hug one other seat: it is immune to everything that night; a kill, shot, needle, silence or dark vote on you lands on it too (R5-3).
role-about-v5emin-sniper = Each night you may shoot one seat (R5-1); the doctor's needle can stop one shot (R5-3).
role-about-v5emin-doctor = Each night you may needle one seat: a needle cancels one kill or shot that night; a needle on a seat nobody attacked is empty, and a seat with two empty needles in all dies (R5-3).
role-about-v5emin-police = Each night you may check one other seat and learn whether it is good or bad (the evil civilian reads as good, R5-3).
role-about-v5emin-good-civilian = Each night you may cast a dark vote, added to the day's count unseen (R5-1, R5-4).
role-about-v5emin-magician = Each night you may use magic on one other seat: its action that night is lost; magic on the butterfly cancels the hug. When the killer is out, the kill passes to you (R5-2, R5-3).
role-about-v5emin-killer = Each night you may kill one seat (R5-1).
role-about-v5emin-elder = Each night you may silence one seat: it may neither speak nor vote the next day (R5-4). When the killer and the magician are out, the kill passes to you (R5-2).
role-about-v5emin-wizard = Each night you may query one other seat and learn whom it acted on that night (R5-3). When the killer, the magician and the elder are out, the kill passes to you (R5-2).
role-about-v5emin-evil-civilian = You are bad, but the police's check and a day vote-out both call you good. Each night you may cast a dark vote, added to the day's count unseen (R5-1, R5-4).

# issue 13, task h5 (branch roles-browser): the banner of a seat owing a night action outside Death Note
seat-owes-night-action = a night action

# issue 13, task h4 (branch roles-forum): the role games on the forum
thread-silenced = You are silenced today: you may not post in the game thread.

# The seat page: the role state today (issue 13)
seat-note-silenced-v4wujian = You are silenced today: no posts in the game thread, no speech and no last words, but you still vote (R4-5).
seat-note-silenced-v5emin = You are silenced today: you may neither speak nor vote (R5-4).
seat-note-secret-kill-spent = Your one shot is spent (R4-3: once a game).
seat-note-holds-kill = You hold the kill now: your night action is to kill (R5-2).
