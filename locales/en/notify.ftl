notify-bell = Notifications: { $count } unread
notify-title = Notifications
notify-none = No notifications yet.
notify-mark-read = Mark all read
notify-settings-link = Choose which notifications you get
notify-settings-title = Notification settings
notify-settings-saved = Saved.
notify-settings-submit = Save
notify-kind-act-posted = A new act is posted in a game I play
notify-kind-action-turn = It is my Kira turn
notify-kind-ballot-missing = My ballot or action is still missing before the deadline
notify-kind-action-reply = An act resolved with private results for my seat
notify-text-action-ok = { $title }: your action “{ $action }” was accepted.
notify-text-action-refused = { $title }: your action “{ $action }” was refused: { $what }
notify-kind-quoted = Someone quoted my post
notify-kind-substituted-in = I was substituted into a game
notify-text-act-posted = { $title }: act { $act }{ $phase } is posted.
notify-text-game-over = { $title }: the game is over.
notify-text-action-turn = { $title }: it is your Kira turn in act { $act }.
notify-text-ballot-missing = { $title }: you still owe your ballot or action for act { $act }{ $phase } (deadline { $due }).
notify-text-pending-optional = { $title }: you have not yet submitted your ballot or night action for act { $act }{ $phase } (optional; deadline { $due }).
notify-text-quoted = { $name } quoted your post.
notify-text-substituted-in = You were substituted into { $title }.
notify-banner = You still owe: { $what }.
notify-banner-optional = Not yet submitted (optional, you may leave it): { $what }.
notify-banner-deadline = Deadline
feed-board-title = { $title } (maku)
feed-game-title = { $title }: game thread
feed-judge = The judge
# The author of an act post's entry (the game's own announcement).
feed-act-author = The game
feed-post-by = Post by { $name }
feed-act = Act post

# issue 10 item 10 (i10-words): one notification per act result
notify-text-act-results = { $title }: act { $act } resolved; for your seat: { $what }
notify-action-other = action
notify-text-other = A new notification

# issue 29 item 5: mentions
notify-kind-mentioned = Someone mentioned me (@name) in a post
notify-text-mentioned = { $name } mentioned you in a post.
