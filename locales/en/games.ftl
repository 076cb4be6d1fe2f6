# Game pages (Death Note)
nav-games = Games
games-title = Games
games-none = No games yet.
games-filter-variant = Variant
games-filter-any = Any
games-filter = Show
games-none-filtered = No games match these filters.
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
game-not-started = Not started
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
seat-state = State
seat-alive = Alive
seat-out = Out in act { $act } ({ $cause })
seat-owes-ballot = a ballot
seat-log = Private log
seat-log-empty = Nothing yet.
seat-actions = Actions
seat-no-actions = There is nothing you can do now.
seat-result-ok = Submitted: { $text }
seat-result-refused = Refused: { $text }
seat-stale-form = This form was opened in an act that has since been resolved, so nothing was recorded. The forms below are for the act open now: check them and submit again.
seat-paused = The game is paused: the judge has stopped the clock. Nothing can be submitted while it is paused, and nobody goes out for not acting; a new deadline is announced when it resumes.
seat-choose = Choose
seat-confirm = I understand what this costs
seat-confirm-missing = Tick “I understand what this costs” to send this action; nothing was submitted.

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
reveal-col-role = Final role (for a seat that went out: its role then)
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

list-sep = ,{" "}
game-over = The game is over: { $winner }.
log-reply = You submitted “{ $action }” → { $outcome }
log-refused = refused: { $reason }
refusal-unknown-seat = That seat is not in this game.
refusal-out = You are out and cannot act any more.
refusal-bad-target = The target is unknown or out.
refusal-self-target = You cannot name yourself.
refusal-game-over = The game is over.
new-field-remind-hours = Remind seats that still owe, hours before the deadline (0 = never)
new-error-remind-hours = The reminder must come 0 to 72 hours before the deadline.

# Issue 10 item 3 (i10-prg): the live update's link when a reload would lose what was typed.
live-reload = New posts — reload
# issue 10 items 10–13 (i10-words)
refusal-other = The rules do not allow that.
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
action-join = Join hands
action-pass = Pass this act
action-eye-request = Request the Eye
action-eye-use = Use the Eye
action-transfer = Transfer a notebook
action-heir = Name an heir
action-vote = Vote
action-field-target = Target
action-field-real-id = Real ID guess
action-field-notebook = Notebook
action-field-vote1 = First name
action-field-vote2 = Second name
role-player = Player
refusal-not-now = That action is not open in this phase.
seat-out-plain = Out
seat-team-thread = Team thread
seat-some-field = Field
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
role-needle-doctor = Doctor (needle)
role-dark-elder = Forest elder (bad)
role-shield-butterfly = Butterfly (shield)

# On the seat page of a role game: what one's own role does (issue 13)

# issue 13, task h5 (branch roles-browser): the banner of a seat owing a night action outside Death Note
seat-owes-night-action = a night action

# issue 13, task h4 (branch roles-forum): the role games on the forum
thread-silenced = You are silenced today: you may not post in the game thread.
thread-locked-why = The judge has locked the game thread: only the judge may post here now.
thread-out-why = You are out and may no longer post in the game thread; you may talk in the graveyard.

# The seat page: the role state today (issue 13)
log-some-action = An action
log-action = { $action } ({ $details })
log-accepted = accepted.
log-private = The rules told you: { $details }.
log-private-plain = The rules sent you a private message.
log-none = none
