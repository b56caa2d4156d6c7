// The x86 overlaps of two pixel masks (mask_overlap.h): overlap_impl compiled for AVX2 and for
// AVX-512 (VL, VPOPCNTDQ, VBMI2), with the count kernels those two call for rows of up to
// eight words. pixel_overlap (mask_overlap.cpp) picks one at run time from the CPU's features
// (mask_detail.h); every function here carries its instruction set as a target attribute,
// so this file builds with the same flags as the rest of the core.
#include "mask_detail.h"

#if HITBOX_X86
#include <bit>
#include <cstddef>
#include <cstdint>

#include "hitbox/mask.h"
#include "mask_overlap.h"

namespace hitbox::mask_detail {

namespace {

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

}  // namespace

__attribute__((target("avx2"), flatten)) PixelResult overlap_avx2(const Mask& a, const Mask& b,
                                                                  bool count) {
  return overlap_impl<8, false>(a, b, count);
}

__attribute__((target(HITBOX_AVX512), flatten)) PixelResult overlap_avx512(const Mask& a,
                                                                           const Mask& b,
                                                                           bool count) {
  return overlap_impl<8, true>(a, b, count);
}

}  // namespace hitbox::mask_detail

#endif  // HITBOX_X86
