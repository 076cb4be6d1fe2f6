# 发言顺序（issue 12：CL-4 遗言，CL-5 轮流发言）
turn-banner = 轮到你在游戏帖发言：发言一次，然后点“过”。
turn-pass = 过
turn-pass-hint = 现在结束你的发言，轮到下一位。
turn-speaker = 轮到 { $name } 发言。
turn-last-words = { $name } 可以留遗言。
turn-skipped = { $name } 未在时限内发言，已跳过。
turn-ended = { $name } 的发言结束。
turn-wait = 现在是 { $name } 的发言时间：轮到你时，这里会出现回复框。
error-one-speech = 你这一轮已经发过言了；在本轮结束前仍可编辑。
error-not-your-turn = 现在不是你的发言时间。
notify-kind-speech-turn = 轮到我发言
notify-text-speech-turn = { $title }：轮到你发言（第 { $act } 幕{ $phase }）。
