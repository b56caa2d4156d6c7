// Internal to the pixel masks' overlap (mask_overlap.cpp, mask_overlap_x86.cpp): the overlap
// of two masks written once, as a template over how many rows' spans are compared at a time,
// and compiled once per instruction set: the portable version in mask_overlap.cpp, the AVX2
// and AVX-512 ones in mask_overlap_x86.cpp beside the count kernels only they call. The
// word-level AND and popcount of a row here is the portable count.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "hitbox/detail/lanes.h"
#include "hitbox/mask.h"
#include "mask_detail.h"

#if HITBOX_X86
// The instruction sets of the x86 overlaps and their kernels (target attributes).
#define HITBOX_AVX512 "avx2,avx512f,avx512vl,avx512vpopcntdq,avx512vbmi2"
#define HITBOX_AVX2 "avx2,popcnt"
#endif

namespace hitbox::mask_detail {

#if HITBOX_X86
// The x86 overlaps (mask_overlap_x86.cpp) pixel_overlap dispatches to: overlap_impl<8, false>
// and overlap_impl<8, true>.
__attribute__((target("avx2"))) PixelResult overlap_avx2(const Mask& a, const Mask& b, bool count);
__attribute__((target(HITBOX_AVX512))) PixelResult overlap_avx512(const Mask& a, const Mask& b,
                                                                  bool count);
#endif

// Internal linkage, as when these lived in one .cpp file: each of the two files gets its own
// copy, inlined into its overlaps.
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
// Four rows are the core's i4 (detail/lanes.h, either build); eight only the AVX2 overlap
// takes.
template <int L>
struct IntLanes;
template <>
struct IntLanes<4> {
  using V = detail::i4;
};
#if HITBOX_X86
template <>
struct IntLanes<8> {
  typedef int V __attribute__((vector_size(32)));
};
#endif

template <int L>
struct RowMeet {
  using V = typename IntLanes<L>::V;
  V l, h;

  inline unsigned meet(const std::int32_t* alo, const std::int32_t* ahi, const std::int32_t* blo,
                       const std::int32_t* bhi, int dxb) {
    V al, ah, bl, bh;
    std::memcpy(&al, alo, sizeof al);
    std::memcpy(&ah, ahi, sizeof ah);
    std::memcpy(&bl, blo, sizeof bl);
    std::memcpy(&bh, bhi, sizeof bh);
    bl += dxb;
    bh += dxb;
    l = detail::vmax(al, bl);
    h = detail::vmin(ah, bh);
    const V m = l <= h;  // -1 where the row's spans meet
    if constexpr (L == 4) return detail::lane_mask(m);
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
// The x86 counts of the rows (mask_overlap_x86.cpp, the only file whose instantiations of
// overlap_impl call them): with AVX-512 for rows of up to W = 4 or 8 words, with AVX2 for
// rows of up to 4 * H + T words.
template <int W>
__attribute__((target(HITBOX_AVX512), noinline)) void count_rows_wide(RowScan& s, int nk);
template <int H, int T>
__attribute__((target(HITBOX_AVX2), noinline)) void count_rows_avx2(RowScan& s, int nk);

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
      vlo = detail::select(met & (m.l < vlo), m.l, vlo);
      vhi = detail::select(met & (m.h > vhi), m.h, vhi);
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

}  // namespace

}  // namespace hitbox::mask_detail
