# The judge's console and substitutes (替补).
console-title = Judge's console
console-link = Judge's console
console-paused = Paused: { $hours } h { $minutes } min left when the clock runs again.
console-thread-locked = The game thread is locked for the seats.
console-thread-open = The game thread is open.
console-ended = Ended by the judge: { $reason }
console-submissions = Submissions this act
console-submissions-none = Nothing submitted in this act yet.
console-col-seat = Seat
console-col-game-id = Game ID
console-col-real-id = Real ID
console-col-action = Action
console-col-reply = Reply
console-col-time = Time
console-col-state = State
console-owing = Still owed
console-owing-none = Nobody owes anything in this act.
console-preview = If the act resolved now
console-preview-help = Computed by the rules engine from the submissions so far; nothing is saved.
console-preview-none = No public events.
console-substitutes = Substitute list
console-substitutes-none = nobody
console-deadline-at = New deadline
console-extend-minutes = Minutes later
console-extend = Extend the deadline
console-pause = Pause the game
console-resume = Resume the game
console-lock = Lock the game thread
console-unlock = Unlock the game thread
console-post = Post in the game thread as the judge
console-post-send = Post
console-substitute-account = Account
console-substitute = Put in a substitute
console-end-reason = Reason
console-end-winner = Winner
console-end-no-winner = none
console-end = End the game
substitutes-join = Join the substitute list
substitutes-leave = Leave the substitute list
substitutes-listed = You are on the substitute list.
reveal-accounts = Accounts
game-ended-reason = The judge ended the game: { $reason }
game-paused = The judge has paused the game: the clock is stopped.
error-game-paused = The game is paused; nothing can be submitted until the judge resumes it.
error-not-paused = The game is not paused.
error-already-paused = The game is already paused.
error-deadline-in-past = The new deadline must be in the future.
error-deadline-not-later = The new deadline must be later than the current one.
error-bad-deadline = Give a deadline as a date and time (2026-12-01T20:00:00Z) or a number of minutes.
error-deadline-both = Give either a new deadline or minutes to add, not both.
error-reason-required = State a reason for ending the game.
error-bad-winner = The winner must be good, kira or draw.
error-already-seated = That account already has a seat in this game (or is its judge).
error-game-thread-locked = The judge has locked the game thread.

# Issue 10 item 1 (i10-prg): what the judge's last action did, shown once after the redirect.
console-done-deadline = The deadline is now { $at }.
console-done-pause = The game is paused.
console-done-resume = The game runs again; the deadline is { $at }.
console-done-resolve = Act { $act } is resolved.
console-done-post = Posted in the game thread (#{ $floor }).
console-done-end = The game is ended.
console-done-substitute = A substitute now plays { $game_id }.
console-no-such-account = There is no account named “{ $name }”. Check the spelling.
console-no-such-seat = This game has no game ID “{ $game_id }”. Pick one from the seats.
# issue 10 items 7–9: the console's sections, danger areas, seats table, tally, local deadlines.
console-section-act = This act
console-section-clock = Clock
console-section-seats = Seats
console-section-thread = Game thread
console-section-end = End the game
console-danger = Cannot be undone
console-resolve-help = Resolves this act now, as its deadline would.
console-confirm-resolve = I confirm: resolve act { $act } now (cannot be undone)
console-substitute-help = The seat keeps its game ID, role and log; the old account loses access at once.
console-confirm-substitute = I confirm: give this seat to that account (cannot be undone)
console-end-help = The game ends at once and every role and action is revealed.
console-confirm-end = I confirm: end the game and reveal every role (cannot be undone)
console-confirm-missing = “{ $action }” needs its confirmation ticked; nothing was changed.
console-tally = Current ballots
console-tally-votes = Votes
console-tally-none = Nobody has voted yet.
console-no-ballot = No ballot yet: { $count }
console-col-role = Role and notebooks
console-col-owes = Owes this act
console-col-window = Transfer window (DN-19)
console-col-eye = Eye of Death (DN-22)
console-owes-notebook = N{ $n }'s notebook action (kill, join or pass)
console-window = Transferred N{ $n } in act { $act }. If a Kira is voted out or killed at the resolution of { $span ->
    [one] act { $last }
   *[two] act { $first } or { $last }
}, recaptures her notebook{ $out ->
    [yes] ; if no Kira is voted out or killed by the resolution of act { $last }, goes out.
   *[no] .
}
console-eye-status = { $turns } of 3 own turns counted; at the present pattern goes out at the resolution of act { $act }, and her notebooks are destroyed.
console-eye-status-turns = { $turns } of 3 own turns counted; goes out at the resolution of the third, and her notebooks are destroyed.
console-deadline-none = No deadline.
console-deadline-zone = Time zone: { $zone }
console-deadline-set = Set the deadline
console-deadline-help = In { $zone } time.
console-deadline-malformed = “{ $field }”: “{ $value }” is not a date and time. Pick a { $zone } time with the date-time picker (e.g. 2026-12-02T20:00).
console-deadline-gap = “{ $field }”: { $value } does not exist in { $zone } (the clocks skip it when summer time starts). Pick another time.
console-deadline-ambiguous = “{ $field }”: { $value } happens twice in { $zone } (the clocks go back when summer time ends), so it names no single moment. Pick another time.
console-deadline-past = “{ $field }”: { $value } ({ $zone }) has already passed. Pick a time in the future.
console-extend-malformed = “{ $field }”: “{ $value }” is not a whole number from 1 to { $max }.
console-deadline-missing = Pick a new deadline or give a number of minutes.
