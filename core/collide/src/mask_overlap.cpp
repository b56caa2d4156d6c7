// Pixel masks, their overlap: two masks ANDed word by word, following pygame's bitmask.c (a
// row offset is a pointer offset, a column offset two shifts of neighbouring words), applied
// to masks built in world cells (mask_build.cpp). Rows whose spans cannot meet are skipped.
// Here: the portable overlap, the run-time choice between it and the AVX2 / AVX-512 ones
// (mask_overlap_x86.cpp), and the overlap's runs. The overlap itself is in mask_overlap.h.
#include "mask_overlap.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "hitbox/mask.h"
#include "mask_detail.h"

namespace hitbox {

using namespace mask_detail;  // NOLINT: the masks' own internal helpers

namespace {

__attribute__((flatten)) PixelResult overlap_generic(const Mask& a, const Mask& b, bool count) {
  return overlap_impl<4, false>(a, b, count);
}

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
