//! The Death Note (死亡笔记) engine: ../shared/rules/deathnote.md.
