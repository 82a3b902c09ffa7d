/* 21 Days, day 21: the search of companion/odds/days21/search.py (Search.vec and what it calls), compiled.
 *
 * The same canonical states, the same recursion, the same arithmetic: a state is the sorted survivors
 * (packed as search.pack packs them), Diva's songs sung and the kite; its value is the best chance for
 * every need 0..L (0 beyond). companion/odds/days21/kernel.py speaks to it; search.py stays the
 * reference the tests compare it with (tests/test_odds_day21_kernel.py: every state Search values).
 *
 * REDUCTIONS beyond search.py, each exact (states that play alike are one state, or a value nobody
 * reads is not worked out):
 * - Diva with no hope and no token can never sing again (her hope cannot grow: no token, and the kite
 *   takes 2 hope to roll): she is anyone;
 * - Diva's songs left beyond her hope and her token's 3 are as good as none (a kite roll takes 2 hope
 *   and brings 1 at most: nothing else gives her hope);
 * - pieces on the raft beyond those the kite still needs up change nothing;
 * - a kite on the raft that the survivors' own hope (and their hope21 tokens) can no longer roll up is
 *   no kite: each of its rolls is a flare's payment with no chance of a space, so a flare does better;
 * - with no hope21 token left, the bag has nothing to hold: the closed form and the attempts rolled at
 *   once (Search.plain, Search.passive) apply even when more hope is held than the bag holds;
 * - a state is valued only for the needs it is read at: after a roll moves the ship (a Dolphin turn, the
 *   kite taking off) the next state is read one need lower, and a state read at need 0 only is not
 *   valued at all (a state asked again for more needs is valued again, further).
 *
 * The memo is an open-addressing table over 128-bit keys with the vectors in one arena; a state's next
 * states are gathered and fetched together before they are valued. The search runs without the
 * interpreter lock (the guided game's worker thread computes while the prompt waits), and stops at its
 * deadline like Search, or when its memo holds its most states (what it valued stays).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define ANY 0
#define DIVA 1
#define MICK 2
#define INERT 3
#define SH 7
#define HH 1
#define FIELD 63
#define MAXP 6          /* survivors in a state */
#define MAXTOP 250      /* a vector's last need */
#define KITE_NONE 0
#define KITE_FLY 1      /* else 2 + (pieces << 2 | up) */

#define KIND(c) ((c) >> 13)
#define STR(c) (((c) >> SH) & FIELD)
#define HOPE(c) (((c) >> HH) & FIELD)
#define TOK(c) ((c) & 1)
#define PACK(k, s, h, t) ((k) << 13 | (s) << SH | (h) << HH | (t))

typedef struct {
    uint64_t a, b;   /* b's top bit marks a used slot */
    uint32_t off;    /* the vector's place in the arena */
    uint16_t len;    /* needs 0..len-1 held */
    uint16_t lim;    /* valued for needs up to lim: a vector shorter than that is whole (0 beyond) */
} Slot;

/* a memo entry answers for needs 0..L when it was valued that far, or is whole */
#define ANSWERS(s, L) ((s)->lim >= (L) || (s)->len <= (s)->lim)

typedef struct {
    PyObject_HEAD
    int supply, dolphin, diva_most, K;
    double pk, ph, pb;
    Slot *slots;
    size_t cap, used;
    double *arena;
    size_t alen, acap;
    double deadline;  /* CLOCK_MONOTONIC seconds, or < 0 */
    int timed_out;
    size_t work;      /* states valued, counting revaluations (the deadline is checked every 1024) */
    size_t most_states;  /* the memo's cap: beyond it the search stops (some hundreds of bytes a state) */
    int busy;
    /* _own's memo: (packed survivor, songs) -> (alive, dead) */
    int32_t *own;     /* 2 entries per key, each 2 more than its count (0: not known yet) */
    double binom[MAXTOP + 2][MAXTOP + 2];
    int binom_done[MAXTOP + 2];
} Kern;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* -- the memo ---------------------------------------------------------------------------------------- */

static inline uint64_t mix(uint64_t a, uint64_t b) {
    uint64_t h = a * 0x9E3779B97F4A7C15ULL ^ (b + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    return h;
}

static void key_of(const int *p, int n, int songs, int kite, uint64_t *a, uint64_t *b) {
    uint64_t x = 0, y = 0;
    for (int i = 0; i < n && i < 4; i++) x |= (uint64_t)p[i] << (16 * i);
    for (int i = 4; i < n; i++) y |= (uint64_t)p[i] << (16 * (i - 4));
    y |= (uint64_t)n << 32 | (uint64_t)songs << 36 | (uint64_t)kite << 44 | 1ULL << 63;
    *a = x;
    *b = y;
}

static Slot *find(Kern *k, uint64_t a, uint64_t b) {
    size_t m = k->cap - 1, i = mix(a, b) & m;
    for (;;) {
        Slot *s = &k->slots[i];
        if (!s->b) return s;
        if (s->a == a && s->b == b) return s;
        i = (i + 1) & m;
    }
}

static int grow(Kern *k) {
    size_t ncap = k->cap ? k->cap * 2 : 1 << 16;
    Slot *old = k->slots, *ns = calloc(ncap, sizeof(Slot));
    if (!ns) return -1;
    size_t ocap = k->cap;
    k->slots = ns;
    k->cap = ncap;
    for (size_t i = 0; i < ocap; i++)
        if (old[i].b) *find(k, old[i].a, old[i].b) = old[i];
    free(old);
    return 0;
}

static int store(Kern *k, uint64_t a, uint64_t b, const double *v, int len, int lim) {
    if ((k->used + 1) * 2 > k->cap && grow(k)) return -1;
    if (k->alen + len > k->acap) {
        size_t nc = k->acap ? k->acap * 2 : 1 << 18;
        while (nc < k->alen + len) nc *= 2;
        double *na = realloc(k->arena, nc * sizeof(double));
        if (!na) return -1;
        k->arena = na;
        k->acap = nc;
    }
    if (k->alen + len > UINT32_MAX) return -1;
    Slot *s = find(k, a, b);
    if (!s->b) k->used++;  /* else a longer valuation replaces a shorter one */
    s->a = a;
    s->b = b;
    s->off = (uint32_t)k->alen;
    s->len = (uint16_t)len;
    s->lim = (uint16_t)lim;
    memcpy(k->arena + k->alen, v, len * sizeof(double));
    k->alen += len;
    return 0;
}

/* -- canonical forms --------------------------------------------------------------------------------- */

static int person(const Kern *k, int kind, int s, int h, int tok, int left) {
    if (s <= 0) return -1;
    if (kind == DIVA && (!left || (h == 0 && !tok))) kind = ANY;  /* see REDUCTIONS */
    if (kind == MICK && !tok) kind = ANY;
    if (kind == INERT || (h == 1 && !tok && kind != DIVA)) return PACK(INERT, 1, h, 0);
    if (!k->dolphin) s += s & 1;
    else if (s == 1) s = 2;
    return PACK(kind, s, h, tok);
}

static void insert_sorted(int *out, int *n, int c) {
    int j = *n;
    while (j > 0 && out[j - 1] > c) {
        out[j] = out[j - 1];
        j--;
    }
    out[j] = c;
    (*n)++;
}

static inline int rolls_kite(int c) { return TOK(c) || HOPE(c) >= 2; }

/* a kite still on the raft that can never fly is no kite (REDUCTIONS): while it is built nothing gives
 * hope back but a hope21 token (3, Mick 4), and each roll takes 2 of the roller's own hope */
static int kite_can_fly(const int *p, int n, int kite) {
    if (kite < 2) return 1;
    int rolls = 0, up = (kite - 2) & 3;
    for (int j = 0; j < n; j++) rolls += (HOPE(p[j]) + (TOK(p[j]) ? 3 + (KIND(p[j]) == MICK) : 0)) / 2;
    return rolls >= 3 - up;
}

/* Diva's songs sung, canonical (REDUCTIONS): each song takes 1 of her hope, and nothing but her token
 * (3 at most) gives her more hope than it takes (a kite roll takes 2 and brings 1 at most), so she sings
 * at most her hope and her token's 3: songs left beyond that are as good as none */
static void fix_songs(const Kern *k, const int *out, int m, int *songs) {
    int d = -1, nd = 0;
    for (int j = 0; j < m; j++)
        if (KIND(out[j]) == DIVA) {
            d = j;
            nd++;
        }
    if (nd != 1) return;
    int most = HOPE(out[d]) + 3 * TOK(out[d]);
    if (k->diva_most - most > *songs) *songs = k->diva_most - most;
}

/* people with people[i] replaced by the raw survivor, canonical: into out, *songs and *kite */
static void swap(const Kern *k, const int *p, int n, int i, int raw, int *songs, int *kite, int *out, int *m) {
    int left = *songs < k->diva_most;
    int c = person(k, KIND(raw), STR(raw), HOPE(raw), TOK(raw), left);
    int old = p[i];
    *m = 0;
    for (int j = 0; j < n; j++)
        if (j != i) out[(*m)++] = p[j];
    if (c >= 0) insert_sorted(out, m, c);
    if (KIND(old) == DIVA && (c < 0 || KIND(c) != DIVA)) *songs = 0;
    if (*kite != KITE_NONE && (c < 0 || !rolls_kite(c)) && rolls_kite(old)) {
        int any = 0;
        for (int j = 0; j < *m; j++)
            if (rolls_kite(out[j])) { any = 1; break; }
        if (!any) *kite = KITE_NONE;
    }
    if (*kite >= 2 && !kite_can_fly(out, *m, *kite)) *kite = KITE_NONE;
    fix_songs(k, out, *m, songs);
}

/* -- bounds and the closed form ------------------------------------------------------------------------ */

static int attempts(const Kern *k, int c, int songs) {
    int kind = KIND(c), s = STR(c), h = HOPE(c), tok = TOK(c);
    if (kind == INERT) return 0;
    h += 4 * tok;
    int sung = 0;
    if (kind == DIVA) {
        sung = k->diva_most - songs;
        if (h < sung) sung = h;
    }
    return sung + (h - sung) / 2 + (s + 1) / 2;
}

static int bound(const Kern *k, const int *p, int n, int songs) {
    int t = 0;
    for (int i = 0; i < n; i++) t += attempts(k, p[i], songs);
    return t;
}

static int bag_holds(const Kern *k, const int *p, int n) {
    int hope = 0, tok = 0;
    for (int i = 0; i < n; i++) {
        hope += HOPE(p[i]);
        tok += TOK(p[i]);
    }
    return !tok || k->supply - hope >= 4 * tok;  /* no token: nothing to hold (REDUCTIONS) */
}

static int plain(const Kern *k, const int *p, int n, int kite) {
    if (kite != KITE_NONE) return 0;
    if (k->dolphin)
        for (int i = 0; i < n; i++)
            if (STR(p[i]) > 3 && KIND(p[i]) != INERT) return 0;
    return bag_holds(k, p, n);
}

static void own_go(const Kern *k, int kind, int s, int h, int tok, int sg, int n, int *best) {
    if (s <= 0) {
        if (n > best[1]) best[1] = n;
        return;
    }
    if (n > best[0]) best[0] = n;
    if (kind == INERT) return;
    if (h >= 2) own_go(k, kind, s, h - 2, tok, sg, n + 1, best);
    if (h == 0) own_go(k, kind, s - 2, h, tok, sg, n + 1, best);
    if (kind == DIVA && h >= 1 && sg < k->diva_most) own_go(k, kind, s, h - 1, tok, sg + 1, n + 1, best);
    if (tok) own_go(k, kind, s, h + 3 + (kind == MICK), 0, sg, n, best);
}

static void own(Kern *k, int c, int songs, int *alive, int *dead) {
    int32_t *slot = NULL;
    if (songs >= 0 && songs < 16) slot = &k->own[2 * ((size_t)c << 4 | songs)];
    if (slot && slot[0]) {
        *alive = slot[0] - 2;
        *dead = slot[1] - 2;
        return;
    }
    int best[2] = {-1, -1};
    own_go(k, KIND(c), STR(c), HOPE(c), TOK(c), songs, 0, best);
    if (slot) {
        slot[0] = best[0] + 2;
        slot[1] = best[1] + 2;
    }
    *alive = best[0];
    *dead = best[1];
}

static int count(Kern *k, const int *p, int n, int songs) {
    int total = 0, alive_any = 0, gain = INT32_MIN;
    for (int i = 0; i < n; i++) {
        int al, de;
        own(k, p[i], songs, &al, &de);
        if (de > al) {
            total += de;
            if (al - de > gain) gain = al - de;
        } else {
            total += al;
            alive_any = 1;
        }
    }
    if (n && !alive_any) total += gain;
    return total;
}

static double comb(int n, int j) {
    /* exact while it fits, as Python's math.comb then float() */
    if (j < 0 || j > n) return 0.0;
    if (j > n - j) j = n - j;
    unsigned __int128 c = 1;
    for (int i = 1; i <= j; i++) c = c * (unsigned)(n - j + i) / (unsigned)i;
    return (double)c;
}

static double binom(Kern *k, int n, int j) {
    if (n <= MAXTOP) {
        if (!k->binom_done[n]) {
            for (int i = 0; i <= n; i++) k->binom[n][i] = comb(n, i) * pow(1.0 / 6, i) * pow(5.0 / 6, n - i);
            k->binom_done[n] = 1;
        }
        return k->binom[n][j];
    }
    return comb(n, j) * pow(1.0 / 6, j) * pow(5.0 / 6, n - j);
}

static double at_least(Kern *k, int n, int j) {
    if (j <= 0) return 1.0;
    double t = 0.0;
    for (int i = j; i <= n; i++) t += binom(k, n, i);
    return t;
}

/* survivors whose next attempts need no decision (see Search.passive): 0 if none, else how many, with
 * the survivors after them in out */
static int passive(Kern *k, const int *p, int n, int kite, int *out, int *m) {
    int cnt = 0, ample = -1;
    *m = 0;
    for (int i = 0; i < n; i++) {
        int c = p[i], kind = KIND(c), s = STR(c), h = HOPE(c), tok = TOK(c);
        if (tok || kind == INERT || (kind == DIVA && h)) {
            out[(*m)++] = c;
            continue;
        }
        int s0 = s, h0 = h;
        if (h >= 2 && kite == KITE_NONE && (!k->dolphin || s <= 3)) {
            if (ample < 0) ample = bag_holds(k, p, n);
            if (ample) {
                cnt += h / 2;
                h &= 1;
            }
        }
        if (h == 0 && s > 2 && (!k->dolphin || s <= 5)) {
            cnt += (s + 1) / 2 - 1;
            s = 2;
        }
        out[(*m)++] = (s == s0 && h == h0) ? c : person(k, kind, s, h, 0, 1);
    }
    if (!cnt) return 0;
    for (int i = 1; i < *m; i++) {  /* insertion sort */
        int c = out[i], j = i;
        while (j > 0 && out[j - 1] > c) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = c;
    }
    return cnt;
}

/* -- the search -------------------------------------------------------------------------------------- */

/* A state's next states are gathered first (the same state reached by two moves is valued once: a
 * flare's and a kite roll's miss are one state), their memo slots fetched together, the unknown ones
 * valued, then every move's chances combined as Search.moves does. */

typedef struct {
    int p[MAXP];
    int n, songs, kite;
    uint64_t a, b;
    uint32_t off, len;
    int need;        /* the last need its vector is read at (0: not valued, its vector is [1]) */
} Child;

enum { M_ROLL, M_BUILD, M_FLY, M_TOKEN };

typedef struct {
    int kind, x, y;  /* ROLL: x the roll's state, y the Dolphin's (or -1); BUILD: x miss, y hit;
                        FLY: x miss, y hoped; TOKEN: x; a ROLL leaving nobody has y = -2 */
    int fly;         /* BUILD: the hit makes the kite fly (a space) */
} Move;

#define MAXC 64

static int vec_off(Kern *k, const int *p, int n, int songs, int kite, int L, uint32_t *off);

/* the next state with p[i] as raw (canonical), read up to need; one already gathered for the same
 * survivor (from ch[first] on: only one survivor's moves can lead to the same state) is shared */
static int child(Kern *k, Child *ch, int *nc, int first, const int *p, int n, int i, int raw, int songs, int kite, int need) {
    Child *c = &ch[*nc];
    c->songs = songs;
    c->kite = kite;
    swap(k, p, n, i, raw, &c->songs, &c->kite, c->p, &c->n);
    key_of(c->p, c->n, c->songs, c->kite, &c->a, &c->b);
    for (int j = first; j < *nc; j++)
        if (ch[j].a == c->a && ch[j].b == c->b) {
            if (need > ch[j].need) ch[j].need = need;
            return j;
        }
    c->need = need;
    if (need > 0) __builtin_prefetch(&k->slots[mix(c->a, c->b) & (k->cap - 1)]);
    return (*nc)++;
}

static inline double at(const Kern *k, const Child *c, int j) { return (uint32_t)j < c->len ? k->arena[c->off + j] : 0.0; }

static int best(Kern *k, const int *p, int n, int songs, int kite, int top, double *got) {
    Child ch[MAXC];
    Move mv[MAXC];
    int nc = 0, nm = 0, seen = -1, ample = -1, most = k->diva_most;
    for (int i = 0; i < n; i++) {
        int c = p[i];
        if (c == seen) continue;
        seen = c;
        int kind = KIND(c);
        if (kind == INERT) continue;
        int first = nc;
        int h = HOPE(c);
        /* a d6 roll (flare, shout, song): paid is the roller after paying */
        int paids[3], sgs[3], np = 0;
        if (h >= 2) { paids[np] = c - 4; sgs[np++] = songs; }
        if (h == 0) { paids[np] = c - (2 << SH); sgs[np++] = songs; }
        if (kind == DIVA && h >= 1 && songs < most) { paids[np] = c - 2; sgs[np++] = songs + 1; }
        for (int r = 0; r < np; r++) {
            Move *m = &mv[nm++];
            m->kind = M_ROLL;
            m->x = child(k, ch, &nc, first, p, n, i, paids[r], sgs[r], kite, top);
            if (!ch[m->x].n) m->y = -2;
            else if (k->dolphin && STR(paids[r]) > 3) m->y = child(k, ch, &nc, first, p, n, i, paids[r] - (3 << SH), sgs[r], kite, top - 1);
            else m->y = -1;
        }
        if (kite != KITE_NONE && h >= 2) {
            Move *m = &mv[nm++];
            int paid = c - 4;
            m->x = child(k, ch, &nc, first, p, n, i, paid, songs, kite, top);
            if (kite != KITE_FLY) {
                int pieces = (kite - 2) >> 2, up = (kite - 2) & 3;
                m->kind = M_BUILD;
                m->fly = up + 1 >= 3;
                m->y = child(k, ch, &nc, first, p, n, i, paid, songs, m->fly ? KITE_FLY : 2 + ((pieces - 1) << 2 | (up + 1)),
                             m->fly ? top - 1 : top);
            } else {
                m->kind = M_FLY;
                int bag = k->supply;
                for (int j = 0; j < ch[m->x].n; j++) bag -= HOPE(ch[m->x].p[j]);
                m->y = bag > 0 ? child(k, ch, &nc, first, p, n, i, paid + (1 << HH), songs, kite, top) : m->x;
            }
        }
        if (TOK(c)) {
            if (ample < 0) ample = bag_holds(k, p, n);
            if (h <= 1 || !ample) {  /* with the bag holding every token's hope, a token waits */
                int bag = k->supply;
                for (int j = 0; j < n; j++) bag -= HOPE(p[j]);
                int g = bag < 0 ? 0 : bag;
                if (g > 3) g = 3;
                if (g >= 3 && kind == MICK && bag - g > 0) g++;
                if (g) {
                    Move *m = &mv[nm++];
                    m->kind = M_TOKEN;
                    m->x = child(k, ch, &nc, first, p, n, i, c - 1 + (g << HH), songs, kite, top);
                }
            }
        }
    }
    /* known states: their vectors' place; the rest valued now */
    int pending[MAXC], np = 0;
    for (int j = 0; j < nc; j++) {
        if (ch[j].need <= 0) {  /* read at need 0 only: 1 */
            ch[j].off = 0;
            ch[j].len = 1;
            continue;
        }
        Slot *s = find(k, ch[j].a, ch[j].b);
        if (s->b && ANSWERS(s, ch[j].need)) {
            ch[j].off = s->off;
            ch[j].len = s->len;
            __builtin_prefetch(k->arena + s->off);
        } else {
            pending[np++] = j;
        }
    }
    for (int r = 0; r < np; r++) {
        Child *c = &ch[pending[r]];
        int len = vec_off(k, c->p, c->n, c->songs, c->kite, c->need, &c->off);
        if (len < 0) return -1;
        c->len = (uint32_t)len;
    }
    got[0] = 1.0;
    for (int j = 1; j <= top; j++) got[j] = 0.0;
    const double sixth = 1.0 / 6, pk = k->pk, ph = k->ph, pb = k->pb;
    for (int r = 0; r < nm; r++) {
        Move *m = &mv[r];
        const Child *x = &ch[m->x];
        for (int j = 1; j <= top; j++) {
            double v;
            switch (m->kind) {
            case M_ROLL:
                if (m->y == -2) v = at(k, x, j);
                else if (m->y == -1) v = (at(k, x, j - 1) + 5 * at(k, x, j)) * sixth;
                else {
                    double keep = at(k, x, j), turn = at(k, &ch[m->y], j - 1);
                    v = (at(k, x, j - 1) + 4 * keep + (keep >= turn ? keep : turn)) * sixth;
                }
                break;
            case M_BUILD:
                v = m->fly ? pk * at(k, &ch[m->y], j - 1) + (1 - pk) * at(k, x, j)
                           : pk * at(k, &ch[m->y], j) + (1 - pk) * at(k, x, j);
                break;
            case M_FLY:
                v = pk * at(k, x, j - 1) + ph * at(k, &ch[m->y], j) + pb * at(k, x, j);
                break;
            default:
                v = at(k, x, j);
            }
            if (v > got[j]) got[j] = v;
        }
    }
    return 0;
}

/* the value of a canonical state: its length (needs 0..len-1) and its place in the arena (*off), or -1
 * past the deadline or out of memory */
static int vec_off(Kern *k, const int *p, int n, int songs, int kite, int L, uint32_t *off) {
    uint64_t a, b;
    key_of(p, n, songs, kite, &a, &b);
    Slot *s = find(k, a, b);
    if (s->b && ANSWERS(s, L)) {
        *off = s->off;
        return (int)s->len;
    }
    double got[k->K + 1];
    int len;
    int q[MAXP], m, cnt;
    if (!n) {
        got[0] = 1.0;
        len = 1;
    } else if ((cnt = passive(k, p, n, kite, q, &m)) > 0) {
        uint32_t vo;
        int vl = vec_off(k, q, m, songs, kite, L, &vo);
        if (vl < 0) return -1;
        const double *v = k->arena + vo;  /* nothing grows the arena until this state is stored */
        int tp = vl - 1 + cnt;
        if (tp > L) tp = L;
        got[0] = 1.0;
        for (int nn = 1; nn <= tp; nn++) {
            double t = 0.0;
            for (int j = 0; j <= cnt; j++) {
                double w = binom(k, cnt, j);
                t += nn > j ? w * (nn - j < vl ? v[nn - j] : 0.0) : w;
            }
            got[nn] = t;
        }
        len = tp + 1;
    } else {
        int tp = bound(k, p, n, songs);
        if (tp > L) tp = L;
        if (tp <= 0) {
            got[0] = 1.0;
            len = 1;
        } else if (plain(k, p, n, kite)) {
            int c = count(k, p, n, songs);
            got[0] = 1.0;
            for (int j = 1; j <= tp; j++) got[j] = at_least(k, c, j);
            len = tp + 1;
        } else {
            if (best(k, p, n, songs, kite, tp, got) < 0) return -1;
            len = tp + 1;
        }
    }
    if (k->used >= k->most_states) {
        k->timed_out = 3;
        return -1;
    }
    if (store(k, a, b, got, len, L)) {
        k->timed_out = 2;
        return -1;
    }
    *off = (uint32_t)(k->alen - len);
    if (k->deadline >= 0 && !(++k->work & 1023) && now() > k->deadline) {
        k->timed_out = 1;
        return -1;
    }
    return len;
}

static int vec(Kern *k, const int *p, int n, int songs, int kite, double *out, int top) {
    uint32_t off;
    int len = vec_off(k, p, n, songs, kite, top, &off);
    if (len < 0) return -1;
    for (int j = 0; j <= top; j++) out[j] = j < len ? k->arena[off + j] : 0.0;
    return len;
}

/* -- Python --------------------------------------------------------------------------------------- */

static void kern_free_tables(Kern *k) {
    free(k->slots);
    free(k->arena);
    k->slots = NULL;
    k->arena = NULL;
    k->cap = k->used = k->alen = k->acap = 0;
}

static int Kern_init(Kern *k, PyObject *args, PyObject *kw) {
    static char *names[] = {"supply", "dolphin", "diva_most", "p_kite", "p_hope", "p_blank", "most_need", "most_states", NULL};
    Py_ssize_t most_states = 6000000;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iiidddi|n", names, &k->supply, &k->dolphin, &k->diva_most, &k->pk,
                                     &k->ph, &k->pb, &k->K, &most_states))
        return -1;
    k->most_states = most_states > 0 ? (size_t)most_states : 1;
    if (k->K < 1 || k->K > MAXTOP || k->supply > FIELD || k->diva_most < 0 || k->diva_most > 15) {
        PyErr_SetString(PyExc_ValueError, "a day-21 kernel needs 1 <= most_need <= 250, supply <= 63, diva_most <= 15");
        return -1;
    }
    kern_free_tables(k);
    free(k->own);
    k->own = calloc((size_t)2 * (1 << 15) * 16, sizeof(int32_t));  /* zeroed by the system as it is touched */
    if (!k->own) {
        PyErr_NoMemory();
        return -1;
    }
    memset(k->binom_done, 0, sizeof k->binom_done);
    k->deadline = -1;
    return 0;
}

static void Kern_dealloc(Kern *k) {
    kern_free_tables(k);
    free(k->own);
    Py_TYPE(k)->tp_free((PyObject *)k);
}

/* (people tuple, songs, kite code, seconds left or a negative number) -> the state's people as ints */
static int read_state(Kern *k, PyObject *people, int *p, int *n) {
    if (!PyTuple_Check(people)) {
        PyErr_SetString(PyExc_TypeError, "people: a tuple of packed survivors");
        return -1;
    }
    Py_ssize_t len = PyTuple_GET_SIZE(people);
    if (len > MAXP) {
        PyErr_SetString(PyExc_ValueError, "a day-21 kernel takes at most 6 survivors");
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        long c = PyLong_AsLong(PyTuple_GET_ITEM(people, i));
        if (c == -1 && PyErr_Occurred()) return -1;
        if (c <= 0 || c >= (1L << 15)) {
            PyErr_SetString(PyExc_ValueError, "a packed survivor is out of range");
            return -1;
        }
        p[i] = (int)c;
    }
    *n = (int)len;
    return 0;
}

/* a state canonical for search.py made canonical for the kernel too (its extra reductions) */
static void recanon(const Kern *k, int *p, int n, int *songs, int *kite) {
    int left = *songs < k->diva_most, q[MAXP], m = 0, diva = 0, roller = 0;
    for (int i = 0; i < n; i++) {
        int c = person(k, KIND(p[i]), STR(p[i]), HOPE(p[i]), TOK(p[i]), left);
        insert_sorted(q, &m, c);
        diva |= KIND(c) == DIVA;
        roller |= rolls_kite(c);
    }
    memcpy(p, q, n * sizeof(int));
    if (!diva) *songs = 0;
    if (!roller) *kite = KITE_NONE;
    if (*kite >= 2) {  /* pieces on the raft beyond the 3 - up still to go up change nothing */
        int pieces = (*kite - 2) >> 2, up = (*kite - 2) & 3;
        if (pieces > 3 - up) *kite = 2 + ((3 - up) << 2 | up);
        if (!kite_can_fly(p, n, *kite)) *kite = KITE_NONE;
    }
    fix_songs(k, p, n, songs);
}

/* the state's chances for needs 0..top into out: its length, -1 past the deadline, -2 with an error set */
static int run(Kern *k, int *p, int n, int songs, int kite, double left, double *out, int top) {
    recanon(k, p, n, &songs, &kite);
    if (k->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this day-21 kernel is already searching");
        return -2;
    }
    if (!k->slots) {  /* fresh tables; the arena starts with the vector [1] (a state read at need 0) */
        double one = 1.0;
        if (grow(k) || store(k, 0, 1ULL << 63 | 15ULL << 32, &one, 1, 0)) {  /* a key no state has */
            PyErr_NoMemory();
            return -2;
        }
    }
    k->busy = 1;
    int len;
    Py_BEGIN_ALLOW_THREADS
    k->deadline = left >= 0 ? now() + left : -1;
    k->timed_out = 0;
    len = vec(k, p, n, songs, kite, out, top);
    Py_END_ALLOW_THREADS
    k->busy = 0;
    if (len < 0 && k->timed_out == 2) {
        PyErr_NoMemory();
        return -2;
    }
    if (len < 0 && k->timed_out == 3) {
        PyErr_Format(PyExc_OverflowError, "the search holds %zu states, its most", k->used);
        return -2;
    }
    return len;
}

static int check_args(Kern *k, int songs, int kite) {
    if (songs < 0 || songs > 15 || kite < 0 || kite >= 2 + 64) {
        PyErr_SetString(PyExc_ValueError, "songs or kite out of range");
        return -1;
    }
    return 0;
}

/* vec(people, songs, kite, seconds_left) -> list of floats, or None past the deadline */
static PyObject *Kern_vec(Kern *k, PyObject *args) {
    PyObject *people;
    int songs, kite, p[MAXP], n;
    double left;
    if (!PyArg_ParseTuple(args, "O!iid", &PyTuple_Type, &people, &songs, &kite, &left)) return NULL;
    if (read_state(k, people, p, &n) || check_args(k, songs, kite)) return NULL;
    double out[MAXTOP + 1];
    int len = run(k, p, n, songs, kite, left, out, k->K);
    if (len == -2) return NULL;
    if (len < 0) Py_RETURN_NONE;
    PyObject *l = PyList_New(len);
    if (!l) return NULL;
    for (int j = 0; j < len; j++) PyList_SET_ITEM(l, j, PyFloat_FromDouble(out[j]));
    return l;
}

/* value(people, songs, kite, need, seconds_left) -> the chance for one need, or None past the deadline */
static PyObject *Kern_value(Kern *k, PyObject *args) {
    PyObject *people;
    int songs, kite, need, p[MAXP], n;
    double left;
    if (!PyArg_ParseTuple(args, "O!iiid", &PyTuple_Type, &people, &songs, &kite, &need, &left)) return NULL;
    if (read_state(k, people, p, &n) || check_args(k, songs, kite)) return NULL;
    if (need <= 0) return PyFloat_FromDouble(1.0);
    if (need > k->K) {
        PyErr_Format(PyExc_ValueError, "need %d is over this search's %d", need, k->K);
        return NULL;
    }
    double out[MAXTOP + 1];
    int len = run(k, p, n, songs, kite, left, out, need);
    if (len == -2) return NULL;
    if (len < 0) Py_RETURN_NONE;
    return PyFloat_FromDouble(out[need]);
}

static Py_ssize_t Kern_len(Kern *k) { return (Py_ssize_t)(k->used ? k->used - 1 : 0); }

static PyObject *Kern_clear(Kern *k, PyObject *noargs) {
    if (k->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this day-21 kernel is searching");
        return NULL;
    }
    kern_free_tables(k);
    Py_RETURN_NONE;
}

static PyMethodDef Kern_methods[] = {
    {"vec", (PyCFunction)Kern_vec, METH_VARARGS,
     "vec(people, songs, kite, seconds_left) -> chances for needs 0..L, or None past the deadline"},
    {"value", (PyCFunction)Kern_value, METH_VARARGS,
     "value(people, songs, kite, need, seconds_left) -> the chance for one need, or None past the deadline"},
    {"clear", (PyCFunction)Kern_clear, METH_NOARGS, "forget every state valued"},
    {NULL}};

static PySequenceMethods Kern_seq = {.sq_length = (lenfunc)Kern_len};

static PyTypeObject KernType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "companion.odds.days21._kernel.Kernel",
    .tp_basicsize = sizeof(Kern),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Kernel(supply, dolphin, diva_most, p_kite, p_hope, p_blank, most_need): day 21's search, compiled",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Kern_init,
    .tp_dealloc = (destructor)Kern_dealloc,
    .tp_methods = Kern_methods,
    .tp_as_sequence = &Kern_seq,
};

static struct PyModuleDef kernmodule = {PyModuleDef_HEAD_INIT, "_kernel", "Day 21's search, compiled.", -1, NULL};

PyMODINIT_FUNC PyInit__kernel(void) {
    if (PyType_Ready(&KernType) < 0) return NULL;
    PyObject *m = PyModule_Create(&kernmodule);
    if (!m) return NULL;
    Py_INCREF(&KernType);
    if (PyModule_AddObject(m, "Kernel", (PyObject *)&KernType) < 0) {
        Py_DECREF(&KernType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
