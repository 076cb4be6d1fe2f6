# 揭晓页上的终局图（src/web/games/picture.rs）。
picture-heading = 终局图
picture-title = { $title }：逐幕回顾
picture-desc = { $seats } 个座位，共 { $acts } 幕。
picture-desc-how = 每行一个座位，每列一幕。座位的色条以图案区分阵营、以文字标明身份；叉号标出出局之时及原因。一幕之内的箭头从行动的座位指向被指向的座位：右半边是投票，左半边是其他行动。下方的表格列出同样的内容。
picture-table = 以表格列出终局图
picture-col-act = 幕
picture-col-who = 座位
picture-col-what = 内容
picture-col-whom = 对象
picture-fact-dealt = 发到：{ $role }
picture-fact-became = 成为{ $role }
picture-fact-out = 出局（{ $cause }）
picture-revote = 投票（第 { $round } 轮）
picture-link-vote = 投票
picture-link-revote = 再投（后一轮）
picture-link-night = 对座位的行动
picture-key-out = 出局
