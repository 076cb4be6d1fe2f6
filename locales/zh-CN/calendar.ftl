# issue 29 item 4: the private deadline calendar
calendar-title = 截止时间日历
calendar-link = 把截止时间订阅到手机日历
calendar-intro = 在日历应用（手机或电脑）中订阅这个地址：它列出你参与或担任法官的进行中对局的截止时间，每个提前一小时提醒；法官调整截止时间后日历随之更新。请勿外传：拿到地址的人能看到你的对局何时截止。
calendar-url-label = 你的日历地址
calendar-copy-hint = 选中地址并复制到日历应用中（“订阅日历”“通过 URL 添加”）。
calendar-open = 打开日历源
calendar-revoke-title = 换一个地址
calendar-revoke-hint = 当前地址立即失效，请用新地址重新订阅。
calendar-revoke = 更换地址
calendar-revoked = 旧地址已失效，下面是新地址。
calendar-name = maku：我的截止时间
calendar-summary = { $title }：第 { $act } 幕{ $phase }截止
calendar-as-player = 你参与的对局的截止时间。
calendar-as-judge = 你担任法官的对局的截止时间。
