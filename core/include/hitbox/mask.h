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

  bool empty() const { return w == 0 || h == 0; }
  bool get(int cx, int cy) const;  // cell coordinates; false outside the mask
  int count() const;               // set cells
};

// The centre of cell (i, j) in world pixels; every mask and every reference uses this.
inline Vec2 cell_centre(int i, int j, float cell) {
  return Vec2((static_cast<float>(i) + 0.5f) * cell, (static_cast<float>(j) + 0.5f) * cell);
}

// A cell rectangle in cell coordinates: [x0, x0 + w) x [y0, y0 + h).
struct CellRect {
  int x0 = 0, y0 = 0, w = 0, h = 0;
};

// Rasterise a posed rect, circle or polygon at the given accuracy into `out` (its buffer is
// reused). Convex shapes fill one span per row; span ends are settled by the same
// containment test the rule names, so the mask equals a per-cell loop exactly.
void build_mask(const Body& body, float accuracy, Mask& out);

struct PixelResult {
  bool hit = false;
  int count = 0;       // overlapping cells (0 when only the test was asked for)
  CellRect search;     // intersection of the two masks' bounds (w or h 0: none)
  CellRect overlap;    // bounding rectangle of the overlapping cells
  int first_x = 0, first_y = 0;  // first overlapping cell in row order (cell coordinates)
  float cell = 1.0f;   // cell size in world pixels, to turn cells into world pixels
};

// Overlap of two masks built at the same accuracy. Rejects on the bounding rectangles first,
// then ANDs words, shifting B's row into A's word grid (two shifts of neighbouring words);
// no per-cell loop. With count = false it stops at the first overlapping word (and still
// reports the first cell); with count = true it counts every overlapping cell and the
// bounding rectangle.
PixelResult pixel_overlap(const Mask& a, const Mask& b, bool count);

}  // namespace hitbox
