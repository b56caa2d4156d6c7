// The mover (hitbox/mover.h): collide, solve, cast and clip, and move_and_slide on them.
#include "hitbox/mover.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>

#include "hitbox/collide.h"
#include "hitbox/gjk.h"

namespace hitbox {

namespace {

constexpr float kPi = 3.14159265358979f;
// px: a solved move climbing less than this more than asked is not climbing a steep slope
// (a push out of an overlap of rounding size).
constexpr float kClimbTolerance = 1e-4f;

// A capsule's Collider, moved without allocating: enough Vec2 slots for two vertices
// (pose_vec_slots).
using CapsuleStorage = std::array<Vec2, 16>;

Posed pose_capsule(const Capsule& c) {
  Shape s;
  s.kind = Kind::Capsule;
  const Vec2 mid = middle(c);
  s.pos = DVec2(mid);
  s.points = {DVec2(c.center1 - mid), DVec2(c.center2 - mid)};
  s.radius = double(c.radius);
  assert(pose_vec_slots(s) <= static_cast<int>(CapsuleStorage{}.size()));
  return Posed(s);
}

Aabb grown(const Aabb& b, float by) {
  return Aabb{b.min - Vec2(by), b.max + Vec2(by)};
}

std::span<const Collider> parts(const Collider& c) {
  return has_pieces(c) ? std::span<const Collider>(c.pieces, c.piece_count)
                       : std::span<const Collider>(&c, 1);
}

// The capsule's signed gap to a convex part (< 0: overlapping), the normal from the part
// toward the capsule and the part's nearest point.
struct Gap {
  float separation = 0.0f;
  Vec2 normal{0.0f, 0.0f};
  Vec2 point{0.0f, 0.0f};
};

DVec2 nearest_on(DVec2 p, DVec2 a, DVec2 b) {
  const DVec2 e = b - a;
  const double ee = glm::dot(e, e);
  return ee > 0.0 ? a + std::clamp(glm::dot(p - a, e) / ee, 0.0, 1.0) * e : a;
}

double cross2(DVec2 a, DVec2 b) {
  return a.x * b.y - a.y * b.x;
}

// The nearest points of segments p0-p1 and q0-q1 (either may be a point) as a on the first
// and b on the second; false when they cross.
bool nearest_of_segments(DVec2 p0, DVec2 p1, DVec2 q0, DVec2 q1, DVec2* a, DVec2* b) {
  const double o1 = cross2(p1 - p0, q0 - p0), o2 = cross2(p1 - p0, q1 - p0);
  const double o3 = cross2(q1 - q0, p0 - q0), o4 = cross2(q1 - q0, p1 - q0);
  if (o1 * o2 < 0.0 && o3 * o4 < 0.0) return false;
  // Apart (or touching): the nearest pair has an end of one of them.
  double best = -1.0;
  const auto keep = [&](DVec2 on_p, DVec2 on_q) {
    const double d = glm::dot(on_p - on_q, on_p - on_q);
    if (best >= 0.0 && d >= best) return;
    best = d;
    *a = on_p;
    *b = on_q;
  };
  keep(p0, nearest_on(p0, q0, q1));
  keep(p1, nearest_on(p1, q0, q1));
  keep(nearest_on(q0, p0, p1), q0);
  keep(nearest_on(q1, p0, p1), q1);
  return true;
}

// The gap between the cores (the capsule's segment; the part's edges, segment, point or
// centre) in doubles, less both radii; nothing when the cores touch or overlap. GJK in floats
// can stop on the wrong pair of features when a face is thousands of pixels long (a tie
// between its two ends): 0.07 px off beside an 8,000 px wall.
bool core_gap(const Collider& mover, const Collider& part, Gap* out) {
  const DVec2 p0(mover.v[0]), p1(mover.v[1]);
  const bool circle = part.geom == Geom::Circle;
  const int n = circle ? 1 : part.count;
  const auto vertex = [&](int i) { return circle ? DVec2(part.pos) : DVec2(part.v[i]); };
  if (n >= 3 && (contains(part, mover.v[0]) || contains(part, mover.v[1]))) return false;
  DVec2 a(0.0), b(0.0), ea(0.0), eb(0.0);
  double best = -1.0;
  const int edges = n >= 3 ? n : 1;
  for (int i = 0; i < edges; ++i) {
    const DVec2 q0 = vertex(i), q1 = vertex(n >= 3 ? (i + 1) % n : n - 1);
    if (!nearest_of_segments(p0, p1, q0, q1, &ea, &eb)) return false;
    const double d = glm::dot(ea - eb, ea - eb);
    if (best >= 0.0 && d >= best) continue;
    best = d;
    a = ea;
    b = eb;
  }
  if (!(best > 0.0)) return false;
  const double d = std::sqrt(best);
  const DVec2 normal = (a - b) / d;
  const double part_radius = circle || is_capsule(part) ? double(part.radius) : 0.0;
  out->separation = static_cast<float>(d - double(mover.radius) - part_radius);
  out->normal = Vec2(normal);
  out->point = Vec2(b + part_radius * normal);
  return true;
}

// GJK's depth when the cores overlap (see core_gap).
Gap gap(const Collider& mover, const Collider& part) {
  Gap g;
  if (core_gap(mover, part, &g)) return g;
  const GjkResult r = gjk(mover, part);
  return Gap{r.hit ? -r.depth : r.distance, r.normal, r.point_b};
}

bool unit(Vec2 n) {
  return std::abs(dot(n, n) - 1.0f) < 1e-3f;
}

// Planes of the shapes within `skin` of the capsule, in slot order (so the solver, which
// depends on the order, gives the same answer for the same world).
void collide_into(const ShapeWorld& w, const Collider& mover, float skin, const QueryFilter& f,
                  std::vector<ShapeHandle>* handles, std::vector<MoverPlane>* out) {
  out->clear();
  const Aabb reach = grown(mover.bounds, skin);
  world_overlap_box(w, reach, handles, f);
  std::sort(handles->begin(), handles->end(),
            [](ShapeHandle a, ShapeHandle b) { return a.index < b.index; });
  for (const ShapeHandle h : *handles) {
    for (const Collider& part : parts(*world_collider(w, h))) {
      if (!aabb_overlaps(part.bounds, reach)) continue;
      const Gap g = gap(mover, part);
      if (g.separation > skin || !unit(g.normal)) continue;
      MoverPlane p;
      p.normal = g.normal;
      p.separation = g.separation;
      p.offset = 0.5f * skin - g.separation;
      p.point = g.point;
      p.shape = h;
      out->push_back(p);
    }
  }
}

// Conservative advancement of the capsule along `translation` against each shape in reach
// (see mover.h): the nearest stop.
MoverCastHit cast_from(const ShapeWorld& w, const Collider& mover, Vec2 translation, float skin,
                       const QueryFilter& f, std::vector<ShapeHandle>* handles) {
  MoverCastHit best;
  if (translation == Vec2(0.0f)) return best;
  const Aabb start = mover.bounds;
  const Aabb swept = grown(Aabb{glm::min(start.min, start.min + translation),
                                glm::max(start.max, start.max + translation)},
                           skin);
  world_overlap_box(w, swept, handles, f);
  std::sort(handles->begin(), handles->end(),
            [](ShapeHandle a, ShapeHandle b) { return a.index < b.index; });
  CapsuleStorage storage;
  for (const ShapeHandle h : *handles) {
    for (const Collider& part : parts(*world_collider(w, h))) {
      if (!aabb_overlaps(part.bounds, swept)) continue;
      Gap g = gap(mover, part);
      if (g.separation <= 0.0f) continue;  // overlapping: the planes push it out
      // Half the skin away; a shape in touch (encroachment) may close to half its gap.
      const float target = std::min(0.5f * skin, 0.5f * g.separation);
      const float tolerance = 0.25f * target;
      float t = 0.0f;
      for (int step = 0;; ++step) {
        if (g.separation <= target + tolerance || step == kMoverMaxCastSteps) {
          // A stop; after the last step allowed, t is still short of any contact.
          best = MoverCastHit{true, t, h, g.normal, g.point};
          break;
        }
        // Nothing on the part comes nearer along its normal than this per unit of t, and
        // the gap between two convex shapes is convex in t: a step of the gap over that
        // speed never passes the contact, and a gap that is not closing never closes.
        const float approach = -dot(translation, g.normal);
        if (approach <= 0.0f) break;
        t += (g.separation - target) / approach;
        if (t >= best.fraction) break;  // beyond the nearest stop so far (or the end)
        g = gap(moved_into(mover, translation * t, 0.0f, storage), part);
      }
    }
  }
  return best;
}

}  // namespace

Capsule capsule_of(const Collider& c) {
  assert(is_capsule(c));
  return Capsule{c.v[0], c.v[1], c.radius};
}

const char* mover_phase_name(MoverPhase p) {
  switch (p) {
    case MoverPhase::Slide:
      return "slide";
    case MoverPhase::StepUp:
      return "step_up";
    case MoverPhase::StepAcross:
      return "step_across";
    case MoverPhase::StepDown:
      return "step_down";
  }
  return "?";
}

void mover_collide(const ShapeWorld& w, const Capsule& mover, std::vector<MoverPlane>* out,
                   const QueryFilter& f, float skin) {
  std::vector<ShapeHandle> handles;
  collide_into(w, pose_capsule(mover), skin, f, &handles, out);
}

MoverCastHit mover_cast(const ShapeWorld& w, const Capsule& mover, Vec2 translation,
                        const QueryFilter& f, float skin) {
  std::vector<ShapeHandle> handles;
  return cast_from(w, pose_capsule(mover), translation, skin, f, &handles);
}

MoverSolveResult mover_solve(Vec2 target, std::span<MoverPlane> planes,
                             std::vector<MoverSolveStep>* trace) {
  if (trace) trace->clear();
  for (MoverPlane& p : planes) p.push = 0.0f;
  MoverSolveResult r{target, 0};
  if (planes.empty()) return r;
  while (r.iterations < kMoverMaxIterations) {
    ++r.iterations;
    float total = 0.0f;
    for (std::size_t i = 0; i < planes.size(); ++i) {
      MoverPlane& p = planes[i];
      assert(p.push_limit >= 0.0f);
      // The push that would put delta on the plane, with the total kept in [0, limit]: a
      // plane only ever pushes out, and a soft one no further than its limit.
      const float before = p.push;
      p.push = std::clamp(before + p.offset - dot(p.normal, r.delta), 0.0f, p.push_limit);
      const float push = p.push - before;
      r.delta += push * p.normal;
      total += std::abs(push);
      if (trace) trace->push_back(MoverSolveStep{r.iterations, static_cast<int>(i), push, r.delta});
    }
    if (total < kMoverSolveTolerance) break;
  }
  return r;
}

Vec2 mover_clip(Vec2 v, std::span<const MoverPlane> planes) {
  for (const MoverPlane& p : planes) {
    if (p.push <= 0.0f || !p.clip_velocity) continue;
    v -= std::min(0.0f, dot(v, p.normal)) * p.normal;
  }
  return v;
}

// ---------------------------------------------------------------- move_and_slide

namespace {

// One move_and_slide call: the capsule posed once, every position an offset from it.
class Move {
 public:
  Move(const ShapeWorld& w, const Capsule& mover, const MoverConfig& cfg, MoverTrace* trace)
      : w_(w),
        cfg_(cfg),
        trace_(trace),
        base_(pose_capsule(mover)),
        cos_max_(std::cos(cfg.max_slope * kPi / 180.0f)),
        still_(kMoverStillFraction * cfg.skin) {
    cast_filter_ = cfg.filter;
    if (cfg.push_limit) {  // a soft shape is not cast against
      cast_filter_.accept = [this](ShapeHandle h, const Collider& c) {
        return (!cfg_.filter.accept || cfg_.filter.accept(h, c)) &&
               !std::isfinite(cfg_.push_limit(h));
      };
    }
  }

  // The plain move from `from` by `delta`: passes of collide, solve, cast.
  struct Slide {
    Vec2 end{0.0f, 0.0f};
    std::vector<MoverPlane> planes;  // at the end
    int iterations = 0;
    bool began_on_ground = false;
    bool wall_pushed = false;  // a steep slope or a plane neither ground nor ceiling stopped it
  };
  Slide slide(Vec2 from, Vec2 delta, MoverPhase phase) {
    Slide s;
    Vec2 target = from + delta;
    Vec2 pos = from;
    float reach = glm::length(delta);  // how far from `from` the move may end
    for (int pass = 0;; ++pass) {
      collide(pos, &s.planes);
      if (pass == 0) {
        // Pushing out of an overlap at the start may add to the length of the move.
        for (const MoverPlane& p : s.planes) {
          s.began_on_ground = s.began_on_ground || ground(p);
          reach = std::max(reach, glm::length(delta) + p.offset);
        }
      }
      Vec2 want = target - pos;
      MoverPass* rec = record(phase, pos, want);
      MoverSolveResult r = mover_solve(want, s.planes, rec ? &rec->solve : nullptr);
      int iterations = r.iterations;
      // Walked up a slope too steep to stand on: solved again without the sideways part of
      // the move into it, which is gone for the passes after this one too.
      if (climbs_steep(want, r.delta, s.planes) && clip_steep(&want, s.planes)) {
        s.wall_pushed = true;
        target = pos + want;
        if (rec) rec->target = want;
        r = mover_solve(want, s.planes, rec ? &rec->solve : nullptr);
        iterations += r.iterations;
      }
      s.iterations += iterations;
      bool pushed = false;
      for (const MoverPlane& p : s.planes) {
        if (p.push <= 0.0f) continue;
        pushed = true;
        const float ny = dot(p.normal, cfg_.up);
        s.wall_pushed = s.wall_pushed || (!ground(p) && ny > -cos_max_);
      }
      Vec2 d = r.delta;
      const float len = glm::length(d);
      const bool done = pass == kMoverMaxPasses || (len <= still_ && (pushed || len == 0.0f));
      if (rec) {
        rec->planes = s.planes;
        rec->delta = d;
        rec->iterations = iterations;
        rec->cast = !done;
      }
      if (done) break;
      d *= within(pos - from, d, reach);
      const MoverCastHit hit = cast(pos, d);
      if (rec) rec->hit = hit;
      pos += hit.fraction * d;
    }
    s.end = pos;
    return s;
  }

  // The capsule cast from `from` by `translation`, recorded as a pass of its own.
  MoverCastHit cast_pass(Vec2 from, Vec2 translation, MoverPhase phase) {
    const MoverCastHit hit = cast(from, translation);
    if (MoverPass* rec = record(phase, from, translation)) {
      rec->delta = translation;
      rec->cast = true;
      rec->hit = hit;
    }
    return hit;
  }

  void collide(Vec2 at, std::vector<MoverPlane>* out) {
    CapsuleStorage storage;
    collide_into(w_, moved_into(base_, at, 0.0f, storage), cfg_.skin, cfg_.filter, &handles_, out);
    if (!cfg_.push_limit) return;
    for (MoverPlane& p : *out) p.push_limit = std::max(0.0f, cfg_.push_limit(p.shape));
  }

  // Whether `delta`, solved for `want`, climbs more than `want` does with a slope too steep
  // to stand on pushing.
  bool climbs_steep(Vec2 want, Vec2 delta, std::span<const MoverPlane> planes) const {
    if (dot(delta, cfg_.up) <= std::max(0.0f, dot(want, cfg_.up)) + kClimbTolerance) return false;
    return std::any_of(planes.begin(), planes.end(), [&](const MoverPlane& p) {
      return p.push > 0.0f && dot(p.normal, cfg_.up) > 0.0f && !ground(p);
    });
  }

  // `want` less its sideways part into each slope too steep to stand on that faces up, so
  // that a walk into one is stopped rather than turned up it; a fall onto one still slides
  // down it. Returns whether any part was taken out.
  bool clip_steep(Vec2* want, std::span<const MoverPlane> planes) const {
    bool clipped = false;
    for (const MoverPlane& p : planes) {
      const float ny = dot(p.normal, cfg_.up);
      if (ny <= 0.0f || ground(p)) continue;
      const Vec2 side = p.normal - ny * cfg_.up;
      const float a = glm::length(side);
      if (a < 1e-4f) continue;
      const float into = dot(*want, side / a);
      if (into >= 0.0f) continue;
      *want -= into * (side / a);
      clipped = true;
    }
    return clipped;
  }

  MoverCastHit cast(Vec2 from, Vec2 translation) {
    CapsuleStorage storage;
    return cast_from(w_, moved_into(base_, from, 0.0f, storage), translation, cfg_.skin,
                     cast_filter_, &handles_);
  }

  bool ground(const MoverPlane& p) const {
    // A little below the cosine, so a slope of exactly max_slope counts despite rounding
    // (mover_ground, with the cosine kept).
    return dot(p.normal, cfg_.up) >= cos_max_ - 1e-5f;
  }
  float still() const { return still_; }
  int passes() const { return passes_; }

 private:
  // The largest s in [0, 1] with |p + s d| <= reach: a move stays within its length of its
  // start (see mover.h).
  static float within(Vec2 p, Vec2 d, float reach) {
    const Vec2 end = p + d;
    if (dot(end, end) <= reach * reach) return 1.0f;
    const float a = dot(d, d), b = dot(p, d), c = dot(p, p) - reach * reach;
    const float disc = b * b - a * c;
    if (a <= 0.0f || disc < 0.0f) return 0.0f;
    return std::clamp((-b + std::sqrt(disc)) / a, 0.0f, 1.0f);
  }

  MoverPass* record(MoverPhase phase, Vec2 at, Vec2 target) {
    ++passes_;
    if (!trace_) return nullptr;
    MoverPass& p = trace_->passes.emplace_back();
    p.phase = phase;
    p.position = at;
    p.target = target;
    return &p;
  }

  const ShapeWorld& w_;
  const MoverConfig& cfg_;
  MoverTrace* trace_;
  Posed base_;
  float cos_max_;
  float still_;
  QueryFilter cast_filter_;
  std::vector<ShapeHandle> handles_;
  int passes_ = 0;
};

}  // namespace

MoveResult move_and_slide(const ShapeWorld& w, const Capsule& mover, Vec2 delta,
                          const MoverConfig& config, MoverTrace* trace) {
  assert(config.skin > 0.0f && config.step_height >= 0.0f);
  if (trace) *trace = MoverTrace{};
  Move m(w, mover, config, trace);
  Move::Slide s = m.slide(Vec2(0.0f), delta, MoverPhase::Slide);
  MoveResult out;
  out.iterations = s.iterations;

  // Quake's stair step, when a wall stopped a move that began on the ground short of its
  // sideways part: up by the step height (less a ceiling), the move again, and down as far
  // as it went up; kept when it lands on ground further along.
  const Vec2 up = config.up;
  const Vec2 side = delta - dot(delta, up) * up;
  const float side_len = glm::length(side);
  if (config.step_height > 0.0f && s.began_on_ground && s.wall_pushed && side_len > m.still()) {
    const Vec2 dir = side / side_len;
    const float plain = dot(s.end, dir);
    if (plain < side_len - m.still()) {
      if (trace) trace->tried_step = true;
      const float lift =
          m.cast_pass(Vec2(0.0f), up * config.step_height, MoverPhase::StepUp).fraction *
          config.step_height;
      if (lift > m.still()) {
        Move::Slide across = m.slide(up * lift, delta, MoverPhase::StepAcross);
        out.iterations += across.iterations;
        const float down = m.cast_pass(across.end, -up * lift, MoverPhase::StepDown).fraction;
        const Vec2 land = across.end - up * (lift * down);
        std::vector<MoverPlane> planes;
        m.collide(land, &planes);
        const bool on_ground = std::any_of(planes.begin(), planes.end(),
                                           [&](const MoverPlane& p) { return m.ground(p); });
        if (on_ground && dot(land, dir) > plain + m.still()) {
          // The planes' pushes against what is left of the move, as a slide's end has.
          out.iterations += mover_solve(delta - land, planes).iterations;
          s.end = land;
          s.planes = std::move(planes);
          out.stepped = true;
        }
      }
    }
  }

  out.delta = s.end;
  out.planes = std::move(s.planes);
  float best = -2.0f;
  for (const MoverPlane& p : out.planes) {
    const float ny = dot(p.normal, up);
    if (!m.ground(p) || ny <= best) continue;
    best = ny;
    out.on_ground = true;
    out.ground_normal = p.normal;
    out.ground = p.shape;
  }
  out.passes = m.passes();
  return out;
}

bool mover_ground(const MoverPlane& p, const MoverConfig& config) {
  // A little below the cosine, so a slope of exactly max_slope counts despite rounding.
  return dot(p.normal, config.up) >= std::cos(config.max_slope * kPi / 180.0f) - 1e-5f;
}

const char* mover_mistake_name(MoverMistake m) {
  switch (m) {
    case MoverMistake::MtdOnly:
      return "MTD push-out only";
    case MoverMistake::NoCast:
      return "no cast";
    case MoverMistake::NoClip:
      return "no clip";
    case MoverMistake::ZeroVelocity:
      return "velocity zeroed";
  }
  return "?";
}

const char* mover_mistake_key(MoverMistake m) {
  switch (m) {
    case MoverMistake::MtdOnly:
      return "mtd_only";
    case MoverMistake::NoCast:
      return "no_cast";
    case MoverMistake::NoClip:
      return "no_clip";
    case MoverMistake::ZeroVelocity:
      return "zero_velocity";
  }
  return "?";
}

Vec2 mover_mistake(const ShapeWorld& w, const Capsule& mover, Vec2 delta, MoverMistake m,
                   const MoverConfig& config) {
  if (m == MoverMistake::NoClip || m == MoverMistake::ZeroVelocity)
    return move_and_slide(w, mover, delta, config).delta;
  if (m == MoverMistake::NoCast) {
    std::vector<MoverPlane> planes;
    mover_collide(w, mover, &planes, config.filter, config.skin);
    return mover_solve(delta, planes).delta;
  }
  // MtdOnly: out of the shape the moved capsule overlaps deepest, by that pair's MTD.
  const Capsule c = moved(mover, delta);
  const Posed posed = pose_capsule(c);
  std::vector<ShapeHandle> hits;
  world_overlap_shape(w, posed, &hits, config.filter);
  MtdResult deepest;
  for (const ShapeHandle h : hits) {
    const Collider* shape = world_collider(w, h);
    if (!shape) continue;
    const MtdResult r = mtd(posed, *shape);
    if (r.hit && r.depth > deepest.depth) deepest = r;
  }
  return delta + deepest.vector;
}

namespace {

// The velocity a walking step asks for: `walk` across, what it had along up, a jump, gravity
// (unless `grounded`), and the fall along -up capped at max_fall.
Vec2 walk_velocity(Vec2 v, float walk, bool jump, bool grounded, const MoverWalkConfig& c) {
  const Vec2 up = c.move.up;
  const Vec2 across(-up.y, up.x);
  float along = jump ? c.jump_speed : dot(v, up);
  Vec2 out = walk * across + along * up;
  if (!grounded || jump) out += c.gravity * c.dt;
  along = dot(out, up);
  if (-along > c.max_fall) out += (-along - c.max_fall) * up;
  return out;
}

}  // namespace

Vec2 mover_walk_velocity(const MoverBody& body, float walk, bool jump, const MoverWalkConfig& c) {
  return walk_velocity(body.velocity, walk, jump && body.on_ground, body.on_ground, c);
}

MoveResult mover_walk(const ShapeWorld& w, MoverBody* body, float walk, bool jump,
                      const MoverWalkConfig& c, MoverTrace* trace) {
  const Vec2 v = mover_walk_velocity(*body, walk, jump, c);
  MoveResult r = move_and_slide(w, body->capsule, v * c.dt, c.move, trace);
  body->capsule = moved(body->capsule, r.delta);
  body->velocity = mover_clip(v, r.planes);
  body->on_ground = r.on_ground;
  return r;
}

Vec2 mover_walk_mistake(const ShapeWorld& w, MoverBody* ghost, float walk, bool jumped,
                        MoverMistake m, const MoverWalkConfig& c) {
  const Vec2 v = walk_velocity(ghost->velocity, walk, jumped, false, c);
  const Vec2 up = c.move.up;
  Vec2 d;
  switch (m) {
    case MoverMistake::MtdOnly:
    case MoverMistake::NoCast:
      d = mover_mistake(w, ghost->capsule, v * c.dt, m, c.move);
      // What it moved along up is its velocity there: it has no planes to clip by.
      ghost->velocity = v - dot(v, up) * up + (dot(d, up) / c.dt) * up;
      break;
    case MoverMistake::NoClip:
      d = move_and_slide(w, ghost->capsule, v * c.dt, c.move).delta;
      ghost->velocity = v;
      break;
    case MoverMistake::ZeroVelocity: {
      const MoveResult r = move_and_slide(w, ghost->capsule, v * c.dt, c.move);
      d = r.delta;
      const bool pushed = std::any_of(r.planes.begin(), r.planes.end(),
                                      [](const MoverPlane& p) { return p.push > 0.0f; });
      ghost->velocity = pushed ? Vec2(0.0f) : v;
      break;
    }
  }
  ghost->capsule = moved(ghost->capsule, d);
  return d;
}

const MoveResult& mover_run_step(const ShapeWorld& w, MoverRun* run, float walk, bool jump,
                                 const MoverWalkConfig& c, MoverTrace* trace) {
  const bool jumped = jump && run->body.on_ground;
  if (run->mistakes && !run->ghosts_placed) {
    run->ghosts.fill(run->body);
    run->ghost_moved.fill(Vec2(0.0f));
    run->ghosts_placed = true;
  }
  run->input = walk > 0.0f ? 1 : walk < 0.0f ? -1 : 0;
  run->last = mover_walk(w, &run->body, walk, jumped, c, trace);
  if (run->last.stepped) ++run->stair_steps;
  if (run->mistakes) {
    for (std::size_t k = 0; k < kMoverMistakes.size(); ++k)
      run->ghost_moved[k] =
          mover_walk_mistake(w, &run->ghosts[k], walk, jumped, kMoverMistakes[k], c);
  }
  return run->last;
}

float mover_slope(const MoverPlane& p, Vec2 up) {
  return std::acos(std::clamp(dot(p.normal, up), -1.0f, 1.0f)) * 180.0f / kPi;
}

}  // namespace hitbox
