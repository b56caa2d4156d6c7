// Pixel masks, their overlap: two masks ANDed word by word, following pygame's bitmask.c (a
// row offset is a pointer offset, a column offset two shifts of neighbouring words), applied
// to masks built in world cells (mask_build.cpp). Rows whose spans cannot meet are skipped;
// AVX2 / AVX-512 kernels are picked at run time, with a portable fallback.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "hitbox/mask.h"
#include "mask_detail.h"

namespace hitbox {

using namespace mask_detail;  // NOLINT: the masks' own internal helpers

namespace {

// The rows of an overlap count: where they start, how they step, and what was found.
struct RowScan {
  const std::uint64_t* ra;
  const std::uint64_t* rb;
  int stride_a, stride_b;
  unsigned sh, sl;
  int y0, y1;
  int total = 0, first_y = 0, last_y = 0;
  const std::uint64_t* first_ra = nullptr;
  const std::uint64_t* first_rb = nullptr;
  const std::uint64_t* a_end = nullptr;  // one past the masks' last words
  const std::uint64_t* b_end = nullptr;
  // Filled by the wide count: the first overlapping word of the first row (its index and
  // bits), and the first and last column words with an overlapping cell (index and bits).
  int first_k = -1;
  std::uint64_t first_word = 0;
  int col_l = 0, col_r = 0;
  std::uint64_t col_lw = 0, col_rw = 0;
};

inline void row_found(RowScan& s, int row, int y, const std::uint64_t* ra,
                      const std::uint64_t* rb) {
  if (row == 0) return;
  if (s.total == 0) {
    s.first_y = y;
    s.first_ra = ra;
    s.first_rb = rb;
  }
  s.last_y = y;
  s.total += row;
}

template <int NK>
inline void count_rows(RowScan& s, std::uint64_t* col_out) {
  std::uint64_t col[NK] = {};
  const std::uint64_t* ra = s.ra;
  const std::uint64_t* rb = s.rb;
  for (int y = s.y0; y < s.y1; ++y, ra += s.stride_a, rb += s.stride_b) {
    int row = 0;
    for (int k = 0; k < NK; ++k) {
      const std::uint64_t both = ra[k] & ((rb[k] >> s.sh) | ((rb[k + 1] << 1) << s.sl));
      row += std::popcount(both);
      col[k] |= both;
    }
    row_found(s, row, y, ra, rb);
  }
  for (int k = 0; k < NK; ++k) col_out[k] = col[k];
}

inline void count_rows_n(RowScan& s, int nk, std::uint64_t* col) {
  const std::uint64_t* ra = s.ra;
  const std::uint64_t* rb = s.rb;
  for (int y = s.y0; y < s.y1; ++y, ra += s.stride_a, rb += s.stride_b) {
    int row = 0;
    for (int k = 0; k < nk; ++k) {
      const std::uint64_t both = ra[k] & ((rb[k] >> s.sh) | ((rb[k + 1] << 1) << s.sl));
      row += std::popcount(both);
      col[k] |= both;
    }
    row_found(s, row, y, ra, rb);
  }
}

// A mask's row spans, or full-width rows when it carries none (bits filled by hand).
struct Spans {
  const std::int32_t* lo;
  const std::int32_t* hi;
};

__attribute__((noinline, cold)) Spans full_spans(const Mask& m, int which) {
  thread_local std::vector<std::int32_t> lo[2], hi[2];
  lo[which].assign(static_cast<size_t>(m.h), 0);
  hi[which].assign(static_cast<size_t>(m.h), m.w - 1);
  return {lo[which].data(), hi[which].data()};
}

inline Spans spans_of(const Mask& m, int which) {
  const size_t h = static_cast<size_t>(m.h);
  if (m.row_lo.size() == h && m.row_hi.size() == h) return {m.row_lo.data(), m.row_hi.data()};
  return full_spans(m, which);
}

// L rows of the two masks' spans at once: where they meet (in A's columns), as a bit per row.
template <int L>
struct IntLanes;
template <>
struct IntLanes<4> {
  typedef int V __attribute__((vector_size(16)));
};
template <>
struct IntLanes<8> {
  typedef int V __attribute__((vector_size(32)));
};

template <int L>
struct RowMeet {
  using V = typename IntLanes<L>::V;
  V l, h;

  inline unsigned meet(const std::int32_t* alo, const std::int32_t* ahi, const std::int32_t* blo,
                       const std::int32_t* bhi, int dxb) {
    V al, ah, bl, bh;
    __builtin_memcpy(&al, alo, sizeof al);
    __builtin_memcpy(&ah, ahi, sizeof ah);
    __builtin_memcpy(&bl, blo, sizeof bl);
    __builtin_memcpy(&bh, bhi, sizeof bh);
    bl += dxb;
    bh += dxb;
    l = al > bl ? al : bl;
    h = ah < bh ? ah : bh;
    const V m = l <= h;  // -1 where the row's spans meet
#if HITBOX_X86 && defined(__SSE2__)
    if constexpr (L == 4)
      return static_cast<unsigned>(_mm_movemask_ps(reinterpret_cast<__m128>(m)));
#endif
    unsigned bits = 0;
    for (int i = 0; i < L; ++i) bits |= static_cast<unsigned>(m[i] & 1) << i;
    return bits;
  }
};

#if HITBOX_X86
template <>
struct RowMeet<8> {
  using V = IntLanes<8>::V;
  V l, h;

  __attribute__((target("avx2"))) inline unsigned meet(const std::int32_t* alo,
                                                       const std::int32_t* ahi,
                                                       const std::int32_t* blo,
                                                       const std::int32_t* bhi, int dxb) {
    const __m256i d = _mm256_set1_epi32(dxb);
    const __m256i bl =
        _mm256_add_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(blo)), d);
    const __m256i bh =
        _mm256_add_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(bhi)), d);
    const __m256i vl =
        _mm256_max_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(alo)), bl);
    const __m256i vh =
        _mm256_min_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(ahi)), bh);
    l = reinterpret_cast<V>(vl);
    h = reinterpret_cast<V>(vh);
    // Spans meet where l <= h, i.e. not l > h.
    return ~static_cast<unsigned>(
               _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(vl, vh)))) &
           0xffu;
  }
};
#endif

#if HITBOX_X86
#define HITBOX_AVX512 "avx2,avx512f,avx512vl,avx512vpopcntdq,avx512vbmi2"
#define HITBOX_T512 __attribute__((target(HITBOX_AVX512), always_inline)) static inline

// The count's word operations on W words at once: 4 (ymm) or 8 (zmm). B's shift is masked
// to the row's nk words, so whatever an unmasked load brings in past them counts as 0.
template <int W>
struct Ops;

template <>
struct Ops<8> {
  using V = __m512i;
  HITBOX_T512 V load(const std::uint64_t* p) { return _mm512_loadu_si512(p); }
  HITBOX_T512 V mload(__mmask8 k, const std::uint64_t* p) { return _mm512_maskz_loadu_epi64(k, p); }
  // Lane k: the 64 bits at offset c of lo[k] (low) and hi[k] (high), 0 outside k.
  HITBOX_T512 V funnel(__mmask8 k, V lo, V hi, V c) {
    return _mm512_maskz_shrdv_epi64(k, lo, hi, c);
  }
  HITBOX_T512 V splat(unsigned c) { return _mm512_set1_epi64(c); }
  HITBOX_T512 V band(V x, V y) { return _mm512_and_si512(x, y); }
  HITBOX_T512 V popcnt(V x) { return _mm512_popcnt_epi64(x); }
  HITBOX_T512 V add(V x, V y) { return _mm512_add_epi64(x, y); }
  HITBOX_T512 V bor(V x, V y) { return _mm512_or_si512(x, y); }
  HITBOX_T512 V zero() { return _mm512_setzero_si512(); }
  HITBOX_T512 bool any(V x) { return _mm512_test_epi64_mask(x, x) != 0; }
  HITBOX_T512 unsigned nonzero(V x) { return _mm512_test_epi64_mask(x, x); }
  HITBOX_T512 void store(std::uint64_t* p, V x) { _mm512_storeu_si512(p, x); }
};

template <>
struct Ops<4> {
  using V = __m256i;
  HITBOX_T512 V load(const std::uint64_t* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  }
  HITBOX_T512 V mload(__mmask8 k, const std::uint64_t* p) { return _mm256_maskz_loadu_epi64(k, p); }
  HITBOX_T512 V funnel(__mmask8 k, V lo, V hi, V c) {
    return _mm256_maskz_shrdv_epi64(k, lo, hi, c);
  }
  HITBOX_T512 V splat(unsigned c) { return _mm256_set1_epi64x(c); }
  HITBOX_T512 V band(V x, V y) { return _mm256_and_si256(x, y); }
  HITBOX_T512 V popcnt(V x) { return _mm256_popcnt_epi64(x); }
  HITBOX_T512 V add(V x, V y) { return _mm256_add_epi64(x, y); }
  HITBOX_T512 V bor(V x, V y) { return _mm256_or_si256(x, y); }
  HITBOX_T512 V zero() { return _mm256_setzero_si256(); }
  HITBOX_T512 bool any(V x) { return !_mm256_testz_si256(x, x); }
  HITBOX_T512 unsigned nonzero(V x) { return _mm256_test_epi64_mask(x, x); }
  HITBOX_T512 void store(std::uint64_t* p, V x) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), x);
  }
};

// Count with AVX-512 (VL, VPOPCNTDQ, VBMI2): a row of up to W words is one register, B's
// shifted row one funnel shift (VPSHRDVQ) of two loads, VPOPCNTQ per word. The first and
// last rows that overlap are found first, so the counting loop keeps no per-row state; its
// loads are unmasked while a full W words (W + 1 for B) stay inside the masks' buffers,
// masked after that. Also notes the first row's first word and the column words' ends.
template <int W>
__attribute__((target(HITBOX_AVX512), noinline)) void count_rows_wide(RowScan& s, int nk) {
  using O = Ops<W>;
  using V = typename O::V;
  const __mmask8 kk = static_cast<__mmask8>((1u << nk) - 1u);
  const V vsh = O::splat(s.sh);
  const std::ptrdiff_t sa = s.stride_a, sb = s.stride_b;
#define HITBOX_BOTH_M(pa, pb) \
  O::band(O::mload(kk, pa), O::funnel(kk, O::mload(kk, pb), O::mload(kk, (pb) + 1), vsh))
#define HITBOX_BOTH_U(pa, pb) \
  O::band(O::load(pa), O::funnel(kk, O::load(pb), O::load((pb) + 1), vsh))
  // First and last rows with an overlapping cell.
  int y0 = s.y0, y1 = s.y1;
  const std::uint64_t* ra = s.ra;
  const std::uint64_t* rb = s.rb;
  V first = HITBOX_BOTH_M(ra, rb);
  while (!O::any(first)) {
    if (++y0 == y1) return;  // s.total stays 0
    ra += sa;
    rb += sb;
    first = HITBOX_BOTH_M(ra, rb);
  }
  const std::uint64_t* la = ra + (y1 - 1 - y0) * sa;
  const std::uint64_t* lb = rb + (y1 - 1 - y0) * sb;
  while (!O::any(HITBOX_BOTH_M(la, lb))) {
    --y1;
    la -= sa;
    lb -= sb;
  }
  s.first_y = y0;
  s.last_y = y1 - 1;
  {
    std::uint64_t w[W];
    O::store(w, first);
    const int k = std::countr_zero(O::nonzero(first));
    s.first_k = k;
    s.first_word = w[k];
  }
  // Rows whose unmasked reads stay inside both buffers: all of them but near the buffers'
  // ends.
  int ysafe = y1;
  while (ysafe > y0 && (la + W > s.a_end || lb + W + 1 > s.b_end)) {
    --ysafe;
    la -= sa;
    lb -= sb;
  }
  // A row a step: three loads, one funnel shift, AND, popcount, add, OR.
  V n0 = O::zero(), c0 = O::zero();
  int y = y0;
  for (; y < ysafe; ++y, ra += sa, rb += sb) {
    const V w0 = HITBOX_BOTH_U(ra, rb);
    n0 = O::add(n0, O::popcnt(w0));
    c0 = O::bor(c0, w0);
  }
  V n1 = O::zero(), c1 = O::zero();
  for (; y < y1; ++y, ra += sa, rb += sb) {
    const V w1 = HITBOX_BOTH_M(ra, rb);
    n1 = O::add(n1, O::popcnt(w1));
    c1 = O::bor(c1, w1);
  }
#undef HITBOX_BOTH_M
#undef HITBOX_BOTH_U
  std::uint64_t sum[W], col[W];
  const V cols = O::bor(c0, c1);
  O::store(sum, O::add(n0, n1));
  O::store(col, cols);
  std::uint64_t total = 0;
  for (int k = 0; k < W; ++k) total += sum[k];
  s.total = static_cast<int>(total);
  const unsigned nz = O::nonzero(cols);
  s.col_l = std::countr_zero(nz);
  s.col_r = 31 - std::countl_zero(nz);
  s.col_lw = col[s.col_l];
  s.col_rw = col[s.col_r];
}

// Count with AVX2 only: what count_rows_wide does, for rows of up to 4 * H + T words (H = 1
// or 2 registers, T = 0 or 1 word more in a general register). AVX2 has no popcount of a
// word: each byte's bits are counted by a nibble table (VPSHUFB) and the byte counts add up
// over up to 31 rows (8 each, below 256) before VPSADBW sums each word's eight bytes. B's
// shifted word is (lo >> sh) | (hi << (64 - sh)); a shift by 64 gives 0, so sh = 0 gives lo.
#define HITBOX_AVX2 "avx2,popcnt"
#define HITBOX_T2 __attribute__((target(HITBOX_AVX2), always_inline)) static inline

template <int H, int T>
struct Avx2Row {
  __m256i v[H];
  std::uint64_t t[T + 1];  // t[T] unused
};

HITBOX_T2 __m256i byte_counts(__m256i x) {
  const __m256i table = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2,
                                         1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
  const __m256i low = _mm256_set1_epi8(0x0f);
  const __m256i lo = _mm256_and_si256(x, low);
  const __m256i hi = _mm256_and_si256(_mm256_srli_epi16(x, 4), low);
  return _mm256_add_epi8(_mm256_shuffle_epi8(table, lo), _mm256_shuffle_epi8(table, hi));
}

// The row's ANDed words: A's words and B's shifted ones, lanes past nk zero. kMasked: loads
// that read no word past the row (near the buffers' ends).
template <int H, int T, bool kMasked>
HITBOX_T2 Avx2Row<H, T> both_avx2(const std::uint64_t* ra, const std::uint64_t* rb,
                                  const __m256i* keep, __m256i sh, __m256i sl, unsigned ssh,
                                  unsigned ssl) {
  Avx2Row<H, T> r;
  for (int h = 0; h < H; ++h) {
    const auto* pa = reinterpret_cast<const long long*>(ra + 4 * h);
    const auto* pb = reinterpret_cast<const long long*>(rb + 4 * h);
    __m256i wa, lo, hi;
    if constexpr (kMasked) {
      wa = _mm256_maskload_epi64(pa, keep[h]);
      lo = _mm256_maskload_epi64(pb, keep[h]);
      hi = _mm256_maskload_epi64(pb + 1, keep[h]);
    } else {
      wa = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(pa));
      lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(pb));
      hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(pb + 1));
    }
    const __m256i wb = _mm256_or_si256(_mm256_srlv_epi64(lo, sh), _mm256_sllv_epi64(hi, sl));
    r.v[h] = _mm256_and_si256(_mm256_and_si256(wa, wb), keep[h]);
  }
  r.t[0] = 0;
  if constexpr (T == 1) {  // word 4H: inside the row, read as the scalar count reads it
    const int k = 4 * H;
    r.t[0] = ra[k] & ((rb[k] >> ssh) | ((rb[k + 1] << 1) << ssl));
  }
  return r;
}

template <int H, int T>
HITBOX_T2 unsigned nonzero_avx2(const Avx2Row<H, T>& r) {
  unsigned m = 0;
  for (int h = 0; h < H; ++h) {
    const __m256i z = _mm256_cmpeq_epi64(r.v[h], _mm256_setzero_si256());
    m |= (~static_cast<unsigned>(_mm256_movemask_pd(_mm256_castsi256_pd(z))) & 15u) << (4 * h);
  }
  if constexpr (T == 1) m |= static_cast<unsigned>(r.t[0] != 0) << (4 * H);
  return m;
}

// The running sums of a count: byte counts (up to 31 rows), 64-bit sums, the columns hit.
template <int H>
struct Avx2Sums {
  __m256i n[H], c[H], bytes[H];
  std::uint64_t tail_col = 0;
  int tail_count = 0;
  int in_bytes = 0;
};

template <int H, int T>
HITBOX_T2 void add_row(Avx2Sums<H>& s, const Avx2Row<H, T>& w) {
  for (int h = 0; h < H; ++h) {
    s.bytes[h] = _mm256_add_epi8(s.bytes[h], byte_counts(w.v[h]));
    s.c[h] = _mm256_or_si256(s.c[h], w.v[h]);
  }
  if constexpr (T == 1) {
    s.tail_count += std::popcount(w.t[0]);
    s.tail_col |= w.t[0];
  }
  if (++s.in_bytes == 31) {
    for (int h = 0; h < H; ++h) {
      s.n[h] = _mm256_add_epi64(s.n[h], _mm256_sad_epu8(s.bytes[h], _mm256_setzero_si256()));
      s.bytes[h] = _mm256_setzero_si256();
    }
    s.in_bytes = 0;
  }
}

template <int H, int T>
__attribute__((target(HITBOX_AVX2), noinline)) void count_rows_avx2(RowScan& s, int nk) {
  __m256i keep[H];
  for (int h = 0; h < H; ++h) {
    keep[h] = _mm256_cmpgt_epi64(_mm256_set1_epi64x(nk - 4 * h), _mm256_setr_epi64x(0, 1, 2, 3));
  }
  const unsigned ssh = s.sh, ssl = s.sl;
  const __m256i sh = _mm256_set1_epi64x(ssh);
  const __m256i sl = _mm256_set1_epi64x(64 - static_cast<long long>(ssh));
  const std::ptrdiff_t sa = s.stride_a, sb = s.stride_b;
  int y0 = s.y0, y1 = s.y1;
  const std::uint64_t* ra = s.ra;
  const std::uint64_t* rb = s.rb;
  // First and last rows with an overlapping cell.
  Avx2Row<H, T> first = both_avx2<H, T, true>(ra, rb, keep, sh, sl, ssh, ssl);
  while (nonzero_avx2(first) == 0) {
    if (++y0 == y1) return;  // s.total stays 0
    ra += sa;
    rb += sb;
    first = both_avx2<H, T, true>(ra, rb, keep, sh, sl, ssh, ssl);
  }
  const std::uint64_t* la = ra + (y1 - 1 - y0) * sa;
  const std::uint64_t* lb = rb + (y1 - 1 - y0) * sb;
  while (nonzero_avx2(both_avx2<H, T, true>(la, lb, keep, sh, sl, ssh, ssl)) == 0) {
    --y1;
    la -= sa;
    lb -= sb;
  }
  s.first_y = y0;
  s.last_y = y1 - 1;
  {
    std::uint64_t w[4 * H + 1];
    for (int h = 0; h < H; ++h) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(w + 4 * h), first.v[h]);
    }
    w[4 * H] = first.t[0];
    const int k = std::countr_zero(nonzero_avx2(first));
    s.first_k = k;
    s.first_word = w[k];
  }
  // Rows whose unmasked reads stay inside both buffers.
  int ysafe = y1;
  while (ysafe > y0 && (la + 4 * H > s.a_end || lb + 4 * H + 1 > s.b_end)) {
    --ysafe;
    la -= sa;
    lb -= sb;
  }
  Avx2Sums<H> sums;
  for (int h = 0; h < H; ++h) sums.n[h] = sums.c[h] = sums.bytes[h] = _mm256_setzero_si256();
  int y = y0;
  for (; y < ysafe; ++y, ra += sa, rb += sb) {
    add_row(sums, both_avx2<H, T, false>(ra, rb, keep, sh, sl, ssh, ssl));
  }
  for (; y < y1; ++y, ra += sa, rb += sb) {
    add_row(sums, both_avx2<H, T, true>(ra, rb, keep, sh, sl, ssh, ssl));
  }
  std::uint64_t sum[4 * H], col[4 * H + 1];
  Avx2Row<H, T> cols;
  for (int h = 0; h < H; ++h) {
    sums.n[h] = _mm256_add_epi64(sums.n[h], _mm256_sad_epu8(sums.bytes[h], _mm256_setzero_si256()));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(sum + 4 * h), sums.n[h]);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(col + 4 * h), sums.c[h]);
    cols.v[h] = sums.c[h];
  }
  col[4 * H] = sums.tail_col;
  cols.t[0] = sums.tail_col;
  std::uint64_t total = static_cast<std::uint64_t>(sums.tail_count);
  for (int k = 0; k < 4 * H; ++k) total += sum[k];
  s.total = static_cast<int>(total);
  const unsigned nz = nonzero_avx2(cols);
  s.col_l = std::countr_zero(nz);
  s.col_r = 31 - std::countl_zero(nz);
  s.col_lw = col[s.col_l];
  s.col_rw = col[s.col_r];
}

// Sixteen rows of spans at once (masked loads: no row past n is read): where they meet.
__attribute__((target(HITBOX_AVX512))) inline unsigned meet16(const std::int32_t* alo,
                                                              const std::int32_t* ahi,
                                                              const std::int32_t* blo,
                                                              const std::int32_t* bhi, int t0,
                                                              int n, int dxb) {
  const int left = n - t0;
  const auto k = static_cast<__mmask16>(left >= 16 ? 0xffffu : (1u << left) - 1u);
  const __m512i d = _mm512_set1_epi32(dxb);
  const __m512i l =
      _mm512_maskz_max_epi32(k, _mm512_maskz_loadu_epi32(k, alo + t0),
                             _mm512_add_epi32(_mm512_maskz_loadu_epi32(k, blo + t0), d));
  const __m512i h =
      _mm512_maskz_min_epi32(k, _mm512_maskz_loadu_epi32(k, ahi + t0),
                             _mm512_add_epi32(_mm512_maskz_loadu_epi32(k, bhi + t0), d));
  return _mm512_mask_cmple_epi32_mask(k, l, h);
}

#endif

// The overlap itself, for L rows of spans at a time (compiled once per instruction set).
template <int L, bool Wide>
inline PixelResult overlap_impl(const Mask& a, const Mask& b, bool count) {
  PixelResult r;
  r.cell = a.cell;
  // Reject on the bounding rectangles before any word is read.
  const int sx0 = std::max(a.x0, b.x0);
  const int sy0 = std::max(a.y0, b.y0);
  const int sx1 = std::min(a.x0 + a.w, b.x0 + b.w);
  const int sy1 = std::min(a.y0 + a.h, b.y0 + b.h);
  if (sx1 <= sx0 || sy1 <= sy0) return r;
  r.search = CellRect{sx0, sy0, sx1 - sx0, sy1 - sy0};

  // The rows' spans narrow the search to the rows and columns where both masks have cells
  // (for two round shapes, the lens where they meet rather than the whole rectangle).
  const Spans spa = spans_of(a, 0);
  const Spans spb = spans_of(b, 1);
  const int n = sy1 - sy0;
  const int dxb = b.x0 - a.x0;  // B's column c is A's column c + dxb
  const int ya = sy0 - a.y0, yb = sy0 - b.y0;
  const std::int32_t* alo = spa.lo + ya;
  const std::int32_t* ahi = spa.hi + ya;
  const std::int32_t* blo = spb.lo + yb;
  const std::int32_t* bhi = spb.hi + yb;
  // The last block of rows is read from copies padded with empty spans.
  const int nfull = n / L * L;
  auto block = [&](RowMeet<L>& m, int t0) {
    if (t0 < nfull) return m.meet(alo + t0, ahi + t0, blo + t0, bhi + t0, dxb);
    std::int32_t pad[4][L];
    for (int i = 0; i < L; ++i) {
      const bool in = nfull + i < n;
      pad[0][i] = in ? alo[nfull + i] : 1;
      pad[1][i] = in ? ahi[nfull + i] : 0;
      pad[2][i] = in ? blo[nfull + i] : 0;
      pad[3][i] = in ? bhi[nfull + i] : 0;
    }
    return m.meet(pad[0], pad[1], pad[2], pad[3], dxb);
  };

  // B's 64 cells over A's word k (A's columns 64 k ...) start at bit offset 64 k - dxb =
  // 64 (k + qd) + sh of B's row: two shifts of neighbouring words. (hi << 1) << (63 - sh) is
  // hi << (64 - sh) that also gives 0 when sh = 0, so the hot loop has no branch on the
  // alignment. Only words where the two rows' spans meet are read, so B's reads stay within
  // its row and pad words.
  const int qd = (-dxb) >> 6;  // floor division, also for negative offsets
  const unsigned sh = static_cast<unsigned>((-dxb) & 63);
  const unsigned sl = 63u - sh;
  auto word = [&](const std::uint64_t* pa, const std::uint64_t* pb, int k) {
    return pa[k] & ((pb[k] >> sh) | ((pb[k + 1] << 1) << sl));
  };

  if (!count) {
    // Rows in order; in a row whose spans meet, only the words the two spans share.
#if HITBOX_X86
    if constexpr (Wide) {
      for (int t0 = 0; t0 < n; t0 += 16) {
        for (unsigned bits = meet16(alo, ahi, blo, bhi, t0, n, dxb); bits != 0; bits &= bits - 1) {
          const int t = t0 + std::countr_zero(bits);
          const int l = std::max(alo[t], blo[t] + dxb);
          const int h = std::min(ahi[t], bhi[t] + dxb);
          const std::uint64_t* ra = row_ptr(a, ya + t);
          const std::uint64_t* rb = row_ptr(b, yb + t) + qd;
          for (int k = l >> 6, ke = h >> 6; k <= ke; ++k) {
            const std::uint64_t both = word(ra, rb, k);
            if (both) {
              r.hit = true;
              r.first_x = a.x0 + 64 * k + std::countr_zero(both);
              r.first_y = sy0 + t;
              return r;
            }
          }
        }
      }
      return r;
    }
#endif
    for (int t0 = 0; t0 < n; t0 += L) {
      RowMeet<L> m;
      for (unsigned bits = block(m, t0); bits != 0; bits &= bits - 1) {
        const int i = std::countr_zero(bits);
        const int t = t0 + i;
        const std::uint64_t* ra = row_ptr(a, ya + t);
        const std::uint64_t* rb = row_ptr(b, yb + t) + qd;
        for (int k = m.l[i] >> 6, ke = m.h[i] >> 6; k <= ke; ++k) {
          const std::uint64_t both = word(ra, rb, k);
          if (both) {
            r.hit = true;
            r.first_x = a.x0 + 64 * k + std::countr_zero(both);
            r.first_y = sy0 + t;
            return r;
          }
        }
      }
    }
    return r;
  }

  // Count: first the lens (the first and last rows whose spans meet, and the columns their
  // meeting covers), then every row of it over its columns' words. With AVX-512 a row of up
  // to eight words costs the same whatever its width, so there only the first and last rows
  // are looked for (from each end, usually one block each) and the columns are the search
  // rectangle's.
  int first = -1, last = -1, lo = 0, hi = -1;
  if constexpr (Wide) {
#if HITBOX_X86
    for (int t0 = 0; t0 < n && first < 0; t0 += 16) {
      const unsigned bits = meet16(alo, ahi, blo, bhi, t0, n, dxb);
      if (bits) first = t0 + std::countr_zero(bits);
    }
    if (first < 0) return r;
    for (int t0 = (n - 1) / 16 * 16; last < 0; t0 -= 16) {
      const unsigned bits = meet16(alo, ahi, blo, bhi, t0, n, dxb);
      if (bits) last = t0 + 31 - std::countl_zero(bits);
    }
#endif
    lo = sx0 - a.x0;
    hi = sx1 - 1 - a.x0;
  } else if constexpr (HITBOX_X86 && L == 8) {
    // The AVX2 count (count_rows_avx2) also costs the same for any row of up to eight words:
    // as with AVX-512, only the first and last rows whose spans meet are looked for.
    // Whole blocks of L rows read in place (the last one overlapping its neighbour), so the
    // padded copy (whose narrow stores the vector loads would wait on) is only for n < L.
    if (n >= L) {
      for (int t0 = 0;; t0 += L) {
        const int s0 = std::min(t0, n - L);
        RowMeet<L> m;
        const unsigned bits = m.meet(alo + s0, ahi + s0, blo + s0, bhi + s0, dxb);
        if (bits) {
          first = s0 + std::countr_zero(bits);
          break;
        }
        if (s0 == n - L) break;
      }
      if (first < 0) return r;
      for (int t0 = n - L;; t0 -= L) {
        const int s0 = std::max(t0, 0);
        RowMeet<L> m;
        const unsigned bits = m.meet(alo + s0, ahi + s0, blo + s0, bhi + s0, dxb);
        if (bits) {
          last = s0 + 31 - std::countl_zero(bits);
          break;
        }
      }
    } else {
      RowMeet<L> m;
      const unsigned bits = block(m, 0);
      if (bits == 0) return r;
      first = std::countr_zero(bits);
      last = 31 - std::countl_zero(bits);
    }
    lo = sx0 - a.x0;
    hi = sx1 - 1 - a.x0;
  } else {
    using V = typename RowMeet<L>::V;
    constexpr int kBig = std::numeric_limits<int>::max();
    V vlo = V{} + kBig, vhi = V{} - 1;
    for (int t0 = 0; t0 < n; t0 += L) {
      RowMeet<L> m;
      const unsigned bits = block(m, t0);
      const V met = m.l <= m.h;
      vlo = met && m.l < vlo ? m.l : vlo;
      vhi = met && m.h > vhi ? m.h : vhi;
      if (bits) {
        if (first < 0) first = t0 + std::countr_zero(bits);
        last = t0 + 31 - std::countl_zero(bits);
      }
    }
    if (first < 0) return r;
    lo = kBig;
    for (int i = 0; i < L; ++i) {
      lo = std::min(lo, static_cast<int>(vlo[i]));
      hi = std::max(hi, static_cast<int>(vhi[i]));
    }
  }

  // The popcounts per row; the columns hit are OR-ed into one row of words so the overlap's
  // left and right edges come out at the end, not per word. Rows up to eight words wide go
  // to the AVX-512 count where there is one; otherwise rows up to five words wide run in a
  // loop the compiler unrolls with the column words in registers.
  const int k0 = lo >> 6;
  const int nk = (hi >> 6) - k0 + 1;
  std::uint64_t cols[kMaxWordsOnStack];
  std::vector<std::uint64_t> cols_heap;
  std::uint64_t* col = cols;
  if (nk > kMaxWordsOnStack) {
    cols_heap.assign(static_cast<size_t>(nk), 0);
    col = cols_heap.data();
  } else {
    for (int k = 0; k < nk; ++k) cols[k] = 0;
  }
  const std::uint64_t* ra = row_ptr(a, ya + first) + k0;
  const std::uint64_t* rb = row_ptr(b, yb + first) + k0 + qd;
  RowScan scan{ra, rb, a.stride, b.stride, sh, sl, sy0 + first, sy0 + last + 1};
  scan.a_end = a.bits.data() + a.bits.size();
  scan.b_end = b.bits.data() + b.bits.size();
  bool counted = false;
#if HITBOX_X86
  if constexpr (Wide) {
    if (nk <= 4) {
      count_rows_wide<4>(scan, nk);
      counted = true;
    } else if (nk <= 8) {
      count_rows_wide<8>(scan, nk);
      counted = true;
    }
  } else if constexpr (L == 8) {  // the AVX2 instantiation
    if (nk <= 4) {
      count_rows_avx2<1, 0>(scan, nk);
      counted = true;
    } else if (nk == 5) {
      count_rows_avx2<1, 1>(scan, nk);
      counted = true;
    } else if (nk <= 8) {
      count_rows_avx2<2, 0>(scan, nk);
      counted = true;
    }
  }
#endif
  switch (counted ? 0 : nk) {
    case 0:
      break;
    case 1:
      count_rows<1>(scan, col);
      break;
    case 2:
      count_rows<2>(scan, col);
      break;
    case 3:
      count_rows<3>(scan, col);
      break;
    case 4:
      count_rows<4>(scan, col);
      break;
    case 5:
      count_rows<5>(scan, col);
      break;
    default:
      count_rows_n(scan, nk, col);
      break;
  }
  if (scan.total == 0) return r;
  r.first_y = scan.first_y;
  int min_x = 0, max_x = 0;
  if (scan.first_k >= 0) {  // the wide count found these as it went
    r.first_x = a.x0 + 64 * (k0 + scan.first_k) + std::countr_zero(scan.first_word);
    min_x = a.x0 + 64 * (k0 + scan.col_l) + std::countr_zero(scan.col_lw);
    max_x = a.x0 + 64 * (k0 + scan.col_r) + 63 - std::countl_zero(scan.col_rw);
  } else {
    for (int k = 0;; ++k) {
      const std::uint64_t both = word(scan.first_ra, scan.first_rb, k);
      if (both) {
        r.first_x = a.x0 + 64 * (k0 + k) + std::countr_zero(both);
        break;
      }
    }
    int kl = 0, kr = nk - 1;
    while (col[kl] == 0) ++kl;
    while (col[kr] == 0) --kr;
    min_x = a.x0 + 64 * (k0 + kl) + std::countr_zero(col[kl]);
    max_x = a.x0 + 64 * (k0 + kr) + 63 - std::countl_zero(col[kr]);
  }
  r.hit = true;
  r.count = scan.total;
  r.overlap = CellRect{min_x, scan.first_y, max_x - min_x + 1, scan.last_y - scan.first_y + 1};
  return r;
}

__attribute__((flatten)) PixelResult overlap_generic(const Mask& a, const Mask& b, bool count) {
  return overlap_impl<4, false>(a, b, count);
}

#if HITBOX_X86
__attribute__((target("avx2"), flatten)) PixelResult overlap_avx2(const Mask& a, const Mask& b,
                                                                  bool count) {
  return overlap_impl<8, false>(a, b, count);
}

__attribute__((target(HITBOX_AVX512), flatten)) PixelResult overlap_avx512(const Mask& a,
                                                                           const Mask& b,
                                                                           bool count) {
  return overlap_impl<8, true>(a, b, count);
}
#endif

}  // namespace

namespace {
detail::MaskIsa g_mask_isa = detail::MaskIsa::Best;
}  // namespace

void detail::set_mask_isa(MaskIsa isa) {
  g_mask_isa = isa;
}

PixelResult pixel_overlap(const Mask& a, const Mask& b, bool count) {
#if HITBOX_X86
  const detail::MaskIsa isa = g_mask_isa;
  if (isa == detail::MaskIsa::Best && have_avx512()) return overlap_avx512(a, b, count);
  if (isa != detail::MaskIsa::Portable && have_avx2() && have_popcnt()) {
    return overlap_avx2(a, b, count);
  }
#endif
  return overlap_generic(a, b, count);
}

void overlap_runs(const Mask& a, const Mask& b, std::vector<CellRun>& out) {
  out.clear();
  const int sx0 = std::max(a.x0, b.x0);
  const int sy0 = std::max(a.y0, b.y0);
  const int sx1 = std::min(a.x0 + a.w, b.x0 + b.w);
  const int sy1 = std::min(a.y0 + a.h, b.y0 + b.h);
  if (sx1 <= sx0 || sy1 <= sy0) return;
  // A's words over the search columns, B's read at the same cells with two shifts (see
  // pixel_overlap); runs are read off the AND of each word pair with bit scans.
  const int k0 = (sx0 - a.x0) >> 6;
  const int nk = ((sx1 - 1 - a.x0) >> 6) - k0 + 1;
  const int off0 = a.x0 + 64 * k0 - b.x0;
  const int q0 = off0 >> 6;
  const unsigned sh = static_cast<unsigned>(off0 & 63);
  const unsigned sl = 63u - sh;
  for (int y = sy0; y < sy1; ++y) {
    const std::uint64_t* ra = row_ptr(a, y - a.y0) + k0;
    const std::uint64_t* rb = row_ptr(b, y - b.y0) + q0;
    bool open = false;
    int start = 0;
    for (int k = 0; k < nk; ++k) {
      const std::uint64_t both = ra[k] & ((rb[k] >> sh) | ((rb[k + 1] << 1) << sl));
      const int base = a.x0 + 64 * (k0 + k);
      int pos = 0;  // bits of this word already read
      while (pos < 64) {
        // The next change from the current state: a clear bit ends a run, a set bit starts one.
        const std::uint64_t ahead = (open ? ~both : both) >> pos;
        if (ahead == 0) break;
        pos += std::countr_zero(ahead);
        if (open) {
          out.push_back(CellRun{y, start, base + pos});
        } else {
          start = base + pos;
        }
        open = !open;
      }
    }
    if (open) out.push_back(CellRun{y, start, a.x0 + 64 * (k0 + nk)});
  }
}

}  // namespace hitbox
