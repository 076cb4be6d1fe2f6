//! The seeded forum's words: posts of realistic lengths (a few words to a few paragraphs) in
//! Chinese, English or both, from a list of common killer-game vocabulary and plain English,
//! picked by the seed's generator. Pure: the same generator state gives the same text.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// Common words of Chinese killer-game talk (杀人游戏, 狼人杀, 死亡笔记).
const ZH: &[&str] = &[
    "杀手",
    "警察",
    "平民",
    "法官",
    "狼人",
    "预言家",
    "女巫",
    "猎人",
    "守卫",
    "白痴",
    "投票",
    "出局",
    "遗言",
    "发言",
    "查验",
    "金水",
    "查杀",
    "悍跳",
    "自爆",
    "平安夜",
    "归票",
    "站边",
    "逻辑",
    "状态",
    "划水",
    "抗推",
    "警徽",
    "警上",
    "警下",
    "上警",
    "退水",
    "对跳",
    "银水",
    "倒钩",
    "冲锋",
    "深水",
    "票型",
    "首置位",
    "末置位",
    "盘一下",
    "我觉得",
    "其实",
    "但是",
    "所以",
    "如果",
    "今天",
    "昨晚",
    "这轮",
    "下一轮",
    "大家",
    "一定",
    "可能",
    "肯定",
    "好人",
    "坏人",
    "基拉",
    "笔记本",
    "真名",
    "死神之眼",
    "审判",
    "嫌疑",
    "信任",
    "怀疑",
    "配合",
    "听我说",
    "别急",
    "太明显了",
    "有点怪",
    "没问题",
    "先过",
    "就这样",
    "同意",
    "反对",
    "这局",
    "上一局",
    "复盘",
    "新手",
    "老玩家",
    "节奏",
    "细节",
    "时间线",
    "证据",
    "假设",
];

/// Plain English words, and the game's in English.
const EN: &[&str] = &[
    "the",
    "a",
    "I",
    "you",
    "we",
    "think",
    "vote",
    "killer",
    "cop",
    "town",
    "night",
    "day",
    "last",
    "words",
    "suspect",
    "trust",
    "claim",
    "wolf",
    "seer",
    "witch",
    "hunter",
    "judge",
    "game",
    "round",
    "post",
    "read",
    "case",
    "on",
    "for",
    "with",
    "not",
    "really",
    "maybe",
    "because",
    "but",
    "and",
    "so",
    "if",
    "this",
    "that",
    "was",
    "is",
    "will",
    "should",
    "could",
    "lynch",
    "alive",
    "dead",
    "scum",
    "clear",
    "push",
    "tell",
    "slip",
    "quiet",
    "loud",
    "early",
    "late",
    "again",
    "today",
    "yesterday",
    "tonight",
    "everyone",
    "nobody",
    "guess",
    "real",
    "name",
    "notebook",
    "Kira",
    "detective",
    "evidence",
    "timeline",
    "wrong",
    "right",
    "obvious",
    "strange",
    "fine",
    "agree",
    "disagree",
    "honestly",
    "anyway",
];

/// Thread titles' words beside the body's.
const TOPICS: &[&str] = &[
    "复盘",
    "新手求助",
    "规则讨论",
    "约局",
    "闲聊",
    "策略",
    "本周比赛",
    "心得",
    "吐槽",
    "公告",
    "Replay",
    "Strategy",
    "Rules question",
    "New here",
    "Weekly game",
    "Off topic",
    "Tips",
];

fn pick<'a>(rng: &mut ChaCha8Rng, from: &[&'a str]) -> &'a str {
    from[rng.random_range(0..from.len())]
}

fn zh_sentence(rng: &mut ChaCha8Rng) -> String {
    let n = rng.random_range(2..9);
    let mut s: String = (0..n).map(|_| pick(rng, ZH)).collect::<Vec<_>>().join("");
    s.push_str(pick(rng, &["。", "！", "？", "……", "，", "。"]));
    s
}

fn en_sentence(rng: &mut ChaCha8Rng) -> String {
    let n = rng.random_range(3..15);
    let words: Vec<&str> = (0..n).map(|_| pick(rng, EN)).collect();
    let mut s = words.join(" ");
    if let Some(first) = s.get(..1) {
        s = first.to_uppercase() + &s[1..];
    }
    s.push_str(pick(rng, &[".", ".", "?", "!", "..."]));
    s
}

/// A post's body: mostly one short paragraph, sometimes a few long ones; Chinese, English, or
/// both mixed.
pub fn body(rng: &mut ChaCha8Rng) -> String {
    let lang = rng.random_range(0..10);
    let paragraphs = match rng.random_range(0..100) {
        0..70 => 1,
        70..90 => 2,
        90..97 => 3,
        _ => 5,
    };
    let mut out = Vec::with_capacity(paragraphs);
    for _ in 0..paragraphs {
        let sentences = match rng.random_range(0..10) {
            0..4 => 1,
            4..8 => rng.random_range(2..5),
            _ => rng.random_range(5..10),
        };
        let p: Vec<String> = (0..sentences)
            .map(|_| match lang {
                0..6 => zh_sentence(rng),
                6..9 => en_sentence(rng),
                _ if rng.random_bool(0.5) => zh_sentence(rng),
                _ => en_sentence(rng),
            })
            .collect();
        out.push(p.join(if lang >= 6 { " " } else { "" }));
    }
    out.join("\n\n")
}

/// A thread's title.
pub fn title(rng: &mut ChaCha8Rng) -> String {
    let topic = pick(rng, TOPICS);
    let tail: String = if rng.random_bool(0.6) {
        (0..rng.random_range(1..4)).map(|_| pick(rng, ZH)).collect()
    } else {
        (0..rng.random_range(2..5))
            .map(|_| pick(rng, EN))
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!("【{topic}】{tail}")
}

/// Account names' stems; each account adds its number, so names never collide or look alike.
const NAMES: &[&str] = &[
    "xiaoyu", "阿杰", "lucy", "月光", "kira", "tom", "小白", "mingming", "夜雨", "alex", "老王",
    "sunny", "橘子", "jack", "清风", "mia", "大熊", "leo", "花卷", "nova",
];

/// The name of the `i`-th seeded account.
pub fn account_name(i: usize) -> String {
    format!("{}{}", NAMES[i % NAMES.len()], i + 1)
}
