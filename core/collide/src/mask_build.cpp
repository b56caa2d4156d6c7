// Pixel masks, building them: rasterising posed shapes and sprites onto the world cell grid
// (rule and storage: mask.h). Convex shapes fill one span per row, settled at both ends by
// the containment test itself; sprites sample their texels four lanes at a time, with AVX2 /
// AVX-512 kernels picked at run time. The overlap of two masks is mask_overlap.cpp.
#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <vector>

#include "hitbox/mask.h"
#include "mask_detail.h"

namespace hitbox {

using namespace mask_detail;  // NOLINT: the masks' own internal helpers

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

inline bool inside_cell(const Collider& b, int i, int j, float cell) {
  return contains(b, cell_centre(i, j, cell));
}

// The x extent [lo, hi] of a disc on the horizontal line y (closed), or lo > hi.
inline void disc_extent(Vec2 c, float r, float y, float* lo, float* hi) {
  const float dy = y - c.y;
  const float r2 = r * r - dy * dy;
  if (r2 < 0.0f) {
    *lo = kInf;
    *hi = -kInf;
    return;
  }
  const float dx = std::sqrt(r2);
  *lo = c.x - dx;
  *hi = c.x + dx;
}

// Cut [l, h] on the line y to the half-plane dot(a, p) <= c.
inline void cut_extent(Vec2 a, float c, float y, float& l, float& h) {
  const float rhs = c - a.y * y;  // a.x * x <= rhs
  if (a.x > 0.0f) {
    h = std::min(h, rhs / a.x);
  } else if (a.x < 0.0f) {
    l = std::max(l, rhs / a.x);
  } else if (rhs < 0.0f) {
    l = kInf;
    h = -kInf;
  }
}

// The x extent [lo, hi] of the shape on the horizontal line y (closed), or lo > hi.
inline void row_extent(const Collider& b, float y, float* lo, float* hi) {
  if (b.geom == Geom::Circle) {
    disc_extent(b.pos, b.radius, y, lo, hi);
    return;
  }
  if (b.geom == Geom::Capsule) {
    // The union of the end discs and the band between them (convex: one span).
    float l = kInf, h = -kInf;
    for (int k = 0; k < 2; ++k) {
      float dl, dh;
      disc_extent(b.v[k], b.radius, y, &dl, &dh);
      l = std::min(l, dl);
      h = std::max(h, dh);
    }
    const Vec2 n = b.n[0], e = b.v[1] - b.v[0];
    float bl = b.bounds.min.x, bh = b.bounds.max.x;
    cut_extent(n, dot(n, b.v[0]) + b.radius, y, bl, bh);
    cut_extent(-n, -dot(n, b.v[0]) + b.radius, y, bl, bh);
    cut_extent(-e, -dot(e, b.v[0]), y, bl, bh);
    cut_extent(e, dot(e, b.v[1]), y, bl, bh);
    if (bl <= bh) {
      l = std::min(l, bl);
      h = std::max(h, bh);
    }
    *lo = l;
    *hi = h;
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

double mask_cells(const Collider& b, float accuracy) {
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

namespace {

// A concave polygon: the cells whose centre lies in any convex piece (the same centre rule,
// closed), as the union of the pieces' masks.
void build_pieces_mask(const Collider& body, float accuracy, Mask& out) {
  std::vector<Mask> parts(static_cast<size_t>(body.piece_count));
  int x0 = std::numeric_limits<int>::max(), y0 = x0;
  int x1 = std::numeric_limits<int>::min(), y1 = x1;
  for (int k = 0; k < body.piece_count; ++k) {
    Mask& m = parts[static_cast<size_t>(k)];
    build_mask(body.pieces[k], accuracy, m);
    if (m.empty()) continue;
    x0 = std::min(x0, m.x0);
    y0 = std::min(y0, m.y0);
    x1 = std::max(x1, m.x0 + m.w - 1);
    y1 = std::max(y1, m.y0 + m.h - 1);
  }
  out = Mask{};
  out.cell = 1.0f / accuracy;
  out.stride = 2;
  if (x1 < x0) return;
  out.x0 = x0;
  out.y0 = y0;
  out.w = x1 - x0 + 1;
  out.h = y1 - y0 + 1;
  out.stride = (out.w + 63) / 64 + 2;
  out.bits.assign(static_cast<size_t>(out.stride) * static_cast<size_t>(out.h), 0);
  for (const Mask& m : parts) {
    for (int y = 0; y < m.h; ++y) {
      std::uint64_t* row = out.bits.data() +
                           static_cast<size_t>(m.y0 + y - y0) * static_cast<size_t>(out.stride) + 1;
      for (int x = 0; x < m.w; ++x) {
        if (!m.get(m.x0 + x, m.y0 + y)) continue;
        const int c = m.x0 + x - x0;
        row[c >> 6] |= 1ull << (c & 63);
      }
    }
  }
  out.row_lo.assign(static_cast<size_t>(out.h), out.w);
  out.row_hi.assign(static_cast<size_t>(out.h), -1);
  for (int y = 0; y < out.h; ++y) {
    for (int x = 0; x < out.w; ++x) {
      if (!out.get(out.x0 + x, out.y0 + y)) continue;
      out.row_lo[static_cast<size_t>(y)] = std::min(out.row_lo[static_cast<size_t>(y)], x);
      out.row_hi[static_cast<size_t>(y)] = x;
    }
  }
}

}  // namespace

void build_mask(const Collider& body, float accuracy, Mask& out) {
  if (has_pieces(body)) {
    build_pieces_mask(body, accuracy, out);
    return;
  }
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

void build_sprite_mask(const Collider& frame, const SpriteImage& image, int threshold, float scale,
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

}  // namespace hitbox
