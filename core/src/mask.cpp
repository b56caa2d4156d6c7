// Pixel masks: rasterising posed shapes onto the world cell grid, and word-level overlap.
// Rule and storage: mask.h. The word-level AND follows pygame's bitmask.c idea (a row
// offset is a pointer offset, a column offset two shifts of neighbouring words), applied to
// masks built in world cells.
#include "hitbox/mask.h"

#include <bit>
#include <cmath>
#include <limits>

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
  // Intersection of the edge half-planes n.(p - v) <= 0 with the line.
  float l = -kInf, h = kInf;
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
  for (int j = first_row; j <= last_row; ++j) {
    const size_t k = static_cast<size_t>(j - j0) * 2;
    if (spans[k] > spans[k + 1]) continue;
    const int a = spans[k] - out.x0;
    const int b = spans[k + 1] - out.x0;  // inclusive
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

void build_sprite_mask(const Body& frame, const SpriteImage& image, int threshold, float scale,
                       float accuracy, Mask& out) {
  const float cell = 1.0f / accuracy;
  out.cell = cell;
  out.w = out.h = 0;
  out.x0 = out.y0 = 0;
  out.stride = 2;
  out.bits.clear();
  if (image.w <= 0 || image.h <= 0) return;

  // The frame's cells (one extra cell around it, so rounding never loses an edge cell).
  const int i0 = static_cast<int>(std::ceil(frame.bounds.min.x / cell - 0.5f)) - 1;
  const int i1 = static_cast<int>(std::floor(frame.bounds.max.x / cell - 0.5f)) + 1;
  const int j0 = static_cast<int>(std::ceil(frame.bounds.min.y / cell - 0.5f)) - 1;
  const int j1 = static_cast<int>(std::floor(frame.bounds.max.y / cell - 0.5f)) + 1;
  out.x0 = i0;
  out.y0 = j0;
  out.w = i1 - i0 + 1;
  out.h = j1 - j0 + 1;
  out.stride = (out.w + 63) / 64 + 2;
  out.bits.assign(static_cast<size_t>(out.stride) * static_cast<size_t>(out.h), 0);

  const float inv = 1.0f / scale;
  const float hw = 0.5f * static_cast<float>(image.w);
  const float hh = 0.5f * static_cast<float>(image.h);
  const std::uint8_t* alpha = image.alpha.data();
  const int thr = threshold;
  for (int j = j0; j <= j1; ++j) {
    const float y = (static_cast<float>(j) + 0.5f) * cell;
    float lo, hi;
    row_extent(frame, y, &lo, &hi);
    if (!(lo <= hi)) continue;
    const int a = std::max(i0, static_cast<int>(std::ceil(lo / cell - 0.5f)) - 1);
    const int b = std::min(i1, static_cast<int>(std::floor(hi / cell - 0.5f)) + 1);
    std::uint64_t* row =
        out.bits.data() + static_cast<size_t>(j - j0) * static_cast<size_t>(out.stride) + 1;
    // The same arithmetic as sprite_texel(), four cells at a time: lane by lane the same
    // float operations, so the mask is the per-cell rule exactly.
    const float dy = y - frame.pos.y;
    const f4 ydx = splat(dy * frame.axis_x.y);
    const f4 ydy = splat(dy * frame.axis_y.y);
    const f4 axx = splat(frame.axis_x.x);
    const f4 ayx = splat(frame.axis_y.x);
    const f4 vinv = splat(inv);
    const f4 vhw = splat(hw);
    const f4 vhh = splat(hh);
    const f4 vcell = splat(cell);
    const f4 vpx = splat(frame.pos.x);
    const f4 lanes = {0.0f, 1.0f, 2.0f, 3.0f};
    const i4 ilanes = {0, 1, 2, 3};
    const i4 vw = {image.w, image.w, image.w, image.w};
    const i4 vh = {image.h, image.h, image.h, image.h};
    const i4 zero = {0, 0, 0, 0};
    for (int i = a; i <= b; i += 4) {
      const f4 fi = splat(static_cast<float>(i)) + lanes;  // exact small integers
      const f4 dx = (fi + 0.5f) * vcell - vpx;
      const i4 ix = floor_i4((dx * axx + ydx) * vinv + vhw);
      const i4 iy = floor_i4((dx * ayx + ydy) * vinv + vhh);
      const i4 cell_i = i4{i, i, i, i} + ilanes;
      const i4 in =
          (ix >= zero) & (ix < vw) & (iy >= zero) & (iy < vh) & (cell_i <= i4{b, b, b, b});
      const i4 idx = (iy * vw + ix) & in;  // 0 (a valid texel) where the lane is out
      const unsigned nibble = static_cast<unsigned>((alpha[idx[0]] >= thr) & (in[0] != 0)) |
                              static_cast<unsigned>((alpha[idx[1]] >= thr) & (in[1] != 0)) << 1 |
                              static_cast<unsigned>((alpha[idx[2]] >= thr) & (in[2] != 0)) << 2 |
                              static_cast<unsigned>((alpha[idx[3]] >= thr) & (in[3] != 0)) << 3;
      // Four bits at x..x+3 may straddle two words; the double shift is 0 when they don't.
      const int x = i - i0;
      const unsigned bit = static_cast<unsigned>(x & 63);
      row[x >> 6] |= static_cast<std::uint64_t>(nibble) << bit;
      row[(x >> 6) + 1] |= (static_cast<std::uint64_t>(nibble) >> 1) >> (63u - bit);
    }
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
void count_rows(RowScan& s, std::uint64_t* col_out) {
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

void count_rows_n(RowScan& s, int nk, std::uint64_t* col) {
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

}  // namespace

PixelResult pixel_overlap(const Mask& a, const Mask& b, bool count) {
  PixelResult r;
  r.cell = a.cell;
  // Reject on the bounding rectangles before any word is read.
  const int sx0 = std::max(a.x0, b.x0);
  const int sy0 = std::max(a.y0, b.y0);
  const int sx1 = std::min(a.x0 + a.w, b.x0 + b.w);
  const int sy1 = std::min(a.y0 + a.h, b.y0 + b.h);
  if (sx1 <= sx0 || sy1 <= sy0) return r;
  r.search = CellRect{sx0, sy0, sx1 - sx0, sy1 - sy0};

  // Walk A's words that cover the search columns; B's 64 cells at the same place start at
  // bit offset off = (a.x0 + 64k) - b.x0 = 64 q + s of B's row: two shifts of neighbours.
  // (hi << 1) << (63 - s) is hi << (64 - s) that also gives 0 when s = 0, so the hot loop
  // has no branch on the alignment.
  const int k0 = (sx0 - a.x0) >> 6;
  const int nk = ((sx1 - 1 - a.x0) >> 6) - k0 + 1;
  const int off0 = a.x0 + 64 * k0 - b.x0;  // > -64 (B's left pad word covers the rest)
  const int q0 = off0 >> 6;                // floor division, also for negative offsets
  const unsigned sh = static_cast<unsigned>(off0 & 63);
  const unsigned sl = 63u - sh;
  const std::uint64_t* ra = row_ptr(a, sy0 - a.y0) + k0;
  const std::uint64_t* rb = row_ptr(b, sy0 - b.y0) + q0;
  auto word = [&](int k) { return ra[k] & ((rb[k] >> sh) | ((rb[k + 1] << 1) << sl)); };
  auto first_in_row = [&](int y) {
    for (int k = 0;; ++k) {
      const std::uint64_t both = word(k);
      if (both) {
        r.first_x = a.x0 + 64 * (k0 + k) + std::countr_zero(both);
        r.first_y = y;
        return;
      }
    }
  };

  if (!count) {
    for (int y = sy0; y < sy1; ++y, ra += a.stride, rb += b.stride) {
      std::uint64_t any = 0;
      for (int k = 0; k < nk; ++k) any |= word(k);
      if (any) {
        r.hit = true;
        first_in_row(y);
        return r;
      }
    }
    return r;
  }

  // Count: popcounts per row; the columns hit are OR-ed into one row of words so the
  // overlap's left and right edges come out at the end, not per word. Rows up to eight
  // words wide run in a loop the compiler unrolls with the column words in registers.
  std::uint64_t cols[kMaxWordsOnStack] = {};
  std::vector<std::uint64_t> cols_heap;
  std::uint64_t* col = cols;
  if (nk > kMaxWordsOnStack) {
    cols_heap.assign(static_cast<size_t>(nk), 0);
    col = cols_heap.data();
  }
  RowScan scan{ra, rb, a.stride, b.stride, sh, sl, sy0, sy1};
  switch (nk) {
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
    case 6:
      count_rows<6>(scan, col);
      break;
    case 7:
      count_rows<7>(scan, col);
      break;
    case 8:
      count_rows<8>(scan, col);
      break;
    default:
      count_rows_n(scan, nk, col);
      break;
  }
  const int total = scan.total, first_y = scan.first_y, last_y = scan.last_y;
  const std::uint64_t* first_ra = scan.first_ra;
  const std::uint64_t* first_rb = scan.first_rb;
  if (total == 0) return r;
  ra = first_ra;
  rb = first_rb;
  first_in_row(first_y);
  int kl = 0, kr = nk - 1;
  while (col[kl] == 0) ++kl;
  while (col[kr] == 0) --kr;
  const int min_x = a.x0 + 64 * (k0 + kl) + std::countr_zero(col[kl]);
  const int max_x = a.x0 + 64 * (k0 + kr) + 63 - std::countl_zero(col[kr]);
  r.hit = true;
  r.count = total;
  r.overlap = CellRect{min_x, first_y, max_x - min_x + 1, last_y - first_y + 1};
  return r;
}

}  // namespace hitbox
