# issue 41 item 6: one person, one seat (sign-in traces, for the judge's console and the admins)
traces-console-heading = 可能是同一人的账号
traces-console-intro = 本局的这些账号在最近 30 天内从同一网络或同一浏览器登录过。可能是一人占两个座位，也可能是室友或同一个校园网：请先询问再处理。只有你和管理员能看到这里。
traces-link-net = { $a } 和 { $b } 最近 30 天内从同一网络登录过。
traces-link-browser = { $a } 和 { $b } 最近 30 天内从同一浏览器登录过。
traces-link-both = { $a } 和 { $b } 最近 30 天内从同一网络、同一浏览器登录过。
traces-admin-page = 关联账号
traces-admin-heading = 关联账号
traces-admin-intro = 最近 30 天内从本账号用过的网络或浏览器登录过的其他账号。只有管理员能看到；更早的记录不保留。
traces-admin-playing = 你正在参加尚未结束的对局：与该局玩家有关的关联不在这里显示；该局法官可在控制台看到。
traces-admin-none = 没有其他账号与本账号共用网络或浏览器。
traces-admin-shared = 共用
traces-kind-net = 网络
traces-kind-browser = 浏览器
