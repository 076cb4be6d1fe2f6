alias-login-title = Sign in as a game ID
alias-login-explain = Sign in with a game ID and its own password: this login sees and acts only as that seat of this game.
alias-game-id = Game ID
alias-set-title = Game ID login password
alias-set-explain = Set a separate password for { $name }. Signed in with it, one reaches only this game and never your forum account.
alias-set-done = Set. Sign in at:
alias-set-submit = Set

# issue 10 item 11 (i10-words)
alias-bad-credentials = Wrong game ID or password.
