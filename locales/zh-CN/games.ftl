# 游戏页面（死亡笔记）
nav-games = 游戏
games-title = 游戏
games-none = 还没有游戏。
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
game-thread-kira = 基拉联手帖
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
seat-role-kira = 基拉（持有笔记 { $notebooks }）
seat-role-good = 好人
seat-state = 状态
seat-alive = 存活
seat-out = 第 { $act } 幕出局（{ $cause }）
seat-on-turn = 本幕轮到你（你的笔记在本幕当值）。
seat-not-on-turn = 本幕你没有当值的笔记。
seat-notebooks = 笔记
seat-nb-name = N{ $n }
seat-nb-on-turn = 当值
seat-nb-acted = 已行动
seat-nb-owed = 须在截止前行动
seat-nb-transferable = 可转让
seat-nb-heir = 继承人：{ $heir }
seat-eye = 你持有死神之眼。
seat-partner = 联手搭档：{ $partner }
seat-ballot = 当前投票：{ $names }
seat-ballot-none = 本幕还没有投票。
seat-ballot-size = 本幕每票可投 { $size } 人。
seat-owes = 你本幕还欠：{ $what }。截止前未完成会自杀出局。
seat-owes-ballot = 投票
seat-owes-action = 笔记行动（杀人、联手或放弃）
seat-log = 私人记录
seat-log-empty = 还没有记录。
seat-actions = 行动
seat-no-actions = 现在没有可做的行动。
seat-result-ok = 已提交：{ $text }
seat-result-refused = 被拒绝：{ $text }
seat-target = 目标（游戏身份）
seat-real-id-guess = 猜测的原身份
seat-notebook = 笔记
seat-notebook-auto = 自动
seat-kill = 杀人
seat-join = 联手
seat-join-hint = 指认你认为是另一位基拉的游戏身份。
seat-pass = 放弃本幕行动
seat-eye-request = 申请死神之眼
seat-eye-use = 使用死神之眼
seat-transfer = 转让笔记
seat-heir = 指定继承人
seat-vote = 投票
seat-vote-first = 第一人
seat-vote-second = 第二人（可空）
seat-choose = 请选择
seat-kira-thread = 基拉联手帖
seat-role-kira-out = 基拉（出局时）
seat-ahead = 接下来
seat-window = 你在第 { $act } 幕转让了 N{ $n }。若{ $span ->
    [one] 第 { $last } 幕
   *[two] 第 { $first } 或第 { $last } 幕
}结算时有基拉被投出或被杀，你收回其笔记{ $out ->
    [yes] ；若到第 { $last } 幕结算仍无基拉被投出或被杀，你将出局。
   *[no] 。
}
seat-eye-status = 死神之眼：你的 3 个己方回合已计 { $turns } 个；若你的回合照现在的规律继续，你将在第 { $act } 幕结算时出局，持有的笔记被销毁。
seat-eye-status-turns = 死神之眼：你的 3 个己方回合已计 { $turns } 个；第三个己方回合结算时你出局，持有的笔记被销毁。
seat-confirm = 我已了解代价
seat-confirm-missing = 请先勾选「我已了解代价」再提交；本次没有提交任何行动。
seat-cost-kill = 用掉这本笔记本幕的行动，无法撤回；猜错会在下一帖公布（不公布你的名字）。
seat-cost-join = 用掉这本笔记本幕的行动（代替杀人），无法撤回；联手成败会在下一帖公布（不公布名字）。
seat-cost-transfer = { $both ->
    [yes] 这本笔记立即送出（你仍以另一本为基拉），无法撤回。若第 { $first } 或第 { $last } 幕结算时有基拉被投出或被杀，你收回其笔记。
   *[no] 你立即成为好人，无法撤回。若第 { $first } 或第 { $last } 幕结算时有基拉被投出或被杀，你收回其笔记；若到第 { $last } 幕结算仍无基拉被投出或被杀，你将出局。
}
seat-cost-transfer-plain = 这本笔记立即送出，无法撤回。
seat-cost-eye-request = 你将不能再转让笔记；你将在第 { $act } 幕结算时出局，持有的笔记被销毁。
seat-cost-eye-request-plain = 你将不能再转让笔记；你将在第三个己方回合结算时出局，持有的笔记被销毁。

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
reveal-col-role = 角色（出局时或终局）
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
seat-some-action = 一项行动
seat-some-field = 字段
seat-log-reply = 你提交「{ $action }」→ { $outcome }
seat-log-refused = 被拒绝：{ $reason }
seat-log-action = { $action }（{ $details }）
seat-log-field = { $field }：{ $value }
seat-reply-accepted = 已接受。
seat-log-private = 规则告诉你：{ $details }。
seat-log-private-plain = 规则给你发来一条私信。
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
seat-log-none = 无
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

# 座位页上，角色游戏里自己角色能做什么（issue 13）
role-about-v4wujian-butterfly = 每晚可以抱一名其他玩家（R4-3）：杀在被抱的人身上无效；抱住杀手时，杀手当晚的杀人无效；但有人杀你时，你和被抱的人一起死（R4-4）。
role-about-v4wujian-elder = 每晚可以禁言一名玩家（可以是自己）：被禁言的人第二天不能发言，但仍可投票（R4-3、R4-5）。
role-about-v4wujian-doctor = 每晚可以救一名玩家（可以是自己），救下的人不会死于杀手的杀；同一人连续两晚被救而两晚都没人杀他，他会死（R4-4）。
role-about-v4wujian-killer = 你和另外两名杀手每晚商量杀一人（按多数，R4-3）；第一夜卧底也在你们的线程里。
role-about-v4wujian-undercover = 你是坏人：第一夜和杀手们相认；你还和两名警察同属警察一队，他们不知道三人中哪个是卧底。每晚你和警察一起验一人（R4-2、R4-3）。
role-about-v4wujian-police = 你们三人（两名警察和一名卧底）每晚一起验一人（按多数）；三人中有一人是卧底，你不知道是谁（R4-2、R4-3）。
role-about-v4wujian-secret-police = 整局可以开一次枪，杀一名其他玩家（医生救不了）；开枪之前，杀手杀不死你（R4-3、R4-4）。
role-about-v4wujian-civilian = 你没有夜间行动：白天发言、投票，找出杀手和卧底。
role-about-v5emin-butterfly = 每晚可以抱一名其他玩家：他当晚对一切作用免疫；作用在你身上的杀、狙、针、禁言、暗票也会落到他身上（R5-3）。
role-about-v5emin-sniper = 每晚可以狙一名玩家（R5-1）；医生的针可以挡下一次狙（R5-3）。
role-about-v5emin-doctor = 每晚可以给一名玩家扎针：针能抵消当晚一次杀或狙；扎在没人攻击的人身上是空针，一人累计两次空针会死（R5-3）。
role-about-v5emin-police = 每晚可以查验一名其他玩家，得知其是好人还是坏人（恶民查出来是好人，R5-3）。
role-about-v5emin-good-civilian = 每晚可以投一张暗票，白天计入投票（R5-1、R5-4）。
role-about-v5emin-magician = 每晚可以对一名其他玩家施魔法，使他当晚的作用失效；对花蝴蝶施法则取消拥抱。杀手出局后，杀人的作用传给你（R5-2、R5-3）。
role-about-v5emin-killer = 每晚可以杀一名玩家（R5-1）。
role-about-v5emin-elder = 每晚可以禁言一名玩家：被禁言的人第二天不能发言，也不能投票（R5-4）。杀手和魔法师都出局后，杀人的作用传给你（R5-2）。
role-about-v5emin-wizard = 每晚可以查询一名其他玩家当晚作用的对象（R5-3）。杀手、魔法师、森林老人都出局后，杀人的作用传给你（R5-2）。
role-about-v5emin-evil-civilian = 你是坏人，但被警察查验或白天出局时都算好人。每晚可以投一张暗票，白天计入投票（R5-1、R5-4）。

# issue 13, task h5 (branch roles-browser): the banner of a seat owing a night action outside Death Note
seat-owes-night-action = 夜间行动

# issue 13, task h4 (branch roles-forum): the role games on the forum
thread-silenced = 你今天被禁言，不能在游戏帖发言。

# The seat page: the role state today (issue 13)
seat-note-silenced-v4wujian = 你今天被禁言：不能在游戏帖发言，也没有发言和遗言，但仍可投票（R4-5）。
seat-note-silenced-v5emin = 你今天被禁言：不能发言，也不能投票（R5-4）。
seat-note-secret-kill-spent = 你的一枪已经用过了（R4-3：整局一次）。
seat-note-holds-kill = 杀人的作用现在在你手里：你夜里的作用是杀人（R5-2）。
