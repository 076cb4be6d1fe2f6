# 两段测试变体（crates/maku-rules/src/twophase）：它的句子只在这里。
action-sleep = 睡觉
tp-ev-out = { $target } 被投票出局。
tp-ev-peaceful-day = 今天无人被投出。
tp-ev-peaceful-night = 平安夜。
tp-act-vote = 投票给 { $target }
tp-act-sleep = 睡觉
tp-reply-vote-recorded = 投票已记录（截止前可改投，以最后一票为准）。
tp-reply-slept = 你睡了一夜。
tp-winner-survivors = 幸存者获胜
tp-cause-voted = 被投票出局
variant-twophase = 两阶段（测试）
