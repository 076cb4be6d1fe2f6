#!/usr/bin/env python3
"""Seeds a running maku server through its API and measures it (issue 14).

Started by `scripts/load.sh`, which builds the release binary, starts the server on a fresh
database and cleans up; this file only talks HTTP to the server (and runs `maku user add` for
the accounts). Python 3 standard library only.

Subcommands:
  run    seed the data set, measure everything, print the report (what load.sh calls)
  sse    hold N server-sent-event streams open (a child of `run`)
  posts  print N generated Chinese Markdown posts as JSON (used by compare-flaskbb.sh)
  bench  measure NAME=URL pairs with wrk/oha and print the table (used by compare-flaskbb.sh)
"""

import argparse
import asyncio
import concurrent.futures
import datetime as dt
import http.client
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.parse

PASSWORD = "load-test-password-2026"
PLAYERS = [f"dn{i:02d}" for i in range(1, 17)]
ADMIN = "loadadmin"
POSTS_PER_PAGE = 30
# What Chromium asks for: a browser is given compressed pages (brotli, here).
BROWSER_ACCEPT_ENCODING = "Accept-Encoding: gzip, deflate, br, zstd"


def log(msg):
    print(f"[load {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# Posts: ~400 characters of Chinese Markdown, deterministic per index.

OPENERS = [
    "昨晚的票型我又看了一遍，", "先说结论：", "回到第一幕的发言，", "我是好人，先把话说清楚。",
    "复盘一下这局的节奏，", "关于法官公布的结果，", "看到楼上的分析，我有不同意见。",
    "这局我拿到身份以后一直在观察，",
]
SENTENCES = [
    "基拉在第一夜没有动手，说明他们在等对方先暴露",
    "如果他真是好人，没有理由在投票前突然改票",
    "联手失败的公告一出来，场上的气氛就变了",
    "我们必须在下一个截止时间之前统一票型",
    "杀人失败说明凶手猜错了真实ID，这本身就是信息",
    "弃票的人按规则会自杀出局，大家千万别忘了投票",
    "两本笔记轮流上场，单数幕是一号笔记，双数幕是二号笔记",
    "眼睛的交易代价很大，但用好了可以一夜翻盘",
    "发言顺序和投票结果对不上，这里面一定有问题",
    "我建议先投最可疑的两位，平票就谁都不出局",
    "好人人数一旦不超过基拉，游戏就直接结束了",
    "请法官确认一下本幕的截止时间，别让大家错过",
    "他的发言前后矛盾，第一幕说信任三号，第二幕又去踩三号",
    "转移笔记的窗口只有两次结算，错过就没有了",
    "我们好人要团结，不要被带节奏",
]
LIST_ITEMS = [
    "第一幕：无人出局", "第二幕：杀人失败", "第三幕：平票，无人出局", "可疑：**七号**和**十二号**",
    "待确认：联手是否成功", "下一幕重点：投票前先发言", "记得在截止时间前提交行动",
]
QUOTES = [
    "> 基拉不会在第一幕就暴露自己。", "> 投票可以在截止前更改，以最后一票为准。",
    "> 没有行动的基拉会以自杀出局。",
]


def post_body(i):
    """The body of post i: a heading now and then, paragraphs, a list or a quote, a link."""
    r = random.Random(i * 7919 + 17)
    parts = []
    if r.random() < 0.25:
        parts.append(f"### 第{r.randint(1, 9)}幕 复盘")
    para = r.choice(OPENERS) + "，".join(r.sample(SENTENCES, 3)) + "。"
    parts.append(para)
    if r.random() < 0.5:
        parts.append("\n".join(f"- {x}" for x in r.sample(LIST_ITEMS, 3)))
    else:
        parts.append(r.choice(QUOTES))
    parts.append("，".join(r.sample(SENTENCES, 3)) + "。" + (
        "规则见 [死亡笔记规则书](/rules/deathnote)。" if r.random() < 0.3 else "以上，请大家指正。"))
    body = "\n\n".join(parts)
    while len(body) < 380:
        body += "\n\n" + "，".join(r.sample(SENTENCES, 2)) + "。"
    return body


# ---------------------------------------------------------------------------------------------
# A small concurrent HTTP client: one keep-alive connection per thread.

class HttpError(Exception):
    pass


class Client:
    def __init__(self, base, timeout=120):
        u = urllib.parse.urlsplit(base)
        self.host, self.port = u.hostname, u.port or 80
        self.timeout = timeout
        self.local = threading.local()
        self.throttled = 0  # 429 / 503 answers met (each retried after Retry-After)

    def _conn(self, fresh=False):
        c = getattr(self.local, "conn", None)
        if c is None or fresh:
            if c is not None:
                c.close()
            c = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
            self.local.conn = c
        return c

    def req(self, method, path, body=None, token=None, raw=False):
        """(status, parsed JSON or text). Retries once on a dropped keep-alive connection and
        after Retry-After on 429/503 (counted in `throttled`)."""
        headers = {"Accept": "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token:
            headers["Authorization"] = f"Bearer {token}"
        for attempt in range(6):
            try:
                c = self._conn(fresh=attempt > 0 and getattr(self.local, "broken", False))
                self.local.broken = False
                c.request(method, path, body=data, headers=headers)
                resp = c.getresponse()
                text = resp.read()
            except (http.client.HTTPException, ConnectionError, OSError) as e:
                self.local.broken = True
                if attempt >= 1:
                    raise HttpError(f"{method} {path}: {e!r}") from e
                continue
            if resp.status in (429, 503) and attempt < 5:
                self.throttled += 1
                time.sleep(float(resp.getheader("Retry-After") or 1))
                continue
            if raw:
                return resp.status, text
            try:
                return resp.status, json.loads(text) if text else None
            except ValueError:
                return resp.status, text.decode(errors="replace")
        raise HttpError(f"{method} {path}: still throttled")

    def ok(self, method, path, body=None, token=None, expect=(200, 201)):
        s, b = self.req(method, path, body, token)
        if s not in expect:
            raise HttpError(f"{method} {path} -> {s} {b}")
        return b


def pmap(fn, items, workers=16):
    """Runs fn over items on a thread pool; the first failure stops the run."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as ex:
        return list(ex.map(fn, items))


# ---------------------------------------------------------------------------------------------
# The server process: RSS and CPU from /proc.

class Proc:
    def __init__(self, pids):
        self.pids = [int(p) for p in pids]
        self.tck = os.sysconf("SC_CLK_TCK")
        self.samples = {}  # phase -> max RSS (kB)
        self.phase = None
        self.stop = threading.Event()
        threading.Thread(target=self._sampler, daemon=True).start()

    def _children(self, pid):
        try:
            with open(f"/proc/{pid}/task/{pid}/children") as f:
                return [int(x) for x in f.read().split()]
        except OSError:
            return []

    def all_pids(self):
        out = []
        for p in self.pids:
            out.append(p)
            out.extend(self._children(p))
        return out

    def rss_kb(self):
        total = 0
        for p in self.all_pids():
            try:
                with open(f"/proc/{p}/status") as f:
                    for line in f:
                        if line.startswith("VmRSS:"):
                            total += int(line.split()[1])
            except OSError:
                pass
        return total

    def hwm_kb(self):
        try:
            with open(f"/proc/{self.pids[0]}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            return 0
        return 0

    def cpu_secs(self):
        total = 0
        for p in self.all_pids():
            try:
                with open(f"/proc/{p}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                total += int(fields[11]) + int(fields[12])  # utime, stime
            except (OSError, IndexError, ValueError):
                pass
        return total / self.tck

    def settle(self, limit=60, quiet=10.0):
        """Waits (at most `limit` s) until the server uses under `quiet`% of a core over a
        second: closed streams, for one, are only noticed at their next write."""
        t_end = time.time() + limit
        while time.time() < t_end:
            c0 = self.cpu_secs()
            time.sleep(1)
            if 100 * (self.cpu_secs() - c0) < quiet:
                return True
        return False

    def alive(self):
        return os.path.exists(f"/proc/{self.pids[0]}")

    def _sampler(self):
        while not self.stop.is_set():
            # Read once: the phase may end (None) between a test and a use.
            phase = self.phase
            if phase:
                r = self.rss_kb()
                self.samples[phase] = max(self.samples.get(phase, 0), r)
            time.sleep(0.2)

    def during(self, phase):
        proc = self

        class Ctx:
            def __enter__(self):
                proc.phase = phase
                return self

            def __exit__(self, *a):
                proc.samples[phase] = max(proc.samples.get(phase, 0), proc.rss_kb())
                proc.phase = None

        return Ctx()


# ---------------------------------------------------------------------------------------------
# Load generators: wrk (preferred) or oha.

def load_tool():
    if shutil.which("wrk"):
        return "wrk"
    if shutil.which("oha"):
        return "oha"
    sys.exit("load.py: neither wrk nor oha is on PATH")


def parse_duration_ms(s):
    m = re.match(r"([\d.]+)(us|ms|s|m)", s)
    if not m:
        return None
    v, unit = float(m.group(1)), m.group(2)
    return v * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]


def run_wrk(url, secs, conns, threads, headers=()):
    cmd = ["wrk", f"-t{threads}", f"-c{conns}", f"-d{secs}s", "--latency", "--timeout", "30s"]
    for h in headers:
        cmd += ["-H", h]
    out = subprocess.run(cmd + [url], capture_output=True, text=True).stdout
    res = {"rps": 0.0, "p50": None, "p99": None, "requests": 0, "non2xx": 0, "sock": 0}
    m = re.search(r"Requests/sec:\s+([\d.]+)", out)
    if m:
        res["rps"] = float(m.group(1))
    m = re.search(r"(\d+) requests in", out)
    if m:
        res["requests"] = int(m.group(1))
    for p in ("50", "99"):
        m = re.search(rf"^\s+{p}%\s+(\S+)", out, re.M)
        if m:
            res[f"p{p}"] = parse_duration_ms(m.group(1))
    m = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    if m:
        res["non2xx"] = int(m.group(1))
    m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    if m:
        res["sock"] = sum(int(x) for x in m.groups())
    res["raw"] = out
    return res


def run_oha(url, secs, conns, threads, headers=()):
    cmd = ["oha", "--no-tui", "-j", "-z", f"{secs}s", "-c", str(conns)]
    for h in headers:
        cmd += ["-H", h]
    out = subprocess.run(cmd + [url], capture_output=True, text=True).stdout
    j = json.loads(out)
    codes = j.get("statusCodeDistribution", {})
    ok = sum(v for k, v in codes.items() if k.startswith("2") or k.startswith("3"))
    lat = j.get("latencyPercentiles", {})
    return {
        "rps": j["summary"]["requestsPerSec"],
        "p50": (lat.get("p50") or 0) * 1000,
        "p99": (lat.get("p99") or 0) * 1000,
        "requests": sum(codes.values()),
        "non2xx": sum(codes.values()) - ok,
        "sock": sum(j.get("errorDistribution", {}).values()),
        "raw": out,
    }


def session_cookie(base, name, password):
    """A signed-in browser session's cookie, got through the sign-in form as a browser does."""
    u = urllib.parse.urlsplit(base)
    c = http.client.HTTPConnection(u.hostname, u.port, timeout=60)
    c.request("GET", "/login")
    r = c.getresponse()
    page = r.read().decode()
    cookie = (r.getheader("Set-Cookie") or "").split(";")[0]
    m = re.search(r'name="csrf" value="([^"]+)"', page)
    if not cookie or not m:
        raise RuntimeError("the sign-in page has no session cookie or no form token")
    form = urllib.parse.urlencode({"csrf": m.group(1), "username": name, "password": password})
    c.request("POST", "/login", body=form, headers={
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})
    r = c.getresponse()
    r.read()
    signed = (r.getheader("Set-Cookie") or "").split(";")[0]
    c.close()
    if r.status != 303 or not signed:
        raise RuntimeError(f"signing in {name} answered {r.status}")
    return signed


class Bench:
    """Measures URLs one after another, with the server's CPU over each run."""

    def __init__(self, base, secs, conns, threads, proc, warmup=0):
        self.base, self.secs, self.conns, self.threads = base, secs, conns, threads
        self.warmup = warmup
        self.proc = proc
        self.tool = load_tool()
        self.rows = []

    def check(self, path, headers=()):
        """One plain GET first: the page must answer 200 with a body (wrk counts 3xx as fine)."""
        u = urllib.parse.urlsplit(self.base)
        # A slow server may still be working off the last run's queue: wait for it.
        c = http.client.HTTPConnection(u.hostname, u.port, timeout=300)
        c.request("GET", path, headers=dict(h.split(": ", 1) for h in headers))
        r = c.getresponse()
        body = r.read()
        c.close()
        return r.status, len(body)

    def measure(self, name, path, group="quiet", kind="page", headers=()):
        status, size = self.check(path, headers)
        run = run_wrk if self.tool == "wrk" else run_oha
        if self.warmup:
            # Not counted: lets every worker of a server compile its templates, fill caches.
            run(self.base + path, self.warmup, self.conns, self.threads, headers)
            self.check(path, headers)
        cpu0, t0 = (self.proc.cpu_secs(), time.time()) if self.proc else (0, 0)
        if self.proc:
            with self.proc.during(f"wrk:{group}"):
                res = run(self.base + path, self.secs, self.conns, self.threads, headers)
        else:
            res = run(self.base + path, self.secs, self.conns, self.threads, headers)
        if self.proc:
            res["cpu"] = 100.0 * (self.proc.cpu_secs() - cpu0) / max(time.time() - t0, 1e-9)
        res.update(name=name, path=path, group=group, kind=kind, status=status, size=size)
        if status != 200:
            res["non2xx"] = max(res["non2xx"], 1)
        self.rows.append(res)
        log(f"{name:<34} {res['rps']:>10.0f} req/s  p50 {fmt_ms(res['p50'])}  p99 "
            f"{fmt_ms(res['p99'])}  non-2xx {res['non2xx']}  socket errors {res['sock']}"
            f"  ({status}, {size} B)")
        # A slow tail is rare and short-lived: keep the load generator's own words for it.
        if (res["p99"] or 0) > 100:
            log(f"{name}: p99 over 100 ms; {self.tool} printed:\n{res['raw']}")
        return res


def fmt_ms(v):
    if v is None:
        return "–"
    return f"{v:.2f} ms" if v < 10 else f"{v:.0f} ms"


# ---------------------------------------------------------------------------------------------
# Seeding.

class World:
    def __init__(self, args, proc):
        self.args = args
        self.proc = proc
        self.api = Client(args.base)
        self.tokens = {}
        self.timings = []

    def step(self, name):
        world = self

        class Ctx:
            def __enter__(self):
                self.t0 = time.time()
                log(f"{name} …")

            def __exit__(self, *a):
                dt_ = time.time() - self.t0
                rss = world.proc.rss_kb() / 1024
                world.timings.append((name, dt_, rss))
                log(f"{name}: {dt_:.1f} s (server RSS {rss:.0f} MB)")

        return Ctx()

    # Accounts on the console (`maku user add`), not through the rate-limited sign-up route.
    def accounts(self):
        def add(pair):
            name, role = pair
            p = subprocess.run(
                [self.args.maku, "--database-url", self.args.database_url, "--log", "warn",
                 "user", "add", name, "--role", role],
                input=PASSWORD + "\n", capture_output=True, text=True)
            if p.returncode != 0 and "taken" not in (p.stderr + p.stdout):
                raise RuntimeError(f"maku user add {name}: {p.stderr.strip()}")
        pmap(add, [(ADMIN, "admin")] + [(n, "player") for n in PLAYERS], workers=2)

        def token(name):
            b = self.api.ok("POST", "/api/v1/tokens", {"username": name, "password": PASSWORD})
            return name, b["token"]
        self.tokens = dict(pmap(token, [ADMIN] + PLAYERS, workers=4))

    def forum(self, full=True):
        """20 boards and their threads; `full=False`: one board with the 200-post thread."""
        admin = self.tokens[ADMIN]
        authors = [ADMIN] + PLAYERS
        boards = [("b01", "杀人游戏综合讨论", "规则、战术、复盘")] + [
            (f"b{i:02d}", f"版块{i:02d} · " + t, "讨论区")
            for i, t in zip(range(2, 21), ["新手村", "死亡笔记", "东杀", "纸牌杀", "生推",
                                           "无间道", "4.0无间版", "5.0恶民传说", "法官之家",
                                           "战术研究", "复盘", "闲聊", "公告", "建议与反馈",
                                           "比赛", "历史对局", "水区", "活动", "归档"])]
        boards = boards if full else boards[:1]
        pmap(lambda b: self.api.ok("POST", "/api/v1/boards",
                                   {"slug": b[0], "title": b[1], "description": b[2]}, admin),
             boards, workers=4)
        self.board = "b01"
        counter = [0]

        def thread(board, title, n, seed):
            tok = self.tokens[authors[seed % len(authors)]]
            tid = self.api.ok("POST", f"/api/v1/boards/{board}/threads",
                              {"title": title, "body": post_body(seed)}, tok)["id"]
            done = [1]
            lock = threading.Lock()

            def reply(k):
                i = seed * 10000 + k
                body = {"body": post_body(i)}
                with lock:
                    known = done[0]
                if k % 7 == 0 and known > 1:
                    body["quote"] = random.Random(i).randint(1, known)
                self.api.ok("POST", f"/api/v1/threads/{tid}/posts", body,
                            self.tokens[authors[i % len(authors)]])
                with lock:
                    done[0] += 1
                    counter[0] += 1
            pmap(reply, range(1, n), workers=12)
            return tid

        # The two measured threads on b01, among 28 smaller ones (the board page shows 30).
        self.thread200 = thread("b01", "第一幕复盘：两百楼的长帖", 200, 1)
        if not full:
            return
        self.thread3000 = thread("b01", "死亡笔记规则讨论（三千楼）", 3000, 2)
        small = [("b01", f"讨论帖 {k}", 5, 100 + k) for k in range(28)]
        small += [(f"b{b:02d}", f"版块{b:02d}的帖子 {k}", 3, 1000 + b * 10 + k)
                  for b in range(2, 21) for k in range(5)]
        pmap(lambda t: thread(*t), small, workers=4)

    # Games: 16 seats, created and started by the admin (the judge), the same 16 players.
    def new_game(self, title, extra=None):
        admin = self.tokens[ADMIN]
        body = {"title": title, "variant": "deathnote", "min_seats": 16, "max_seats": 16}
        body.update(extra or {})
        gid = self.api.ok("POST", "/api/v1/games", body, admin)["id"]
        for p in PLAYERS:
            self.api.ok("POST", f"/api/v1/games/{gid}/signup", {}, self.tokens[p])
        start = self.api.ok("POST", f"/api/v1/games/{gid}/start", None, admin)
        return gid, start["deadline"]

    def seats(self, gid):
        """game ID -> (player, role, actions), and the seat order."""
        def me(p):
            return p, self.api.ok("GET", f"/api/v1/games/{gid}/me", token=self.tokens[p])
        mine = {}
        for p, v in map(me, PLAYERS):
            mine[v["game_id"]] = (p, v["role"], v["actions"], v["alive"])
        order = [s["game_id"] for s in self.api.ok("GET", f"/api/v1/games/{gid}")["seats"]]
        return mine, order

    def running_games(self):
        n = self.args.games
        t0 = time.time()
        made = pmap(lambda k: self.new_game(f"死亡笔记 第{k + 1}局")[0], range(n), workers=8)
        self.per_game_secs = (time.time() - t0) / n
        self.games = made

    def tie_ballots(self, order, living):
        """Each living seat names the next two living seats: every seat gets two votes, so
        nobody is voted out (DN-15, |T1| >= 3) and the game runs on."""
        alive = [g for g in order if g in living]
        return {g: [alive[(i + 1) % len(alive)], alive[(i + 2) % len(alive)]]
                for i, g in enumerate(alive)}

    def play_acts(self, gid, acts=3):
        """Three acts of talk, a kill, a pass and a failed kill, tied votes, resolved by the
        judge: each act leaves its act post; act 4 stays open with a post from every seat."""
        admin = self.tokens[ADMIN]
        for act in range(1, acts + 2):
            mine, order = self.seats(gid)
            living = {g for g, v in mine.items() if v[3]}
            for g in order:
                if g in living:
                    self.api.ok("POST", f"/api/v1/games/{gid}/threads/game",
                                {"body": post_body(gid * 100 + act * 17 + order.index(g))},
                                self.tokens[mine[g][0]])
            if act > acts:
                break
            kiras = [g for g in order if mine[g][1] == "kira" and g in living]
            on_turn = [g for g in kiras if "kill" in mine[g][2]]
            good = [g for g in order if g in living and mine[g][1] != "kira"]
            for k in on_turn:
                if act == 1:
                    victim = good[len(good) // 2]
                    action = {"type": "kill", "target": victim, "real_id": mine[victim][0]}
                elif act == 3:
                    victim, wrong = good[0], good[1]
                    action = {"type": "kill", "target": victim, "real_id": mine[wrong][0]}
                else:
                    action = {"type": "pass"}
                s, b = self.api.req("POST", f"/api/v1/games/{gid}/actions", action,
                                    self.tokens[mine[k][0]])
                if s != 200:
                    self.api.ok("POST", f"/api/v1/games/{gid}/actions", {"type": "pass"},
                                self.tokens[mine[k][0]])
            for g, targets in self.tie_ballots(order, living).items():
                self.api.ok("POST", f"/api/v1/games/{gid}/actions",
                            {"type": "vote", "targets": targets}, self.tokens[mine[g][0]])
            r = self.api.ok("POST", f"/api/v1/games/{gid}/resolve", {"act": act}, admin)
            if r.get("over"):
                raise RuntimeError(f"game {gid} ended at act {act}: the seeding plan broke")

    # 500 ballots by the 16 seats of one game at once.
    def ballots(self, gid, total):
        mine, order = self.seats(gid)
        final = self.tie_ballots(order, set(order))
        seats = [g for g in order]
        share = [total // len(seats) + (1 if i < total % len(seats) else 0)
                 for i in range(len(seats))]
        barrier = threading.Barrier(len(seats) + 1)
        lat, errors = [], []
        lock = threading.Lock()

        def seat(i):
            g = seats[i]
            tok = self.tokens[mine[g][0]]
            c = Client(self.args.base)
            c.req("GET", "/healthz", raw=True)  # open the connection before the start
            r = random.Random(i)
            barrier.wait()
            for k in range(share[i]):
                if k == share[i] - 1:
                    targets = final[g]
                else:
                    targets = r.sample([x for x in order if x != g], r.choice((1, 2)))
                t0 = time.perf_counter()
                s, b = c.req("POST", f"/api/v1/games/{gid}/actions",
                             {"type": "vote", "targets": targets}, tok)
                d = (time.perf_counter() - t0) * 1000
                with lock:
                    lat.append(d)
                    if s != 200:
                        errors.append((s, b))
            return c.throttled

        with concurrent.futures.ThreadPoolExecutor(max_workers=len(seats)) as ex:
            futs = [ex.submit(seat, i) for i in range(len(seats))]
            barrier.wait()
            t0 = time.time()
            throttled = sum(f.result() for f in futs)
            wall = time.time() - t0
        lat.sort()
        return {
            "count": len(lat), "secs": wall, "rate": len(lat) / wall,
            "p50": lat[len(lat) // 2], "p99": lat[min(len(lat) - 1, int(len(lat) * 0.99))],
            "errors": len(errors) + throttled, "first_error": errors[0] if errors else None,
        }

    # 1,000 games whose act 1 falls due at the same minute.
    def due_games(self, n, proc):
        """Aligned deadlines (`deadline_time`): every game started at least a minute before T
        is due at T, as the games are whose judges chose the same time of day. T leaves room
        for the seeding, estimated from a probe of 20 games made the same way just before
        (they keep the default 24-hour acts). A game that could no longer be started a minute
        before T is not made (the report says how many were), so none falls due a day later."""
        probe = 40
        self.proc.settle()
        t0 = time.time()
        pmap(lambda k: self.new_game(f"试跑 {k + 1}"), range(probe), workers=8)
        pace = (time.time() - t0) / probe
        est = n * pace * 1.6 + 20
        now = dt.datetime.now(dt.timezone.utc)
        t = (now + dt.timedelta(seconds=60 + est)).replace(second=0, microsecond=0)
        t += dt.timedelta(minutes=1)  # the next whole minute
        log(f"{n} games due at {t:%H:%M:%S} UTC (seeding estimated at {est:.0f} s from "
            f"{1000 * pace:.0f} ms a game)")
        extra = {"act_minutes": 1, "deadline_time": t.strftime("%H:%M"), "timezone": "UTC"}
        last_start = t.timestamp() - 60 - 5  # a game takes a few seconds to make

        def make(k):
            if time.time() > last_start:
                return None
            return self.new_game(f"到期 {k + 1}", extra)
        t0 = time.time()
        made = [m for m in pmap(make, range(n), workers=8) if m]
        seeded = time.time() - t0
        want = t.strftime("%Y-%m-%dT%H:%M:%SZ")
        ids = [g for g, d in made if d == want]
        off = len(made) - len(ids)
        wait = (t - dt.datetime.now(dt.timezone.utc)).total_seconds()
        log(f"{len(made)} games seeded in {seeded:.0f} s, {len(ids)} due at {want}; "
            f"waiting {wait:.0f} s")
        if wait > 0:
            time.sleep(wait)
        t_due = t.timestamp()
        idset = set(ids)
        progress = []
        resolved = 0
        cpu0 = proc.cpu_secs()
        with proc.during("due"):
            deadline = time.time() + self.args.due_timeout
            while time.time() < deadline:
                # The running games, page by page (the list gives 100 a page, `next` the key).
                running, path = set(), "/api/v1/games?status=running"
                while path:
                    page = self.api.ok("GET", path)
                    running.update(g["id"] for g in page["games"])
                    nxt = page.get("next")
                    path = f"/api/v1/games?status=running&after={nxt}" if nxt is not None else None
                resolved = len(idset - running)
                el = time.time() - t_due
                if not progress or progress[-1][1] != resolved:
                    progress.append((el, resolved))
                if resolved >= len(ids):
                    break
                time.sleep(0.1)
        took = time.time() - t_due
        cpu = proc.cpu_secs() - cpu0
        # Read a sample back: each resolved once, act 1, over (every seat missed its ballot).
        sample = random.Random(5).sample(ids, min(20, len(ids)))
        bad = 0
        for g in sample:
            v = self.api.ok("GET", f"/api/v1/games/{g}")
            if v["status"] == "running" or v["act"] != 1:
                bad += 1
        return {"n": n, "due": len(ids), "resolved": resolved, "secs": took,
                "seed_secs": seeded, "off": off, "progress": progress, "sample": len(sample),
                "sample_bad": bad, "cpu": cpu, "due_at": want}


# ---------------------------------------------------------------------------------------------
# Live streams: a child process holding N server-sent-event connections on raw sockets.

async def hold_streams(base, paths, n, ready_file):
    u = urllib.parse.urlsplit(base)
    opened, failed, events, closed = 0, 0, 0, 0
    writers = []
    sem = asyncio.Semaphore(200)

    async def one(path):
        nonlocal opened, failed, events, closed
        async with sem:
            try:
                r, w = await asyncio.wait_for(asyncio.open_connection(u.hostname, u.port), 30)
                w.write(f"GET {path} HTTP/1.1\r\nHost: {u.netloc}\r\n"
                        f"Accept: text/event-stream\r\n\r\n".encode())
                await w.drain()
                head = await asyncio.wait_for(r.readuntil(b"\r\n\r\n"), 60)
            except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError) as e:
                failed += 1
                return None
            if not head.startswith(b"HTTP/1.1 200"):
                failed += 1
                w.close()
                return None
            opened += 1
            writers.append(w)
        try:
            while True:
                chunk = await r.read(4096)
                if not chunk:
                    closed += 1
                    return None
                events += chunk.count(b"event: update")
        except (OSError, asyncio.CancelledError):
            return None

    tasks = [asyncio.create_task(one(paths[i % len(paths)])) for i in range(n)]
    while opened + failed < n:
        await asyncio.sleep(0.1)
    with open(ready_file, "w") as f:
        json.dump({"opened": opened, "failed": failed}, f)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    await stop.wait()
    summary = {"opened": opened, "failed": failed, "closed_early": closed, "updates": events}
    for w in writers:
        w.close()
    for t in tasks:
        t.cancel()
    with open(ready_file + ".done", "w") as f:
        json.dump(summary, f)


def cmd_sse(args):
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    paths = args.paths.split(",")
    asyncio.run(hold_streams(args.base, paths, args.n, args.ready))


def live_path(api, gid):
    """The game's live stream: `/games/{id}/live` where the server has it, else `/events`."""
    for p in (f"/games/{gid}/live", f"/games/{gid}/events"):
        u = urllib.parse.urlsplit(api_base_of(api))
        c = http.client.HTTPConnection(u.hostname, u.port, timeout=10)
        c.request("GET", p, headers={"Accept": "text/event-stream"})
        r = c.getresponse()
        c.close()
        if r.status == 200:
            return p.replace(str(gid), "{id}")
    raise RuntimeError("no live stream route answers 200")


def api_base_of(api):
    return f"http://{api.host}:{api.port}"


# ---------------------------------------------------------------------------------------------
# The report.

def loadavg():
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


def verdict(ok):
    return "PASS" if ok else "**FAIL**"


def report(args, w, bench, ballots, due, streams, proc, idle):
    rows = bench.rows
    health = next(r for r in rows if r["path"] == "/healthz" and r["group"] == "quiet")
    h = health["rps"] or 1
    by = {(r["group"], r["name"]): r for r in rows}
    out = []
    p = out.append
    backend = "PostgreSQL" if args.database_url.startswith("postgres") else "SQLite"
    p(f"### maku on {backend} — {time.strftime('%Y-%m-%d %H:%M')} "
      f"({os.cpu_count()} cores, `{bench.tool} -t{args.threads} -c{args.connections} "
      f"-d{args.duration}s`)")
    p("")
    p(f"Load average (1, 5, 15 min) at the start {args.load_start}, at the end {loadavg()}: "
      f"wrk and the seeding client share the cores with the server.")
    p("")
    p("Pages are asked for without a cookie, as a reader who has not signed in; *signed in* rows "
      "with a session cookie; *browser* rows with Chromium's `Accept-Encoding: gzip, deflate, br, "
      "zstd` (the others ask for no compression, as wrk does by default).")
    p("")
    p(f"Server flags for the run: `{args.flags}`. Data set: {len(w.games)} running Death Note "
      f"games of 16 seats (3 acts resolved, act 4 open, ~60 posts each), 20 boards, a 200-post "
      f"and a 3,000-post thread (~400-character Chinese Markdown posts, 30 per page) among "
      f"{28 + 19 * 5} smaller threads.")
    p("")
    p("| what | req/s | vs `/healthz` | p50 | p99 | non-2xx / socket errors | server CPU | target |")
    p("|---|---:|---:|---:|---:|---:|---:|---|")
    fails = 0
    for r in rows:
        ratio = r["rps"] / h
        errs = r["non2xx"] + r["sock"]
        if r["group"] == "signed" and r["path"].startswith("/t/"):
            # Issue 30: a signed-in reader's thread page (its posts kept per kind of reader,
            # filled per reader) at least 20% of /healthz on SQLite, 10% on PostgreSQL, p99
            # under 20 ms.
            floor = 0.10 if backend == "PostgreSQL" else 0.20
            ok = ratio >= floor and errs == 0 and (r["p99"] or 0) < 20
            tgt = f"≥ {100 * floor:.0f}%, p99 < 20 ms, no error: {verdict(ok)}"
        elif r["group"] == "signed-browser":
            # Signed in, compressed per answer (web::compress): judged at 5% of /healthz, p99
            # under 20 ms (actix's own brotli stream made a game thread 0.3%).
            floor = 0.05
            ok = ratio >= floor and errs == 0 and (r["p99"] or 0) < 20
            tgt = f"≥ {100 * floor:.0f}%, p99 < 20 ms, no error: {verdict(ok)}"
        elif r["group"] == "signed":
            # A seat's game page and game thread: made from the game kept in memory, the
            # thread's posts kept per kind of reader (game::snapshot, web::games::threads).
            # Measured 17-22% (SQLite) and 14-17% (PostgreSQL) of /healthz; judged at 10%.
            floor = 0.10
            ok = ratio >= floor and errs == 0 and (r["p99"] or 0) < 20
            tgt = f"≥ {100 * floor:.0f}%, p99 < 20 ms, no error: {verdict(ok)}"
        elif r["path"] == "/healthz":
            tgt = "(reference)" if r["group"] == "quiet" else "—"
            ok = errs == 0
            if not ok:
                tgt = f"{verdict(False)} (errors)"
        else:
            ok = ratio >= 0.25 and errs == 0
            tgt = f"≥ 25%, no error: {verdict(ok)}"
        fails += 0 if ok else 1
        name = r["name"] + {"streams": f" *({args.streams:,} streams open)*",
                            "signed": " *(signed in)*",
                            "signed-browser": " *(signed in, browser)*",
                            "browser": " *(browser, compressed)*"}.get(r["group"], "")
        p(f"| {name} | {r['rps']:,.0f} | {100 * ratio:.1f}% | {fmt_ms(r['p50'])} | "
          f"{fmt_ms(r['p99'])} | {r['non2xx']} / {r['sock']} | {r.get('cpu', 0):.0f}% | {tgt} |")
    p1 = by.get(("quiet", "3,000-post thread, page 1"))
    p100 = by.get(("quiet", "3,000-post thread, page 100"))
    p("")
    p("| target | figure | result |")
    p("|---|---|---|")
    if p1 and p100:
        ok = p100["rps"] >= 0.8 * p1["rps"]
        fails += 0 if ok else 1
        p(f"| page 100 of the 3,000-post thread within 20% of page 1 | "
          f"{p100['rps']:,.0f} vs {p1['rps']:,.0f} req/s ({100 * p100['rps'] / p1['rps']:.0f}%) "
          f"| {verdict(ok)} |")
    if due:
        ok = (due["resolved"] == due["due"] == due["n"] and due["secs"] < 10
              and due["sample_bad"] == 0)
        fails += 0 if ok else 1
        short = "" if due["due"] == due["n"] else f" (only {due['due']:,} could be seeded in time)"
        p(f"| {due['n']:,} acts due at the same minute resolved in < 10 s | "
          f"{due['resolved']:,} of {due['due']:,} resolved {due['secs']:.1f} s after the deadline"
          f"{short} (server CPU {due['cpu']:.1f} s) | {verdict(ok)} |")
    # The page loads, the ballots and the due acts: under 100 MB. With the live streams open:
    # under 150 MB, since actix-http keeps two 8 KiB buffers for each held connection (a
    # constant of it, not a setting; maku uses the crate as published).
    with_streams = ("streams", "wrk:streams")
    loads = {k: v for k, v in proc.samples.items()
             if (k.startswith("wrk") or k in ("ballots", "due")) and k not in with_streams}
    peak = max(loads.values()) if loads else 0
    ok = peak < 100 * 1024
    fails += 0 if ok else 1
    p(f"| resident memory < 100 MB under load | {peak / 1024:.0f} MB at most "
      f"(idle {idle / 1024:.0f} MB; {args.fresh_rss / 1024:.0f} MB fresh) | {verdict(ok)} |")
    held = [v for k, v in proc.samples.items() if k in with_streams]
    if held:
        peak = max(held)
        ok = peak < 150 * 1024
        fails += 0 if ok else 1
        p(f"| resident memory < 150 MB with {args.streams:,} live streams open, pages "
          f"loaded | {peak / 1024:.0f} MB at most | {verdict(ok)} |")
    if ballots:
        ok = ballots["errors"] == 0
        fails += 0 if ok else 1
        p(f"| {ballots['count']} ballots by 16 seats at once, no error | "
          f"{ballots['secs']:.2f} s, {ballots['rate']:,.0f}/s, p50 {fmt_ms(ballots['p50'])}, "
          f"p99 {fmt_ms(ballots['p99'])}, {ballots['errors']} errors | {verdict(ok)} |")
    if streams:
        ok = streams["opened"] == args.streams and streams.get("closed_early", 0) == 0
        fails += 0 if ok else 1
        p(f"| {args.streams:,} live streams held open | {streams['opened']:,} opened, "
          f"{streams['failed']} refused, {streams.get('closed_early', '?')} closed early; server "
          f"CPU {streams['cpu_idle']:.0f}% of a core with them open and no other load, RSS "
          f"{streams['rss'] / 1024:.0f} MB; quiet again {streams['settle']:.0f} s after they "
          f"closed | {verdict(ok)} |")
    p("")
    p("Resident memory (VmRSS, MB): " + ", ".join(
        f"{k} {v / 1024:.0f}" for k, v in [("idle after seeding", idle)] + sorted(proc.samples.items())))
    if due:
        # The first time each tenth of them was seen resolved.
        marks, steps = set(), []
        for t, n in due["progress"]:
            tenth = n * 10 // max(due["n"], 1)
            if n and tenth not in marks:
                marks.add(tenth)
                steps.append(f"{n} at {t:.0f} s")
        steps = ", ".join(steps)
        p("")
        p(f"Due acts: {due['due']} games seeded in {due['seed_secs']:.0f} s, due at "
          f"{due['due_at']} ({due['off']} elsewhere); resolved by seconds after the deadline: "
          f"{steps or 'none'}; a sample of {due['sample']} read back through "
          f"`/api/v1/games/{{id}}`: {due['sample'] - due['sample_bad']} over at act 1.")
    p("")
    p("Seeding (time, server RSS after it): " +
      ", ".join(f"{n} {t:.0f} s ({r:.0f} MB)" for n, t, r in w.timings) +
      f"; answers 429/503 met while seeding: {w.api.throttled}.")
    if args.server_log and os.path.exists(args.server_log):
        with open(args.server_log, errors="replace") as f:
            text = f.read()
        warn = len(re.findall(r"\bWARN\b", text))
        err = len(re.findall(r"\bERROR\b", text))
        p(f"Server log: {err} ERROR and {warn} WARN lines.")
        lines = [ln for ln in text.splitlines() if " ERROR " in ln or " WARN " in ln][:3]
        for ln in lines:
            p(f"    {ln[:200]}")
    p("")
    p(f"{fails} target(s) failed." if fails else "Every target passed.")
    return "\n".join(out), fails


# ---------------------------------------------------------------------------------------------

def cmd_run(args):
    args.load_start = loadavg()
    proc = Proc([args.pid])
    w = World(args, proc)
    api = w.api
    t_start = time.time()
    for _ in range(100):
        try:
            if api.req("GET", "/healthz", raw=True)[0] == 200:
                break
        except HttpError:
            pass
        time.sleep(0.1)
    fresh_rss = args.fresh_rss = proc.rss_kb()
    with proc.during("seeding"):
        with w.step("accounts (maku user add) and tokens"):
            w.accounts()
        with w.step("20 boards and the threads"):
            w.forum()
        with w.step(f"{args.games} games created and started"):
            w.running_games()
    ballots = None
    if args.ballots:
        with w.step(f"{args.ballots} ballots by 16 seats at once"):
            with proc.during("ballots"):
                ballots = w.ballots(w.games[-1], args.ballots)
        log(f"ballots: {ballots['count']} in {ballots['secs']:.2f} s ({ballots['rate']:.0f}/s), "
            f"{ballots['errors']} errors")
    with proc.during("seeding"):
        with w.step("3 acts played in every game"):
            pmap(w.play_acts, w.games, workers=8)
    proc.settle(limit=30)
    idle = proc.rss_kb()
    log(f"RSS fresh {fresh_rss / 1024:.0f} MB, idle after seeding {idle / 1024:.0f} MB")

    bench = Bench(args.base, args.duration, args.connections, args.threads, proc)
    g, t2, t3 = w.games[0], w.thread200, w.thread3000
    last200 = (200 - 1) // POSTS_PER_PAGE + 1
    pages = [
        ("`/healthz`", "/healthz"),
        ("board index `/`", "/"),
        ("board page", f"/b/{w.board}"),
        ("200-post thread, first page", f"/t/{t2}"),
        ("200-post thread, middle page", f"/t/{t2}?page={(last200 + 1) // 2}"),
        ("200-post thread, last page", f"/t/{t2}?page={last200}"),
        ("3,000-post thread, page 1", f"/t/{t3}"),
        ("3,000-post thread, page 50", f"/t/{t3}?page=50"),
        ("3,000-post thread, page 100", f"/t/{t3}?page=100"),
        ("running game's page", f"/games/{g}"),
        ("its game thread", f"/games/{g}/threads/game"),
        ("its JSON `/api/v1/games/{id}`", f"/api/v1/games/{g}"),
        ("board Atom feed", f"/b/{w.board}/feed.atom"),
        ("game Atom feed", f"/games/{g}/feed.atom"),
    ]
    for name, path in pages:
        bench.measure(name, path)
    # The same pages for a signed-in reader: the pages above are anonymous, so after the first
    # of each second they come from the kept pages; a signed-in reader's thread page is its
    # kept posts filled in for them, the game's pages are rendered for each reader.
    cookie = f"Cookie: {session_cookie(args.base, PLAYERS[0], PASSWORD)}"
    for name, path in [pages[3], pages[8], pages[9], pages[10]]:
        bench.measure(name, path, group="signed", headers=[cookie])
    # And as a browser asks for them, signed in: each answer is compressed for its reader
    # (web::compress, zstd at its fastest for Chromium's header).
    for name, path in [pages[3], pages[9], pages[10]]:
        bench.measure(name, path, group="signed-browser",
                      headers=[cookie, BROWSER_ACCEPT_ENCODING])
    # The same anonymous pages as a browser asks for them: every browser accepts compressed
    # answers (this is Chromium's header), and wrk's plain requests above do not.
    for name, path in pages[2:4] + pages[8:]:
        bench.measure(name, path, group="browser", headers=[BROWSER_ACCEPT_ENCODING])

    streams = None
    if args.streams:
        live = live_path(api, g)
        paths = [live.replace("{id}", str(x)) for x in w.games]
        ready = os.path.join(args.workdir, "sse-ready.json")
        log(f"opening {args.streams} live streams on {live} …")
        child = subprocess.Popen([sys.executable, __file__, "sse", "--base", args.base,
                                  "--n", str(args.streams), "--paths", ",".join(paths),
                                  "--ready", ready])
        try:
            t0 = time.time()
            while not os.path.exists(ready) and time.time() - t0 < 300:
                if child.poll() is not None:
                    raise RuntimeError("the stream holder died")
                time.sleep(0.2)
            time.sleep(0.3)
            with open(ready) as f:
                streams = json.load(f)
            log(f"streams: {streams['opened']} open, {streams['failed']} refused "
                f"({time.time() - t0:.1f} s)")
            with proc.during("streams"):
                time.sleep(4)  # two polls of every stream
                cpu0, t1 = proc.cpu_secs(), time.time()
                time.sleep(args.duration)
                streams["cpu_idle"] = 100 * (proc.cpu_secs() - cpu0) / (time.time() - t1)
                streams["rss"] = proc.rss_kb()
            log(f"streams: server CPU {streams['cpu_idle']:.0f}%, RSS {streams['rss'] / 1024:.0f} MB")
            for name, path in [pages[0], pages[2], pages[3], pages[8], pages[9], pages[11]]:
                bench.measure(name, path, group="streams")
        finally:
            child.send_signal(signal.SIGTERM)
            try:
                child.wait(30)
            except subprocess.TimeoutExpired:
                child.kill()
        if os.path.exists(ready + ".done"):
            with open(ready + ".done") as f:
                streams.update(json.load(f))
        t0 = time.time()
        quiet = proc.settle(limit=90)
        streams["settle"] = time.time() - t0
        log(f"streams closed; the server was {'quiet' if quiet else 'still busy'} "
            f"{streams['settle']:.0f} s later")

    due = None
    if args.due_games:
        with w.step(f"{args.due_games} games due at the same minute"):
            due = w.due_games(args.due_games, proc)
        log(f"due: {due['resolved']}/{due['n']} resolved {due['secs']:.1f} s after the deadline")

    text, fails = report(args, w, bench, ballots, due, streams, proc, idle)
    text += f"\n\nWhole run: {(time.time() - t_start) / 60:.1f} min (build excluded)."
    print(text)
    if args.report:
        with open(args.report, "w") as f:
            f.write(text + "\n")
        log(f"report written to {args.report}")
    if not proc.alive():
        log("the server is gone!")
        return 1
    return 0


def cmd_seed_thread(args):
    """Accounts, one board and the 200-post thread (for compare-flaskbb.sh); prints its id."""
    w = World(args, Proc([args.pid]))
    w.accounts()
    w.forum(full=False)
    print(w.thread200)


def cmd_posts(args):
    json.dump([post_body(i) for i in range(1, args.n + 1)], sys.stdout, ensure_ascii=False)


def cmd_bench(args):
    proc = Proc(args.pids.split(",")) if args.pids else None
    start = loadavg()
    bench = Bench(args.base, args.duration, args.connections, args.threads, proc, args.warmup)
    for pair in args.pages:
        name, path = pair.split("=", 1)
        bench.measure(name, path)
    ref = bench.rows[0]["rps"] or 1
    print(f"| what | req/s | vs `{bench.rows[0]['path']}` | p50 | p99 | non-2xx / socket errors "
          f"| server CPU |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for r in bench.rows:
        print(f"| {r['name']} | {r['rps']:,.0f} | {100 * r['rps'] / ref:.1f}% | {fmt_ms(r['p50'])} "
              f"| {fmt_ms(r['p99'])} | {r['non2xx']} / {r['sock']} | {r.get('cpu', 0):.0f}% |")
    print(f"\nLoad average at the start {start}, at the end {loadavg()}.", end="")
    if proc:
        print(f" Resident memory under load: {max(proc.samples.values()) / 1024:.0f} MB "
              f"(all processes).", end="")
    print()


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--base", required=True)
    r.add_argument("--pid", required=True, type=int)
    r.add_argument("--maku", required=True)
    r.add_argument("--database-url", required=True)
    r.add_argument("--workdir", required=True)
    r.add_argument("--flags", default="")
    r.add_argument("--server-log")
    r.add_argument("--report")
    r.add_argument("--duration", type=int, default=10)
    r.add_argument("--connections", type=int, default=64)
    r.add_argument("--threads", type=int, default=2)
    r.add_argument("--games", type=int, default=50)
    r.add_argument("--ballots", type=int, default=500)
    r.add_argument("--streams", type=int, default=5000)
    r.add_argument("--due-games", type=int, default=1000)
    r.add_argument("--due-timeout", type=int, default=300)
    s = sub.add_parser("sse")
    s.add_argument("--base", required=True)
    s.add_argument("--n", type=int, required=True)
    s.add_argument("--paths", required=True)
    s.add_argument("--ready", required=True)
    t = sub.add_parser("seed-thread")
    t.add_argument("--base", required=True)
    t.add_argument("--pid", required=True, type=int)
    t.add_argument("--maku", required=True)
    t.add_argument("--database-url", required=True)
    p = sub.add_parser("posts")
    p.add_argument("--n", type=int, default=200)
    b = sub.add_parser("bench")
    b.add_argument("--base", required=True)
    b.add_argument("--pids", default="")
    b.add_argument("--duration", type=int, default=10)
    b.add_argument("--connections", type=int, default=64)
    b.add_argument("--threads", type=int, default=2)
    b.add_argument("--warmup", type=int, default=0, help="uncounted seconds of load first")
    b.add_argument("pages", nargs="+", help="NAME=PATH; the first is the reference")
    args = ap.parse_args()
    if args.cmd == "run":
        sys.exit(cmd_run(args))
    elif args.cmd == "sse":
        cmd_sse(args)
    elif args.cmd == "seed-thread":
        cmd_seed_thread(args)
    elif args.cmd == "posts":
        cmd_posts(args)
    else:
        cmd_bench(args)


if __name__ == "__main__":
    main()
