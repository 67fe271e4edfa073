#!/usr/bin/env python3
"""check-uncut.py [CELL...] - runs ioverdict on the uncut recordings record-grid.sh left in /tmp/iocap/grid/CELL/bundle
(the whole 8-10 s run, with fio's start and the tail the cells cut away) and on their views (views.json's files dropped),
and prints every cell or view whose verdict differs from what testdata/grid/CELL/expected.json and views.json ask:
a cause not named or at another severity, or a ruled-out cause named above information. The cells keep a window of
each run; an independent recording keeps whatever its recorder kept, so the verdicts must hold on the whole run too.
Reports go to /tmp/uncut-reports (reused when present: delete it after a change)."""
import fnmatch, json, os, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
MAIN = os.path.abspath(os.path.join(HERE, '..', '..'))
RAW = '/tmp/iocap/grid'
OUT = '/tmp/uncut-reports'


def report(bundle, out):
    if not os.path.exists(out + '/report.json'):
        subprocess.run([MAIN + '/ioverdict', 'report', bundle, '-o', out, '--format', 'json'], cwd=MAIN,
                       capture_output=True)
    try:
        with open(out + '/report.json') as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def problems(want, r):
    fs = r['findings']
    out = []
    for c in want.get('causes', []):
        got = [f for f in fs if f['rule'] == c['rule']]
        if not got:
            out.append('missing ' + c['rule'])
        elif 'severity' in c and got[0]['severity'] not in c['severity']:
            out.append('%s is %s, asked %s' % (c['rule'], got[0]['severity'], c['severity']))
    for a in want.get('absent', []):
        if any(f['rule'] == a and f['severity'] != 'info' for f in fs):
            out.append('named ' + a)
    return out


def named(r):
    return ['%s:%s' % (f['rule'], f['severity']) for f in r['findings']]


def main():
    views = json.load(open(MAIN + '/testdata/grid/views.json'))
    cells = sys.argv[1:] or sorted(os.listdir(RAW)) if os.path.isdir(RAW) else []
    checked = 0
    for c in cells:
        src = '%s/%s/bundle' % (RAW, c)
        exp = '%s/testdata/grid/%s/expected.json' % (MAIN, c)
        if not os.path.isdir(src) or not os.path.exists(exp):
            continue
        r = report(src, '%s/%s' % (OUT, c))
        checked += 1
        p = ['no report'] if r is None else problems(json.load(open(exp)), r)
        if p:
            print('%s | %s | %s' % (c, '; '.join(p), named(r) if r else ''))
        for v in (x for x in views['cells'] if x['cell'] == c):
            b = '%s/views/%s-%s' % (OUT, c, v['view'])
            if not os.path.isdir(b):
                shutil.copytree(src, b)
                for pat in views['views'][v['view']]['drop']:
                    for f in os.listdir(b):
                        if fnmatch.fnmatch(f, pat):
                            path = os.path.join(b, f)
                            shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
            rv = report(b, '%s/%s-%s' % (OUT, c, v['view']))
            pv = ['no report'] if rv is None else problems(v, rv)
            if pv:
                print('%s (%s) | %s | %s' % (c, v['view'], '; '.join(pv), named(rv) if rv else ''))
    print('%d uncut recordings checked' % checked)


main()
