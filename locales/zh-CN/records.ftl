# 议题 42：个人主页的已结束对局，分页显示。
profile-older-games = 更早的对局
