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

constexpr float kInf = std::numeric_limits<float>::infinity();

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
    std::uint64_t* row = out.bits.data() +
                         static_cast<size_t>(j - first_row) * static_cast<size_t>(out.stride) + 1;
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
  const float fw = static_cast<float>(image.w);
  const float fh = static_cast<float>(image.h);
  const std::uint8_t* alpha = image.alpha.data();
  const int thr = threshold;
  for (int j = j0; j <= j1; ++j) {
    const float y = (static_cast<float>(j) + 0.5f) * cell;
    float lo, hi;
    row_extent(frame, y, &lo, &hi);
    if (!(lo <= hi)) continue;
    const int a = std::max(i0, static_cast<int>(std::ceil(lo / cell - 0.5f)) - 1);
    const int b = std::min(i1, static_cast<int>(std::floor(hi / cell - 0.5f)) + 1);
    std::uint64_t* row = out.bits.data() +
                         static_cast<size_t>(j - j0) * static_cast<size_t>(out.stride) + 1;
    // The same arithmetic as sprite_texel(), cell by cell along the row.
    const float dy = y - frame.pos.y;
    const float ydx = dy * frame.axis_x.y;
    const float ydy = dy * frame.axis_y.y;
    for (int i = a; i <= b; ++i) {
      const float dx = (static_cast<float>(i) + 0.5f) * cell - frame.pos.x;
      const float fx = std::floor((dx * frame.axis_x.x + ydx) * inv + hw);
      const float fy = std::floor((dx * frame.axis_y.x + ydy) * inv + hh);
      if (!(fx >= 0.0f && fy >= 0.0f && fx < fw && fy < fh)) continue;
      const int idx = static_cast<int>(fy) * image.w + static_cast<int>(fx);
      if (alpha[idx] < thr) continue;
      const int x = i - i0;
      row[x >> 6] |= 1ull << (x & 63);
    }
  }
}

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
  const int k0 = (sx0 - a.x0) >> 6;
  const int k1 = (sx1 - 1 - a.x0) >> 6;
  const int off0 = a.x0 + 64 * k0 - b.x0;  // > -64 (B's left pad word covers the rest)
  const int q0 = off0 >> 6;  // floor division, also for negative offsets
  const int s = off0 & 63;
  int min_x = std::numeric_limits<int>::max(), max_x = std::numeric_limits<int>::min();
  int first_y = 0, last_y = 0;
  int total = 0;
  for (int y = sy0; y < sy1; ++y) {
    const std::uint64_t* ra = row_ptr(a, y - a.y0) + k0;
    const std::uint64_t* rb = row_ptr(b, y - b.y0) + q0;
    int row_hits = 0;
    int row_first = 0, row_last = 0;
    for (int k = 0; k <= k1 - k0; ++k) {
      const std::uint64_t bw = s == 0 ? rb[k] : (rb[k] >> s) | (rb[k + 1] << (64 - s));
      const std::uint64_t both = ra[k] & bw;
      if (both == 0) continue;
      if (!count) {
        r.hit = true;
        r.first_x = a.x0 + 64 * (k0 + k) + std::countr_zero(both);
        r.first_y = y;
        return r;
      }
      if (row_hits == 0) row_first = a.x0 + 64 * (k0 + k) + std::countr_zero(both);
      row_hits += std::popcount(both);
      row_last = a.x0 + 64 * (k0 + k) + 63 - std::countl_zero(both);
    }
    if (row_hits == 0) continue;
    if (total == 0) {
      first_y = y;
      r.first_x = row_first;
      r.first_y = y;
    }
    last_y = y;
    total += row_hits;
    min_x = std::min(min_x, row_first);
    max_x = std::max(max_x, row_last);
  }
  if (total == 0) return r;
  r.hit = true;
  r.count = total;
  r.overlap = CellRect{min_x, first_y, max_x - min_x + 1, last_y - first_y + 1};
  return r;
}

}  // namespace hitbox
