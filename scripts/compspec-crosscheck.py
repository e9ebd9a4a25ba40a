"""Cross-checks graph-diff-api --format=compspec against compspec's own rules.

Usage: compspec-crosscheck.py TOOL LP_FILE dwarf VERSIONS_DIR
       compspec-crosscheck.py TOOL LP_FILE random TRIALS SEED
       compspec-crosscheck.py TOOL LP_FILE functiondb OLD.json NEW.json module|level

LP_FILE is compspec's is-compatible.lp (github.com/compspec/compspec,
compspec/asp/lp/; not part of this project). Both inputs' facts are written
as compspec writes them (node/5 with paths from the root, relation/4,
path/2), solved by clingo (Debian package gringo), and the shown atoms are
compared, as sets, with the tool's output. Scratch files go to the current
directory. `dwarf` runs compspec's five
DWARF examples (and also checks clingo against their compspec.json);
`random` runs random typed trees against random edits of them (values and
types changed, nodes inserted and deleted, ids renumbered in preorder as
compspec's counter does). `functiondb` builds the graphs of two caliper
functiondb files the way compspec's functiondb example does (per module, or
the three level graphs under a `keras` root with a version node), solves each
group that both have, and compares with `--format=compspec --group-by=...`.
Prints the first mismatches; exits 1 on any.
"""
import json, random, subprocess, sys

TOOL = sys.argv[1]
LP = sys.argv[2]

def paths(g):
    # As compspec's loader (Graph.from_dict) sets them: each relation, in
    # file order, gives its child the parent's path at that moment (or the
    # parent's bare type:value if no relation named it yet).
    nodes={n['nodeid']:n for n in g['nodes']}
    lookup={}
    for r in g['relations']:
        pn=nodes[r['fromid']]
        pre=lookup.get(r['fromid'], f"{pn['name']}:{pn['value']}")
        lookup[r['toid']]=pre+'->'+f"{nodes[r['toid']]['name']}:{nodes[r['toid']]['value']}"
    return {i:lookup.get(i,'') for i in nodes}

def q(v):
    if isinstance(v,int): return str(v)
    v=str(v).replace('\\','\\\\').replace('"','\\"').replace('\n','\\n')
    return '"'+v+'"' 

def facts(g, ns):
    out=[]
    ps=paths(g)
    for r in g['relations']:
        out.append(f'relation({q(ns)},{q(r["fromid"])},{q(r["relation"])},{q(r["toid"])}).')
    for n in g['nodes']:
        out.append(f'node({q(ns)},{q(n["nodeid"])},{q(n["name"])},{q(n["value"])},{q(ps[n["nodeid"]])}).')
        out.append(f'path({q(ns)},{q(ps[n["nodeid"]])}).')
    return out

def clingo(a,b):
    prog='is_a("A"). is_b("B").\n'+'\n'.join(facts(a,'A')+facts(b,'B'))
    open('facts.lp','w').write(prog)
    r=subprocess.run(['clingo',LP,'facts.lp','--outf=2'],capture_output=True,text=True)
    res=json.loads(r.stdout)
    wit=res['Call'][0]['Witnesses']
    assert len(wit)==1, wit
    out={}
    import re
    for atom in wit[0]['Value']:
        name=atom[:atom.index('(')]
        args=parse_args(atom[atom.index('(')+1:-1])
        out.setdefault(name,[]).append(args)
    return out

def parse_args(s):
    args=[];i=0
    while i<len(s):
        if s[i]=='"':
            j=i+1; buf=''
            while s[j]!='"':
                if s[j]=='\\': buf+=s[j+1]; j+=2
                else: buf+=s[j]; j+=1
            args.append(buf); i=j+1
        else:
            j=i
            while j<len(s) and s[j]!=',': j+=1
            args.append(s[i:j]); i=j
        if i<len(s) and s[i]==',': i+=1
    return args

def tool(a,b):
    json.dump(a,open('a.json','w')); json.dump(b,open('b.json','w'))
    subprocess.run([TOOL,'a.json','b.json','--from=compspec','--format=compspec','-o','out.json'],check=False)
    return json.load(open('out.json'))

def canon(d): return {k:sorted(map(tuple,v)) for k,v in d.items() if v}

TYPES=['function','parameter','type','order','structure','member','size']
def random_tree(rng, n):
    # preorder ids like compspec's counter
    kids={0:[]}; info={0:('compileunit','example.cpp')}
    for i in range(1,n):
        p=rng.randrange(0,i)
        kids.setdefault(p,[]).append(i); kids[i]=[]
        t=rng.choice(TYPES)
        v=rng.choice([0,1,2,'a','b','c','int']) if t in('order','size','type') else rng.choice(['f','g','h','x','y'])
        info[i]=(t,v)
    return kids, info

def to_graph(kids, info):
    # number nodes in preorder of the given tree
    ids={}; nodes=[]; rels=[]
    def walk(i):
        ids[i]=f'id{len(ids)}'
        nodes.append({'nodeid':ids[i],'name':info[i][0],'value':info[i][1]})
        for c in kids.get(i,[]):
            walk(c)
            rels.append({'fromid':ids[i],'relation':'has','toid':ids[c]})
    walk(0)
    return {'nodes':nodes,'relations':rels}

def mutate(rng, kids, info):
    kids={k:list(v) for k,v in kids.items()}; info=dict(info)
    nxt=max(info)+1
    for _ in range(rng.randint(1,3)):
        op=rng.choice(['value','insert','delete','type'])
        keys=[k for k in info if k!=0]
        if not keys: break
        k=rng.choice(keys)
        if op=='value':
            t,v=info[k]; info[k]=(t, rng.choice([0,1,2,'a','b','z','w']))
        elif op=='type':
            t,v=info[k]; info[k]=(rng.choice(TYPES),v)
        elif op=='insert':
            p=rng.choice(list(info)); pos=rng.randint(0,len(kids[p]))
            kids[p].insert(pos,nxt); kids[nxt]=[]; info[nxt]=(rng.choice(TYPES),rng.choice(['q','r',3])); nxt+=1
        else:
            for p in kids:
                if k in kids[p]: kids[p].remove(k)
            def drop(i):
                for c in kids.get(i,[]): drop(c)
                info.pop(i,None); kids.pop(i,None)
            drop(k)
    return kids, info

class CompspecGraph:
    """Nodes numbered id0, id1, ... in creation order, as compspec's Graph."""
    def __init__(self): self.count=0; self.nodes=[]; self.rels=[]
    def node(self,name,value):
        i=f'id{self.count}'; self.count+=1
        self.nodes.append({'nodeid':i,'name':name,'value':value}); return i
    def gen(self,name,value,parent):
        i=self.node(name,value)
        self.rels.append({'fromid':parent,'relation':'has','toid':i}); return i
    def data(self): return {'nodes':self.nodes,'relations':self.rels}

def functiondb_graphs(path, mode, package='keras'):
    db=json.load(open(path)); version=list(db)[0]; db=db[version]
    def add_params(g, items, parent_function):
        for order, param in enumerate(items):
            g.gen('parameter',param,parent_function); g.gen('order',order,parent_function)
    out={}
    if mode=='module':
        for module,items in db.items():
            g=CompspecGraph(); root=g.node('module',module)
            for name,params in items.items():
                add_params(g, params, g.gen('function',name,root))
            out[module]=g.data()
        return out
    for level in ['module','function','parameter']:
        g=CompspecGraph(); root=g.node('module',package); g.gen('version',version,root)
        for module,items in db.items():
            m=g.gen('module',module,root)
            if level=='module': continue
            for name,params in items.items():
                f=g.gen('function',name,m)
                if level=='parameter': add_params(g, params, f)
        out[level]=g.data()
    return out

STATS={}
if __name__=='__main__':
    bad=0
    if sys.argv[3]=='functiondb':
        old,new,mode=sys.argv[4],sys.argv[5],sys.argv[6]
        A=functiondb_graphs(old,mode); B=functiondb_graphs(new,mode)
        expected={}
        for name,graph in A.items():
            if name in B:
                found=canon(clingo(graph,B[name]))
                if found: expected[name]=found
        subprocess.run([TOOL,old,new,'--format=compspec','--group-by='+mode,'-o','out.json'])
        got={k:canon(v) for k,v in json.load(open('out.json')).items()}
        for k in sorted(set(expected)|set(got)):
            if expected.get(k)!=got.get(k):
                bad+=1; print('MISMATCH in group', k)
        print(mode,'groups with facts',len(expected),'mismatches',bad)
    elif sys.argv[3]=='dwarf':
        for c in ['array','classorder','function','libmath','struct-add']:
            base=f'{sys.argv[4]}/compspec-dwarf/{c}'
            a=json.load(open(base+'/A.json')); b=json.load(open(base+'/B.json'))
            exp=json.load(open(base+'/compspec.json'))
            cl=clingo(a,b); tl=tool(a,b)
            ok=canon(cl)==canon(exp) and canon(tl)==canon(cl)
            bad+=not ok
            print(c, 'clingo==expected', canon(cl)==canon(exp), 'tool==clingo', canon(tl)==canon(cl))
    else:
        rng=random.Random(int(sys.argv[5]))
        nonempty=0
        for trial in range(int(sys.argv[4])):
            kids,info=random_tree(rng, rng.randint(3,14))
            k2,i2=mutate(rng,kids,info)
            a=to_graph(kids,info); b=to_graph(k2,i2)
            cl=canon(clingo(a,b)); tl=canon(tool(a,b))
            nonempty+= bool(cl)
            for k,v in cl.items():
                for f in v: STATS[(k,len(f))]=STATS.get((k,len(f)),0)+1
            if cl!=tl:
                bad+=1
                if bad<=3:
                    print('MISMATCH', json.dumps(a), json.dumps(b)); print(' clingo',cl); print(' tool  ',tl)
        print(STATS)
        print('trials',sys.argv[4],'mismatches',bad,'with facts',nonempty)
    sys.exit(1 if bad else 0)
