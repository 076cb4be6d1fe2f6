# 排行榜：每种玩法一个，由已结束的对局算出（docs/ratings.md）。

ratings-link = 排行榜
ratings-title = { $variant } 排行榜
ratings-other-boards = 各玩法的排行榜
ratings-empty = 这个排行榜还没有计分的已结束对局。
ratings-col-rank = 名次
ratings-col-player = 玩家
ratings-col-rating = 等级分
ratings-col-games = 局数
ratings-col-wins = 胜局
ratings-note = 等级分用 Weng-Lin 方法估计，由随机发牌的已结束对局按结束先后算出：胜方各座位对负方各座位。显示的等级分是估计值减去三倍不确定度（μ − 3σ），随对局增加而上升。固定发牌的对局、法官结束而未判胜方的对局和平局不计分；替补打过的座位不改变任何人的等级分。
ratings-method = 计分方法（Weng 与 Lin，2011）
error-unknown-variant = 没有名为“{ $name }”的玩法。
ratings-family = 用法官自己的同类版本开的局也计入这个榜（揭晓页和游戏页写明所用版本）：
