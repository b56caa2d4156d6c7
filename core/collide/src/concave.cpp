// convex_decomposition (concave.h): ear clipping, then Hertel-Mehlhorn merging.
#include "hitbox/concave.h"

#include <algorithm>
#include <cstddef>

namespace hitbox {

namespace {

double cross3(DVec2 a, DVec2 b, DVec2 c) {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

double area2(std::span<const DVec2> p) {
  double a = 0.0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const DVec2 u = p[i], v = p[(i + 1) % p.size()];
    a += u.x * v.y - v.x * u.y;
  }
  return a;
}

// Closed triangle test, triangle (a, b, c) in positive order.
bool in_triangle(DVec2 p, DVec2 a, DVec2 b, DVec2 c) {
  return cross3(a, b, p) >= 0.0 && cross3(b, c, p) >= 0.0 && cross3(c, a, p) >= 0.0;
}

// Every corner of the index cycle turns positively (strictly).
bool convex_cycle(std::span<const DVec2> pts, const std::vector<int>& cyc) {
  const std::size_t n = cyc.size();
  for (std::size_t i = 0; i < n; ++i) {
    const DVec2 a = pts[static_cast<std::size_t>(cyc[(i + n - 1) % n])];
    const DVec2 b = pts[static_cast<std::size_t>(cyc[i])];
    const DVec2 c = pts[static_cast<std::size_t>(cyc[(i + 1) % n])];
    if (!(cross3(a, b, c) > 0.0)) return false;
  }
  return true;
}

// Ear clipping: triangles of the polygon whose indices `ring` are in positive order.
std::vector<std::vector<int>> triangulate(std::span<const DVec2> pts, std::vector<int> ring) {
  std::vector<std::vector<int>> tris;
  while (ring.size() > 3) {
    const std::size_t n = ring.size();
    std::size_t ear = n;
    double best_turn = -1.0;
    std::size_t fallback = 0;
    for (std::size_t i = 0; i < n && ear == n; ++i) {
      const int ip = ring[(i + n - 1) % n], ic = ring[i], in = ring[(i + 1) % n];
      const DVec2 a = pts[static_cast<std::size_t>(ip)], b = pts[static_cast<std::size_t>(ic)],
                  c = pts[static_cast<std::size_t>(in)];
      const double turn = cross3(a, b, c);
      if (turn > best_turn) {
        best_turn = turn;
        fallback = i;
      }
      if (!(turn > 0.0)) continue;  // reflex (or straight): not an ear
      bool empty = true;
      for (std::size_t k = 0; k < n && empty; ++k) {
        const int ik = ring[k];
        if (ik == ip || ik == ic || ik == in) continue;
        empty = !in_triangle(pts[static_cast<std::size_t>(ik)], a, b, c);
      }
      if (empty) ear = i;
    }
    // Rounding can hide every ear of a nearly degenerate outline; then the sharpest convex
    // corner goes (the theorem says an ear exists).
    if (ear == n) ear = fallback;
    tris.push_back({ring[(ear + n - 1) % n], ring[ear], ring[(ear + 1) % n]});
    ring.erase(ring.begin() + static_cast<std::ptrdiff_t>(ear));
  }
  tris.push_back(ring);
  return tris;
}

// Position of the directed edge u -> v in cycle c, or -1.
int edge_at(const std::vector<int>& c, int u, int v) {
  const std::size_t n = c.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (c[i] == u && c[(i + 1) % n] == v) return static_cast<int>(i);
  }
  return -1;
}

// a holds u -> v at position ia, b holds v -> u at ib: a's walk from v round to u, then b's
// from u round to v without the two shared points.
std::vector<int> merge(const std::vector<int>& a, int ia, const std::vector<int>& b, int ib) {
  const std::size_t na = a.size(), nb = b.size();
  std::vector<int> out;
  for (std::size_t k = 0; k < na; ++k)
    out.push_back(a[(static_cast<std::size_t>(ia) + 1 + k) % na]);
  for (std::size_t k = 2; k < nb; ++k) out.push_back(b[(static_cast<std::size_t>(ib) + k) % nb]);
  return out;
}

}  // namespace

bool polygon_is_convex(std::span<const DVec2> points) {
  const std::size_t n = points.size();
  if (n < 3) return false;
  const bool positive = area2(points) > 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const double t = cross3(points[(i + n - 1) % n], points[i], points[(i + 1) % n]);
    if (positive ? !(t > 0.0) : !(t < 0.0)) return false;
  }
  return true;
}

std::vector<std::vector<int>> convex_decomposition(std::span<const DVec2> points) {
  const int n = static_cast<int>(points.size());
  std::vector<int> ring(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) ring[static_cast<std::size_t>(i)] = i;
  if (area2(points) < 0.0) std::reverse(ring.begin(), ring.end());
  if (polygon_is_convex(points)) return {ring};

  std::vector<std::vector<int>> pieces = triangulate(points, ring);
  // Hertel-Mehlhorn: remove inessential diagonals, one merge at a time, until none is left.
  bool merged = true;
  while (merged) {
    merged = false;
    for (std::size_t p = 0; p < pieces.size() && !merged; ++p) {
      const std::vector<int>& a = pieces[p];
      for (std::size_t e = 0; e < a.size() && !merged; ++e) {
        const int u = a[e], v = a[(e + 1) % a.size()];
        // An outline edge (consecutive in the input, either way round) is no diagonal.
        if ((u + 1) % n == v || (v + 1) % n == u) continue;
        for (std::size_t q = 0; q < pieces.size() && !merged; ++q) {
          if (q == p) continue;
          const int ib = edge_at(pieces[q], v, u);
          if (ib < 0) continue;
          std::vector<int> m = merge(a, static_cast<int>(e), pieces[q], ib);
          if (!convex_cycle(points, m)) break;  // this diagonal is essential
          pieces[p] = std::move(m);
          pieces.erase(pieces.begin() + static_cast<std::ptrdiff_t>(q));
          merged = true;
        }
      }
    }
  }
  return pieces;
}

}  // namespace hitbox
