# maku — English interface text

greeting = Hello, { $name }
nav-boards = Boards
skip-to-content = Skip to the content
table-actions = Actions
nav-admin = Admin
nav-password = Password
nav-playing-as = Playing as { $name }
nav-logout = Sign out
nav-login = Sign in
nav-register = Register
footer-language = Language
pager-label = Pages

player = Player
judge = Judge
admin = Admin

field-username = User name
field-password = Password
field-old-password = Current password
field-new-password = New password
field-title = Title
field-body = Text
field-slug = URL name
field-description = Description

register-title = Register
register-name-hint = 2 to 32 characters: letters, digits, _, - or . — your name is your real ID in games.
register-submit = Register
register-have-account = Have an account? Sign in
login-title = Sign in
login-submit = Sign in
login-no-account = No account yet? Register
password-title = Change password
password-changed = Your password was changed. You were signed out everywhere else, and your calendar address changed: subscribe to the new one on the calendar page.
password-intro = Changing the password also signs out every other browser, revokes every API token and changes your calendar address (the old one stops working).
password-hint = 8 to 128 characters.
password-submit = Change
sessions-title = Sessions and tokens
sessions-link = Where you are signed in, API tokens, sign out everywhere
sessions-intro = A browser session ends by itself after { $days } days without use.
sessions-browser = Browser sessions
sessions-kind = Kind
sessions-account = Account
sessions-game-login = Game-ID login of game { $game }
sessions-this = this browser
sessions-created = Created
sessions-last-seen = Last used
sessions-tokens = API tokens
sessions-token-id = Id
sessions-no-tokens = No API tokens.
sessions-never = Never
sessions-revoke = Revoke
sessions-revoked = The token was revoked.
sessions-everywhere = Sign out everywhere
sessions-everywhere-hint = Ends every browser session of this account (this one too) and every game-ID login, revokes every API token, and changes your calendar address (the old one stops working).
sessions-everywhere-done = You were signed out everywhere: every session and API token ended, and your calendar address changed (subscribe to the new one on the calendar page after signing in).

profile-role = Role
profile-finished-games = Finished games
profile-no-games = No finished games yet.
profile-joined = Joined
profile-record = Record
profile-record-line = { $games ->
    [one] One finished game
   *[other] { $games } finished games
}, { $wins ->
    [one] one won
   *[other] { $wins } won
} (a draw, or a game ended without a winner, is no win).
profile-col-variant = Game
profile-col-games = Played
profile-col-wins = Won
profile-col-roles = Roles held
profile-role-count = { $role } ×{ $n }

boards-title = Boards
boards-empty = No boards yet. An admin can create them on the admin page.
boards-thread-count = { $count ->
    [one] 1 thread
   *[other] { $count } threads
}
board-empty = No threads in this board yet.
board-post-count = { $count ->
    [one] 1 post
   *[other] { $count } posts
}
board-new-thread = New thread
board-post-thread = Post
badge-new = new
badge-locked = locked
markdown-hint = Markdown is supported.
sign-in-to-post = Sign in to post

thread-only-author = Only { $name }'s posts.
thread-show-all = Show all
thread-your-text = Your text (not posted)
thread-reply = Reply
thread-reply-submit = Reply
thread-locked-notice = This thread is locked: no more replies.
post-edited = (edited)
post-quote = Quote
post-only-author = Only this author
post-edit = Edit
post-history = Edit history
moderate-lock = Lock thread
moderate-unlock = Unlock thread
moderate-delete = Delete thread

edit-title = Edit post
edit-back = Back to the thread
edit-hint = Earlier versions are kept and visible to admins.
edit-submit = Save
history-title = Edit history
history-source = Source

admin-title = Admin
admin-boards = Boards
admin-create-board = Create board
admin-accounts = Accounts
admin-set-role = Set
admin-account-events = Account history
admin-when = When
admin-account = Account
admin-actor = By
admin-kind = Kind
admin-detail = Detail

error-back-home = Back to the boards
error-not-found = There is nothing here.
error-unauthorized = Please sign in first.
error-forbidden = You are not allowed to do that.
error-csrf = This form has expired. Reload the page and try again.
error-bad-request = Invalid request: { $detail }
error-invalid-action-no-type = The action has no type: say which action it is ("type").
error-invalid-action-unknown-type = This game has no action of that type.
error-invalid-action-field = The action's field “{ $field }” is missing or is not of its kind.
error-query-not-utf8 = The address holds characters that are not valid UTF-8 text.
error-gone = This was deleted.
error-bad-query = A parameter of this address is not valid (a page that is not a number, or an option that does not exist). Please check it.
error-not-utf8 = The address or the form holds characters that are not valid UTF-8.
error-input-refused = This input cannot be stored. Please check it and try again.
error-rate-limited = Too many attempts. Please wait a minute and try again.
error-bad-credentials = Wrong user name or password.
error-internal = Something went wrong on the server. Please try again later.
error-database-busy = The database is busy and your request was not carried out. Please try again in a few seconds.
error-name-taken = That user name is taken.
error-name-confusable = That user name looks like an existing one (for example full-width letters, or look-alike Cyrillic letters). Please choose another.
error-name-reserved = That user name is reserved (a label the system uses, such as Judge or Admin, or a character of the default cast). Please choose another.
error-thread-locked = This thread is locked: no replies or edits.
error-wrong-password = The current password is not right.
error-slug-taken = That URL name is taken.
error-game-thread = Game threads are written as a game ID, from the game's pages.
error-judge-cannot-play = A judge cannot play in her own game.
error-game-started = The game has already started.
error-seat-count = The number of players is outside this game's seat range.
error-game-not-started = The game has not started yet.
error-not-seated = You have no seat in this game.
error-act-closed = This act's deadline has passed; it is being resolved.
error-concurrent-change = The game changed just now; please try again.
error-already-resolved = This act has already been resolved; nothing was done.
error-act-not-open = That act is not open yet; nothing was done.
error-game-over = The game is over.
error-game-not-over = This opens when the game is over.
error-cannot-post-here = You cannot post in this thread now.
error-self-demotion = An admin cannot remove her own admin role.

input-name-length = The user name must be 2 to 32 characters.
input-name-characters = The user name may hold letters, digits, _, - and . only.
input-password-length = The password must be 8 to 128 characters.
input-role = Unknown role.
input-title-length = The title must be 1 to 120 characters.
input-body-length = The text must be 1 to 20000 characters.
input-slug = The URL name must be 2 to 32 lowercase letters, digits or -.
input-control-characters = Control characters are not allowed.
input-game-id-length = A game ID must be 1 to 32 characters.
input-game-id-characters = A game ID may hold letters, digits, single spaces and · ・ - _ . ' only.
input-game-id-lookalike = A game ID looks like another seat's game ID.
input-game-id-reserved = A game ID may not pass for the judge, the system or another label of the site.
input-game-id-account = A game ID may not be an account’s name (or look like one): the seat would pass for that account.

# issue 10 items 11–13 (i10-words)
error-seat-count-of = { $count ->
    [one] 1 player signed up
   *[other] { $count } players signed up
}; this game needs { $min } to { $max } to start.
games-board-title = Games
thread-suffix-signup = { $title } · sign-up
thread-suffix-game = { $title } · game thread
thread-suffix-graveyard = { $title } · graveyard
thread-suffix-kira = { $title } · joined Kiras

# issue 11: phases and variants
console-owes-action = an action
phase-suffix = { " " }({ $phase })
phase-act = act
phase-day = day
phase-night = night
notice-deadline-moved = The judge moved the deadline to { $when }.
notice-paused = The judge paused the game: the clock stops and no actions are taken until it resumes.
notice-resumed = The game resumes; this phase ends { $when }.
notice-other = A notice from the judge.
# issue 12, task A (branch classic-engine): the classic presets' phases and team threads
thread-suffix-killers = { $title } · killers
thread-suffix-police = { $title } · police
# issue 38 item 13 and the accessibility list (branch fix38-p)
rules-table-label = Table (scrolls sideways)
search-landmark-top = Site search
profile-account-settings = Your account

# CL-3: why a game cannot follow another in a series (series_after).
error-series-unsupported = This game's rules do not link games into a series.
error-series-unknown-game = There is no such game to follow.
error-series-other-variant = The game to follow is of another variant.
error-series-not-finished = The game to follow has not ended yet.
error-series-other-judge = The game to follow was judged by someone else.
