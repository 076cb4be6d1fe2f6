# issue 29 item 3: e-mail
mail-subject = maku：{ $what }
mail-confirm-subject = maku：请确认你的电子邮箱
mail-confirm-body = { $name }，你好。有人（希望是你）请 maku 把账号 { $name } 的邮件发到 { $address }。请在 { $hours } 小时内打开下面的链接确认：
mail-confirm-not-you = 如果不是你本人的请求，请忽略本邮件：链接不被打开，就不会再有邮件发到这个地址。
mail-digest-subject = maku：今天有 { $count } 条未读通知
mail-digest-intro = 上次摘要以来（{ $count } 条未读）：
mail-digest-more = ……还有 { $count } 条，见你的通知页：
mail-footer-to = 本邮件发给 maku 账号 { $name }。
mail-footer-stop = 不再接收这类邮件（一键退订）：
mail-footer-settings = 全部邮件设置：
# the account's page
mail-title = 电子邮件
mail-off = 本论坛不发送电子邮件。
mail-intro = maku 可以把铃铛里的通知发到你的邮箱：按种类选择立即发送、每日摘要或不发。邮箱要在你打开发到那里的确认链接之后才会启用。
mail-address-label = 电子邮箱
mail-in-use = 邮件发往 { $address }。
mail-none = 尚未设置邮箱。
mail-pending = 等待确认：{ $address }。请打开发到该邮箱的链接（{ $hours } 小时内有效）。
mail-set = 发送确认链接
mail-remove = 删除我的邮箱
mail-link-sent = 确认链接已发往 { $address }，打开后即开始接收邮件。
mail-already = 这就是正在使用的邮箱。
mail-removed = 邮箱已删除，不会再有邮件发到那里。
mail-mode-label = 邮件
mail-mode-none = 不发
mail-mode-now = 立即
mail-mode-daily = 每日摘要
mail-modes-hint = 在铃铛里关闭的种类也不会发邮件。
mail-recent = 最近的邮件
mail-state-sent = 已于 { $at } 发出
mail-state-waiting = 等待发送
mail-state-failed = 未发出：{ $why }
# the confirmation link
mail-confirm-title = 电子邮箱
mail-confirm-done = { $address } 已确认：今后 maku 的邮件发往这里。
mail-confirm-expired = 这个链接已过期。请在通知设置里重新申请。
mail-confirm-unknown = 这个链接无效：它已被使用、被更新的链接取代，或已撤回。
mail-confirm-question = 把 { $address } 用作这个账号接收 maku 邮件的地址？按下按钮才会确认。
mail-confirm-button = 确认这个地址
mail-settings-link = 通知与邮件设置
# the unsubscribe page
mail-unsubscribe-title = 退订邮件
mail-unsubscribe-kind = 不再接收这类邮件：{ $what }？
mail-unsubscribe-digest = 不再接收每日摘要？
mail-unsubscribe-confirm = 放弃等待确认的邮箱？之后不会再有邮件发到那里。
mail-unsubscribe-button = 退订
mail-unsubscribed = 已退订这类邮件。你可以在设置里重新打开。
mail-unsubscribed-already = 这类邮件已退订。
# errors
error-mail-off = 本论坛不发送电子邮件。
error-bad-email = 这不是电子邮箱地址（例如 name@example.com）。
# the account history (admin audit)
account-event-email-requested = 填写电子邮箱（已发确认链接）
account-event-email-confirmed = 确认电子邮箱
account-event-email-removed = 删除电子邮箱
account-event-mail-modes = 修改邮件设置
account-event-mail-unsubscribed = 通过邮件退订
mail-state-withdrawn = 发送前已撤回
