// Play mode: rigid bodies fall, bounce, slide, tip over and rest. One code path for the
// window's Play button and `hitbox simulate`.
//
// Method: Box2D v3's soft step (Catto, "Solver2D", 2024), written for Hitbox.
//   * Mass properties from the geometry and density (mass_properties): bodies move their centre
//     of mass and turn about it; `body.fixed_rotation` gives a body infinite inertia.
//   * A fixed step (SimOptions::step, 1/120 s). Once per step: the broad phase (broad_phase.h)
//     on boxes grown by how far each body may move in the step; manifold() (manifold.h) for each
//     candidate pair with a dynamic body, keeping points up to that reach apart (speculative
//     points); each point becomes a constraint in one flat array (anchors from the centres of
//     mass, normal and tangent masses, the normal approach speed), its impulses carried over
//     from the last step when the pair and the point's feature id match (warm starting).
//   * Then `substeps` sub-steps of h seconds, each: gravity into the velocities; warm start
//     (apply the accumulated impulses); solve with a soft bias (a contact is a stiff damped
//     spring of contact_hertz and damping_ratio, pushing overlap apart at most push_speed, a
//     speculative point only stopping the approach); move and turn the bodies by v h and w h;
//     relax (solve again without the bias, so the push leaves no velocity behind). Friction is
//     Coulomb's per point: the impulse that stops sliding is kept while it is within static
//     friction times the normal impulse, else it is cut to kinetic friction times it.
//   * Then restitution: a point that met faster than restitution_threshold and pushed leaves
//     at restitution times the approach speed measured before the step, all points at once
//     (passes until the impulses settle, so a ball in a wedge bounces straight back and no
//     bounce adds energy). The impulses are stored for the next step.
//   * No tunnelling: a body whose step (move plus turn) is more than half its smallest
//     half-width is swept (swept(), collide.h, with spin) against the static shapes it passes
//     over and is stopped at the first time of impact; the next step's contact takes it.
//   * Single precision from the manifold to the solver, as in Box2D v3: the bodies' motion in
//     a step and the constraints are floats; the scene keeps positions and angles in doubles,
//     each step adding the float motion to them.
//   * The constraints are coloured (Box2D v3's graph colouring): no two of a colour share a
//     dynamic body, so a colour's constraints are solved side by side, eight float lanes (AVX2)
//     or four (SSE2). Colours are solved in turn, each in pair index order (two-point pairs
//     first), so the broad phase chosen does not change the motion, and the same scene and
//     steps give the same bytes, whichever lane width runs (SimLaneWidth).
//   * Sleeping (Box2D's islands): dynamic bodies joined by touching contacts form an island.
//     When every body of an island has moved slower than sleep_speed (its farthest point
//     included) for time_to_sleep, the island falls asleep together: its bodies stop and the
//     step skips them. It wakes when an awake body touches it, when sim_reload finds one of
//     its bodies (or a static shape by it) edited, moved or removed, or on sim_grab / sim_wake /
//     sim_set_velocity / sim_move_static.
//     Off with SimOptions::sleep or the scene's "sleep": false.
//   * Bodies that reach the edge of the world (|x| or |y| at 1e6 pixels) stop there; speeds are
//     held within 1e6 pixels and 1e5 degrees per second, so the scene can always be saved.
//
// Coefficients of a pair (docs/scene-format.md): restitution is the larger of the two,
// friction and static friction the geometric mean sqrt(a b); equal values give that value.
// A shape without a "body" is static and takes no part in the mixing: the other shape's
// coefficients are used as they are.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "hitbox/broad_phase.h"
#include "hitbox/scene.h"

namespace hitbox {

// Which build of the lane solver runs the contact solve (sim_lanes.h). Every build gives the
// same bytes: each lane does the same float operations in the same order, with no fused
// multiply-add. Best: Eight where the processor has AVX2, else Four.
enum class SimLaneWidth {
  Best,
  One,    // the scalar build: one constraint after another
  Four,   // four lanes (SSE2 on x86; NEON, WebAssembly SIMD or scalar code elsewhere)
  Eight,  // eight lanes (AVX2, x86 only: chosen at run time)
};

struct SimOptions {
  double step = 1.0 / 120.0;  // seconds per sim_step
  int substeps = 4;           // sub-steps per step
  int iterations = 1;         // solve passes and relax passes per sub-step
  BroadMethod broad = BroadMethod::Grid;
  bool swept = true;                    // the tunnelling guard (off: fast shapes may pass)
  double restitution_threshold = 10.0;  // px/s: slower approaches do not bounce
  double slop = 0.01;                   // px of overlap the soft push leaves alone
  // Contact stiffness, at most a quarter of the sub-step rate. Box2D's default is 30 Hz; at 60
  // a stack of ten 40 px boxes leans 0.007 degrees in 10 s (at 30: 0.1 degrees, top 0.7 px aside).
  double contact_hertz = 60.0;
  double damping_ratio = 10.0;  // contact damping
  double push_speed = 300.0;    // px/s: the fastest the push separates overlap
  // For comparison (lesson 16): 1 keeps only the deeper point of each pair's manifold (a box
  // resting on one corner at a time rocks); warm_start false starts every step's impulses at
  // zero (a stack sinks into itself, as each step must find its weight again).
  int contact_points = 2;
  bool warm_start = true;
  // The grab (sim_grab): a soft spring of grab_hertz and grab_damping pulling the held point
  // toward the target, at most grab_max_accel times the body's mass (Box2D's samples: 1000 m
  // per s^2 for each kg, 100 g), and the body's spin damped at grab_angular_damping per second
  // so it does not swing for ever about the held point. Hanging under gravity g, the point
  // sags g / (2 pi grab_hertz)^2 below the target (m g / k with k = m omega^2): 1 px at 980.
  double grab_hertz = 5.0;
  double grab_damping = 0.7;
  double grab_max_accel = 100000.0;   // px/s^2
  double grab_angular_damping = 5.0;  // 1/s
  // Sleeping (the scene's "world": {"sleep": false} turns it off too). Box2D's thresholds at
  // 100 px to the metre: 0.05 m/s for 0.5 s.
  bool sleep = true;
  double sleep_speed = 5.0;    // px/s: slower than this counts as resting
  double time_to_sleep = 0.5;  // s: how long a whole island must rest before it sleeps
  SimLaneWidth lanes = SimLaneWidth::Best;
};
// "" when the options can run, else what is wrong: step in [1e-5, 1] s, substeps 1..64,
// iterations 1..100, contact points 1 or 2, lanes a build this machine runs
// (sim_lane_width_runs), threshold and slop finite and >= 0, hertz, damping and push speed > 0, the
// grab's hertz, damping and acceleration > 0 and its angular damping >= 0, the sleep speed and time
// finite and >= 0.
std::string sim_options_problem(const SimOptions& o);
// Whether this build and processor can run lane width `w` (Eight: an x86 build on a processor
// with AVX2; Best, One and Four: always).
bool sim_lane_width_runs(SimLaneWidth w);
// The width Best stands for here.
SimLaneWidth sim_best_lane_width();

// A contact of the last step: shape indices into the scene, normal from b toward a, and its
// one or two points (manifold.h) with their impulses.
struct SimContact {
  int a = 0, b = 0;
  Vec2 normal{0.0f, 0.0f};
  float depth = 0.0f;            // deepest overlap at the step's start (< 0: apart by that much)
  float normal_impulse = 0.0f;   // summed over the points, mass times velocity (px/s)
  float tangent_impulse = 0.0f;  // along (-normal.y, normal.x), summed over the points
  bool sticking = false;         // static friction held every point
  int count = 0;                 // points
  Vec2 points[2];                // world, midway between the surfaces at the step's start
  float point_normal_impulse[2] = {0.0f, 0.0f};
};
// A swept stop of the last step: `body` met static `other` at time `toi` (0..1 of the step's
// motion).
struct SimSweptHit {
  int body = 0, other = 0;
  float toi = 0.0f;
  Vec2 normal{0.0f, 0.0f};
};

// Counts of one sim_step (summed over its sub-steps) for the window's status line.
struct SimStats {
  BroadStats broad;      // of the step
  int narrow_tests = 0;  // manifold() calls
  int contacts = 0;      // pairs with points (touching or speculative)
  int swept_tests = 0;   // swept() calls
  int swept_hits = 0;    // swept stops
  int awake = 0;         // dynamic bodies awake after the step
  int sleeping = 0;      // dynamic bodies asleep after the step
};

// Opt-in: what a sim_step found (the window draws contacts and the
// broad phase from it).
struct SimTrace {
  std::vector<SimContact> contacts;
  std::vector<SimSweptHit> swept;
  std::vector<BroadPair> pairs;  // candidate pairs (boxes overlap)
  BroadTrace broad;
};

// Mass properties of a shape with its body's density (none: density 1). `centre` is in the
// shape's local frame (before mirror, scale and turn: to_world gives the world point); inertia
// is about the centre of mass. Rect and sprite (its frame): w h; circle: pi r^2; polygon, convex
// or concave: the sum over its convex pieces (concave.h); capsule: the box between the end
// centres and the two half discs. A segment or point has none (zeros).
struct MassProps {
  double mass = 0.0;
  double inertia = 0.0;  // px^2 times mass
  DVec2 centre{0.0, 0.0};
};
MassProps mass_properties(const Shape& s);

namespace detail {
// Per shape, what the solver reads: derived from the scene at make/reload time.
struct SimShape {
  bool dynamic = false;
  bool has_body = false;
  float inv_mass = 0.0f, inv_inertia = 0.0f;  // inv_inertia 0: fixed rotation (or static)
  bool round = false;                         // a circle: turning does not move its surface
  float restitution = 0.0f, friction = 0.0f, static_friction = 0.0f;
  double min_half = 0.0;   // smallest half-width (radius, half size, inscribed for polygons)
  double reach = 0.0;      // farthest point of the shape from its centre of mass
  DVec2 centre{0.0, 0.0};  // centre of mass, local (MassProps::centre)
};
// One contact point's impulses at the end of a step, kept for the next (warm starting).
struct SimWarm {
  std::uint64_t pair = 0;  // a << 32 | b
  int id = 0;
  float pn = 0.0f, pt = 0.0f;
};
// A body's motion during a step, what the solver reads and writes every sub-step (Box2D v3's
// body state, 32 bytes): velocity of the centre of mass, angular velocity (rad/s, clockwise),
// the turn so far (rad), how far the centre moved since the step began, and (cos, sin) of the
// turn. The lanes load v, w and dq as one 16-byte row and dp, qc, qs as the other.
struct SimBody {
  Vec2 v{0.0f, 0.0f};
  float w = 0.0f;
  float dq = 0.0f;
  Vec2 dp{0.0f, 0.0f};
  float qc = 1.0f, qs = 0.0f;
};
static_assert(sizeof(SimBody) == 32, "a body's solver state is two 16-byte rows");
// One manifold point as a constraint, prepared once per step.
struct SimPoint {
  Vec2 ra{0.0f, 0.0f}, rb{0.0f, 0.0f};  // from each centre of mass to the point
  float separation = 0.0f;              // at the step's start, less the anchors' part (rb - ra).n
  float normal_mass = 0.0f, tangent_mass = 0.0f;
  float pn = 0.0f, pt = 0.0f;  // accumulated impulses
  float max_pn = 0.0f;         // the largest normal impulse of the step (restitution needs > 0)
  float vn0 = 0.0f;            // normal relative speed before the step (< 0: approaching)
  int id = 0;
  bool sticking = false;
  Vec2 point{0.0f, 0.0f};  // world, for the trace
  float depth = 0.0f;      // -separation at the start
};
// A pair's constraint: normal from a toward b (manifold's), the mixed coefficients, 1 or 2
// points.
struct SimConstraint {
  int a = 0, b = 0;
  Vec2 n{0.0f, 0.0f};
  float friction = 0.0f, static_friction = 0.0f, restitution = 0.0f;
  bool touches_static = false;  // a static side: the stiffer softness
  int count = 0;
  SimPoint p[2];
};
// Eight constraints of one colour (no two share a dynamic body), field by field, as the lane
// solver reads them (sim_lanes.h): eight lanes at once with AVX2, two groups of four with
// SSE2 (or another 4-wide vector unit), one at a time in the scalar build. An empty lane has
// `con` -1 and zero masses; lanes fill from the first.
constexpr int kSimLanes = 8;
struct SimLanePoint {
  float rax[kSimLanes], ray[kSimLanes], rbx[kSimLanes], rby[kSimLanes];
  float separation[kSimLanes], normal_mass[kSimLanes], tangent_mass[kSimLanes];
  float gap[kSimLanes];  // the separation at the bodies' present poses
  float pn[kSimLanes], pt[kSimLanes], max_pn[kSimLanes], sticking[kSimLanes];
};
struct alignas(32) SimBlock {
  int con[kSimLanes];              // index into Simulation::constraints
  int a[kSimLanes], b[kSimLanes];  // body indices
  int points = 0;                  // the most points of its lanes' constraints (1 or 2)
  float round_a[kSimLanes], round_b[kSimLanes];                      // 1: a disc (no turn)
  float ma[kSimLanes], ia[kSimLanes], mb[kSimLanes], ib[kSimLanes];  // inverse mass, inertia
  float nx[kSimLanes], ny[kSimLanes], friction[kSimLanes], static_friction[kSimLanes];
  float mass_scale[kSimLanes], bias_scale[kSimLanes], impulse_scale[kSimLanes];  // softness
  SimLanePoint p[2];
};
// The colouring's scratch and its blocks, reused from step to step.
struct SimLanes {
  std::vector<SimBlock> blocks;
  std::vector<int> colour;          // per constraint
  std::vector<int> order;           // constraints by colour, two-point pairs first, then pair order
  std::vector<std::uint64_t> used;  // per colour, a bit per body
  int colours = 0;                  // colours used this step
  int alone = 0;                    // constraints no colour took (a block each)
};
// Reused by the bounce's energy limit (sim_solver.h, limit_bounce_energy).
struct BounceScratch {
  struct Group {
    double e0 = 0.0, allowed = 0.0, lin = 0.0, quad = 0.0;
    bool held = false;
  };
  std::vector<SimBody> solved;  // velocities after the sub-steps, before restitution
  std::vector<SimBody> free;    // velocities of free flight: at the step's start plus g dt
  std::vector<int> bouncing;    // constraints with a point that bounced
  std::vector<int> root;
  std::vector<std::uint8_t> bounced;
  std::vector<Group> group;
};

// A sleeping island: its bodies and the static shapes its boxes overlapped when it fell
// asleep, with those shapes as they were then (sim_reload wakes it when one has changed).
struct SleepingIsland {
  std::vector<int> bodies, statics;  // shape indices; bodies empty: the slot is free
  std::vector<Shape> then;           // bodies' shapes, then the statics'
};
}  // namespace detail

// The held body of a grab (sim_grab): `shape` -1 when nothing is held.
struct SimGrab {
  int shape = -1;
  DVec2 local{0.0, 0.0};     // the held point in the shape's local frame (to_world gives it)
  DVec2 target{0.0, 0.0};    // world: where the spring pulls it
  Vec2 impulse{0.0f, 0.0f};  // accumulated over the sub-steps, kept from step to step
};

struct Simulation {
  Scene scene;  // the shapes where they are now; body velocities are the current ones
  SimOptions options;
  double time = 0.0;       // simulated seconds
  std::int64_t steps = 0;  // sim_step calls

  // Internal state (read, do not write): rebuilt by sim_reload.
  std::vector<detail::SimShape> shapes;
  std::vector<Posed> posed;
  std::vector<DVec2> centres;  // each shape's world centre of mass, as posed
  std::vector<Aabb> boxes;
  std::vector<int> statics;
  BroadPhase broad;
  std::vector<detail::SimWarm> warm;  // by pair then point, in pair order
  // Reused by each step (no allocation once they have grown).
  std::vector<detail::SimBody> bodies;
  std::vector<detail::SimConstraint> constraints;
  std::vector<BroadPair> pairs;
  std::vector<BroadPair> pairs_sorted;  // sort_pairs' scratch
  std::vector<int> pair_start;          // sort_pairs' counts
  std::vector<detail::SimWarm> warm_next;
  std::vector<DVec2> start_pos;  // each shape's pos at the step's start
  detail::BounceScratch bounce;
  detail::SimLanes lanes;
  SimGrab grab;  // the body the mouse holds (sim_grab)
  // Sleeping, per shape: seconds its body has rested, and its sleeping island or -1.
  std::vector<double> rest_time;
  std::vector<int> island;
  std::vector<detail::SleepingIsland> islands;
  std::vector<std::uint8_t> moving;  // this step: dynamic and awake
  std::vector<int> island_parent;    // the islands' union-find, reused
  std::vector<double> island_rest;   // the least rest time of each island, at its root
};

// Start a simulation of `scene`. Throws SceneError (naming the shape and field) when a shape
// is out of range (shape_problem), or std::invalid_argument when the options are bad.
Simulation make_simulation(Scene scene, const SimOptions& options = {});
// After editing sim->scene (paused editing in the window): re-read every shape. The time
// and the velocities (which live in the scene) are kept.
void sim_reload(Simulation* sim);
// One fixed step (options.step seconds).
SimStats sim_step(Simulation* sim, SimTrace* trace = nullptr);
// Whole steps until `seconds` more have passed (rounded to the nearest step count).
void sim_run(Simulation* sim, double seconds);

// Grab and throw (Box2D v3's mouse joint, written for Hitbox): hold dynamic `shape` at
// `world_point`; each sub-step a soft spring (SimOptions::grab_*) pulls that body point toward
// the target, solved before the contacts, so the body turns about it and pushes others.
// False (nothing held) when the index is out of range or the shape is not dynamic.
bool sim_grab(Simulation* sim, int shape, Vec2 world_point);
// Move the target the held point is pulled toward (the pointer).
void sim_grab_move(Simulation* sim, Vec2 target);
// Let go: the body keeps its velocity and spin, so a quick drag throws it.
void sim_release(Simulation* sim);
// The held point in the world now (where the body has carried it); nullopt when none is held.
std::optional<Vec2> sim_grab_point(const Simulation& sim);

// Whether shape `shape` is a sleeping body (false for an index out of range).
bool sim_asleep(const Simulation& sim, int shape);
// Wake the island of `shape` (nothing when it is awake, static or out of range); its bodies
// rest afresh before they may sleep again.
void sim_wake(Simulation* sim, int shape);

// Change one shape between steps without sim_reload (which re-reads every shape), for a tool
// that moves a shape or pushes bodies each step. Each wakes what sim_reload would wake for the
// same edit, and keeps what sim_reload starts over (the contacts' warm-start impulses, the
// other bodies' rest times).
//
// Move static `shape` (no body, or a static body) to `pos`: its pose is found again and every
// sleeping island it was by (when the island fell asleep) or is by now wakes, so a body resting
// on a moved platform falls or is pushed. False, and nothing changes, when the index is out of
// range, the shape is a dynamic body or pos is not finite within limits.h's kMaxCoord.
bool sim_move_static(Simulation* sim, int shape, DVec2 pos);
// Set dynamic body `shape`'s velocity (px/s, its centre of mass's) and wake its island; it
// rests afresh before it may sleep again. False, and nothing changes, when the index is out of
// range, the shape is not dynamic or the velocity is not finite within kMaxCoord.
bool sim_set_velocity(Simulation* sim, int shape, DVec2 velocity);
// A push, as a character pushes a box: dynamic body `shape`'s velocity along the unit
// `direction` raised to at least `speed` px/s, its other part kept (sim_set_velocity).
// False, and nothing changes, when it already goes that fast, when `direction` is not a unit
// vector, or as sim_set_velocity.
bool sim_push(Simulation* sim, int shape, DVec2 direction, double speed);

// A 64-bit hash (FNV-1a) of every shape's position and angle, the bytes of their doubles in
// shape order: two runs, builds or machines that print the same hash left every shape in the
// same place (docs/determinism.md).
std::uint64_t sim_hash(const Simulation& sim);
// "hitbox: play mode after N steps: hash 0123456789abcdef", as `hitbox simulate --hash` and
// the window's --print-hash print it.
std::string sim_hash_line(const Simulation& sim);

// Mass of a shape with a body: density times area (mass_properties(s).mass).
double shape_mass(const Shape& s);

}  // namespace hitbox
