# 法官控制台与替补。
console-title = 法官控制台
console-link = 法官控制台
console-paused = 已暂停：恢复后还剩 { $hours } 小时 { $minutes } 分钟。
console-thread-locked = 游戏帖已对玩家锁定。
console-thread-open = 游戏帖开放中。
console-ended = 法官已结束游戏：{ $reason }
console-submissions = 本幕提交
console-submissions-none = 本幕尚无提交。
console-col-seat = 座位
console-col-game-id = 游戏身份
console-col-real-id = 原身份
console-col-action = 行动
console-col-reply = 回复
console-col-time = 时间
console-col-state = 状态
console-owing = 尚欠
console-owing-none = 本幕无人尚欠行动。
console-preview = 若现在结算
console-preview-help = 由规则引擎根据已有提交计算，不会保存。
console-preview-none = 没有公开事件。
console-substitutes = 替补名单
console-substitutes-none = 无人
console-deadline-at = 新截止时间
console-extend-minutes = 延后分钟数
console-extend = 延后截止时间
console-pause = 暂停游戏
console-resume = 恢复游戏
console-lock = 锁定游戏帖
console-unlock = 解锁游戏帖
console-post = 以法官身份在游戏帖发言
console-post-send = 发表
console-substitute-account = 账号
console-substitute = 替补上场
console-end-reason = 原因
console-end-winner = 胜方
console-end-no-winner = 无
console-end = 结束游戏
substitutes-join = 加入替补名单
substitutes-leave = 退出替补名单
substitutes-listed = 你在替补名单中。
reveal-accounts = 账号
game-ended-reason = 法官已结束游戏：{ $reason }
game-paused = 法官已暂停游戏，计时停止。
error-game-paused = 游戏已暂停，法官恢复前无法提交。
error-not-paused = 游戏没有暂停。
error-already-paused = 游戏已经暂停。
error-deadline-in-past = 新的截止时间必须在将来。
error-deadline-not-later = 新的截止时间必须晚于当前截止时间。
error-bad-deadline = 请填写日期时间（2026-12-01T20:00:00Z）或分钟数。
error-deadline-both = 请只填写新的截止时间或延长的分钟数，不要两者都填。
error-reason-required = 请说明结束游戏的原因。
error-bad-winner = 胜方须为 good、kira 或 draw。
error-already-seated = 该账号已在本局有座位（或是本局法官）。
error-game-thread-locked = 法官已锁定游戏帖。

# Issue 10 item 1 (i10-prg): what the judge's last action did, shown once after the redirect.
console-done-deadline = 截止时间已改为 { $at }。
console-done-pause = 游戏已暂停。
console-done-resume = 游戏已继续，截止时间为 { $at }。
console-done-resolve = 第 { $act } 幕已结算。
console-done-post = 已在游戏帖发言（#{ $floor }）。
console-done-end = 游戏已结束。
console-done-substitute = 替补已接替 { $game_id }。
console-no-such-account = 没有名为「{ $name }」的账号，请检查拼写。
console-no-such-seat = 本局没有游戏身份「{ $game_id }」，请从座位表里选一个。
# issue 10 items 7–9: the console's sections, danger areas, seats table, tally, local deadlines.
console-section-act = 本幕
console-section-clock = 时钟
console-section-seats = 座位
console-section-thread = 游戏帖
console-section-end = 结束游戏
console-danger = 不可撤回
console-resolve-help = 像截止时间已到一样，立即结算本幕。
console-confirm-resolve = 我确认现在结算第 { $act } 幕（不可撤回）
console-substitute-help = 座位保留游戏身份、角色和记录；原账号立即失去访问。
console-confirm-substitute = 我确认把这个座位交给该账号（不可撤回）
console-end-help = 游戏立即结束，公开所有身份与行动。
console-confirm-end = 我确认结束游戏并公开所有身份（不可撤回）
console-confirm-missing = 「{ $action }」需要先勾选确认框；本次什么都没有改变。
console-tally = 当前选票
console-tally-votes = 票数
console-tally-none = 还没有人投票。
console-no-ballot = 尚无选票：{ $count }
console-col-role = 角色与笔记
console-col-owes = 本幕尚欠
console-col-window = 转让窗口（DN-19）
console-col-eye = 死神之眼（DN-22）
console-owes-notebook = N{ $n } 的笔记行动（杀人、联手或放弃）
console-window = 第 { $act } 幕转让了 N{ $n }；若{ $span ->
    [one] 第 { $last } 幕
   *[two] 第 { $first } 或第 { $last } 幕
}结算时有基拉被投出或被杀，收回其笔记{ $out ->
    [yes] ；若到第 { $last } 幕结算仍无基拉被投出或被杀，出局。
   *[no] 。
}
console-eye-status = 已计 { $turns }/3 个己方回合；照现在的规律将在第 { $act } 幕结算时出局，持有的笔记被销毁。
console-eye-status-turns = 已计 { $turns }/3 个己方回合；第三个己方回合结算时出局，持有的笔记被销毁。
console-deadline-none = 没有截止时间。
console-deadline-zone = 时区：{ $zone }
console-deadline-set = 设定截止时间
console-deadline-help = 按 { $zone } 时间填写。
console-deadline-malformed = 「{ $field }」：无法读取「{ $value }」。请用日期时间选择器选一个 { $zone } 时间（例如 2026-12-02T20:00）。
console-deadline-gap = 「{ $field }」：{ $value } 在 { $zone } 不存在（夏令时开始，时钟跳过了这段时间）。请另选一个时间。
console-deadline-ambiguous = 「{ $field }」：{ $value } 在 { $zone } 出现两次（夏令时结束，时钟回拨），无法确定是哪一次。请另选一个时间。
console-deadline-past = 「{ $field }」：{ $value }（{ $zone }）已经过去。请选一个将来的时间。
console-extend-malformed = 「{ $field }」：「{ $value }」不是 1 到 { $max } 之间的整数。
console-deadline-missing = 请选择新截止时间，或填写延后分钟数。
