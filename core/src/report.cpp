// The `query` report: every enabled algorithm's result for every requested pair, as one
// JSON line per scene. Floats are printed in their shortest round-trip form.
#include "hitbox/report.h"

#include <charconv>
#include <cstdio>

#include "hitbox/collide.h"

namespace hitbox {

std::optional<std::uint32_t> parse_algo_list(std::string_view list, std::string* bad) {
  std::uint32_t bits = 0;
  size_t start = 0;
  while (start <= list.size()) {
    const size_t comma = list.find(',', start);
    const size_t end = comma == std::string_view::npos ? list.size() : comma;
    const std::string_view name = list.substr(start, end - start);
    bool found = false;
    for (const AlgoInfo& info : kAlgorithms) {
      if (name == info.name) {
        bits |= info.bit;
        found = true;
      }
    }
    if (!found) {
      if (bad) *bad = std::string(name);
      return std::nullopt;
    }
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return bits;
}

bool algo_supports(Algo /*algo*/, Kind /*a*/, Kind /*b*/) {
  // Every algorithm so far answers for every pair of rect, circle and polygon. New kinds or
  // algorithms that do not cover a pair return false here and print "unsupported".
  return true;
}

std::string format_float(float v) {
  char buf[32];
  const auto res = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, res.ptr);
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

void put_string(std::string& out, std::string_view s) {
  out += '"';
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += ch;
    }
  }
  out += '"';
}

void put_float(std::string& out, float v) { out += format_float(v); }

void put_vec(std::string& out, Vec2 v) {
  out += '[';
  put_float(out, v.x);
  out += ',';
  put_float(out, v.y);
  out += ']';
}

void put_interval(std::string& out, Interval i) {
  out += '[';
  put_float(out, i.min);
  out += ',';
  put_float(out, i.max);
  out += ']';
}

void put_bool(std::string& out, bool b) { out += b ? "true" : "false"; }

void put_sat(std::string& out, const SatResult& r, const SatTrace& t) {
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
  out += "]}";
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

void put_swept(std::string& out, const SweptResult& s, const SweptTrace& t) {
  out += "{\"hit\":";
  put_bool(out, s.hit);
  if (s.hit) {
    out += ",\"toi\":";
    put_float(out, s.toi);
    out += ",\"normal\":";
    put_vec(out, s.normal);
    if (s.initially_overlapping) {
      out += ",\"overlapping_at_start\":true,\"mtd\":";
      put_mtd(out, s.mtd);
    }
  }
  out += ",\"method\":\"";
  out += swept_method_name(t.method);
  out += "\"}";
}

}  // namespace

std::string scene_report_json(const Scene& scene, std::string_view scene_name,
                              const std::vector<std::pair<int, int>>& pairs, std::uint32_t algos) {
  std::vector<Posed> posed;
  posed.reserve(scene.shapes.size());
  for (const Shape& s : scene.shapes) posed.emplace_back(s);

  std::string out = "{\"scene\":";
  put_string(out, scene_name);
  out += ",\"pairs\":[";
  SatTrace sat_trace;
  SweptTrace swept_trace;
  bool first = true;
  for (const auto& [ia, ib] : pairs) {
    const Shape& sa = scene.shapes[static_cast<size_t>(ia)];
    const Shape& sb = scene.shapes[static_cast<size_t>(ib)];
    const Body& a = posed[static_cast<size_t>(ia)];
    const Body& b = posed[static_cast<size_t>(ib)];
    if (!first) out += ',';
    first = false;
    out += "{\"a\":";
    put_string(out, sa.id);
    out += ",\"b\":";
    put_string(out, sb.id);
    for (const AlgoInfo& info : kAlgorithms) {
      if (!(algos & info.bit)) continue;
      out += ",\"";
      out += info.name;
      out += "\":";
      if (!algo_supports(info.bit, sa.kind, sb.kind)) {
        out += "\"unsupported\"";
        continue;
      }
      switch (info.bit) {
        case kAlgoAabb:
          out += "{\"hit\":";
          put_bool(out, aabb(a, b).hit);
          out += '}';
          break;
        case kAlgoBoundingCircle:
          out += "{\"hit\":";
          put_bool(out, bounding_circle(a, b).hit);
          out += '}';
          break;
        case kAlgoSat: {
          const SatResult r = sat(a, b, &sat_trace, /*early_exit=*/false);
          put_sat(out, r, sat_trace);
          break;
        }
        case kAlgoMtd:
          put_mtd(out, mtd(a, b));
          break;
        case kAlgoSwept: {
          const SweptResult r = swept(a, b, &swept_trace);
          put_swept(out, r, swept_trace);
          break;
        }
      }
    }
    out += '}';
  }
  out += "]}";
  return out;
}

}  // namespace hitbox
