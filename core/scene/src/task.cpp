// Lesson task conditions (task.h): a recursive-descent parser into postfix steps, and a
// stack evaluator over the frame's analysis.
#include "hitbox/task.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>

#include "hitbox/scene.h"

namespace hitbox {
namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

// The figures each algorithm offers besides "hit".
struct Figures {
  Algo bit;
  const char* names;  // space-separated
};
constexpr Figures kFigures[] = {
    {kAlgoAabb, "depth"},         {kAlgoBoundingCircle, "gap"},
    {kAlgoSat, "overlap axes"},   {kAlgoMtd, "depth"},
    {kAlgoSwept, "toi"},          {kAlgoPixel, "cells"},
    {kAlgoGjk, "depth distance"}, {kAlgoQuadrant, ""},
    {kAlgoCircleAsSquare, ""},    {kAlgoManifold, "points depth"},
    {kAlgoSweptLinear, "toi"},
};
constexpr const char* kShapeFields = "x y angle scale vx vy spin";
constexpr const char* kMoverFields = "x y input ground planes moved slope steps mistakes";
constexpr const char* kGhostFields = "x y moved";

// The mistakes' keys, "mtd_only no_cast ..." (mover.<mistake>.<field>).
std::string mover_mistake_keys() {
  std::string out;
  for (const MoverMistake m : kMoverMistakes) {
    if (!out.empty()) out += ' ';
    out += mover_mistake_key(m);
  }
  return out;
}

bool listed(const char* list, std::string_view word) {
  std::string_view rest(list);
  while (!rest.empty()) {
    const std::size_t end = rest.find(' ');
    if (rest.substr(0, end) == word) return true;
    if (end == std::string_view::npos) break;
    rest.remove_prefix(end + 1);
  }
  return false;
}

std::optional<Algo> algo_named(std::string_view name) {
  for (const AlgoInfo& info : kAlgorithms) {
    if (name == info.name) return info.bit;
  }
  return std::nullopt;
}

const char* figures_of(Algo bit) {
  for (const Figures& f : kFigures) {
    if (f.bit == bit) return f.names;
  }
  return "";
}

struct Parser {
  std::string_view text;
  std::size_t at = 0;
  Condition& out;
  std::string error;

  bool failed() const { return !error.empty(); }
  void fail(std::size_t where, const std::string& what) {
    if (error.empty()) error = "at " + std::to_string(where + 1) + ": " + what;
  }
  void skip_space() {
    while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at]))) ++at;
  }
  static bool word_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  }
  // The next word (letters, digits, _ and -), without consuming it.
  std::string_view peek_word() {
    skip_space();
    std::size_t end = at;
    while (end < text.size() && word_char(text[end])) ++end;
    return text.substr(at, end - at);
  }
  bool take_word(std::string_view w) {
    if (peek_word() != w) return false;
    at += w.size();
    return true;
  }
  void emit(Condition::Op op) {
    Condition::Step s;
    s.op = op;
    out.steps.push_back(s);
  }

  void condition() {
    either();
    while (!failed() && take_word("or")) {
      either();
      emit(Condition::Op::Or);
    }
  }
  void either() {
    both();
    while (!failed() && take_word("and")) {
      both();
      emit(Condition::Op::And);
    }
  }
  void both() {
    if (take_word("not")) {
      both();
      emit(Condition::Op::Not);
      return;
    }
    value();
    if (failed()) return;
    skip_space();
    static constexpr struct {
      const char* text;
      Condition::Op op;
    } kOps[] = {{"<=", Condition::Op::LessEq}, {">=", Condition::Op::MoreEq},
                {"==", Condition::Op::Eq},     {"!=", Condition::Op::Ne},
                {"<", Condition::Op::Less},    {">", Condition::Op::More}};
    for (const auto& o : kOps) {
      if (text.substr(at).starts_with(o.text)) {
        at += std::string_view(o.text).size();
        value();
        emit(o.op);
        return;
      }
    }
  }
  void value() {
    skip_space();
    const std::size_t start = at;
    if (at >= text.size()) return fail(at, "a value is missing at the end");
    const char c = text[at];
    if (c == '(') {
      ++at;
      condition();
      skip_space();
      if (failed()) return;
      if (at >= text.size() || text[at] != ')') return fail(at, "')' expected");
      ++at;
      return;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '.') {
      const std::string rest(text.substr(at));
      char* end = nullptr;
      const double v = std::strtod(rest.c_str(), &end);
      if (end == rest.c_str() || !std::isfinite(v)) return fail(at, "a number expected");
      at += static_cast<std::size_t>(end - rest.c_str());
      Condition::Step s;
      s.number = v;
      out.steps.push_back(s);
      return;
    }
    name(start);
  }
  // A dotted name: its parts, checked against what can be read.
  void name(std::size_t start) {
    std::vector<std::string> parts;
    for (;;) {
      const std::string_view w = peek_word();
      if (w.empty()) return fail(at, "a name or a number expected");
      parts.emplace_back(w);
      at += w.size();
      if (at < text.size() && text[at] == '.') {
        ++at;
        continue;
      }
      break;
    }
    const std::string whole = [&] {
      std::string s;
      for (const std::string& p : parts) s += (s.empty() ? "" : ".") + p;
      return s;
    }();
    Condition::Step s;
    s.op = Condition::Op::Read;
    if (parts.size() == 2 && parts[0] == "play") {
      if (parts[1] == "time") {
        s.source = Condition::Source::PlayTime;
      } else if (parts[1] == "points") {
        s.source = Condition::Source::PlayPoints;
      } else if (parts[1] == "warm_start") {
        s.source = Condition::Source::PlayWarmStart;
      } else if (parts[1] == "sleeping") {
        s.source = Condition::Source::PlaySleeping;
      } else {
        return fail(start, "unknown field '" + parts[1] +
                               "' of play (it has: time points warm_start sleeping)");
      }
    } else if (parts[0] == "mover" && (parts.size() == 2 || parts.size() == 3)) {
      s.source = Condition::Source::Mover;
      s.name = parts.back();
      if (parts.size() == 3) {
        for (std::size_t k = 0; k < kMoverMistakes.size(); ++k)
          if (parts[1] == mover_mistake_key(kMoverMistakes[k])) s.mistake = static_cast<int>(k);
        if (s.mistake < 0)
          return fail(start, "unknown mistake '" + parts[1] +
                                 "' of mover (it has: " + mover_mistake_keys() + ")");
        if (!listed(kGhostFields, s.name))
          return fail(start, "unknown field '" + s.name + "' of mover." + parts[1] +
                                 " (it has: " + kGhostFields + ")");
      } else if (!listed(kMoverFields, s.name) && s.name != "on") {
        return fail(start, "unknown field '" + s.name + "' of mover (it has: on " + kMoverFields +
                               ", and mistakes' ghosts: " + mover_mistake_keys() + ")");
      }
    } else if (parts.size() == 2 && (parts[0] == "a" || parts[0] == "b")) {
      s.source = parts[0] == "a" ? Condition::Source::ShapeA : Condition::Source::ShapeB;
      s.name = parts[1];
      if (!listed(kShapeFields, s.name)) {
        return fail(start,
                    "unknown field '" + s.name + "' of a shape (it has: " + kShapeFields + ")");
      }
    } else if (parts.size() == 3 && parts[0] == "shape") {
      s.source = Condition::Source::ShapeId;
      s.shape = parts[1];
      s.name = parts[2];
      if (!listed(kShapeFields, s.name)) {
        return fail(start,
                    "unknown field '" + s.name + "' of a shape (it has: " + kShapeFields + ")");
      }
    } else if (parts.size() == 2) {
      const std::optional<Algo> bit = algo_named(parts[0]);
      if (!bit) {
        return fail(start, "unknown name '" + whole + "' (an algorithm (" + algo_name_list() +
                               "), a, b, shape.ID, play or mover)");
      }
      s.source = Condition::Source::Algo;
      s.algo = *bit;
      s.name = parts[1];
      const char* figures = figures_of(*bit);
      if (s.name != "hit" && !listed(figures, s.name)) {
        return fail(start, "unknown figure '" + s.name + "' of " + parts[0] + " (it has: hit" +
                               (*figures ? std::string(", ") + figures : std::string()) + ")");
      }
      out.algos |= *bit;
    } else {
      return fail(start, "unknown name '" + whole + "' (an algorithm (" + algo_name_list() +
                             "), a, b, shape.ID, play or mover)");
    }
    out.steps.push_back(s);
  }
};

double shape_field(const Shape* s, const std::string& f) {
  if (s == nullptr) return kNone;
  if (f == "x") return s->pos.x;
  if (f == "y") return s->pos.y;
  if (f == "angle") return s->angle;
  if (f == "scale") return s->scale;
  if (f == "vx") return s->vel.x;
  if (f == "vy") return s->vel.y;
  if (f == "spin") return s->spin;
  return kNone;
}

// A mover.* name: the character's field, or (mistake >= 0) its ghost's while shown.
double mover_field(const MoverRun* m, int mistake, const std::string& f) {
  if (f == "on" && mistake < 0) return m ? 1.0 : 0.0;
  if (m == nullptr) return kNone;
  if (mistake >= 0) {
    if (!m->mistakes || !m->ghosts_placed) return kNone;
    const std::size_t k = static_cast<std::size_t>(mistake);
    if (f == "x") return middle(m->ghosts[k].capsule).x;
    if (f == "y") return middle(m->ghosts[k].capsule).y;
    if (f == "moved") return glm::length(m->ghost_moved[k]);
    return kNone;
  }
  if (f == "x") return middle(m->body.capsule).x;
  if (f == "y") return middle(m->body.capsule).y;
  if (f == "input") return m->input;
  if (f == "ground") return m->body.on_ground ? 1.0 : 0.0;
  if (f == "planes") return static_cast<double>(m->last.planes.size());
  if (f == "moved") return glm::length(m->last.delta);
  if (f == "slope") {
    float steepest = 0.0f;
    for (const MoverPlane& p : m->last.planes) steepest = std::fmax(steepest, mover_slope(p));
    return steepest;
  }
  if (f == "steps") return m->stair_steps;
  if (f == "mistakes") return m->mistakes ? 1.0 : 0.0;
  return kNone;
}

double algo_figure(const PairAnalysis* an, Algo bit, const std::string& f) {
  if (an == nullptr) return f == "hit" ? 0.0 : kNone;
  const AlgoAnswer& ans = an->answer(bit);
  if (f == "hit") return ans.hit() ? 1.0 : 0.0;
  if (!ans.ran()) return kNone;
  switch (bit) {
    case kAlgoAabb:
      return an->aabb.depth;
    case kAlgoBoundingCircle:
      return an->bounding_circle.gap;
    case kAlgoSat:
      return f == "axes" ? static_cast<double>(an->sat.tested) : an->sat.overlap;
    case kAlgoMtd:
      return an->mtd.hit ? an->mtd.depth : kNone;
    case kAlgoSwept:
      return an->swept.hit ? an->swept.toi : kNone;
    case kAlgoSweptLinear:
      return an->swept_linear.hit ? an->swept_linear.toi : kNone;
    case kAlgoPixel:
      return an->pixel.count;
    case kAlgoGjk:
      if (f == "depth") return an->gjk.hit ? an->gjk.depth : kNone;
      return an->gjk.hit ? kNone : an->gjk.distance;
    case kAlgoManifold: {
      const Manifold& m = an->manifold;
      if (f == "points") return m.count;
      if (!m.hit) return kNone;
      double deepest = m.points[0].separation;
      for (int k = 1; k < m.count; ++k) deepest = std::min<double>(deepest, m.points[k].separation);
      return -deepest;
    }
    default:
      return kNone;
  }
}

}  // namespace

std::string parse_condition(std::string_view text, Condition& out) {
  out = Condition{};
  Parser p{text, 0, out, {}};
  p.condition();
  p.skip_space();
  if (!p.failed() && p.at < text.size()) {
    p.fail(p.at, "unexpected '" + std::string(text.substr(p.at, 1)) + "'");
  }
  if (!p.failed() && out.steps.empty()) p.fail(0, "the condition is empty");
  if (p.failed()) out = Condition{};
  return p.error;
}

std::string condition_shape_problem(const Condition& c, const Scene& scene) {
  for (const Condition::Step& s : c.steps) {
    if (s.op == Condition::Op::Read && s.source == Condition::Source::ShapeId &&
        scene.find(s.shape) < 0) {
      return "no shape has the id \"" + s.shape + "\"";
    }
  }
  return "";
}

bool condition_holds(const Condition& c, const TaskInputs& in) {
  std::vector<double> stack;
  stack.reserve(c.steps.size());
  const auto pop = [&] {
    const double v = stack.back();
    stack.pop_back();
    return v;
  };
  const auto truth = [](double v) { return !std::isnan(v) && v != 0.0; };
  for (const Condition::Step& s : c.steps) {
    using Op = Condition::Op;
    switch (s.op) {
      case Op::Number:
        stack.push_back(s.number);
        break;
      case Op::Read:
        switch (s.source) {
          case Condition::Source::Algo:
            stack.push_back(algo_figure(in.analysis, static_cast<Algo>(s.algo), s.name));
            break;
          case Condition::Source::ShapeA:
            stack.push_back(shape_field(in.a, s.name));
            break;
          case Condition::Source::ShapeB:
            stack.push_back(shape_field(in.b, s.name));
            break;
          case Condition::Source::ShapeId: {
            const int i = in.scene ? in.scene->find(s.shape) : -1;
            stack.push_back(shape_field(
                i >= 0 ? &in.scene->shapes[static_cast<std::size_t>(i)] : nullptr, s.name));
            break;
          }
          case Condition::Source::PlayTime:
            stack.push_back(in.play_time);
            break;
          case Condition::Source::PlayPoints:
            stack.push_back(in.play_points);
            break;
          case Condition::Source::PlayWarmStart:
            stack.push_back(in.play_warm_start ? 1.0 : 0.0);
            break;
          case Condition::Source::PlaySleeping:
            stack.push_back(in.play_sleeping);
            break;
          case Condition::Source::Mover:
            stack.push_back(mover_field(in.mover, s.mistake, s.name));
            break;
        }
        break;
      case Op::Not:
        stack.push_back(truth(pop()) ? 0.0 : 1.0);
        break;
      default: {
        const double r = pop(), l = pop();
        bool v = false;
        switch (s.op) {
          case Op::And:
            v = truth(l) && truth(r);
            break;
          case Op::Or:
            v = truth(l) || truth(r);
            break;
          case Op::Less:
            v = l < r;
            break;
          case Op::LessEq:
            v = l <= r;
            break;
          case Op::More:
            v = l > r;
            break;
          case Op::MoreEq:
            v = l >= r;
            break;
          case Op::Eq:
            v = l == r;
            break;
          case Op::Ne:
            v = !std::isnan(l) && !std::isnan(r) && l != r;
            break;
          default:
            break;
        }
        stack.push_back(v ? 1.0 : 0.0);
      }
    }
  }
  return !stack.empty() && truth(stack.back());
}

}  // namespace hitbox
