# 游戏页面（死亡笔记）
nav-games = 游戏
games-title = 游戏
games-none = 还没有游戏。
games-filter-variant = 玩法
games-filter-any = 全部
games-filter = 筛选
games-none-filtered = 没有符合筛选条件的游戏。
games-new = 开新游戏
games-col-title = 标题
games-col-status = 状态
games-col-signups = 报名人数
games-col-judge = 法官
games-status-signup = 报名中
games-status-running = 进行中
games-status-finished = 已结束
games-fixed-deal = 固定发牌
games-fixed-deal-note = 本局身份由管理员指定（测试或复盘用），并非随机抽取。

new-title = 开新游戏
new-field-title = 标题
new-field-act-minutes = 每幕时长（分钟）
new-field-deadline-time = 截止时刻（HH:MM，可留空）
new-field-timezone = 时区
new-field-min-seats = 最少人数
new-field-max-seats = 最多人数
new-field-characters = 角色表（每行一个游戏身份）
new-field-redistribute = 两本笔记都被销毁后重新分配笔记
new-submit = 开始报名
new-bad-number = 「{ $field }」必须是整数。
new-error-act-length = 每幕时长须在 1 到 10080 分钟之间。
new-error-deadline-time = 截止时刻须为 HH:MM 格式。
new-error-timezone = 未知的时区：{ $zone }
new-error-seats = 人数范围须在 { $min }–{ $max } 之内，且最少不大于最多。
new-error-characters = 角色名的数量不能少于最多人数。
new-error-character = 角色名“{ $name }”不可用：{ $why }
new-error-other = 设置无效：{ $detail }

game-judge = 法官：{ $name }
game-status = 状态：{ $status }
game-signups = 已报名（{ $count }）
game-signups-none = 还没有人报名。
game-signup = 报名
game-withdraw = 退出报名
game-start = 开始游戏
game-seat-range = 人数：{ $min }–{ $max }
game-seat-fixed = 人数：固定 { $n } 人
game-commitment = 承诺哈希
game-rules = 规则版本
game-rules-edition = 第 { $edition } 版{ $edition ->
    [1] （第一版：开局早于第二版的规则，沿用至终局）
   *[other] {""}
}
game-commitment-help = 这是发牌文本（每个座位的游戏身份、原身份与角色）加上一个秘密盐值后的 SHA-256。游戏结束时公开原文与盐值，任何人都可以核对发牌从未被改动。
game-act = 第 { $act } 幕
game-not-started = 尚未开始
game-deadline = 截止时间
game-countdown-label = 剩余
game-seats = 座位（按座次）
game-alive = 存活
game-out = 出局
game-events = 公开事件
game-events-none = 还没有公开事件。
game-act-events = 第 { $act } 幕结算
game-links = 去处
game-thread-game = 游戏帖
game-thread-graveyard = 墓地
game-thread-signup = 报名帖
game-my-seat = 我的座位
game-reveal = 揭晓
game-resolve = 立即结算本幕
game-winner = 结果：{ $winner }
game-ended-in = 第 { $act } 幕结算时结束

seat-title = 我的座位
seat-game-id = 游戏身份
seat-real-id = 原身份
seat-role = 角色
seat-state = 状态
seat-alive = 存活
seat-out = 第 { $act } 幕出局（{ $cause }）
seat-owes-ballot = 投票
seat-log = 私人记录
seat-log-empty = 还没有记录。
seat-actions = 行动
seat-no-actions = 现在没有可做的行动。
seat-result-ok = 已提交：{ $text }
seat-result-refused = 被拒绝：{ $text }
seat-stale-form = 这个表单是在已经结算的一幕里打开的，本次提交没有记录。下面的表单是本幕的，请重新确认后再提交。
seat-paused = 游戏已暂停：法官停下了时钟。暂停期间不能提交行动，也不会有人因未行动出局；恢复后会公布新的截止时间。
seat-choose = 请选择
seat-confirm = 我已了解代价
seat-confirm-missing = 请先勾选「我已了解代价」再提交；本次没有提交任何行动。

thread-judge = 法官
thread-act-opening = 游戏开始，第 { $act } 幕{ $phase }开启。
thread-act-resolved = 第 { $act } 幕{ $phase }结算
thread-act-alive = 存活：{ $names }
thread-act-next = 第 { $act } 幕{ $phase }开启，截止：
thread-act-winner = 游戏结束：{ $winner }
thread-act-quiet = 本幕无事发生。
thread-back = 返回游戏
thread-reply-as = 你将以「{ $name }」的身份发言。
thread-reply-as-judge = 你将以法官身份发言。

reveal-title = 揭晓
reveal-winner = 结果：{ $winner }
reveal-seats = 座位
reveal-col-game-id = 游戏身份
reveal-col-real-id = 原身份
reveal-col-start = 开局角色
reveal-col-out = 出局
reveal-kira-nb = 基拉（N{ $n }）
reveal-kira = 基拉
reveal-good = 好人
reveal-still-in = 存活到最后
reveal-col-role = 最终角色（出局者为出局时的角色）
reveal-col-history = 角色变化
reveal-history-none = 从未持有笔记
reveal-history-entry = 第 { $act } 幕：{ $change } → { $role }
reveal-role-out = 出局
reveal-change-dealt = 发到 N{ $n }
reveal-change-received = 从 { $with } 收到 N{ $n }
reveal-change-recaptured = { $with } 出局时收回 N{ $n }
reveal-change-took = 杀死 { $with } 后夺得 N{ $n }
reveal-change-redealt = 重新分配得到 N{ $n }
reveal-change-gave = 把 N{ $n } 转让给 { $with }
reveal-change-lost-to-recapture = 出局（{ $cause }）；N{ $n } 被 { $with } 收回
reveal-change-lost-to-killer = 出局（{ $cause }）；N{ $n } 被 { $with } 夺得
reveal-change-destroyed = 出局（{ $cause }）；N{ $n } 被销毁
reveal-out = 第 { $act } 幕，{ $cause }
reveal-transcript = 完整记录
reveal-by = { $name }：
reveal-to = 告知 { $name }：
reveal-commitment = 发牌承诺
reveal-commit-text = 承诺原文
reveal-commit-salt = 盐值
reveal-commit-hash = 哈希
reveal-commit-algorithm = 算法：sha256(原文 + "\n" + 盐值)
reveal-verified = 核对通过：重新计算的哈希与开局公布的一致。
reveal-not-verified = 核对失败：重新计算的哈希与开局公布的不一致！

list-sep = 、
game-over = 游戏结束：{ $winner }。
log-reply = 你提交「{ $action }」→ { $outcome }
log-refused = 被拒绝：{ $reason }
refusal-unknown-seat = 这个座位不在游戏中。
refusal-out = 你已出局，不能再行动。
refusal-bad-target = 目标不存在或已出局。
refusal-self-target = 不能以自己为目标。
refusal-game-over = 游戏已经结束。
new-field-remind-hours = 截止前几小时提醒未行动的座位（0 = 不提醒）
new-error-remind-hours = 提醒时间须为截止前 0 至 72 小时。

# Issue 10 item 3 (i10-prg): the live update's link when a reload would lose what was typed.
live-reload = 有新内容 — 刷新
# issue 10 items 10–13 (i10-words)
refusal-other = 规则不允许这样做。
rules-title = 死亡笔记规则
rules-summary-title = 简要
rules-summary = 每位玩家有两个身份：原身份（报名的论坛账号）和游戏身份（游戏中扮演的角色），大家只以游戏身份发言。开局随机选出两名基拉，各持一本死亡笔记，彼此不知道对方是谁。每一幕，所有存活的人私下投票，得票最多的人出局；笔记当值的基拉可以杀人（须猜中目标的原身份）、向另一位基拉联手或放弃本幕行动，不行动或不投票的人自杀出局。笔记可以转让一次，转让者在之后两次结算内有基拉被投出或被杀时收回笔记；基拉还可以申请死神之眼。两本笔记都被销毁时，视本局设置重新分配笔记或好人胜利；存活的好人不多于存活的基拉时基拉胜利。下面是中文原帖；本站判定以逐条补全原帖的英文规则书为准。
rules-book-link = 英文规则书（本站判定依据，规则编号 DN-1 至 DN-28）
rules-original-title = 中文原帖
game-rules-link = 规则
game-facts = 本局设置
game-fact-act-length = 每幕时长
game-fact-hours = { $n } 小时
game-fact-minutes = { $n } 分钟
game-fact-deadline = 截止时刻
game-fact-deadline-at = 每天 { $time }（{ $zone }）
game-fact-deadline-any = 不固定：每幕开启后满时长即截止
game-fact-seat-range = 人数
game-fact-seats = { $min }–{ $max } 人
game-fact-reminder = 提醒
game-fact-remind = 截止前 { $n } 小时提醒未投票或未行动的座位
game-fact-remind-never = 不提醒
game-fact-redistribute = 重新分配笔记
game-fact-redistribute-on = 开：两本笔记都被销毁后重新分配
game-fact-redistribute-off = 关：两本笔记都被销毁即好人胜利
# issue 10 items 3, 5, 6 (branch i10-threads): act posts, game-thread posts
thread-act-nobody-voted-out = 本幕无人被投票出局。
thread-act-votes = 票数
thread-act-votes-none = 本幕无人投票。
thread-act-vote-count = { $name }：{ $votes } 票
new-field-publish-votes = 每幕结算后公布票数（只公布每个游戏 ID 的得票，不公布谁投给谁）
game-edit-hint = 每个版本都会保留，本帖的所有读者都能看到（以你的游戏 ID 显示）。
game-history-public = 此帖的所有版本，本帖的所有读者都能看到。
game-post-permalink = 此楼链接
# issue 11: generic seat forms (branch i11-forms): the seat page of a variant without its own
action-join = 联手
action-pass = 放弃本幕行动
action-eye-request = 申请死神之眼
action-eye-use = 使用死神之眼
action-transfer = 转让笔记
action-heir = 指定继承人
action-vote = 投票
action-field-target = 目标
action-field-real-id = 猜测的原身份
action-field-notebook = 笔记
action-field-vote1 = 第一人
action-field-vote2 = 第二人
role-player = 玩家
refusal-not-now = 这个阶段不能这样做。
seat-out-plain = 已出局
seat-team-thread = 队伍帖
seat-some-field = 字段
seat-form-unknown = 这里没有这项行动；本次没有提交任何行动。
seat-field-repeated = 有字段重复提交；本次没有提交任何行动。
seat-field-missing = 请填写「{ $field }」；本次没有提交任何行动。
seat-field-invalid = 「{ $field }」不是可选的值；本次没有提交任何行动。

# issue 12, task C (classic-sentences): the classic presets (dongsha, killgame, shengtui, wujian) in words
phase-last-words = 遗言
phase-speech = 发言
phase-discussion = 自由发言
phase-vote = 投票
phase-pk = PK 发言
role-killer = 杀手
role-police = 警察
role-civilian = 平民
role-bandit = 匪
role-cop = 警
# issue 12, task A (branch classic-engine): the classic presets' forms, roles and replies
action-kill = 杀人
action-check = 验人
action-explode = 爆匪
action-surrender = 投降
action-peek = 睁眼
action-field-call = 在谁的口令时睁眼
action-choice-call-none = 不睁眼
action-hug = 抱人（花蝴蝶）
action-silence = 禁言（森林老人）
action-save = 救人（医生）
action-secret-kill = 秘密警察开枪（一局一次）
action-needle = 扎针（医生）
action-snipe = 狙击（狙击手）
action-magic = 施魔法（魔法师）
action-query = 查询作用对象（巫师）
action-dark-vote = 投暗票
# issue 13 (branch roles-words): the role games 4.0 无间版 (v4wujian) and 5.0 恶民传说 (v5emin) in words
role-butterfly = 花蝴蝶
role-elder = 森林老人
role-doctor = 医生
role-undercover = 卧底
role-secret-police = 秘密警察
role-sniper = 狙击手
role-good-civilian = 善民
role-magician = 魔法师
role-wizard = 巫师
role-evil-civilian = 恶民
role-needle-doctor = 医生（扎针）
role-dark-elder = 森林老人（恶）
role-shield-butterfly = 花蝴蝶（护身）

# 座位页上，角色游戏里自己角色能做什么（issue 13）

# issue 13, task h5 (branch roles-browser): the banner of a seat owing a night action outside Death Note
seat-owes-night-action = 夜间行动

# issue 13, task h4 (branch roles-forum): the role games on the forum
thread-silenced = 你今天被禁言，不能在游戏帖发言。
thread-locked-why = 法官锁定了游戏帖：现在只有法官能在这里发帖。
thread-out-why = 你已出局，不能再在游戏帖发言；可以在墓地帖说话。

# The seat page: the role state today (issue 13)
log-some-action = 一项行动
log-action = { $action }（{ $details }）
log-accepted = 已接受。
log-private = 规则告诉你：{ $details }。
log-private-plain = 规则给你发来一条私信。
log-none = 无
