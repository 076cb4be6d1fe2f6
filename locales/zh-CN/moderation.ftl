# 管理：举报、隐藏帖子、封禁（docs/moderation.md）。

moderation-report = 举报
moderation-report-submit = 提交举报
moderation-reason = 理由
moderation-reported = 谢谢，管理员会处理你的举报。
moderation-hide = 隐藏
moderation-hide-submit = 隐藏此帖
moderation-hidden = 此帖已被管理隐藏。
moderation-hidden-reason = 理由：{ $reason }
moderation-hidden-done = 帖子已隐藏。
moderation-reports-title = 举报
moderation-reports-none = 没有待处理的举报。
moderation-post = 帖子
moderation-author = 作者
moderation-reporter = 举报人
moderation-reported-at = 举报时间
moderation-dismiss = 驳回
moderation-resolved = 举报已处理。
moderation-suspend-title = 封禁账号
moderation-days = 天数
moderation-suspend-submit = 封禁
moderation-suspended-done = 账号已封禁。
moderation-lift-submit = 解除封禁
moderation-lifted-done = 封禁已解除。

error-suspended-until = 你的账号被封禁至 { $until }：{ $reason }。你仍可阅读。
error-reason-empty = 请填写理由。
error-reason-too-long = 理由最多 500 个字。
error-days-out-of-range = 封禁天数为 1 到 3650 天。
error-resolution-unknown = 处理举报只能驳回或隐藏帖子。
error-already-reported = 你已举报过此帖，管理员尚未处理。
error-already-hidden = 此帖已被隐藏。
error-system-post = 游戏的系统帖不能举报或隐藏。
error-report-resolved = 此举报已处理。
error-suspend-self = 不能封禁自己。
error-not-suspended = 此账号未被封禁。
error-suspended = 你的账号已被封禁。

account-event-post-reported = 举报帖子
account-event-post-hidden = 帖子被隐藏
account-event-report-dismissed = 驳回举报
account-event-report-upheld = 举报成立
account-event-suspended = 封禁
account-event-suspension-lifted = 解除封禁
