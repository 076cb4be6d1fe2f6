# maku — 简体中文界面文字

greeting = 你好，{ $name }
nav-boards = 版块
skip-to-content = 跳到正文
table-actions = 操作
nav-admin = 管理
nav-password = 修改密码
nav-playing-as = 以 { $name } 的身份游戏
nav-logout = 退出
nav-login = 登录
nav-register = 注册
footer-language = 语言
pager-label = 翻页

player = 玩家
judge = 法官
admin = 管理员

field-username = 用户名
field-password = 密码
field-old-password = 当前密码
field-new-password = 新密码
field-title = 标题
field-body = 正文
field-slug = 网址名
field-description = 简介

register-title = 注册
register-name-hint = 2 至 32 个字符：文字、数字、_、- 或 .。用户名即你在游戏中的原身份。
register-submit = 注册
register-have-account = 已有账号？登录
login-title = 登录
login-submit = 登录
login-no-account = 还没有账号？注册
password-title = 修改密码
password-changed = 密码已修改。其他设备上的登录已全部退出，日历地址也已更换：请在日历页面订阅新地址。
password-intro = 修改密码也会退出其他所有浏览器的登录、撤销所有 API 令牌，并更换你的日历地址（旧地址随即失效）。
password-hint = 8 至 128 个字符。
password-submit = 修改
sessions-title = 登录与令牌
sessions-link = 登录设备、API 令牌与退出所有登录
sessions-intro = 浏览器登录连续 { $days } 天未使用即自动失效。
sessions-browser = 浏览器登录
sessions-kind = 类型
sessions-account = 账号登录
sessions-game-login = 第 { $game } 局的游戏身份登录
sessions-this = 当前浏览器
sessions-created = 创建时间
sessions-last-seen = 最近使用
sessions-tokens = API 令牌
sessions-token-id = 编号
sessions-no-tokens = 没有有效的 API 令牌。
sessions-never = 尚未使用
sessions-revoke = 撤销
sessions-revoked = 令牌已撤销。
sessions-everywhere = 退出所有登录
sessions-everywhere-hint = 结束本账号的所有浏览器登录（包括当前这个）和游戏身份登录，撤销所有 API 令牌，并更换你的日历地址（旧地址随即失效）。
sessions-everywhere-done = 已在所有地方退出：所有登录和 API 令牌都已结束，日历地址也已更换（登录后请在日历页面订阅新地址）。

profile-role = 角色
profile-finished-games = 已结束的游戏
profile-no-games = 还没有已结束的游戏。
profile-joined = 注册时间
profile-record = 战绩
profile-record-line = 已完成 { $games } 局，获胜 { $wins } 局（平局或法官结束且未判胜负的局不算胜）。
profile-col-variant = 玩法
profile-col-games = 局数
profile-col-wins = 胜局
profile-col-roles = 担任身份
profile-role-count = { $role } ×{ $n }

boards-title = 版块
boards-empty = 还没有版块。管理员可以在管理页创建。
boards-thread-count = { $count } 个主题
board-empty = 这个版块还没有主题。
board-post-count = { $count } 帖
board-new-thread = 发表新主题
board-post-thread = 发表
badge-new = 新
badge-locked = 已锁定
markdown-hint = 支持 Markdown。
sign-in-to-post = 登录后发帖

thread-only-author = 只看 { $name } 的帖子。
thread-show-all = 显示全部
thread-your-text = 你的发言（未发表）
thread-reply = 回复
thread-reply-submit = 回复
thread-locked-notice = 本主题已锁定，不能回复。
post-edited = （已编辑）
post-quote = 引用
post-only-author = 只看该作者
post-edit = 编辑
post-history = 编辑历史
moderate-lock = 锁定主题
moderate-unlock = 解锁主题
moderate-delete = 删除主题

edit-title = 编辑帖子
edit-back = 返回主题
edit-hint = 之前的版本会保留，管理员可以查看。
edit-submit = 保存
history-title = 编辑历史
history-source = 原文

admin-title = 管理
admin-boards = 版块
admin-create-board = 创建版块
admin-accounts = 账号
admin-set-role = 设定
admin-account-events = 账号记录
admin-when = 时间
admin-account = 账号
admin-actor = 操作者
admin-kind = 类型
admin-detail = 详情

error-back-home = 返回首页
error-not-found = 找不到这个页面。
error-unauthorized = 请先登录。
error-forbidden = 你没有权限这样做。
error-csrf = 表单已过期，请刷新页面后重试。
error-bad-request = 请求无效：{ $detail }
error-invalid-action-no-type = 行动没有类型：请写明是哪种行动（"type"）。
error-invalid-action-unknown-type = 这局游戏没有这种行动。
error-invalid-action-field = 行动的字段“{ $field }”缺失，或格式不对。
error-query-not-utf8 = 网址中含有无效的 UTF-8 字符。
error-gone = 该内容已被删除。
error-bad-query = 这个地址的参数无效（例如页码不是数字，或没有这个选项），请检查后重试。
error-not-utf8 = 地址或表单里有无法识别的字符（不是有效的 UTF-8）。
error-input-refused = 这段输入无法保存，请检查后重试。
error-rate-limited = 尝试次数过多，请稍后再试。
error-bad-credentials = 用户名或密码错误。
error-internal = 服务器出错了，请稍后再试。
error-database-busy = 数据库正忙，本次请求没有执行，请几秒后重试。
error-name-taken = 这个用户名已被使用。
error-name-confusable = 这个用户名与已有的用户名太像（例如全角字母，或外形相同的西里尔字母），请换一个。
error-name-reserved = 这个用户名是保留名称（法官、管理员等系统标签，或默认角色名），请换一个。
error-thread-locked = 本主题已锁定，不能回复或编辑。
error-wrong-password = 当前密码不正确。
error-slug-taken = 这个网址名已被使用。
error-game-thread = 游戏帖只能以游戏身份在游戏页面发言。
error-judge-cannot-play = 法官不能参加自己主持的游戏。
error-game-started = 游戏已经开始。
error-seat-count = 报名人数不在本局允许的范围内。
error-game-not-started = 游戏还没有开始。
error-not-seated = 你没有参加这局游戏。
error-act-closed = 本幕已到截止时间，正在结算。
error-concurrent-change = 游戏刚刚有了变化，请重试。
error-already-resolved = 这一幕已经结算过了，本次操作没有执行。
error-act-not-open = 这一幕还没有开始，本次操作没有执行。
error-game-over = 游戏已经结束。
error-game-not-over = 游戏结束后才能查看。
error-cannot-post-here = 你现在不能在这个帖子里发言。
error-self-demotion = 管理员不能取消自己的管理员身份。

input-name-length = 用户名须为 2 至 32 个字符。
input-name-characters = 用户名只能包含文字、数字、_、- 和 .。
input-password-length = 密码须为 8 至 128 个字符。
input-role = 未知的角色。
input-title-length = 标题须为 1 至 120 个字符。
input-body-length = 正文须为 1 至 20000 个字符。
input-slug = 网址名须为 2 至 32 个小写字母、数字或 -。
input-control-characters = 不允许使用控制字符。
input-game-id-length = 角色名须为 1 到 32 个字。
input-game-id-characters = 角色名只能包含文字、数字、单个空格以及 · ・ - _ . '。
input-game-id-lookalike = 角色名与另一个座位的角色名看起来相同。
input-game-id-reserved = 角色名不能冒充法官、系统或本站的其他称呼。
input-game-id-account = 角色名不能与已有账号同名（或形似）：否则这个座位会被当成那个账号。

# issue 10 items 11–13 (i10-words)
error-seat-count-of = 已报名 { $count } 人，本局需要 { $min }–{ $max } 人才能开始。
games-board-title = 游戏
thread-suffix-signup = { $title } · 报名
thread-suffix-game = { $title } · 游戏帖
thread-suffix-graveyard = { $title } · 墓地
thread-suffix-kira = { $title } · 联手

# issue 11: phases and variants
console-owes-action = 一项行动
phase-suffix = （{ $phase }）
phase-act = 幕
phase-day = 白天
phase-night = 夜晚
notice-deadline-moved = 法官将截止时间改为 { $when }。
notice-paused = 法官暂停了游戏：截止时间停止计时，暂停期间不接受行动。
notice-resumed = 游戏继续，本阶段截止时间为 { $when }。
notice-other = 法官的通知。
# issue 12, task A (branch classic-engine): the classic presets' phases and team threads
thread-suffix-killers = { $title } · 杀手
thread-suffix-police = { $title } · 警察
# issue 38 item 13 and the accessibility list (branch fix38-p)
rules-table-label = 表格（可左右滚动）
search-landmark-top = 全站搜索
profile-account-settings = 你的账号

# CL-3: why a game cannot follow another in a series (series_after).
error-series-unsupported = 这种规则的游戏不能连局。
error-series-unknown-game = 要接续的游戏不存在。
error-series-other-variant = 要接续的游戏是另一种规则。
error-series-not-finished = 要接续的游戏尚未结束。
error-series-other-judge = 要接续的游戏由别的法官主持。
