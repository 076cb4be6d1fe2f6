audit-title = Audit
audit-broken = The log chain is broken: { $where }
audit-verified = The log chains are intact: { $count } events verified.
audit-game = Game number
audit-from = From
audit-to = To
audit-filter = Filter
audit-export = Export this game's log (JSON Lines)
audit-edits = Edited posts
audit-game-events = Game events
audit-stream = Log

# issue 10 item 11 (i10-words): account history and game log kinds in words
account-event-other = other
account-event-registered = registered
account-event-signed-in = signed in
account-event-sign-in-failed = sign-in failed
account-event-sign-in-rate-limited = too many sign-in attempts, refused for now
account-event-token-issued = API token created
account-event-game-token-issued = game ID token created
account-event-token-revoked = API token revoked
account-event-signed-out-everywhere = signed out everywhere
account-event-password-changed = password changed
account-event-role-changed = role changed
account-event-game-login-set = game ID login password set
account-event-thread-lock = thread locked
account-event-thread-unlock = thread unlocked
account-event-thread-delete = thread deleted
account-event-substituted-in = substituted into a game
account-event-substituted-out = substituted out of a game
account-detail-role = { $from } → { $to }
account-detail-game = game { $game }
account-detail-thread = thread { $thread }
account-detail-everywhere = { $sessions ->
    [one] 1 session ended
   *[other] { $sessions } sessions ended
}, { $tokens ->
    [one] 1 token revoked
   *[other] { $tokens } tokens revoked
}
game-event-created = created
game-event-signed-up = signed up
game-event-withdrew = withdrew
game-event-started = started
game-event-submitted = action submitted
game-event-resolved = resolved
game-event-deadline-extended = deadline extended
game-event-paused = paused
game-event-resumed = resumed
game-event-thread-locked = game thread locked
game-event-ended = ended by the judge
game-event-substituted = substitution
game-event-substitute-joined = joined the substitute list
game-event-substitute-left = left the substitute list
admin-role-of = Role of { $name }
audit-hash = hash
