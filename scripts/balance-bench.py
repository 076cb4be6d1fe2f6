#!/usr/bin/env python3
"""Balance estimates of 东杀 with the roles across books (docs/benchmarks.md): saves one setup per
case through the API, asks its balance twice (first: the bots play 3,000 games; then: kept) and
prints the time of each ask and each side's share. MAKU_URL (default http://127.0.0.1:8080) and
MAKU_TOKEN (a judge's or an admin's API token) name the running server."""
import json, urllib.request, time, copy
import os, sys
T=os.environ['MAKU_TOKEN']  # an admin's or a judge's API token
B=os.environ.get('MAKU_URL', 'http://127.0.0.1:8080')
def req(method, path, body=None):
    r=urllib.request.Request(B+path, method=method, data=None if body is None else json.dumps(body).encode(), headers={'content-type':'application/json','authorization':'Bearer '+T})
    for _ in range(10):
        try:
            with urllib.request.urlopen(r) as f: return f.status, json.load(f)
        except urllib.error.HTTPError as e:
            if e.code != 429: return e.code, json.load(e)
            time.sleep(int(e.headers.get('retry-after') or 7))  # writes are rate limited
    return 429, {}
_, p = req('GET','/api/v1/setups/presets')
dong=[x for x in p['presets'] if x['name']=='dongsha'][0]['document']
cases=[['elder'],['undercover'],['magician'],['wizard'],['good_civilian','evil_civilian'],['magician','wizard'],
       ['doctor','sniper','butterfly','secret_police','elder','undercover','magician','wizard','good_civilian','evil_civilian'],
       # 5.0's own doctor, butterfly and forest elder (bad), each a role of its own at a classic table
       ['needle_doctor'],['shield_butterfly'],['dark_elder'],
       # every role of 5.0 at one classic table (5.0's police is the classic police)
       ['sniper','needle_doctor','shield_butterfly','good_civilian','magician','dark_elder','wizard','evil_civilian']]
for roles in cases:
    d=copy.deepcopy(dong)
    for r in roles: d['deal'].append({'role':r,'count':1})
    d['night']=['killer','police']+roles
    seats=9
    if len(roles)>4:
        d['seats']={'min':16,'max':16}; d['deal'][0]['count']=3; d['deal'][1]['count']=3; seats=16
    s,b=req('POST','/api/v1/setups',{'name':'bench '+'+'.join(roles)[:40],'document':d})
    if s!=201: print(roles, s, b); continue
    t=time.time(); s,bal=req('GET',f"/api/v1/setups/{b['id']}/balance?seats={seats}"); t1=time.time()-t
    t=time.time(); s2,_=req('GET',f"/api/v1/setups/{b['id']}/balance?seats={seats}"); t2=time.time()-t
    sides={k:f"{v['rate']*100:.1f}% [{v['low']*100:.1f}, {v['high']*100:.1f}]" for k,v in bal['sides'].items()}
    print('+'.join(roles), seats, f"first {t1*1000:.0f} ms, kept {t2*1000:.0f} ms", bal['games'], sides)
