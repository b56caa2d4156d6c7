// The `query` report: every enabled algorithm's result for every requested pair, as one
// JSON line per scene. Floats are printed in their shortest round-trip form.
#include "hitbox/report.h"

#include <cassert>
#include <cmath>

#include "hitbox/analysis.h"
#include "hitbox/segment.h"
#include "json_write.h"

namespace hitbox {

bool valid_accuracy(float accuracy) {
  // The cell size 1 / accuracy must be a finite float too (a subnormal accuracy is refused).
  return accuracy > 0.0f && accuracy <= 1.0f && std::isfinite(1.0f / accuracy);
}

std::string pixel_mask_problem(const Scene& scene, const std::vector<std::pair<int, int>>& pairs,
                               float accuracy) {
  std::vector<bool> checked(scene.shapes.size(), false);
  for (const auto& [ia, ib] : pairs) {
    for (const int i : {ia, ib}) {
      const size_t k = static_cast<size_t>(i);
      if (checked[k]) continue;
      checked[k] = true;
      const Shape& s = scene.shapes[k];
      if (s.kind == Kind::Point || s.kind == Kind::Segment) continue;  // no mask (no area)
      const double cells = mask_cells(Posed(s).collider(), accuracy);
      if (cells > kMaxMaskCells) {
        return "shape \"" + s.id + "\" is too large for the pixel test at accuracy " +
               format_float(accuracy) + ": its mask would have about " +
               std::to_string(static_cast<long long>(cells)) + " cells (at most " +
               std::to_string(static_cast<long long>(kMaxMaskCells)) + ")";
      }
    }
  }
  return "";
}

std::string format_float(float v) {
  return json_write::float_text(v);
}

std::vector<std::pair<int, int>> all_pairs(const Scene& scene) {
  std::vector<std::pair<int, int>> pairs;
  const int n = static_cast<int>(scene.shapes.size());
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) pairs.emplace_back(i, j);
  }
  return pairs;
}

namespace {

using json_write::put_bool;
using json_write::put_float;
using json_write::put_interval;
using json_write::put_string;
using json_write::put_vec;

// {"hit":true}: the whole answer of the tests that say only hit or miss.
void put_hit(std::string& out, bool hit) {
  out += "{\"hit\":";
  put_bool(out, hit);
  out += '}';
}

void put_sat(std::string& out, const SatResult& r, const SatTrace& t, const Collider& a,
             const Collider& b) {
  out += "{\"hit\":";
  put_bool(out, r.hit);
  if (!r.hit) {
    out += ",\"axis\":";
    put_vec(out, r.axis);
    out += ",\"gap\":";
    put_float(out, -r.overlap);
    out += ",\"separating\":" + std::to_string(t.separating);
  } else {
    out += ",\"least_axis\":";
    put_vec(out, r.axis);
    out += ",\"overlap\":";
    put_float(out, r.overlap);
  }
  out += ",\"least\":" + std::to_string(t.least);
  out += ",\"axes\":[";
  for (size_t i = 0; i < t.axes.size(); ++i) {
    const SatAxis& ax = t.axes[i];
    if (i) out += ',';
    out += "{\"axis\":";
    put_vec(out, ax.axis);
    out += ",\"source\":\"";
    out += axis_source_name(ax.source);
    out += "\",\"a\":";
    put_interval(out, ax.a);
    out += ",\"b\":";
    put_interval(out, ax.b);
    out += ",\"overlap\":";
    put_float(out, ax.overlap);
    out += '}';
  }
  out += ']';
  if (is_segment(a) && is_segment(b)) {
    // Line against line: where they meet (two points: the ends of a collinear overlap).
    const SegmentHits h = segment_intersection(a.v[0], a.v[1], b.v[0], b.v[1]);
    out += ",\"points\":[";
    for (int i = 0; i < h.count; ++i) {
      if (i) out += ',';
      put_vec(out, h.p[i]);
    }
    out += ']';
  }
  out += '}';
}

void put_mtd(std::string& out, const MtdResult& m) {
  out += "{\"hit\":";
  put_bool(out, m.hit);
  if (m.hit) {
    out += ",\"vector\":";
    put_vec(out, m.vector);
    out += ",\"depth\":";
    put_float(out, m.depth);
  }
  out += '}';
}

void put_swept(std::string& out, const SweptResult& s, const SweptTrace& t, Vec2 point,
               const Collider& a, const Collider& b) {
  out += "{\"hit\":";
  put_bool(out, s.hit);
  if (s.gave_up) {
    // Conservative advancement ran out of advances: no contact before this time.
    out += ",\"gave_up\":true,\"toi\":";
    put_float(out, s.toi);
  }
  if (s.hit) {
    out += ",\"toi\":";
    put_float(out, s.toi);
    out += ",\"normal\":";
    put_vec(out, s.normal);
    out += ",\"point\":";
    put_vec(out, point);
    // The ball against a line: the circle's centre at impact.
    const bool ca = a.geom == Geom::Circle && !has_area(b);
    const bool cb = b.geom == Geom::Circle && !has_area(a);
    if ((ca || cb) && !s.initially_overlapping) {
      const Collider& circle = ca ? a : b;
      out += ",\"centre\":";
      put_vec(out, circle.pos + circle.vel * s.toi);
    }
    if (s.initially_overlapping) {
      out += ",\"overlapping_at_start\":true,\"mtd\":";
      put_mtd(out, s.mtd);
    }
  }
  out += ",\"method\":\"";
  out += swept_method_name(t.method);
  out += "\"}";
}

// {"hit":true,"count":N,"rect":[x,y,w,h]} with the rectangle in world pixels, or
// {"hit":false,"count":0}.
void put_pixel(std::string& out, const PixelResult& p) {
  out += "{\"hit\":";
  put_bool(out, p.hit);
  out += ",\"count\":" + std::to_string(p.count);
  if (p.hit) {
    out += ",\"rect\":[";
    put_float(out, static_cast<float>(p.overlap.x0) * p.cell);
    out += ',';
    put_float(out, static_cast<float>(p.overlap.y0) * p.cell);
    out += ',';
    put_float(out, static_cast<float>(p.overlap.w) * p.cell);
    out += ',';
    put_float(out, static_cast<float>(p.overlap.h) * p.cell);
    out += ']';
  }
  out += '}';
}

void put_gjk(std::string& out, const GjkResult& g) {
  out += "{\"hit\":";
  put_bool(out, g.hit);
  if (g.hit) {
    out += ",\"depth\":";
    put_float(out, g.depth);
    out += ",\"normal\":";
    put_vec(out, g.normal);
  } else {
    out += ",\"distance\":";
    put_float(out, g.distance);
    out += ",\"points\":[";
    put_vec(out, g.point_a);
    out += ',';
    put_vec(out, g.point_b);
    out += ']';
  }
  out += '}';
}

// {"hit":true,"normal":[nx,ny],"points":[{"point":[x,y],"separation":s,"id":k},...]}, or
// {"hit":false,"points":[]} when apart.
void put_manifold(std::string& out, const Manifold& m) {
  out += "{\"hit\":";
  put_bool(out, m.hit);
  if (m.hit) {
    out += ",\"normal\":";
    put_vec(out, m.normal);
  }
  out += ",\"points\":[";
  for (int k = 0; k < m.count; ++k) {
    const ContactPoint& p = m.points[k];
    if (k) out += ',';
    out += "{\"point\":";
    put_vec(out, p.point);
    out += ",\"separation\":";
    put_float(out, p.separation);
    out += ",\"id\":" + std::to_string(p.id);
    out += '}';
  }
  out += "]}";
}

// ,"pieces":[i,j] before the closing brace of an answer, when a concave polygon is in the
// pair (the piece pair it answered from).
void put_pieces(std::string& out, const PiecePair& p) {
  if (p.a < 0) return;
  out.pop_back();  // the answer's closing '}'
  out += ",\"pieces\":[" + std::to_string(p.a) + ',' + std::to_string(p.b) + "]}";
}

// The JSON of one algorithm that ran, from the dispatcher's results.
void put_answer(std::string& out, Algo bit, const PairAnalysis& an, const Collider& a,
                const Collider& b) {
  switch (bit) {
    case kAlgoAabb:
      put_hit(out, an.aabb.hit);
      return;
    case kAlgoBoundingCircle:
      put_hit(out, an.bounding_circle.hit);
      return;
    case kAlgoSat:
      put_sat(out, an.sat, an.sat_trace, a, b);
      put_pieces(out, an.sat_pieces);
      return;
    case kAlgoMtd:
      put_mtd(out, an.mtd);
      put_pieces(out, an.mtd_pieces);
      return;
    case kAlgoSwept:
      put_swept(out, an.swept, an.swept_trace, an.swept_point, a, b);
      put_pieces(out, an.swept_pieces);
      return;
    case kAlgoSweptLinear:
      put_swept(out, an.swept_linear, an.swept_linear_trace, an.swept_linear_point, a, b);
      put_pieces(out, an.swept_linear_pieces);
      return;
    case kAlgoPixel:
      put_pixel(out, an.pixel);
      return;
    case kAlgoGjk:
      put_gjk(out, an.gjk);
      put_pieces(out, an.gjk_pieces);
      return;
    case kAlgoQuadrant:
      put_hit(out, an.quadrant.hit);
      return;
    case kAlgoCircleAsSquare:
      put_hit(out, an.circle_as_square.hit);
      return;
    case kAlgoManifold:
      put_manifold(out, an.manifold);
      return;
  }
  assert(false && "not an algorithm bit");
}

}  // namespace

std::string scene_report_json(const Scene& scene, std::string_view scene_name,
                              const std::vector<std::pair<int, int>>& pairs, std::uint32_t algos,
                              float accuracy) {
  std::vector<Posed> posed;
  posed.reserve(scene.shapes.size());
  for (const Shape& s : scene.shapes) posed.emplace_back(s);

  // Pixel masks: built once per shape that is in some pair, at the asked accuracy.
  std::vector<Mask> masks;
  if (algos & kAlgoPixel) {
    // Preconditions, checked by the caller against the user's input (query does).
    assert(valid_accuracy(accuracy) && "check the accuracy with valid_accuracy first");
    assert(pixel_mask_problem(scene, pairs, accuracy).empty() &&
           "check the masks with pixel_mask_problem first");
    masks.resize(scene.shapes.size());
    std::vector<bool> built(scene.shapes.size(), false);
    for (const auto& [ia, ib] : pairs) {
      for (const int i : {ia, ib}) {
        const size_t k = static_cast<size_t>(i);
        if (built[k]) continue;
        built[k] = true;
        if (!has_area(posed[k])) continue;  // pixel is unsupported for points and segments
        build_mask(posed[k], accuracy, masks[k]);
      }
    }
  }

  std::string out = "{\"scene\":";
  put_string(out, scene_name);
  out += ",\"pairs\":[";
  AnalysisInput in;
  in.algos = algos;
  // The full axis list and the swept methods are printed.
  in.trace = kAlgoSat | kAlgoSwept | kAlgoSweptLinear;
  in.sat_early_exit = false;
  PairAnalysis an;
  bool first = true;
  for (const auto& [ia, ib] : pairs) {
    const size_t ka = static_cast<size_t>(ia), kb = static_cast<size_t>(ib);
    if (in.algos & kAlgoPixel) {
      in.mask_a = &masks[ka];
      in.mask_b = &masks[kb];
    }
    analyze(posed[ka], posed[kb], in, an);
    if (!first) out += ',';
    first = false;
    out += "{\"a\":";
    put_string(out, scene.shapes[ka].id);
    out += ",\"b\":";
    put_string(out, scene.shapes[kb].id);
    for (const AlgoAnswer& ans : an.answers) {
      if (ans.verdict == Verdict::NotRun) continue;
      out += ",\"";
      out += algo_name(ans.bit);
      out += "\":";
      // Pixel always has masks here (built above for every shape in a pair).
      if (!ans.ran()) {
        out += "\"unsupported\"";
        continue;
      }
      put_answer(out, ans.bit, an, posed[ka], posed[kb]);
    }
    out += '}';
  }
  out += "]}";
  return out;
}

}  // namespace hitbox
