notify-bell = 通知：{ $count } 条未读
notify-title = 通知
notify-none = 暂无通知。
notify-mark-read = 全部标为已读
notify-settings-link = 选择接收哪些通知
notify-settings-title = 通知设置
notify-settings-saved = 已保存。
notify-settings-submit = 保存
notify-kind-act-posted = 我参加的游戏发布了新的一幕
notify-kind-action-turn = 轮到我的基拉回合
notify-kind-ballot-missing = 截止前我仍未投票或行动
notify-kind-action-reply = 一幕结算后我的座位有私人结果
notify-text-action-ok = { $title }：你的行动「{ $action }」已接受。
notify-text-action-refused = { $title }：你的行动「{ $action }」被拒绝：{ $what }
notify-kind-quoted = 有人引用了我的帖子
notify-kind-substituted-in = 我被替补进游戏
notify-text-act-posted = { $title }：第 { $act } 幕{ $phase }已发布。
notify-text-game-over = { $title }：游戏已结束。
notify-text-action-turn = { $title }：第 { $act } 幕轮到你的基拉回合。
notify-text-ballot-missing = { $title }：你仍未提交第 { $act } 幕{ $phase }的投票或行动（截止 { $due }）。
notify-text-pending-optional = { $title }：你尚未提交第 { $act } 幕{ $phase }的投票或夜间行动（可选；截止 { $due }）。
notify-text-quoted = { $name } 引用了你的帖子。
notify-text-substituted-in = 你被替补进 { $title }。
notify-banner = 你仍需提交：{ $what }。
notify-banner-optional = 尚未提交（可选，也可以不提交）：{ $what }。
notify-banner-deadline = 截止
feed-board-title = { $title }（幕）
feed-game-title = { $title }：游戏帖
feed-judge = 法官
# The author of an act post's entry (the game's own announcement).
feed-act-author = 对局
feed-post-by = { $name } 的发言
feed-act = 幕帖

# issue 10 item 10 (i10-words): one notification per act result
notify-text-act-results = { $title }：第 { $act } 幕结算，你的座位：{ $what }
notify-action-other = 行动
notify-text-other = 新通知

# issue 29 item 5: mentions
notify-kind-mentioned = 有人在帖子中提到我（@名字）
notify-text-mentioned = { $name } 在帖子中提到了你。
