// Lesson task conditions (core/scene/include/hitbox/task.h): what parses, what each bad condition
// says, and what holds on hand-placed pairs run through the dispatcher.
#include "hitbox/task.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "hitbox/analysis.h"
#include "hitbox/scene.h"
#include "support/named_shapes.h"

namespace hitbox {
namespace {

using named_shapes::circle;
using named_shapes::rect;

// Whether `when` holds for shapes a and b in focus (every algorithm run, no masks).
bool holds(const std::string& when, const Shape& a, const Shape& b, double play_time = 0.0) {
  Condition c;
  const std::string problem = parse_condition(when, c);
  EXPECT_EQ(problem, "") << when;
  const PairAnalysis an = analyze(Posed(a), Posed(b), AnalysisInput{});
  Scene scene;
  scene.shapes = {a, b};
  return condition_holds(c, TaskInputs{&an, &a, &b, &scene, play_time});
}

TEST(Task, ConditionsOnTheFocusPair) {
  // Two thin sticks, parallel, 35 px apart along their normal at 45 degrees: the boxes
  // overlap, SAT says miss.
  const Shape a = rect("A", {600, 400}, {260, 24}, 45), b = rect("B", {642, 358}, {260, 24}, 45);
  EXPECT_TRUE(holds("aabb.hit and not sat.hit", a, b));
  EXPECT_FALSE(holds("sat.hit", a, b));
  EXPECT_TRUE(holds("bounding_circle.hit or sat.hit", a, b));
  EXPECT_TRUE(holds("a.angle > 44 and b.angle < 46", a, b));
  EXPECT_TRUE(holds("shape.B.x == 642", a, b));
  EXPECT_FALSE(holds("mtd.depth > 0", a, b));  // a miss has no depth: false, not an error
  EXPECT_TRUE(holds("not (mtd.depth > 0)", a, b));
  EXPECT_TRUE(holds("gjk.distance > 34 and gjk.distance < 36", a, b));
  EXPECT_TRUE(holds("play.time >= 2.5", a, b, 3.0));
  EXPECT_FALSE(holds("play.time >= 2.5", a, b, 1.0));
}

TEST(Task, PlayModesSolverSettings) {
  Condition c;
  ASSERT_EQ(parse_condition("play.points == 1 and play.warm_start == 0", c), "");
  TaskInputs in;
  EXPECT_FALSE(condition_holds(c, in));  // the defaults: 2 points, warm starting
  in.play_points = 1;
  EXPECT_FALSE(condition_holds(c, in));
  in.play_warm_start = false;
  EXPECT_TRUE(condition_holds(c, in));
  EXPECT_EQ(parse_condition("play.speed > 1", c),
            "at 1: unknown field 'speed' of play (it has: time points warm_start sleeping)");
}

TEST(Task, TheMoverAndItsGhosts) {
  const auto read = [](const char* when, const MoverRun* m) {
    Condition c;
    EXPECT_EQ(parse_condition(when, c), "") << when;
    TaskInputs in;
    in.mover = m;
    return condition_holds(c, in);
  };
  // The tool off: mover.on is 0 and every other figure is not there.
  EXPECT_TRUE(read("not mover.on", nullptr));
  EXPECT_FALSE(read("mover.ground == 0", nullptr));
  EXPECT_FALSE(read("mover.steps != 1", nullptr));

  // Stopped by a floor and a wall in a corner, after one stair step.
  MoverRun m;
  m.body.capsule = Capsule{{120.0f, 360.0f}, {120.0f, 400.0f}, 10.0f};
  m.body.on_ground = true;
  m.input = 1;
  m.last.planes = {MoverPlane{.normal = {0.0f, -1.0f}}, MoverPlane{.normal = {-1.0f, 0.0f}},
                   MoverPlane{.normal = {-0.5f, -std::sqrt(0.75f)}}};
  m.last.delta = {3.0f, 4.0f};
  m.stair_steps = 1;
  EXPECT_TRUE(read("mover.on and mover.x == 120 and mover.y == 380", &m));
  EXPECT_TRUE(read("mover.input > 0 and mover.ground and mover.planes == 3", &m));
  EXPECT_TRUE(read("mover.moved > 4.99 and mover.moved < 5.01 and mover.steps == 1", &m));
  EXPECT_TRUE(read("mover.slope > 89.99 and mover.slope < 90.01", &m));  // the wall's
  m.last.planes.erase(m.last.planes.begin() + 1);
  EXPECT_TRUE(read("mover.slope > 29.99 and mover.slope < 30.01", &m));  // the slope's
  EXPECT_FALSE(read("mover.mistakes", &m));
  // A ghost is there only while the mistakes are shown; kMoverMistakes' order.
  m.ghosts[1].capsule = Capsule{{640.0f, 360.0f}, {640.0f, 400.0f}, 10.0f};
  m.ghost_moved[1] = {0.0f, 3.5f};
  EXPECT_FALSE(read("mover.no_cast.x > 600", &m));
  EXPECT_FALSE(read("mover.no_cast.x <= 600", &m));
  m.mistakes = true;
  m.ghosts_placed = true;
  EXPECT_TRUE(read("mover.mistakes and mover.no_cast.x > 600 and mover.no_cast.y == 380", &m));
  EXPECT_TRUE(read("mover.no_cast.moved == 3.5 and mover.zero_velocity.moved == 0", &m));

  Condition c;
  EXPECT_EQ(parse_condition("mover.speed > 1", c),
            "at 1: unknown field 'speed' of mover (it has: on x y input ground planes moved slope "
            "steps mistakes, and mistakes' ghosts: mtd_only no_cast no_clip zero_velocity)");
  EXPECT_EQ(parse_condition("mover.no_slide.x > 1", c),
            "at 1: unknown mistake 'no_slide' of mover (it has: mtd_only no_cast no_clip "
            "zero_velocity)");
  EXPECT_EQ(parse_condition("mover.no_clip.ground", c),
            "at 1: unknown field 'ground' of mover.no_clip (it has: x y moved)");
  EXPECT_EQ(parse_condition("mover.no_clip.on", c),
            "at 1: unknown field 'on' of mover.no_clip (it has: x y moved)");
}

TEST(Task, FiguresOfAHit) {
  // Circle of radius 10 sunk 4 px into a 100 x 20 box's top face.
  const Shape floor = rect("F", {0, 0}, {100, 20}), ball = circle("C", {0, -16}, 10);
  EXPECT_TRUE(holds("sat.hit and mtd.depth > 3.9 and mtd.depth < 4.1", floor, ball));
  EXPECT_TRUE(holds("gjk.depth > 3.9", floor, ball));
  EXPECT_TRUE(holds("sat.axes >= 3", floor, ball));
  EXPECT_TRUE(holds("-1 < 0", floor, ball));
  EXPECT_TRUE(holds("1", floor, ball));
  EXPECT_FALSE(holds("0", floor, ball));
}

TEST(Task, ManifoldFigures) {
  // A 40 x 20 box sunk 2 px flat into a floor whose top is y = -10: two contact points.
  const Shape floor = rect("F", {0, 0}, {200, 20});
  const Shape flat = rect("B", {0, -18}, {40, 20});
  EXPECT_TRUE(holds("manifold.points == 2", floor, flat));
  EXPECT_TRUE(holds("manifold.depth > 1.99 and manifold.depth < 2.01", floor, flat));
  // Tilted 10 degrees about (0, -19): the low corner 13.32 px below the centre is 4.32 px in,
  // the other bottom corner 6.37 px below it is 2.63 px above the floor: one point.
  const Shape tilted = rect("B", {0, -19}, {40, 20}, 10);
  EXPECT_TRUE(holds("manifold.points == 1", floor, tilted));
  EXPECT_TRUE(holds("manifold.depth > 4.30 and manifold.depth < 4.34", floor, tilted));
  // Apart: no points, and no depth.
  const Shape above = rect("B", {0, -40}, {40, 20});
  EXPECT_TRUE(holds("manifold.points == 0 and not (manifold.depth > -100)", floor, above));
}

TEST(Task, ConditionReadsOnlyTheAlgorithmsItNames) {
  Condition c;
  ASSERT_EQ(parse_condition("aabb.hit and not (sat.hit or mtd.depth > 2)", c), "");
  EXPECT_EQ(c.algos, kAlgoAabb | kAlgoSat | kAlgoMtd);
}

TEST(Task, BadConditionsSayWhatAndWhere) {
  const auto problem = [](const char* text) {
    Condition c;
    return parse_condition(text, c);
  };
  EXPECT_EQ(problem(""), "at 1: a value is missing at the end");
  EXPECT_EQ(problem("sta.hit"), "at 1: unknown name 'sta.hit' (an algorithm (" + algo_name_list() +
                                    "), a, b, shape.ID, play or mover)");
  EXPECT_EQ(problem("mtd.dpeth > 2"), "at 1: unknown figure 'dpeth' of mtd (it has: hit, depth)");
  EXPECT_EQ(problem("a.colour == 1"),
            "at 1: unknown field 'colour' of a shape (it has: x y angle scale vx vy spin)");
  EXPECT_EQ(problem("(sat.hit"), "at 9: ')' expected");
  EXPECT_EQ(problem("sat.hit sat.hit"), "at 9: unexpected 's'");
  EXPECT_EQ(problem("sat.hit and"), "at 12: a value is missing at the end");
  EXPECT_EQ(problem("a.x > "), "at 7: a value is missing at the end");
  EXPECT_EQ(problem("a.x > 1e999"), "at 7: a number expected");
}

TEST(Task, LessonTasksReadAndWriteBack) {
  const std::string text = R"({"version": 1,
    "lesson": {"title": "T", "text": ["p"], "tasks": [
      {"task": "Make the boxes overlap", "when": "aabb.hit", "why": "Now they do."},
      {"task": "Turn B", "when": "shape.B.angle > 45", "why": "Turned."}]},
    "shapes": [{"id": "A", "kind": "rect", "pos": [0, 0], "size": [10, 10]},
               {"id": "B", "kind": "rect", "pos": [30, 0], "size": [10, 10]}]})";
  const Scene s = parse_scene(text, "lesson.json");
  ASSERT_TRUE(s.lesson);
  ASSERT_EQ(s.lesson->tasks.size(), 2u);
  EXPECT_EQ(s.lesson->tasks[1].when, "shape.B.angle > 45");
  EXPECT_EQ(s.lesson->tasks[0].condition.algos, kAlgoAabb);
  EXPECT_EQ(parse_scene(scene_to_json(s), "again.json"), s);
}

TEST(Task, BadTasksAreSceneErrorsNamingTheTask) {
  const auto error = [](const std::string& tasks) {
    const std::string text = R"({"version": 1, "lesson": {"title": "T", "text": ["p"], "tasks": )" +
                             tasks + R"(}, "shapes": [{"id": "A", "kind": "circle", "pos": [0, 0],
                             "radius": 5}]})";
    try {
      parse_scene(text, "l.json");
    } catch (const SceneError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error(R"([{"task": "t", "when": "sat.hitt", "why": "w"}])"),
            "l.json: field \"lesson.tasks[0].when\": at 1: unknown figure 'hitt' of sat (it has: "
            "hit, overlap axes)");
  EXPECT_EQ(error(R"([{"task": "t", "when": "shape.Z.x > 1", "why": "w"}])"),
            "l.json: field \"lesson.tasks[0].when\": no shape has the id \"Z\"");
  EXPECT_EQ(error(R"([{"task": "t", "why": "w"}])"),
            "l.json: field \"lesson.tasks[0].when\": is required (a non-empty string)");
  EXPECT_EQ(error(R"([{"task": "t", "when": "1", "why": "w", "score": 3}])"),
            "l.json: field \"lesson.tasks[0].score\": unknown key (a task has: task, when, why)");
  EXPECT_EQ(error(R"({"task": "t"})"),
            "l.json: field \"lesson.tasks\": must be an array of {\"task\": ..., \"when\": ..., "
            "\"why\": ...}, not an object");
}

// More of a lesson's mistakes, each named: empty sentences, a condition of the wrong type, a
// task that is not an object, and a bad condition in a later task.
TEST(Task, MoreBadTasksNameTheTaskAndTheField) {
  const auto error = [](const std::string& tasks) {
    try {
      parse_scene(R"({"version": 1, "lesson": {"title": "T", "text": ["p"], "tasks": )" + tasks +
                      R"(}, "shapes": []})",
                  "l.json");
    } catch (const SceneError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error(R"([{"task": "", "when": "1", "why": "w"}])"),
            "l.json: field \"lesson.tasks[0].task\": must not be empty");
  EXPECT_EQ(error(R"([{"task": "t", "when": "1", "why": ""}])"),
            "l.json: field \"lesson.tasks[0].why\": must not be empty");
  EXPECT_EQ(error(R"([{"task": "t", "when": 3, "why": "w"}])"),
            "l.json: field \"lesson.tasks[0].when\": must be a non-empty string, not a number");
  EXPECT_EQ(error(R"(["sat.hit"])"),
            "l.json: field \"lesson.tasks[0]\": must be an object {\"task\": ..., \"when\": ..., "
            "\"why\": ...}, not a string");
  EXPECT_EQ(error(R"([{"task": "t", "when": "1", "why": "w"},
                      {"task": "t", "when": "a.x >", "why": "w"}])"),
            "l.json: field \"lesson.tasks[1].when\": at 6: a value is missing at the end");
  EXPECT_EQ(error(R"([{"task": "t", "when": "not", "why": "w"}])"),
            "l.json: field \"lesson.tasks[0].when\": at 4: a value is missing at the end");
  EXPECT_EQ(error(R"j([{"task": "t", "when": "((sat.hit)", "why": "w"}])j"),
            "l.json: field \"lesson.tasks[0].when\": at 11: ')' expected");
  EXPECT_EQ(error(R"([{"task": "t", "when": "1", "why": "w"}])"), "no error");
}

}  // namespace
}  // namespace hitbox
