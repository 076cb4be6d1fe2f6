# 死亡笔记（crates/maku-rules/src/deathnote）：事件、回复与拒绝的句子。
dn-winner-good = 好人胜利
dn-winner-kira = 基拉胜利
dn-winner-draw = 平局
dn-cause-killed = 被笔记杀死
dn-cause-no-action = 未行动自杀
dn-cause-voted = 被投票出局
dn-cause-no-vote = 未投票自杀
dn-cause-eye = 死神之眼寿命耗尽
dn-cause-transfer-expired = 转让后未能回收笔记
dn-fate-destroyed = 笔记被销毁
dn-fate-recaptured = 笔记被回收
dn-fate-taken = 笔记被杀手夺得
dn-ev-kill-failed = 对 { $target } 的杀人失败了。
dn-ev-join-succeeded = 有基拉选择了联手：成功。
dn-ev-join-failed = 有基拉选择了联手：失败。
dn-ev-notebook-transferred = 有一本笔记被转让了。
dn-ev-eye-acquired = 有基拉获得了死神之眼。
dn-ev-out-good = { $target } 出局（{ $cause }），是好人。
dn-ev-out-kira = { $target } 出局（{ $cause }），是基拉；{ $notebook }。
dn-ev-redistributed = 重新分配了 { $count } 本笔记。
dn-with-notebook = （用 N{ $n }）
dn-act-kill = 杀 { $target }，猜原身份「{ $real_id }」
dn-act-join = 向 { $target } 联手
dn-act-pass = 放弃本幕行动
dn-act-eye-request = 申请死神之眼
dn-act-eye-use = 用死神之眼看 { $target }
dn-act-transfer = 把笔记转让给 { $target }
dn-act-heir = 指定继承人 { $target }
dn-act-vote = 投票给 { $targets }
dn-reply-kill-succeeded = 杀人成功，将在本幕结算时生效。
dn-reply-kill-failed = 杀人失败：此人的原身份是「{ $real_id }」。
dn-reply-kill-failed-eye = 杀人失败（持有死神之眼，得不到任何信息）。
dn-reply-join-succeeded = 联手成功：另一位基拉是 { $partner }。
dn-reply-join-failed = 联手失败。
dn-reply-passed = 已放弃本幕行动。
dn-reply-eye-granted = 已获得死神之眼。
dn-reply-eye-seen-kira = { $target } 的原身份是「{ $real_id }」，是基拉。
dn-reply-eye-seen-good = { $target } 的原身份是「{ $real_id }」，不是基拉。
dn-reply-transferred = 笔记已转让。
dn-reply-heir-set = 继承人已指定。
dn-reply-vote-recorded = 投票已记录（截止前可改投，以最后一票为准）。
dn-pev-joined = 你与 { $partner } 联手了。
dn-pev-notebook-received = 你得到了笔记 N{ $n }，成为基拉（这本不能再转让）。
dn-pev-notebook-received-transferable = 你得到了笔记 N{ $n }，成为基拉（这本还可以转让一次）。
dn-pev-recaptured = 你回收了笔记 N{ $n }，重新成为基拉。
dn-refusal-not-kira = 只有基拉（持有笔记的人）能这样做。
dn-refusal-bad-notebook = 你没有这本笔记。
dn-refusal-not-your-turn = 本幕没有轮到你的笔记。
dn-refusal-already-acted = 这本笔记本幕已经行动过了。
dn-refusal-target-taken = 此人本幕已被另一次杀人杀死。
dn-refusal-join-unavailable = 现在不能联手：持有两本笔记或已经联手。
dn-refusal-eye-unavailable = 现在不能申请死神之眼：每局只有一次，且须在自己的回合。
dn-refusal-eye-not-held = 你没有死神之眼。
dn-refusal-eye-already-used = 本回合已经用过死神之眼。
dn-refusal-eye-after-kill = 死神之眼须在本幕杀人之前使用。
dn-refusal-transfer-unavailable = 现在不能转让：存活不超过 8 人、这本已转让过，或你持有死神之眼。
dn-refusal-ballot-size = 本幕的票数不对。
dn-refusal-duplicate-target = 一张票不能重复投同一人。
dn-seats-hint = 可开 6–40 人，推荐 16–18 人。
action-none-notebook = 自动
seat-role-kira = 基拉（持有笔记 { $notebooks }）
seat-role-good = 好人
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
seat-ballot-size = { $size ->
    [1] 本幕每票投 1 人。
   *[other] 本幕每票可投 1 人或 2 个不同的人。
}
seat-owes = 你本幕还欠：{ $what }。截止前未完成会自杀出局。
seat-owes-action = 笔记行动（杀人、联手或放弃）
seat-join-hint = 指认你认为是另一位基拉的游戏身份。
seat-role-kira-out = 基拉（已出局，不再持有笔记）
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
seat-cost-kill = 用掉这本笔记本幕的行动，无法撤回；猜错会在下一帖公布（不公布你的名字）。
seat-cost-join = 用掉这本笔记本幕的行动（代替杀人），无法撤回；联手成败会在下一帖公布（不公布名字）。
seat-cost-transfer = { $both ->
    [yes] 这本笔记立即送出（你仍以另一本为基拉），无法撤回。若第 { $first } 或第 { $last } 幕结算时有基拉被投出或被杀，你收回其笔记。
   *[no] 你立即成为好人，无法撤回。若第 { $first } 或第 { $last } 幕结算时有基拉被投出或被杀，你收回其笔记；若到第 { $last } 幕结算仍无基拉被投出或被杀，你将出局。
}
seat-cost-transfer-plain = 这本笔记立即送出，无法撤回。
seat-cost-eye-request = 你将不能再转让笔记；你将在第 { $act } 幕结算时出局，持有的笔记被销毁。
seat-cost-eye-request-plain = 你将不能再转让笔记；你将在第三个己方回合结算时出局，持有的笔记被销毁。
action-choice-notebook-1 = N1
action-choice-notebook-2 = N2
variant-deathnote = 死亡笔记
team-kira = 基拉
option-redistribute = 两本笔记都被销毁后重新分配笔记
option-publish-votes = 每幕结算后公布票数（只公布每个游戏 ID 的得票，不公布谁投给谁）
game-thread-kira = 基拉联手帖
rules-about-deathnote = 原身份与游戏身份、两本死亡笔记、私下投票：本站的主打玩法。

## 终局图（DN-7、DN-8）。
dn-picture-kill-succeeded = 杀人（成功）
dn-picture-kill-failed = 杀人（失败）
dn-picture-link-pass = 笔记本易手
dn-picture-link-join = 联手
dn-picture-link-sight = 死神之眼所见
