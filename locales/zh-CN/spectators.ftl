# 观战与观战帖（issue 41）。
game-thread-spectators = 观战帖
thread-suffix-spectators = { $title } · 观战
spectators-thread-about = 观战者的帖子：观战的账号以自己的名字在此交流，法官也在；法官允许时，出局的座位也以游戏 ID 参加。仍在局中的座位读不到此帖；游戏结束后所有人可读。
spectators-watcher = （观战）
spectators-watch = 观战本局
spectators-watch-help = 你能读到所有人可读的内容，另加观战帖。观战者永远不能成为本局的替补。
spectators-watching = 你正在观战本局。
spectators-unwatch = 停止观战
spectators-new-without-dead = 观战帖仅限观战者（出局的座位不可读）
spectators-fact = 观战帖
spectators-fact-shared = 观战者与出局的座位
spectators-fact-watchers = 仅观战者
error-watch-seated = 你在本局有（或曾有）座位：请以座位身份参加，不能观战。
error-judge-cannot-watch = 法官本就能读本局的所有帖子，无需观战。
error-watcher-cannot-substitute = 该账号正在（或曾经）观战本局，读过观战帖：永远不能成为本局的替补。
