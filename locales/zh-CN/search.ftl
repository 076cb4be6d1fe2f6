# 全文搜索：论坛与游戏帖（docs/search.md）。

search-title = 搜索
search-label = 搜索帖子
search-placeholder = 搜索…
search-button = 搜索
search-results-for = 含有“{ $query }”的帖子
search-none = 没有同时含有这些词的帖子。
search-help = 输入的每个词都须出现在帖中；中文按原样匹配，两个字的词也能搜到。对局进行中可搜游戏帖；对局的私密帖（阵营帖、墓地）要等揭晓之后。
search-floor = #{ $floor }
search-previous = ← 较新
search-next = 较旧 →
search-page = 第 { $page } 页
search-error-empty = 请输入要搜索的内容。
search-error-too-long = 搜索词最多 200 个字符。
search-error-too-many-words = 搜索最多 8 个词。
