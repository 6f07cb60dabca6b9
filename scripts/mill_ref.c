/* The yardstick for Mill's computer player: a plain fixed-depth alpha-beta search over
 * Tommy's rules, in C so that depth 12 takes seconds instead of hours.
 *
 * Nothing here is shipped: scripts/mill_ref.py compiles this file with the system's C
 * compiler, checks its move generator against rules.legal_moves and its values against a
 * Python minimax before trusting it, and uses it as the opponent in the bench match and
 * as the deep search that builds the placing-phase book.
 *
 * "Depth 12 means depth 12": every legal move is searched to exactly the given depth, with
 * no pruning beyond alpha-beta. The transposition table only ever answers for the same
 * position at the same remaining depth (so it saves work without changing the value), and
 * gives the best move found earlier to try first. The board is two 24-bit masks; the key of
 * a position (both masks, both hands, side to move) fits in 57 bits, so the table compares
 * whole keys and never confuses two positions; it is the least key over the board's 16
 * symmetries, which map mills onto mills and leave the evaluation unchanged.
 *
 * Evaluation (for the side to move, 100 = one piece): pieces on the board and in hand, plus
 * mobility (piece-to-free-neighbour pairs), 4 a pair. A side to move with no move has lost
 * (rules), found by the search itself.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint32_t u32;
typedef uint64_t u64;

#define WIN 100000
#define FULL 0xFFFFFFu
#define NMAX 160

static const int SEG[16][3] = {
    {1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}, {13, 14, 15}, {16, 17, 18}, {19, 20, 21},
    {22, 23, 24}, {1, 10, 22}, {4, 11, 19}, {7, 12, 16}, {2, 5, 8}, {17, 20, 23}, {9, 13, 18},
    {6, 14, 21}, {3, 15, 24}};

static u32 ADJ[24], MILLS[16], MILLS_AT[24][2];
static int ready = 0;
static int kiddie = 0, take3 = 0;
static long long nodes = 0;
static int W_MOB = 4;
/* strong mode: the knowledgeable evaluation below, with these placing weights */
static int strong = 0, SE_PLACE_MOVERS = 24, SE_PLACE_TARGETS = 8;

typedef struct { u64 key; int16_t depth; int8_t flag; int8_t f, t, c; int32_t score; } Entry;
#define TT_BITS 22
static Entry *tt = 0;

/* The board's 16 symmetries (rotations, mirrors, swapping the outer and inner squares):
 * the table is keyed on the least image of a position, so mirror positions share entries. */
static const int RINGS[3][8] = {{1, 2, 3, 15, 24, 23, 22, 10}, {4, 5, 6, 14, 21, 20, 19, 11},
                                {7, 8, 9, 13, 18, 17, 16, 12}};
static int8_t PERM[16][24], INV[16][24];
static u32 SYMTAB[16][3][256];

static void init_symmetries(void) {
    int sq_of[24], k_of[24];
    for (int q = 0; q < 3; q++) for (int k = 0; k < 8; k++) { sq_of[RINGS[q][k] - 1] = q; k_of[RINGS[q][k] - 1] = k; }
    int g = 0;
    for (int swap = 0; swap < 2; swap++) for (int mirror = 0; mirror < 2; mirror++) for (int rot = 0; rot < 4; rot++, g++) {
        for (int p = 0; p < 24; p++) {
            int k2 = mirror ? ((-k_of[p] + 2) % 8 + 8) % 8 : k_of[p];
            k2 = (k2 + 2 * rot) % 8;
            int q2 = swap ? 2 - sq_of[p] : sq_of[p];
            PERM[g][p] = (int8_t)(RINGS[q2][k2] - 1);
            INV[g][RINGS[q2][k2] - 1] = (int8_t)p;
        }
        for (int byte = 0; byte < 3; byte++) for (int v = 0; v < 256; v++) {
            u32 out = 0;
            for (int i = 0; i < 8; i++) if (v >> i & 1) out |= 1u << PERM[g][byte * 8 + i];
            SYMTAB[g][byte][v] = out;
        }
    }
}

static inline u32 img(int g, u32 m) { return SYMTAB[g][0][m & 255] | SYMTAB[g][1][m >> 8 & 255] | SYMTAB[g][2][m >> 16]; }

static void init(void) {
    if (ready) return;
    init_symmetries();
    memset(ADJ, 0, sizeof ADJ);
    int n[24] = {0};
    for (int k = 0; k < 16; k++) {
        int a = SEG[k][0] - 1, b = SEG[k][1] - 1, c = SEG[k][2] - 1;
        MILLS[k] = 1u << a | 1u << b | 1u << c;
        ADJ[a] |= 1u << b; ADJ[b] |= 1u << a; ADJ[b] |= 1u << c; ADJ[c] |= 1u << b;
        for (int j = 0; j < 3; j++) { int p = SEG[k][j] - 1; MILLS_AT[p][n[p]++] = MILLS[k]; }
    }
    tt = calloc((size_t)1 << TT_BITS, sizeof(Entry));
    ready = 1;
}

static inline int popc(u32 m) { return __builtin_popcount(m); }

static u32 in_mills(u32 m) {
    u32 out = 0;
    for (int k = 0; k < 16; k++) if ((m & MILLS[k]) == MILLS[k]) out |= MILLS[k];
    return out;
}

static u32 capturable(u32 victim, int vhand) {
    u32 free_ = victim & ~in_mills(victim);
    if (free_) return free_;
    if (take3 && popc(victim) == 3 && vhand == 0) return victim;
    return 0;
}

static inline int closes(u32 own_after, int t) {
    return (own_after & MILLS_AT[t][0]) == MILLS_AT[t][0] || (own_after & MILLS_AT[t][1]) == MILLS_AT[t][1];
}

typedef struct { int8_t f, t, c; } Mv;   /* f -1: placement; c -1: no capture (or declined) */

/* Every legal move, captures first (each capturable piece, then declining), like rules. */
static int gen(u32 me, u32 opp, int hm, int ho, Mv *out) {
    int n = 0, nq = 0;
    Mv quiet[NMAX];
    if (popc(me) + hm < 3 || popc(opp) + ho < 3) return 0;
    u32 empty = FULL ^ me ^ opp;
    u32 caps = 0; int caps_done = 0;
    int jump = kiddie && hm == 0 && popc(me) == 3;
    u32 froms = hm ? 1u << 24 : me;   /* bit 24 stands for "from the hand" */
    while (froms) {
        int f = __builtin_ctz(froms); froms &= froms - 1;
        u32 base = f == 24 ? me : me & ~(1u << f);
        u32 tg = (f == 24 || jump) ? empty : ADJ[f] & empty;
        while (tg) {
            int t = __builtin_ctz(tg); tg &= tg - 1;
            int8_t ff = f == 24 ? -1 : (int8_t)f;
            if (closes(base | 1u << t, t)) {
                if (!caps_done) { caps = capturable(opp, ho); caps_done = 1; }
                u32 c = caps;
                while (c) { int v = __builtin_ctz(c); c &= c - 1; out[n++] = (Mv){ff, (int8_t)t, (int8_t)v}; }
                quiet[nq++] = (Mv){ff, (int8_t)t, -1};   /* declining */
            } else {
                quiet[nq++] = (Mv){ff, (int8_t)t, -1};
            }
        }
    }
    memcpy(out + n, quiet, nq * sizeof(Mv));
    return n + nq;
}

static int mobility(u32 m, u32 empty) {
    int s = 0;
    while (m) { int p = __builtin_ctz(m); m &= m - 1; s += popc(ADJ[p] & empty); }
    return s;
}

static inline u32 reach(u32 m) {
    u32 out = 0;
    while (m) { int p = __builtin_ctz(m); m &= m - 1; out |= ADJ[p]; }
    return out;
}

/* The knowledgeable evaluation ("strong" mode): the same terms, weights and blocking
 * knowledge as the program's own level 9 (programs/mill/ai.py evaluate; self_check holds
 * the two equal on random positions), so that the yardstick differs from level 9 only in
 * searching every move to exactly the given depth. */
static int evaluate_strong(u32 me, u32 opp, int hm, int ho) {
    u32 empty = FULL ^ me ^ opp;
    int nme = popc(me), nop = popc(opp);
    int score = 100 * (nme + hm - nop - ho);
    u32 my_open = 0, op_open = 0, my_mill = 0, op_mill = 0;
    int my_closed = 0, op_closed = 0;
    for (int k = 0; k < 16; k++) {
        u32 m = MILLS[k];
        int a = popc(me & m), b = popc(opp & m);
        if (a == 3) { my_mill |= m; my_closed++; }
        else if (b == 3) { op_mill |= m; op_closed++; }
        else if (a == 2 && !b) my_open |= m & empty;
        else if (b == 2 && !a) op_open |= m & empty;
    }
    u32 reach_e = reach(empty);
    if (hm || ho) {
        score += 8 * (my_closed - op_closed);
        if (my_open && hm) score += 60;
        int n_op = popc(op_open);
        if (n_op) {
            score -= ho ? 25 * n_op : 10 * n_op;
            if (n_op >= 2 && ho) score -= 40;
        }
        score += 6 * popc(my_open);
        score += SE_PLACE_MOVERS * (popc(me & reach_e) - popc(opp & reach_e));
        score += SE_PLACE_TARGETS * (popc(reach(me) & empty) - popc(reach(opp) & empty));
        return score;
    }
    int my_jump = kiddie && nme == 3, op_jump = kiddie && nop == 3;
    int my_movers = popc(me & reach_e), op_movers = popc(opp & reach_e);
    if (!my_movers && !my_jump) return -(WIN - 200);
    int my_targets = popc(reach(me) & empty), op_targets = popc(reach(opp) & empty);
    if (!my_jump) score += 4 * my_targets + 6 * my_movers - 10 * (nme - my_movers);
    if (!op_jump) {
        score -= 4 * op_targets + 6 * op_movers - 10 * (nop - op_movers);
        if (!op_movers) score += 150;
    }
    int my_close = 0, dbl = 0, op_close = 0;
    for (u32 o = my_open; o; o &= o - 1) {
        int i = __builtin_ctz(o); u32 b = 1u << i;
        u32 movers = my_jump ? me : me & ADJ[i], closers = 0;
        for (int j = 0; j < 2; j++) { u32 m = MILLS_AT[i][j]; if ((me & m) == (m ^ b)) closers |= movers & ~m; }
        if (closers) { my_close++; if (closers & my_mill) dbl++; }
    }
    for (u32 o = op_open; o; o &= o - 1) {
        int i = __builtin_ctz(o); u32 b = 1u << i;
        u32 movers = op_jump ? opp : opp & ADJ[i];
        u32 m1 = MILLS_AT[i][0], m2 = MILLS_AT[i][1];
        if (((opp & m1) == (m1 ^ b) && (movers & ~m1)) || ((opp & m2) == (m2 ^ b) && (movers & ~m2))) op_close++;
    }
    if (my_close) score += 70 + 15 * (my_close - 1);
    score -= 30 * op_close;
    score += 90 * dbl;
    score += 12 * popc(my_mill & reach_e) - 12 * popc(op_mill & reach_e);
    return score;
}

static int evaluate(u32 me, u32 opp, int hm, int ho) {
    if (strong) return evaluate_strong(me, opp, hm, ho);
    u32 empty = FULL ^ me ^ opp;
    return 100 * (popc(me) + hm - popc(opp) - ho) + W_MOB * (mobility(me, empty) - mobility(opp, empty));
}

static inline u64 keyof(u32 me, u32 opp, int hm, int ho, int side) {
    return (u64)me | (u64)opp << 24 | (u64)hm << 48 | (u64)ho << 52 | (u64)side << 56;
}

static inline u64 slot(u64 k) { k ^= k >> 29; k *= 0xBF58476D1CE4E5B9ull; k ^= k >> 32; return k & (((u64)1 << TT_BITS) - 1); }

static Mv killers[64][2];
static int32_t hist[25][24];

static int negamax(u32 me, u32 opp, int hm, int ho, int side, int depth, int alpha, int beta, int ply) {
    nodes++;
    Mv mv[NMAX];
    int n = gen(me, opp, hm, ho, mv);
    if (!n) return ply - WIN;              /* to move and no move (or reduced): lost */
    if (depth == 0) return evaluate(me, opp, hm, ho);
    u64 key = keyof(me, opp, hm, ho, side);
    int sym = 0;
    for (int g = 1; g < 16; g++) {
        u64 k = keyof(img(g, me), img(g, opp), hm, ho, side);
        if (k < key) { key = k; sym = g; }
    }
    Entry *e = &tt[slot(key)];
    Mv hint = {-2, -2, -2};
    if (e->key == key + 1) {
        if (e->depth == depth) {
            int s = e->score;
            if (s > WIN - 1000) s -= ply; else if (s < -WIN + 1000) s += ply;
            if (e->flag == 0) return s;
            if (e->flag == 1 && s >= beta) return s;
            if (e->flag == 2 && s <= alpha) return s;
        }
        hint = (Mv){e->f < 0 ? e->f : INV[sym][(int)e->f], INV[sym][(int)e->t], e->c < 0 ? e->c : INV[sym][(int)e->c]};
    }
    /* order only (the value does not depend on it): table move, captures, killers, history */
    int32_t key_of[NMAX];
    Mv k0 = killers[ply][0], k1 = killers[ply][1];
    for (int i = 0; i < n; i++) {
        Mv m = mv[i];
        if (m.f == hint.f && m.t == hint.t && m.c == hint.c) key_of[i] = 1 << 30;
        else if (m.c >= 0) key_of[i] = (1 << 29) - i;
        else if (m.f == k0.f && m.t == k0.t && m.c == k0.c) key_of[i] = 1 << 28;
        else if (m.f == k1.f && m.t == k1.t && m.c == k1.c) key_of[i] = (1 << 28) - 1;
        else key_of[i] = hist[m.f + 1][m.t];
    }
    for (int i = 1; i < n; i++) {
        Mv m = mv[i]; int32_t k = key_of[i]; int j = i - 1;
        while (j >= 0 && key_of[j] < k) { mv[j + 1] = mv[j]; key_of[j + 1] = key_of[j]; j--; }
        mv[j + 1] = m; key_of[j + 1] = k;
    }
    int orig = alpha, best = -WIN - 1; Mv bm = mv[0];
    for (int i = 0; i < n; i++) {
        Mv m = mv[i];
        u32 nme = me, nopp = opp; int nhm = hm;
        if (m.f < 0) nhm--; else nme &= ~(1u << m.f);
        nme |= 1u << m.t;
        if (m.c >= 0) nopp &= ~(1u << m.c);
        int s;
        if (m.c >= 0 && popc(nopp) + ho < 3) s = WIN - ply - 1;
        else if (i == 0) s = -negamax(nopp, nme, ho, nhm, 1 - side, depth - 1, -beta, -alpha, ply + 1);
        else {
            s = -negamax(nopp, nme, ho, nhm, 1 - side, depth - 1, -alpha - 1, -alpha, ply + 1);
            if (s > alpha && s < beta) s = -negamax(nopp, nme, ho, nhm, 1 - side, depth - 1, -beta, -alpha, ply + 1);
        }
        if (s > best) {
            best = s; bm = m;
            if (s > alpha) {
                alpha = s;
                if (alpha >= beta) {
                    if (m.c < 0) {
                        if (!(k0.f == m.f && k0.t == m.t && k0.c == m.c)) { killers[ply][1] = k0; killers[ply][0] = m; }
                        hist[m.f + 1][m.t] += depth * depth;
                    }
                    break;
                }
            }
        }
    }
    int st = best;
    if (st > WIN - 1000) st += ply; else if (st < -WIN + 1000) st -= ply;
    e->key = key + 1; e->depth = (int16_t)depth; e->score = st;
    e->flag = best >= beta ? 1 : best > orig ? 0 : 2;
    e->f = bm.f < 0 ? bm.f : PERM[sym][(int)bm.f];
    e->t = PERM[sym][(int)bm.t];
    e->c = bm.c < 0 ? bm.c : PERM[sym][(int)bm.c];
    return best;
}

/* ---- the interface used from Python (ctypes) ---------------------------------------- */

void ref_options(int kid, int t3, int w_mob) { init(); kiddie = kid; take3 = t3; W_MOB = w_mob; strong = 0; }

/* Switch to the knowledgeable evaluation (after ref_options), with level 9's placing weights. */
void ref_strong(int place_movers, int place_targets) { init(); strong = 1; SE_PLACE_MOVERS = place_movers; SE_PLACE_TARGETS = place_targets; }

void ref_clear(void) {
    init();
    memset(tt, 0, ((size_t)1 << TT_BITS) * sizeof(Entry));
    memset(killers, -2, sizeof killers);
    memset(hist, 0, sizeof hist);
}

int ref_moves(u32 me, u32 opp, int hm, int ho, int8_t *out) {
    init();
    Mv mv[NMAX];
    int n = gen(me, opp, hm, ho, mv);
    for (int i = 0; i < n; i++) { out[3 * i] = mv[i].f; out[3 * i + 1] = mv[i].t; out[3 * i + 2] = mv[i].c; }
    return n;
}

int ref_eval(u32 me, u32 opp, int hm, int ho) { init(); return evaluate(me, opp, hm, ho); }

/* Score of every root move at exactly `depth` (full window each, so ties are real ties):
 * scores[i] for the i-th move of ref_moves. Returns the number of moves. */
int ref_root(u32 me, u32 opp, int hm, int ho, int side, int depth, int32_t *scores, long long *n_nodes) {
    init();
    Mv mv[NMAX];
    int n = gen(me, opp, hm, ho, mv);
    nodes = 0;
    /* iterative deepening only to fill the table's move hints; each level is exact */
    for (int d = 1; d <= depth; d++) {
        for (int i = 0; i < n; i++) {
            Mv m = mv[i];
            u32 nme = me, nopp = opp; int nhm = hm;
            if (m.f < 0) nhm--; else nme &= ~(1u << m.f);
            nme |= 1u << m.t;
            if (m.c >= 0) nopp &= ~(1u << m.c);
            if (m.c >= 0 && popc(nopp) + ho < 3) scores[i] = WIN - 1;
            else scores[i] = -negamax(nopp, nme, ho, nhm, 1 - side, d - 1, -WIN - 1, WIN + 1, 1);
        }
    }
    *n_nodes = nodes;
    return n;
}

/* The value at exactly `depth` and the first best move (in ref_moves order). */
int ref_best(u32 me, u32 opp, int hm, int ho, int side, int depth, int8_t *move, int32_t *score,
             long long *n_nodes) {
    init();
    Mv mv[NMAX];
    int n = gen(me, opp, hm, ho, mv);
    if (!n) return 0;
    nodes = 0;
    int best_i = 0, best = 0;
    for (int d = 1; d <= depth; d++) {
        int alpha = -WIN - 1;
        /* the previous iteration's best first: only the order changes, not the value */
        if (best_i) { Mv m = mv[best_i]; memmove(mv + 1, mv, best_i * sizeof(Mv)); mv[0] = m; best_i = 0; }
        best = -WIN - 1;
        for (int i = 0; i < n; i++) {
            Mv m = mv[i];
            u32 nme = me, nopp = opp; int nhm = hm;
            if (m.f < 0) nhm--; else nme &= ~(1u << m.f);
            nme |= 1u << m.t;
            if (m.c >= 0) nopp &= ~(1u << m.c);
            int s;
            if (m.c >= 0 && popc(nopp) + ho < 3) s = WIN - 1;
            else if (i == 0) s = -negamax(nopp, nme, ho, nhm, 1 - side, d - 1, -WIN - 1, WIN + 1, 1);
            else {
                s = -negamax(nopp, nme, ho, nhm, 1 - side, d - 1, -alpha - 1, -alpha, 1);
                if (s > alpha) s = -negamax(nopp, nme, ho, nhm, 1 - side, d - 1, -WIN - 1, -alpha, 1);
            }
            if (s > best) { best = s; best_i = i; if (s > alpha) alpha = s; }
        }
        if (best > WIN - 1000) break;
    }
    move[0] = mv[best_i].f; move[1] = mv[best_i].t; move[2] = mv[best_i].c;
    *score = best;
    *n_nodes = nodes;
    return n;
}

/* Which root moves reach `value` at exactly `depth` (a null-window test each, after a
 * ref_best of the same position and depth filled the table): tie[i] = 1 for the i-th move
 * of ref_moves. Ties are what the book offers the rng to choose from. */
int ref_ties(u32 me, u32 opp, int hm, int ho, int side, int depth, int value, int8_t *tie) {
    init();
    Mv mv[NMAX];
    int n = gen(me, opp, hm, ho, mv);
    for (int i = 0; i < n; i++) {
        Mv m = mv[i];
        u32 nme = me, nopp = opp; int nhm = hm;
        if (m.f < 0) nhm--; else nme &= ~(1u << m.f);
        nme |= 1u << m.t;
        if (m.c >= 0) nopp &= ~(1u << m.c);
        int s;
        if (m.c >= 0 && popc(nopp) + ho < 3) s = WIN - 1;
        else s = -negamax(nopp, nme, ho, nhm, 1 - side, depth - 1, -value, -value + 1, 1);
        tie[i] = s >= value;
    }
    return n;
}
