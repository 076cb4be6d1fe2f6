alias-login-title = 以游戏身份登录
alias-login-explain = 用游戏身份和它自己的密码登录：这个登录只能看到并操作这一局里的这个座位。
alias-game-id = 游戏身份
alias-set-title = 游戏身份登录密码
alias-set-explain = 为 { $name } 设置一个独立的登录密码。用它登录时只能进入这一局，看不到你的论坛账号。
alias-set-done = 已设置。登录地址：
alias-set-submit = 设置

# issue 10 item 11 (i10-words)
alias-bad-credentials = 游戏身份或密码错误。
