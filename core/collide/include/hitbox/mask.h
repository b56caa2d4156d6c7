// Pixel masks: every shape rasterised onto one world grid, 1 bit per cell, 64 cells a word.
//
// Sampling rule. At accuracy a (0 < a <= 1) the world is cut into square cells 1/a pixels
// wide, aligned with the world origin: cell (i, j) covers [i/a, (i+1)/a) x [j/a, (j+1)/a)
// and its centre is ((i + 0.5)/a, (j + 0.5)/a). A cell belongs to a shape when its centre
// is inside the shape (hitbox::contains, closed). Rect, circle and polygon masks follow that
// rule exactly, so any pair can be compared by pixels.
//
// Storage (as pygame's bitmask, but in world cells so any pose can be compared):
//
//      cell column:  x0 ......................... x0+63 | x0+64 ...
//      row y0:       word[0] bit 0 ............. bit 63  | word[1] bit 0 ...
//      row y0+1:     word[stride] ...
//
// Each row has `stride` words plus one zero word of padding, so a shifted read of the word
// after the last never leaves the row. Bits beyond w in a row are zero.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "hitbox/shape.h"

namespace hitbox {

struct Mask {
  int x0 = 0, y0 = 0;  // cell coordinates of the top-left cell
  int w = 0, h = 0;    // size in cells (0 when the shape covers no cell centre)
  int stride = 0;      // words per row, padding word included
  float cell = 1.0f;   // cell size in world pixels (1 / accuracy)
  std::vector<std::uint64_t> bits;
  // Per row, the first and last set column relative to x0 (w and -1 on an empty row). The
  // builders fill them and pixel_overlap uses them to skip rows and words that cannot
  // overlap. A mask whose row_lo / row_hi are not h long (e.g. bits filled by hand) has
  // every row taken as spanning its full width.
  std::vector<std::int32_t> row_lo, row_hi;

  bool empty() const { return w == 0 || h == 0; }
  bool get(int cx, int cy) const;  // cell coordinates; false outside the mask
  int count() const;               // set cells
};

// Cells in the bounding rectangle of a shape's mask at `accuracy`, with the one-cell margin
// the builders may add on every side; +inf when the shape's bounds are not finite or reach
// cell coordinates beyond +-2^30, which no mask can hold. Callers refuse a shape above their
// limit before building its mask (report.h, kMaxMaskCells); the builders leave such a mask
// empty rather than overflow.
double mask_cells(const Collider& b, float accuracy);

// The centre of cell (i, j) in world pixels; every mask and every reference uses this.
inline Vec2 cell_centre(int i, int j, float cell) {
  return Vec2((static_cast<float>(i) + 0.5f) * cell, (static_cast<float>(j) + 0.5f) * cell);
}

// The texel a world point falls in, for a sprite whose frame is the posed box `frame`
// (image w x h, scaled by `scale`, centred on pos; mirror and rotation from the frame's
// local axes). Returns false when the point is outside the image.
inline bool sprite_texel(const Collider& frame, float inv_scale, int w, int h, Vec2 p, int* ix,
                         int* iy) {
  const Vec2 d = p - frame.pos;
  const float tx = dot(d, frame.axis_x) * inv_scale + 0.5f * static_cast<float>(w);
  const float ty = dot(d, frame.axis_y) * inv_scale + 0.5f * static_cast<float>(h);
  const float fx = std::floor(tx);
  const float fy = std::floor(ty);
  if (!(fx >= 0.0f && fy >= 0.0f && fx < static_cast<float>(w) && fy < static_cast<float>(h))) {
    return false;
  }
  *ix = static_cast<int>(fx);
  *iy = static_cast<int>(fy);
  return true;
}

// A cell rectangle in cell coordinates: [x0, x0 + w) x [y0, y0 + h).
struct CellRect {
  int x0 = 0, y0 = 0, w = 0, h = 0;
};

// Rasterise a posed shape at the given accuracy into `out` (its buffer is reused). Convex
// shapes fill one span per row; span ends are settled by the same containment test the rule
// names, so the mask equals a per-cell loop exactly. Sprites go to build_sprite_mask.
void build_mask(const Collider& shape, float accuracy, Mask& out);

// Rasterise a sprite: a cell belongs when its centre falls in a texel (nearest, through the
// inverse of the sprite's transform, mirror and scale included) whose alpha >= threshold.
// `frame` is the sprite's posed frame box (image size times scale, centred on pos).
// The mask's bounds are its set cells (as for the other shapes), not the frame's.
void build_sprite_mask(const Collider& frame, const SpriteImage& image, int threshold, float scale,
                       float accuracy, Mask& out);

struct PixelResult {
  bool hit = false;
  int count = 0;                 // overlapping cells (0 when only the test was asked for)
  CellRect search;               // intersection of the two masks' bounds (w or h 0: none)
  CellRect overlap;              // bounding rectangle of the overlapping cells
  int first_x = 0, first_y = 0;  // first overlapping cell in row order (cell coordinates)
  float cell = 1.0f;             // cell size in world pixels, to turn cells into world pixels
};

// Overlap of two masks built at the same accuracy. Rejects on the bounding rectangles first,
// then ANDs words, shifting B's row into A's word grid (two shifts of neighbouring words);
// no per-cell loop. With count = false it stops at the first overlapping word (and still
// reports the first cell); with count = true it counts every overlapping cell and the
// bounding rectangle.
PixelResult pixel_overlap(const Mask& a, const Mask& b, bool count);

namespace detail {
// Which kernels pixel_overlap runs: the best the CPU has (the default), at most AVX2, or the
// portable code. Not for applications: tests and benchmarks use it to check a slower CPU's
// path on a faster one. Set it before any other thread uses the masks.
enum class MaskIsa : std::uint8_t { Best, Avx2, Portable };
void set_mask_isa(MaskIsa isa);
}  // namespace detail

// A run of cells in one row: cells [x0, x1) of row y (cell coordinates).
struct CellRun {
  int y = 0, x0 = 0, x1 = 0;
  bool operator==(const CellRun&) const = default;
};

// The cells both masks hold, as row runs in row order (what the window draws), from the same
// shifted word reads as pixel_overlap. `out` is cleared first.
void overlap_runs(const Mask& a, const Mask& b, std::vector<CellRun>& out);

}  // namespace hitbox
