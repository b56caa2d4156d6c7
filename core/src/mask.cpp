// Pixel masks: rasterising posed shapes onto the world cell grid, and word-level overlap.
// Rule and storage: mask.h. The word-level AND follows pygame's bitmask.c idea (a row
// offset is a pointer offset, a column offset two shifts of neighbouring words), applied to
// masks built in world cells.
#include "hitbox/mask.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <vector>

// x86 builds pick AVX2 / AVX-512 code at run time (with a portable fallback);
// -DHITBOX_MASK_PORTABLE builds only the portable code (e.g. to test it on any machine).
#if (defined(__x86_64__) || defined(__i386__)) && !defined(HITBOX_MASK_PORTABLE)
#include <immintrin.h>
#define HITBOX_X86 1
#else
#define HITBOX_X86 0
#endif

namespace hitbox {

namespace {

using f4 = float __attribute__((vector_size(16)));
using i4 = int __attribute__((vector_size(16)));

inline f4 splat(float v) {
  return f4{v, v, v, v};
}

// floor() of four floats as ints (exact for |v| < 2^31): truncate, then step down where
// truncation went up (negative non-integers).
inline i4 floor_i4(f4 v) {
  const i4 t = __builtin_convertvector(v, i4);
  const f4 back = __builtin_convertvector(t, f4);
  return t + (back > v);  // a true lane compares as -1
}

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr int kMaxWordsOnStack = 64;  // masks up to 4096 cells wide count without the heap

// Row layout: [pad][words ...][pad]; `row(m, r)` points at the first real word, so
// row[-1] and row[words] are readable zeros.
inline const std::uint64_t* row_ptr(const Mask& m, int r) {
  return m.bits.data() + static_cast<size_t>(r) * static_cast<size_t>(m.stride) + 1;
}

inline bool inside_cell(const Body& b, int i, int j, float cell) {
  return contains(b, cell_centre(i, j, cell));
}

// The x extent [lo, hi] of the shape on the horizontal line y (closed), or lo > hi.
inline void row_extent(const Body& b, float y, float* lo, float* hi) {
  if (b.geom == Geom::Circle) {
    const float dy = y - b.pos.y;
    const float r2 = b.radius * b.radius - dy * dy;
    if (r2 < 0.0f) {
      *lo = kInf;
      *hi = -kInf;
      return;
    }
    const float dx = std::sqrt(r2);
    *lo = b.pos.x - dx;
    *hi = b.pos.x + dx;
    return;
  }
  // Intersection of the edge half-planes n.(p - v) <= 0 with the line, within the world
  // bounds (a shape with no area has zero normals, which bound nothing).
  float l = b.bounds.min.x, h = b.bounds.max.x;
  for (int i = 0; i < b.count; ++i) {
    const Vec2 n = b.n[i];
    const Vec2 v = b.v[i];
    const float rhs = -n.y * (y - v.y);  // n.x * (x - v.x) <= rhs
    if (n.x > 0.0f) {
      h = std::min(h, v.x + rhs / n.x);
    } else if (n.x < 0.0f) {
      l = std::max(l, v.x + rhs / n.x);
    } else if (rhs < 0.0f) {
      l = kInf;
      h = -kInf;
      break;
    }
  }
  *lo = l;
  *hi = h;
}

}  // namespace

bool Mask::get(int cx, int cy) const {
  const int x = cx - x0;
  const int y = cy - y0;
  if (x < 0 || y < 0 || x >= w || y >= h) return false;
  return (row_ptr(*this, y)[x >> 6] >> (x & 63)) & 1u;
}

int Mask::count() const {
  int n = 0;
  for (const std::uint64_t word : bits) n += std::popcount(word);
  return n;
}

double mask_cells(const Body& b, float accuracy) {
  constexpr double kMaxCell = 1073741824.0;  // 2^30
  const double a = static_cast<double>(accuracy);
  const double x0 = b.bounds.min.x * a, x1 = b.bounds.max.x * a;
  const double y0 = b.bounds.min.y * a, y1 = b.bounds.max.y * a;
  if (!(std::fabs(x0) < kMaxCell && std::fabs(x1) < kMaxCell && std::fabs(y0) < kMaxCell &&
        std::fabs(y1) < kMaxCell && x0 <= x1 && y0 <= y1)) {
    return std::numeric_limits<double>::infinity();
  }
  return (x1 - x0 + 3.0) * (y1 - y0 + 3.0);
}

void build_mask(const Body& body, float accuracy, Mask& out) {
  if (body.sprite) {
    build_sprite_mask(body, *body.sprite, body.alpha_threshold, body.scale, accuracy, out);
    return;
  }
  const float cell = 1.0f / accuracy;
  out.cell = cell;
  out.w = out.h = 0;
  out.x0 = out.y0 = 0;
  out.stride = 2;
  out.bits.clear();
  out.row_lo.clear();
  out.row_hi.clear();

  if (!std::isfinite(mask_cells(body, accuracy))) return;  // beyond int cell coordinates

  // Rows whose centre line can meet the shape.
  const int j0 = static_cast<int>(std::ceil(body.bounds.min.y / cell - 0.5f)) - 1;
  const int j1 = static_cast<int>(std::floor(body.bounds.max.y / cell - 0.5f)) + 1;
  if (j1 < j0) return;

  // Spans per row: first from the extent, then settled cell by cell at the two ends with
  // the containment test itself, so the mask is exactly the rule's set of cells.
  thread_local std::vector<int> spans;
  spans.assign(static_cast<size_t>(j1 - j0 + 1) * 2, 0);
  int min_i = std::numeric_limits<int>::max(), max_i = std::numeric_limits<int>::min();
  int first_row = 0, last_row = 0;
  bool any = false;
  for (int j = j0; j <= j1; ++j) {
    const float y = (static_cast<float>(j) + 0.5f) * cell;
    float lo, hi;
    row_extent(body, y, &lo, &hi);
    int a = 1, b = 0;  // empty
    if (lo <= hi) {
      a = static_cast<int>(std::ceil(lo / cell - 0.5f));
      b = static_cast<int>(std::floor(hi / cell - 0.5f));
      if (a > b) a = b = static_cast<int>(std::floor(0.5f * (lo + hi) / cell));
      while (a <= b && !inside_cell(body, a, j, cell)) ++a;
      while (b >= a && !inside_cell(body, b, j, cell)) --b;
      if (a <= b) {
        while (inside_cell(body, a - 1, j, cell)) --a;
        while (inside_cell(body, b + 1, j, cell)) ++b;
      }
    }
    const size_t k = static_cast<size_t>(j - j0) * 2;
    spans[k] = a;
    spans[k + 1] = b;
    if (a <= b) {
      min_i = std::min(min_i, a);
      max_i = std::max(max_i, b);
      if (!any) first_row = j;
      any = true;
      last_row = j;
    }
  }
  if (!any) return;

  out.x0 = min_i;
  out.y0 = first_row;
  out.w = max_i - min_i + 1;
  out.h = last_row - first_row + 1;
  out.stride = (out.w + 63) / 64 + 2;
  out.bits.assign(static_cast<size_t>(out.stride) * static_cast<size_t>(out.h), 0);
  out.row_lo.assign(static_cast<size_t>(out.h), out.w);
  out.row_hi.assign(static_cast<size_t>(out.h), -1);
  for (int j = first_row; j <= last_row; ++j) {
    const size_t k = static_cast<size_t>(j - j0) * 2;
    if (spans[k] > spans[k + 1]) continue;
    const int a = spans[k] - out.x0;
    const int b = spans[k + 1] - out.x0;  // inclusive
    out.row_lo[static_cast<size_t>(j - first_row)] = a;
    out.row_hi[static_cast<size_t>(j - first_row)] = b;
    std::uint64_t* row =
        out.bits.data() + static_cast<size_t>(j - first_row) * static_cast<size_t>(out.stride) + 1;
    const int wa = a >> 6, wb = b >> 6;
    const std::uint64_t head = ~0ull << (a & 63);
    const std::uint64_t tail = ~0ull >> (63 - (b & 63));
    if (wa == wb) {
      row[wa] = head & tail;
    } else {
      row[wa] = head;
      for (int q = wa + 1; q < wb; ++q) row[q] = ~0ull;
      row[wb] = tail;
    }
  }
}

namespace {

// The sprite rule for a block of rows, as a job the kernels below share. Cell column c
// (relative to the raw mask's x0) has dx = centre.x - pos.x; its share of the two dot
// products, dx * axis_x.x and dx * axis_y.x, is computed once per column (the same float
// products sprite_texel forms), and a row adds its dy * axis_*.y, then scales and shifts:
// lane by lane the operations of sprite_texel, so the mask is the per-cell rule exactly.
struct SpriteJob {
  const float* colx;         // per column: dx * axis_x.x
  const float* coly;         // per column: dx * axis_y.x
  const float* row_ydx;      // per row: dy * axis_x.y
  const float* row_ydy;      // per row: dy * axis_y.y
  const int* row_c0;         // per row: first column to evaluate (a multiple of 16)
  const int* row_c1;         // per row: last column to evaluate (inclusive); < c0: none
  const std::uint32_t* tab;  // thresholded texels, 1 bit each, rows of 2^shift bits
  int shift;
  int tw, th;  // image size in texels
  float inv, hw, hh;
  int rows;
  std::uint64_t* bits;  // the raw mask: first real word of row 0
  int stride;
};

// Portable kernel: four lanes with GCC vector extensions, the texel bits read one by one
// (branch-free: a lane outside the image reads bit 0 and is masked off).
void sprite_rows_generic(const SpriteJob& job) {
  const f4 vinv = splat(job.inv);
  const f4 vhw = splat(job.hw);
  const f4 vhh = splat(job.hh);
  const i4 vw = {job.tw, job.tw, job.tw, job.tw};
  const i4 vh = {job.th, job.th, job.th, job.th};
  const i4 zero = {0, 0, 0, 0};
  const std::uint32_t* tab = job.tab;
  for (int r = 0; r < job.rows; ++r) {
    std::uint64_t* row = job.bits + static_cast<size_t>(r) * static_cast<size_t>(job.stride);
    const f4 ydx = splat(job.row_ydx[r]);
    const f4 ydy = splat(job.row_ydy[r]);
    const int c1 = job.row_c1[r];
    for (int c = job.row_c0[r]; c <= c1;) {
      const int q = c >> 6;
      const int cend = std::min(c1, 64 * q + 63);
      std::uint64_t acc = 0;
      for (; c <= cend; c += 4) {
        f4 cx, cy;
        __builtin_memcpy(&cx, job.colx + c, sizeof cx);
        __builtin_memcpy(&cy, job.coly + c, sizeof cy);
        const i4 ix = floor_i4((cx + ydx) * vinv + vhw);
        const i4 iy = floor_i4((cy + ydy) * vinv + vhh);
        const i4 in = (ix >= zero) & (ix < vw) & (iy >= zero) & (iy < vh);
        const i4 k = ((iy << job.shift) + ix) & in;  // texel bit; 0 where the lane is out
        std::uint64_t nibble = 0;
        for (int l = 0; l < 4; ++l) {
          const auto kl = static_cast<std::uint32_t>(k[l]);
          const std::uint32_t bit =
              (tab[kl >> 5] >> (kl & 31u)) & static_cast<std::uint32_t>(in[l]) & 1u;
          nibble |= static_cast<std::uint64_t>(bit) << l;
        }
        // c is a multiple of 4: the four bits never straddle two words.
        acc |= nibble << (c & 63);
      }
      row[q] = acc;
    }
  }
}

#if HITBOX_X86
// AVX2 kernel: eight lanes, the texel bits gathered. Compiled for AVX2 only (no FMA), and
// every step is an explicit mul or add, so no lane can round differently from sprite_texel.
// A row's word is put together in a register and stored once.
__attribute__((target("avx2"))) void sprite_rows_avx2(const SpriteJob& job) {
  const __m256 vinv = _mm256_set1_ps(job.inv);
  const __m256 vhw = _mm256_set1_ps(job.hw);
  const __m256 vhh = _mm256_set1_ps(job.hh);
  const __m256 vzero = _mm256_setzero_ps();
  const __m256 vw = _mm256_set1_ps(static_cast<float>(job.tw));
  const __m256 vh = _mm256_set1_ps(static_cast<float>(job.th));
  const __m128i vshift = _mm_cvtsi32_si128(job.shift);
  const __m256i low5 = _mm256_set1_epi32(31);
  const __m256i one = _mm256_set1_epi32(1);
  const int* tab = reinterpret_cast<const int*>(job.tab);
  for (int r = 0; r < job.rows; ++r) {
    std::uint64_t* row = job.bits + static_cast<size_t>(r) * static_cast<size_t>(job.stride);
    const __m256 ydx = _mm256_set1_ps(job.row_ydx[r]);
    const __m256 ydy = _mm256_set1_ps(job.row_ydy[r]);
    const int c1 = job.row_c1[r];
    for (int c = job.row_c0[r]; c <= c1;) {
      const int q = c >> 6;
      const int cend = std::min(c1, 64 * q + 63);
      std::uint64_t acc = 0;
      for (; c <= cend; c += 8) {
        const __m256 tx = _mm256_add_ps(
            _mm256_mul_ps(_mm256_add_ps(_mm256_loadu_ps(job.colx + c), ydx), vinv), vhw);
        const __m256 ty = _mm256_add_ps(
            _mm256_mul_ps(_mm256_add_ps(_mm256_loadu_ps(job.coly + c), ydy), vinv), vhh);
        const __m256 fx = _mm256_floor_ps(tx);
        const __m256 fy = _mm256_floor_ps(ty);
        const __m256 in = _mm256_and_ps(
            _mm256_and_ps(_mm256_cmp_ps(fx, vzero, _CMP_GE_OQ), _mm256_cmp_ps(fx, vw, _CMP_LT_OQ)),
            _mm256_and_ps(_mm256_cmp_ps(fy, vzero, _CMP_GE_OQ), _mm256_cmp_ps(fy, vh, _CMP_LT_OQ)));
        const __m256i k = _mm256_add_epi32(_mm256_sll_epi32(_mm256_cvttps_epi32(fy), vshift),
                                           _mm256_cvttps_epi32(fx));
        const __m256i w = _mm256_mask_i32gather_epi32(
            _mm256_setzero_si256(), tab, _mm256_srli_epi32(k, 5), _mm256_castps_si256(in), 4);
        const __m256i bit = _mm256_and_si256(_mm256_srlv_epi32(w, _mm256_and_si256(k, low5)), one);
        const unsigned byte = static_cast<unsigned>(
            _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(bit, one))));
        // c is a multiple of 8: the eight bits never straddle two words.
        acc |= static_cast<std::uint64_t>(byte) << (c & 63);
      }
      row[q] = acc;
    }
  }
}

#define HITBOX_AVX512_SPRITE "avx2,avx512f"

// AVX-512 kernel: sixteen lanes, lane masks in mask registers. The texel coordinates are
// formed with the rounding-mode forms of mul and add (current rounding mode: the same
// results as * and +), which the compiler never fuses into an FMA; so every lane rounds
// as sprite_texel does.
__attribute__((target(HITBOX_AVX512_SPRITE))) void sprite_rows_avx512(const SpriteJob& job) {
  constexpr int kRound = _MM_FROUND_CUR_DIRECTION;
  // Zero-masked forms throughout (all lanes, or the lanes in the image): GCC 12 warns about
  // the unmasked forms' undefined pass-through operand.
  const __mmask16 all = 0xffff;
  const __m512 vinv = _mm512_set1_ps(job.inv);
  const __m512 vhw = _mm512_set1_ps(job.hw);
  const __m512 vhh = _mm512_set1_ps(job.hh);
  const __m512 vzero = _mm512_setzero_ps();
  const __m512 vw = _mm512_set1_ps(static_cast<float>(job.tw));
  const __m512 vh = _mm512_set1_ps(static_cast<float>(job.th));
  const __m512i vshift = _mm512_set1_epi32(job.shift);
  const __m512i low5 = _mm512_set1_epi32(31);
  const __m512i one = _mm512_set1_epi32(1);
  const __m512i izero = _mm512_setzero_si512();
  const int* tab = reinterpret_cast<const int*>(job.tab);
  for (int r = 0; r < job.rows; ++r) {
    std::uint64_t* row = job.bits + static_cast<size_t>(r) * static_cast<size_t>(job.stride);
    const __m512 ydx = _mm512_set1_ps(job.row_ydx[r]);
    const __m512 ydy = _mm512_set1_ps(job.row_ydy[r]);
    const int c1 = job.row_c1[r];
    for (int c = job.row_c0[r]; c <= c1;) {
      const int q = c >> 6;
      const int cend = std::min(c1, 64 * q + 63);
      std::uint64_t acc = 0;
      for (; c <= cend; c += 16) {
        const __m512 sx =
            _mm512_maskz_add_round_ps(all, _mm512_loadu_ps(job.colx + c), ydx, kRound);
        const __m512 sy =
            _mm512_maskz_add_round_ps(all, _mm512_loadu_ps(job.coly + c), ydy, kRound);
        const __m512 tx = _mm512_maskz_add_round_ps(
            all, _mm512_maskz_mul_round_ps(all, sx, vinv, kRound), vhw, kRound);
        const __m512 ty = _mm512_maskz_add_round_ps(
            all, _mm512_maskz_mul_round_ps(all, sy, vinv, kRound), vhh, kRound);
        const __m512 fx =
            _mm512_maskz_roundscale_ps(all, tx, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
        const __m512 fy =
            _mm512_maskz_roundscale_ps(all, ty, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
        __mmask16 in = _mm512_cmp_ps_mask(fx, vzero, _CMP_GE_OQ);
        in = _mm512_mask_cmp_ps_mask(in, fx, vw, _CMP_LT_OQ);
        in = _mm512_mask_cmp_ps_mask(in, fy, vzero, _CMP_GE_OQ);
        in = _mm512_mask_cmp_ps_mask(in, fy, vh, _CMP_LT_OQ);
        const __m512i k = _mm512_maskz_add_epi32(
            in, _mm512_maskz_sllv_epi32(in, _mm512_maskz_cvttps_epi32(in, fy), vshift),
            _mm512_maskz_cvttps_epi32(in, fx));
        const __m512i w =
            _mm512_mask_i32gather_epi32(izero, in, _mm512_maskz_srli_epi32(in, k, 5), tab, 4);
        const __mmask16 set = _mm512_mask_test_epi32_mask(
            in, _mm512_maskz_srlv_epi32(in, w, _mm512_and_si512(k, low5)), one);
        // c is a multiple of 16: the sixteen bits never straddle two words.
        acc |= static_cast<std::uint64_t>(set) << (c & 63);
      }
      row[q] = acc;
    }
  }
}

bool have_avx2() {
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}
#endif

#if HITBOX_X86
// A row of texels thresholded 64 at a time (AVX-512BW: one compare gives the 64 bits).
__attribute__((target("avx512f,avx512bw"))) void threshold_rows_avx512(const SpriteImage& image,
                                                                       int threshold,
                                                                       size_t row_words,
                                                                       std::uint32_t* tab) {
  const __m512i t = _mm512_set1_epi8(static_cast<char>(threshold));
  for (int y = 0; y < image.h; ++y) {
    const std::uint8_t* src =
        image.alpha.data() + static_cast<size_t>(y) * static_cast<size_t>(image.w);
    std::uint32_t* dst = tab + static_cast<size_t>(y) * row_words;
    for (int x = 0; x < image.w; x += 64) {
      const int left = image.w - x;
      const __mmask64 k = left >= 64 ? ~__mmask64{0} : (__mmask64{1} << left) - 1;
      const std::uint64_t m =
          _mm512_mask_cmpge_epu8_mask(k, _mm512_maskz_loadu_epi8(k, src + x), t);
      __builtin_memcpy(dst + (x >> 5), &m, sizeof m);  // row_words >= 2: a row holds it
    }
  }
}
#endif

// The image thresholded once per build: bit (y << shift) + x is alpha(x, y) >= threshold.
void threshold_bits(const SpriteImage& image, int threshold, int shift,
                    std::vector<std::uint32_t>& tab) {
  const size_t row_words = size_t{1} << (shift - 5);
  tab.assign(static_cast<size_t>(image.h) * row_words + 1, 0);  // + 1: gathers never overrun
#if HITBOX_X86
  if (shift >= 6 && __builtin_cpu_supports("avx512bw")) {
    threshold_rows_avx512(image, threshold, row_words, tab.data());
    return;
  }
#endif
  const std::uint8_t* alpha = image.alpha.data();
  for (int y = 0; y < image.h; ++y) {
    const std::uint8_t* src = alpha + static_cast<size_t>(y) * static_cast<size_t>(image.w);
    std::uint32_t* dst = tab.data() + static_cast<size_t>(y) * row_words;
    int x = 0;
#if HITBOX_X86 && defined(__SSE2__)
    // alpha >= t exactly when max(alpha, t) == alpha (unsigned bytes); 16 texels a step.
    const __m128i t = _mm_set1_epi8(static_cast<char>(threshold));
    for (; x + 16 <= image.w; x += 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + x));
      const auto m =
          static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(v, t), v)));
      dst[x >> 5] |= m << (x & 31);
    }
#endif
    for (; x + 32 <= image.w; x += 32) {  // a word at a time, built in a register
      std::uint32_t m = 0;
      for (int b = 0; b < 32; ++b) m |= static_cast<std::uint32_t>(src[x + b] >= threshold) << b;
      dst[x >> 5] |= m;
    }
    for (; x < image.w; ++x) {
      dst[x >> 5] |= static_cast<std::uint32_t>(src[x] >= threshold) << (x & 31);
    }
  }
}

// Per-row first and last set column of a row of words, or (w, -1) when the row is empty.
inline void row_span(const std::uint64_t* row, int words, int w, std::int32_t* lo,
                     std::int32_t* hi) {
  int k = 0;
  while (k < words && row[k] == 0) ++k;
  if (k == words) {
    *lo = w;
    *hi = -1;
    return;
  }
  *lo = 64 * k + std::countr_zero(row[k]);
  int e = words - 1;
  while (row[e] == 0) --e;
  *hi = 64 * e + 63 - std::countl_zero(row[e]);
}

}  // namespace

void build_sprite_mask(const Body& frame, const SpriteImage& image, int threshold, float scale,
                       float accuracy, Mask& out) {
  const float cell = 1.0f / accuracy;
  out.cell = cell;
  out.w = out.h = 0;
  out.x0 = out.y0 = 0;
  out.stride = 2;
  out.bits.clear();
  out.row_lo.clear();
  out.row_hi.clear();
  if (image.w <= 0 || image.h <= 0 || threshold > 255) return;
  if (!std::isfinite(mask_cells(frame, accuracy))) return;  // beyond int cell coordinates
  const int thr = std::max(threshold, 0);

  // The frame's cells (one extra cell around it, so rounding never loses an edge cell). The
  // mask is built over these, then cropped to its set cells.
  const int i0 = static_cast<int>(std::ceil(frame.bounds.min.x / cell - 0.5f)) - 1;
  const int i1 = static_cast<int>(std::floor(frame.bounds.max.x / cell - 0.5f)) + 1;
  const int j0 = static_cast<int>(std::ceil(frame.bounds.min.y / cell - 0.5f)) - 1;
  const int j1 = static_cast<int>(std::floor(frame.bounds.max.y / cell - 0.5f)) + 1;
  if (i1 < i0 || j1 < j0) return;
  const int raw_w = i1 - i0 + 1;
  const int raw_h = j1 - j0 + 1;
  const int raw_words = (raw_w + 63) / 64;
  const int raw_stride = raw_words + 2;
  thread_local std::vector<std::uint64_t> raw;
  raw.assign(static_cast<size_t>(raw_stride) * static_cast<size_t>(raw_h), 0);

  // Texel bits, rows padded to a power of two (at least 32) so a texel's bit is a shift
  // and an add away.
  thread_local std::vector<std::uint32_t> tab;
  // Bit indices are 32-bit ints: images past 2^31 padded texels (2 GB of alpha) are not
  // supported and get an empty mask.
  const int shift =
      std::max(5, static_cast<int>(std::bit_width(static_cast<unsigned>(image.w - 1))));
  if ((static_cast<std::int64_t>(image.h) << shift) >= (std::int64_t{1} << 31)) return;
  threshold_bits(image, thr, shift, tab);

  // Columns: rounded up to whole 16-cell blocks (a block read never leaves the tables).
  const int ncols = (raw_w + 15) / 16 * 16;
  thread_local std::vector<float> colx, coly;
  colx.resize(static_cast<size_t>(ncols));
  coly.resize(static_cast<size_t>(ncols));
  for (int c = 0; c < ncols; ++c) {
    const float dx = (static_cast<float>(i0 + c) + 0.5f) * cell - frame.pos.x;
    colx[static_cast<size_t>(c)] = dx * frame.axis_x.x;
    coly[static_cast<size_t>(c)] = dx * frame.axis_y.x;
  }
  thread_local std::vector<float> row_ydx, row_ydy;
  thread_local std::vector<int> row_c0, row_c1;
  row_ydx.resize(static_cast<size_t>(raw_h));
  row_ydy.resize(static_cast<size_t>(raw_h));
  row_c0.resize(static_cast<size_t>(raw_h));
  row_c1.resize(static_cast<size_t>(raw_h));
  for (int j = j0; j <= j1; ++j) {
    const size_t r = static_cast<size_t>(j - j0);
    const float y = (static_cast<float>(j) + 0.5f) * cell;
    const float dy = y - frame.pos.y;
    row_ydx[r] = dy * frame.axis_x.y;
    row_ydy[r] = dy * frame.axis_y.y;
    float lo, hi;
    row_extent(frame, y, &lo, &hi);
    row_c0[r] = 0;
    row_c1[r] = -1;
    if (!(lo <= hi)) continue;
    const int a = std::max(i0, static_cast<int>(std::ceil(lo / cell - 0.5f)) - 1);
    const int b = std::min(i1, static_cast<int>(std::floor(hi / cell - 0.5f)) + 1);
    if (a > b) continue;
    row_c0[r] = (a - i0) & ~15;
    row_c1[r] = b - i0;
  }

  const SpriteJob job{colx.data(),
                      coly.data(),
                      row_ydx.data(),
                      row_ydy.data(),
                      row_c0.data(),
                      row_c1.data(),
                      tab.data(),
                      shift,
                      image.w,
                      image.h,
                      1.0f / scale,
                      0.5f * static_cast<float>(image.w),
                      0.5f * static_cast<float>(image.h),
                      raw_h,
                      raw.data() + 1,
                      raw_stride};
#if HITBOX_X86
  if (__builtin_cpu_supports("avx512f")) {
    sprite_rows_avx512(job);
  } else if (have_avx2()) {
    sprite_rows_avx2(job);
  } else {
    sprite_rows_generic(job);
  }
#else
  sprite_rows_generic(job);
#endif

  // Crop to the set cells: rows and columns that hold none are dropped.
  thread_local std::vector<std::int32_t> lo_raw, hi_raw;
  lo_raw.resize(static_cast<size_t>(raw_h));
  hi_raw.resize(static_cast<size_t>(raw_h));
  int top = -1, bottom = -1, left = raw_w, right = -1;
  for (int r = 0; r < raw_h; ++r) {
    const size_t k = static_cast<size_t>(r);
    row_span(raw.data() + k * static_cast<size_t>(raw_stride) + 1, raw_words, raw_w, &lo_raw[k],
             &hi_raw[k]);
    if (hi_raw[k] < 0) continue;
    if (top < 0) top = r;
    bottom = r;
    left = std::min(left, lo_raw[k]);
    right = std::max(right, hi_raw[k]);
  }
  if (top < 0) return;
  out.x0 = i0 + left;
  out.y0 = j0 + top;
  out.w = right - left + 1;
  out.h = bottom - top + 1;
  const int words = (out.w + 63) / 64;
  out.stride = words + 2;
  out.bits.assign(static_cast<size_t>(out.stride) * static_cast<size_t>(out.h), 0);
  out.row_lo.resize(static_cast<size_t>(out.h));
  out.row_hi.resize(static_cast<size_t>(out.h));
  const unsigned sh = static_cast<unsigned>(left & 63);
  const unsigned sl = 63u - sh;
  for (int r = 0; r < out.h; ++r) {
    const size_t k = static_cast<size_t>(r + top);
    const std::uint64_t* src = raw.data() + k * static_cast<size_t>(raw_stride) + 1 + (left >> 6);
    std::uint64_t* dst =
        out.bits.data() + static_cast<size_t>(r) * static_cast<size_t>(out.stride) + 1;
    // src[q + 1] may be the row's right pad word (zero).
    for (int q = 0; q < words; ++q) dst[q] = (src[q] >> sh) | ((src[q + 1] << 1) << sl);
    const bool empty_row = hi_raw[k] < 0;
    out.row_lo[static_cast<size_t>(r)] = empty_row ? out.w : lo_raw[k] - left;
    out.row_hi[static_cast<size_t>(r)] = empty_row ? -1 : hi_raw[k] - left;
  }
}

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

bool have_avx512() {
  static const bool yes = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                          __builtin_cpu_supports("avx512vpopcntdq") &&
                          __builtin_cpu_supports("avx512vbmi2") && have_avx2();
  return yes;
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

PixelResult pixel_overlap(const Mask& a, const Mask& b, bool count) {
#if HITBOX_X86
  if (have_avx512()) return overlap_avx512(a, b, count);
  if (have_avx2()) return overlap_avx2(a, b, count);
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
