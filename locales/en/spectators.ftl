# Watching a game and its spectators' thread (issue 41).
game-thread-spectators = Spectators' thread
thread-suffix-spectators = { $title } · spectators
spectators-thread-about = The watchers' thread: accounts that watch the game talk here under their own names, with the judge and, when the judge allows it, the seats that are out (as their game IDs). No seat that is still in reads it; everyone reads it after the end.
spectators-watcher = (watching)
spectators-watch = Watch this game
spectators-watch-help = You read what everyone reads, plus the spectators' thread. A watcher can never become a substitute in this game.
spectators-watching = You are watching this game.
spectators-unwatch = Stop watching
spectators-new-without-dead = Spectators' thread for watchers only (the seats that are out do not read it)
spectators-fact = Spectators' thread
spectators-fact-shared = watchers and the seats that are out
spectators-fact-watchers = watchers only
error-watch-seated = You have (or had) a seat in this game: you follow it from your seat, not as a watcher.
error-judge-cannot-watch = The judge reads every thread of the game already; there is nothing to watch.
error-watcher-cannot-substitute = That account watches (or watched) this game and read its spectators' thread: it can never become a substitute in it.
