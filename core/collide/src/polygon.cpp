// Polygon validation and convex hulls, in doubles (the scene file's precision).
//
// polygon_problem() reports the first problem it finds, in this order: too few points, too
// many points, a non-finite coordinate, a repeated point, three collinear consecutive
// points, a self-intersecting outline (the first two edges that meet). Concave outlines are
// allowed (issue 12). Every message about one point
// starts with "point N" (N is the 0-based index into the list, as in "points[N]" in a scene
// file); the scene loader relies on that prefix to name the field.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "hitbox/shape.h"

namespace hitbox {
namespace {

double cross2(DVec2 a, DVec2 b) {
  return a.x * b.y - a.y * b.x;
}
double length2(DVec2 a) {
  return std::hypot(a.x, a.y);
}

// Relative tolerance for "these two edges are parallel": |e1 x e2| <= kCollinear |e1| |e2|,
// i.e. the sine of the angle between them is at most 1e-9.
constexpr double kCollinear = 1e-9;

bool nearly_parallel(DVec2 e1, DVec2 e2) {
  return std::abs(cross2(e1, e2)) <= kCollinear * length2(e1) * length2(e2);
}

std::string point_msg(std::size_t i, const std::string& what) {
  return "point " + std::to_string(i) + " " + what;
}

int sign_of(double v) {
  return v > 0.0 ? 1 : (v < 0.0 ? -1 : 0);
}

// Do the closed segments a0-a1 and b0-b1 cross or touch?
bool segments_meet(DVec2 a0, DVec2 a1, DVec2 b0, DVec2 b1) {
  const int d1 = sign_of(cross2(a1 - a0, b0 - a0));
  const int d2 = sign_of(cross2(a1 - a0, b1 - a0));
  const int d3 = sign_of(cross2(b1 - b0, a0 - b0));
  const int d4 = sign_of(cross2(b1 - b0, a1 - b0));
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  auto on_segment = [](DVec2 p, DVec2 q, DVec2 r) {  // r on segment p-q, given collinear
    return std::min(p.x, q.x) <= r.x && r.x <= std::max(p.x, q.x) && std::min(p.y, q.y) <= r.y &&
           r.y <= std::max(p.y, q.y);
  };
  return (d1 == 0 && on_segment(a0, a1, b0)) || (d2 == 0 && on_segment(a0, a1, b1)) ||
         (d3 == 0 && on_segment(b0, b1, a0)) || (d4 == 0 && on_segment(b0, b1, a1));
}

}  // namespace

std::string polygon_problem(std::span<const DVec2> points) {
  const std::size_t n = points.size();
  if (n < 3) {
    return "a polygon needs at least 3 points, this one has " + std::to_string(n);
  }
  if (n > static_cast<std::size_t>(kMaxPolygonPoints)) {
    return "a polygon may have at most " + std::to_string(kMaxPolygonPoints) +
           " points, this one has " + std::to_string(n);
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (!std::isfinite(points[i].x) || !std::isfinite(points[i].y)) {
      return point_msg(i, "is not a finite number pair");
    }
  }
  for (std::size_t j = 1; j < n; ++j) {
    for (std::size_t i = 0; i < j; ++i) {
      if (points[i] == points[j]) {
        return point_msg(j, "repeats point " + std::to_string(i));
      }
    }
  }

  // No vertex on a straight line through its neighbours (nor a spike doubling back).
  for (std::size_t i = 0; i < n; ++i) {
    const DVec2 prev = points[(i + n - 1) % n];
    const DVec2 next = points[(i + 1) % n];
    const DVec2 e1 = points[i] - prev;
    const DVec2 e2 = next - points[i];
    if (nearly_parallel(e1, e2)) {
      return point_msg(i, "is collinear with its neighbours (points " +
                              std::to_string((i + n - 1) % n) + " and " +
                              std::to_string((i + 1) % n) + ")");
    }
  }

  // Simple: no two edges meet except neighbours at their shared point (a concave outline is
  // allowed; it is decomposed into convex pieces when posed, concave.h). The first crossing
  // in edge order is named.
  for (std::size_t j = 2; j < n; ++j) {
    for (std::size_t i = 0; i + 1 < j; ++i) {
      if (i == 0 && j == n - 1) continue;  // neighbours through the wrap-around
      if (segments_meet(points[i], points[i + 1], points[j], points[(j + 1) % n])) {
        return point_msg(j, "starts an edge (" + std::to_string(j) + " -> " +
                                std::to_string((j + 1) % n) + ") that crosses edge " +
                                std::to_string(i) + " -> " + std::to_string(i + 1) +
                                "; the polygon intersects itself");
      }
    }
  }
  return "";
}

// Andrew's monotone chain. Non-finite points are ignored (they have no place on a hull).
// Collinear and nearly collinear points (same tolerance as polygon_problem) are dropped,
// so a hull of 3 or more points always passes polygon_problem.
std::vector<DVec2> convex_hull(std::span<const DVec2> points) {
  std::vector<DVec2> p;
  p.reserve(points.size());
  for (const DVec2& q : points) {
    if (std::isfinite(q.x) && std::isfinite(q.y)) p.push_back(q);
  }
  std::sort(p.begin(), p.end(),
            [](DVec2 a, DVec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  p.erase(std::unique(p.begin(), p.end()), p.end());
  if (p.size() < 3) return p;

  // Keep a point only where the chain turns left by more than the tolerance (positive
  // cross product), which yields positive shoelace area.
  auto turns_left = [](DVec2 a, DVec2 b, DVec2 c) {
    const DVec2 e1 = b - a;
    const DVec2 e2 = c - b;
    return cross2(e1, e2) > kCollinear * length2(e1) * length2(e2);
  };
  std::vector<DVec2> hull;
  hull.reserve(2 * p.size());
  for (const DVec2& q : p) {  // lower chain, left to right
    while (hull.size() >= 2 && !turns_left(hull[hull.size() - 2], hull.back(), q)) {
      hull.pop_back();
    }
    hull.push_back(q);
  }
  const std::size_t lower = hull.size() + 1;
  for (std::size_t k = p.size() - 1; k-- > 0;) {  // upper chain, right to left
    while (hull.size() >= lower && !turns_left(hull[hull.size() - 2], hull.back(), p[k])) {
      hull.pop_back();
    }
    hull.push_back(p[k]);
  }
  hull.pop_back();  // the first point again

  // The chains never test the turns where they meet (leftmost and rightmost points); drop
  // any vertex there that is not a clear left turn, until none is left.
  bool changed = true;
  while (changed && hull.size() >= 3) {
    changed = false;
    const std::size_t m = hull.size();
    for (std::size_t i = 0; i < m; ++i) {
      if (!turns_left(hull[(i + m - 1) % m], hull[i], hull[(i + 1) % m])) {
        hull.erase(hull.begin() + static_cast<std::ptrdiff_t>(i));
        changed = true;
        break;
      }
    }
  }
  if (hull.size() < 3) {
    // Everything is (nearly) on one line: the hull is the segment between the extremes.
    hull = {p.front(), p.back()};
  }
  return hull;
}

}  // namespace hitbox
