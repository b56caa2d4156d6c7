// Scene files (strict loading, exact saving), polygon checks and convex hulls.
#include "hitbox/scene.h"

#include <gtest/gtest.h>
#include <stb_image_write.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <numbers>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "hitbox/report.h"
#include "hitbox/shape.h"
#include "platform/image.h"

namespace hitbox {
namespace {

const char* const kFile = "bad.json";

// Parses `text` as bad.json and checks the error names the file, the shape and the field,
// in both the accessors and the message, and that the message contains `words`.
void expect_error(const std::string& text, const std::string& shape, const std::string& field,
                  const std::string& words) {
  try {
    parse_scene(text, kFile);
    ADD_FAILURE() << "no error for: " << text;
  } catch (const SceneError& e) {
    const std::string what = e.what();
    SCOPED_TRACE(what);
    EXPECT_EQ(e.file(), kFile);
    EXPECT_EQ(e.shape(), shape);
    EXPECT_EQ(e.field(), field);
    EXPECT_EQ(what.rfind(std::string(kFile) + ": ", 0), 0u);
    if (!shape.empty()) {
      EXPECT_NE(what.find("shape \"" + shape + "\""), std::string::npos);
    }
    if (!field.empty()) {
      EXPECT_NE(what.find("field \"" + field + "\""), std::string::npos);
    }
    EXPECT_NE(what.find(words), std::string::npos);
  }
}

// A scene text with one shape given by its JSON object text.
std::string one(const std::string& shape) {
  return R"({"version": 1, "shapes": [)" + shape + "]}";
}
// A valid rect "A" with extra key text appended (starting with ", ").
std::string rect_with(const std::string& extra) {
  return one(R"({"id": "A", "kind": "rect", "pos": [10, 20], "size": [30, 40])" + extra + "}");
}

// ------------------------------------------------------------------ good files

TEST(SceneLoad, ExampleHasEveryField) {
  const Scene s = load_scene(HITBOX_SOURCE_DIR "/assets/scenes/example.json");
  ASSERT_EQ(s.shapes.size(), 3u);
  EXPECT_EQ(s.version, 1);
  EXPECT_FALSE(s.view.has_value());
  const Shape& a = s.shapes[0];
  EXPECT_EQ(a.id, "A");
  EXPECT_EQ(a.kind, Kind::Rect);
  EXPECT_EQ(a.pos, DVec2(300, 200));
  EXPECT_EQ(a.angle, 30.0);
  EXPECT_EQ(a.size, DVec2(120, 60));
  EXPECT_TRUE(a.mirror_x);
  EXPECT_FALSE(a.mirror_y);
  EXPECT_EQ(a.vel, DVec2(40, 0));
  EXPECT_EQ(a.scale, 1.0);
  const Shape& b = s.shapes[1];
  EXPECT_EQ(b.kind, Kind::Circle);
  EXPECT_EQ(b.radius, 50.0);
  EXPECT_EQ(b.angle, 0.0);
  EXPECT_EQ(b.vel, DVec2(0, 0));
  const Shape& c = s.shapes[2];
  EXPECT_EQ(c.kind, Kind::Polygon);
  EXPECT_EQ(c.angle, -10.0);
  EXPECT_EQ(c.scale, 1.5);
  const std::vector<DVec2> pts = {{0, -40}, {38, -12}, {24, 32}, {-24, 32}, {-38, -12}};
  EXPECT_EQ(c.points, pts);
  EXPECT_EQ(s.find("A"), 0);
  EXPECT_EQ(s.find("C"), 2);
  EXPECT_EQ(s.find("c"), -1);
  EXPECT_EQ(s.find(""), -1);
}

TEST(SceneLoad, ViewIsReadWithDefaults) {
  Scene s = parse_scene(R"({"version": 1, "shapes": [], "view": {"origin": [-5, 7.5], "zoom": 2}})",
                        kFile);
  ASSERT_TRUE(s.view.has_value());
  EXPECT_EQ(s.view->origin, DVec2(-5, 7.5));
  EXPECT_EQ(s.view->zoom, 2.0);
  s = parse_scene(R"({"version": 1, "shapes": [], "view": {}})", kFile);
  ASSERT_TRUE(s.view.has_value());
  EXPECT_EQ(*s.view, View{});
  EXPECT_TRUE(parse_scene(R"({"shapes": [], "version": 1})", kFile).shapes.empty());
}

std::array<DVec2, 4> corners(const Shape& s);

TEST(SceneLoad, EveryBundledSceneLoadsInsideTheWindow) {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(HITBOX_SOURCE_DIR "/assets/scenes")) {
    if (e.path().extension() == ".json") files.push_back(e.path());
  }
  EXPECT_GE(files.size(), 6u);
  for (const auto& f : files) {
    SCOPED_TRACE(f.string());
    Scene s;
    ASSERT_NO_THROW(s = load_scene(f.string(), app::png_loader()));
    EXPECT_GE(s.shapes.size(), 2u);
    for (const Shape& sh : s.shapes) {
      SCOPED_TRACE(sh.id);
      // A radius about pos that holds the whole shape, at t = 0 and t = 1.
      double r = 0.0;
      if (sh.kind == Kind::Rect) r = std::hypot(sh.size.x, sh.size.y) / 2;
      if (sh.kind == Kind::Circle) r = sh.radius;
      if (sh.kind == Kind::Sprite) {
        ASSERT_TRUE(sh.pixels.image);
        r = std::hypot(sh.pixels.image->w, sh.pixels.image->h) / 2;
      }
      for (const DVec2& p : sh.points) r = std::max(r, std::hypot(p.x, p.y));
      r *= sh.scale;
      for (const DVec2 c : {sh.pos, sh.pos + sh.vel}) {
        if (sh.kind == Kind::Rect) {
          // A rect's own corners (a long floor or wall has a bounding circle far larger).
          Shape moved = sh;
          moved.pos = c;
          for (const DVec2 q : corners(moved)) {
            EXPECT_GE(q.x, 0.0);
            EXPECT_LE(q.x, 1280.0);
            EXPECT_GE(q.y, 0.0);
            EXPECT_LE(q.y, 800.0);
          }
          continue;
        }
        EXPECT_GE(c.x - r, 0.0);
        EXPECT_LE(c.x + r, 1280.0);
        EXPECT_GE(c.y - r, 0.0);
        EXPECT_LE(c.y + r, 800.0);
      }
    }
  }
}

// World corners of a rect: pos + R(angle) * (scale * M * local).
std::array<DVec2, 4> corners(const Shape& s) {
  const double a = s.angle * std::numbers::pi / 180.0;
  const double c = std::cos(a), sn = std::sin(a);
  std::array<DVec2, 4> out;
  const DVec2 h = s.size / 2.0;
  const std::array<DVec2, 4> local = {DVec2(-h.x, -h.y), DVec2(h.x, -h.y), DVec2(h.x, h.y),
                                      DVec2(-h.x, h.y)};
  for (int i = 0; i < 4; ++i) {
    DVec2 l = local[i] * s.scale;
    if (s.mirror_x) l.x = -l.x;
    if (s.mirror_y) l.y = -l.y;
    out[i] = s.pos + DVec2(c * l.x - sn * l.y, sn * l.x + c * l.y);
  }
  return out;
}

// Separating-axis overlap depth of two rects (negative: a gap), for checking the assets.
double rect_overlap(const Shape& a, const Shape& b) {
  const auto ca = corners(a), cb = corners(b);
  double best = std::numeric_limits<double>::infinity();
  for (const auto* poly : {&ca, &cb}) {
    for (int i = 0; i < 4; ++i) {
      const DVec2 d = (*poly)[(i + 1) % 4] - (*poly)[i];
      const DVec2 n = glm::normalize(DVec2(d.y, -d.x));
      double amin = 1e300, amax = -1e300, bmin = 1e300, bmax = -1e300;
      for (const DVec2& p : ca)
        amin = std::min(amin, glm::dot(p, n)), amax = std::max(amax, glm::dot(p, n));
      for (const DVec2& p : cb)
        bmin = std::min(bmin, glm::dot(p, n)), bmax = std::max(bmax, glm::dot(p, n));
      best = std::min(best, std::min(amax - bmin, bmax - amin));
    }
  }
  return best;
}

Scene asset(const char* name) {
  return load_scene(std::string(HITBOX_SOURCE_DIR "/assets/scenes/") + name);
}

TEST(SceneAssets, DefaultHasEveryKindAndAnOverlap) {
  const Scene s = asset("default.json");
  std::set<Kind> kinds;
  bool mirrored = false, rotated_rect = false;
  for (const Shape& sh : s.shapes) {
    kinds.insert(sh.kind);
    mirrored |= sh.kind == Kind::Rect && (sh.mirror_x || sh.mirror_y);
    rotated_rect |= sh.kind == Kind::Rect && sh.angle != 0.0;
  }
  EXPECT_EQ(kinds.size(), 3u);
  EXPECT_TRUE(mirrored);
  EXPECT_TRUE(rotated_rect);
  // The rotated rect and the circle overlap: the circle centre, in the rect's frame, is
  // closer to the box than the radius.
  const Shape& rect = s.shapes.at(static_cast<std::size_t>(s.find("rect")));
  const Shape& circle = s.shapes.at(static_cast<std::size_t>(s.find("circle")));
  const double a = rect.angle * std::numbers::pi / 180.0;
  const DVec2 d = circle.pos - rect.pos;
  const DVec2 local(std::cos(a) * d.x + std::sin(a) * d.y, -std::sin(a) * d.x + std::cos(a) * d.y);
  const DVec2 h = rect.size / 2.0;
  const DVec2 closest(std::clamp(local.x, -h.x, h.x), std::clamp(local.y, -h.y, h.y));
  EXPECT_LT(glm::length(local - closest), circle.radius - 10.0);
}

TEST(SceneAssets, RotatedRectsOverlapAndOneIsMirrored) {
  const Scene s = asset("rotated_rects.json");
  ASSERT_EQ(s.shapes.size(), 2u);
  const Shape& a = s.shapes[0];
  const Shape& b = s.shapes[1];
  EXPECT_NE(a.angle, 0.0);
  EXPECT_NE(b.angle, 0.0);
  EXPECT_NE(a.mirror_x || a.mirror_y, b.mirror_x || b.mirror_y);
  EXPECT_GT(rect_overlap(a, b), 5.0);
}

TEST(SceneAssets, TunnelBoxIsOnEitherSideOfTheWallAtT0AndT1) {
  const Scene s = asset("tunnel.json");
  const Shape& box = s.shapes.at(static_cast<std::size_t>(s.find("box")));
  const Shape& wall = s.shapes.at(static_cast<std::size_t>(s.find("wall")));
  EXPECT_EQ(box.vel, DVec2(400, 0));
  EXPECT_EQ(wall.size.x, 8.0);
  EXPECT_EQ(box.angle, 0.0);
  EXPECT_EQ(wall.angle, 0.0);
  const double wall_left = wall.pos.x - wall.size.x / 2, wall_right = wall.pos.x + wall.size.x / 2;
  EXPECT_LT(box.pos.x + box.size.x / 2, wall_left);               // t = 0: left of it
  EXPECT_GT(box.pos.x + box.vel.x - box.size.x / 2, wall_right);  // t = 1: right of it
  EXPECT_LT(std::abs(box.pos.y - wall.pos.y), wall.size.y / 2);   // on the wall's line
  EXPECT_LT(rect_overlap(box, wall), 0.0);
}

TEST(SceneAssets, CircleCornerBoundingSquareOverlapsButCircleDoesNot) {
  const Scene s = asset("circle_corner.json");
  const Shape& rect = s.shapes.at(static_cast<std::size_t>(s.find("rect")));
  const Shape& ball = s.shapes.at(static_cast<std::size_t>(s.find("ball")));
  ASSERT_EQ(rect.angle, 0.0);
  const DVec2 h = rect.size / 2.0;
  const DVec2 lo = rect.pos - h, hi = rect.pos + h;
  const double r = ball.radius;
  EXPECT_TRUE(ball.pos.x - r <= hi.x && lo.x <= ball.pos.x + r && ball.pos.y - r <= hi.y &&
              lo.y <= ball.pos.y + r);
  const DVec2 closest(std::clamp(ball.pos.x, lo.x, hi.x), std::clamp(ball.pos.y, lo.y, hi.y));
  EXPECT_GT(glm::length(ball.pos - closest), r + 1.0);
}

TEST(SceneAssets, TouchingRectsShareAnEdgeExactly) {
  const Scene s = asset("touching.json");
  ASSERT_EQ(s.shapes.size(), 2u);
  const Shape& a = s.shapes[0];
  const Shape& b = s.shapes[1];
  EXPECT_EQ(a.angle, 0.0);
  EXPECT_EQ(b.angle, 0.0);
  EXPECT_EQ(a.pos.x + a.size.x / 2, b.pos.x - b.size.x / 2);
  EXPECT_EQ(a.pos.y, b.pos.y);
  EXPECT_EQ(a.size.y, b.size.y);
  EXPECT_EQ(rect_overlap(a, b), 0.0);
}

// ------------------------------------------------------------------ file errors

TEST(SceneErrors, UnreadableFile) {
  const std::string path = "/nonexistent-hitbox-dir/missing.json";
  try {
    load_scene(path);
    ADD_FAILURE() << "no error";
  } catch (const SceneError& e) {
    EXPECT_EQ(e.file(), path);
    EXPECT_NE(std::string(e.what()).find(path + ": cannot read the file"), std::string::npos);
  }
}

TEST(SceneErrors, DirectoryIsNotAScene) {
  const std::string path = HITBOX_SOURCE_DIR "/assets/scenes";
  try {
    load_scene(path);
    ADD_FAILURE() << "no error";
  } catch (const SceneError& e) {
    EXPECT_NE(std::string(e.what()).find(path + ": cannot read the file"), std::string::npos);
  }
}

TEST(SceneErrors, UnwritableFile) {
  const Scene s = asset("example.json");
  const std::string path = "/nonexistent-hitbox-dir/out.json";
  try {
    save_scene(s, path);
    ADD_FAILURE() << "no error";
  } catch (const SceneError& e) {
    EXPECT_EQ(e.file(), path);
    EXPECT_NE(std::string(e.what()).find(path + ": cannot write the file"), std::string::npos);
  }
}

TEST(SceneErrors, InvalidJsonNamesLineAndColumn) {
  expect_error("{\"version\": 1,\n  \"shapes\": [\n    {\"id\": \"A\",, }\n  ]\n}", "", "",
               "invalid JSON at line 3, column 16: ");
}

TEST(SceneErrors, InvalidJsonTrailingText) {
  expect_error(R"({"version": 1, "shapes": []} x)", "", "", "invalid JSON at line 1, column 30");
}

TEST(SceneErrors, EmptyText) {
  expect_error("", "", "", "invalid JSON at line 1");
}

TEST(SceneErrors, InvalidUtf8InString) {
  expect_error(one("{\"id\": \"\xff\"}"), "", "", "invalid JSON");
}

TEST(SceneErrors, DuplicateJsonKeyInShape) {
  expect_error(one(R"({"id": "B", "kind": "circle", "pos": [1, 2], "radius": 5, "radius": 6})"),
               "B", "radius", "appears twice");
}

TEST(SceneErrors, DuplicateJsonKeyId) {
  expect_error(one(R"({"id": "B", "id": "C", "kind": "circle", "pos": [1, 2], "radius": 5})"), "#1",
               "id", "appears twice");
}

TEST(SceneErrors, DuplicateJsonKeyTopLevel) {
  expect_error(R"({"version": 1, "version": 1, "shapes": []})", "", "version", "appears twice");
}

TEST(SceneErrors, NumberOverflowInPos) {
  expect_error(one(R"({"id": "A", "kind": "rect", "pos": [1e400, 20], "size": [30, 40]})"), "A",
               "pos[0]", "too large");
}

TEST(SceneErrors, NumberOverflowInPoint) {
  expect_error(
      one(R"({"id": "P", "kind": "polygon", "pos": [1, 2], "points": [[0, 0], [5, 0], [0, -2e999]]})"),
      "P", "points[2][1]", "too large");
}

TEST(SceneErrors, TopLevelNotAnObject) {
  expect_error("[1, 2]", "", "", "must be an object");
}

TEST(SceneErrors, VersionMissing) {
  expect_error(R"({"shapes": []})", "", "version", "is required");
}

TEST(SceneErrors, VersionUnsupported) {
  expect_error(R"({"version": 2, "shapes": []})", "", "version",
               "unsupported version 2 (this Hitbox reads version 1)");
}

TEST(SceneErrors, VersionNotAnInteger) {
  expect_error(R"({"version": 1.5, "shapes": []})", "", "version", "unsupported version 1.5");
  expect_error(R"({"version": "1", "shapes": []})", "", "version", "unsupported version \"1\"");
}

TEST(SceneErrors, UnknownTopLevelKey) {
  expect_error(R"({"version": 1, "shapes": [], "colour": 3})", "", "colour", "unknown key");
}

TEST(SceneErrors, ShapesMissing) {
  expect_error(R"({"version": 1})", "", "shapes", "required");
}

TEST(SceneErrors, ShapesNotAnArray) {
  expect_error(R"({"version": 1, "shapes": {}})", "", "shapes", "must be an array");
}

TEST(SceneErrors, ShapeNotAnObject) {
  expect_error(one("[1, 2]"), "#1", "", "must be an object");
}

TEST(SceneErrors, IdMissing) {
  expect_error(
      R"({"version": 1, "shapes": [{"id": "A", "kind": "circle", "pos": [0, 0], "radius": 1},
                  {"kind": "circle", "pos": [0, 0], "radius": 1}]})",
      "#2", "id", "is required");
}

TEST(SceneErrors, IdNotAString) {
  expect_error(one(R"({"id": 7, "kind": "circle", "pos": [0, 0], "radius": 1})"), "#1", "id",
               "must be a non-empty string");
}

TEST(SceneErrors, IdEmpty) {
  expect_error(one(R"({"id": "", "kind": "circle", "pos": [0, 0], "radius": 1})"), "#1", "id",
               "must not be empty");
}

TEST(SceneErrors, DuplicateIds) {
  expect_error(
      R"({"version": 1, "shapes": [{"id": "A", "kind": "circle", "pos": [0, 0], "radius": 1},
                  {"id": "A", "kind": "circle", "pos": [5, 0], "radius": 1}]})",
      "A", "id", "duplicate id");
}

TEST(SceneErrors, KindMissing) {
  expect_error(one(R"({"id": "A", "pos": [0, 0], "radius": 1})"), "A", "kind", "is required");
}

TEST(SceneErrors, KindUnknown) {
  expect_error(one(R"({"id": "A", "kind": "square", "pos": [0, 0]})"), "A", "kind",
               "unknown kind \"square\"");
}

TEST(SceneErrors, KindNotAString) {
  expect_error(one(R"({"id": "A", "kind": 1, "pos": [0, 0]})"), "A", "kind", "must be");
}

TEST(SceneErrors, UnknownShapeKey) {
  expect_error(rect_with(R"(, "colour": "red")"), "A", "colour", "unknown key");
}

TEST(SceneErrors, RadiusOnARect) {
  expect_error(rect_with(R"(, "radius": 5)"), "A", "radius", "is not a key of a rect");
}

TEST(SceneErrors, PointsOnACircle) {
  expect_error(one(R"({"id": "c", "kind": "circle", "pos": [0, 0], "radius": 1, "points": []})"),
               "c", "points", "is not a key of a circle");
}

TEST(SceneErrors, SizeOnAPolygon) {
  expect_error(one(R"({"id": "p", "kind": "polygon", "pos": [0, 0], "size": [1, 1],
                       "points": [[0, 0], [1, 0], [0, 1]]})"),
               "p", "size", "is not a key of a polygon");
}

TEST(SceneErrors, PosMissing) {
  expect_error(one(R"({"id": "A", "kind": "rect", "size": [1, 1]})"), "A", "pos", "is required");
}

TEST(SceneErrors, PosWrongLength) {
  expect_error(one(R"({"id": "A", "kind": "rect", "pos": [1, 2, 3], "size": [1, 1]})"), "A", "pos",
               "must be [x, y]");
}

TEST(SceneErrors, PosElementNotANumber) {
  expect_error(one(R"({"id": "A", "kind": "rect", "pos": [1, "2"], "size": [1, 1]})"), "A",
               "pos[1]", "must be a number");
}

TEST(SceneErrors, PosNull) {
  expect_error(one(R"({"id": "A", "kind": "rect", "pos": [null, 2], "size": [1, 1]})"), "A",
               "pos[0]", "must be a number, not null");
}

TEST(SceneErrors, PosOutOfRange) {
  expect_error(one(R"({"id": "A", "kind": "rect", "pos": [0, -1000001], "size": [1, 1]})"), "A",
               "pos[1]", "out of range");
}

TEST(SceneErrors, AngleNotANumber) {
  expect_error(rect_with(R"(, "angle": "30")"), "A", "angle", "must be a number");
}

TEST(SceneErrors, AngleOutOfRange) {
  expect_error(rect_with(R"(, "angle": 1e7)"), "A", "angle", "out of range");
}

TEST(SceneErrors, SpinNotANumber) {
  expect_error(rect_with(R"(, "spin": [30])"), "A", "spin", "must be a number");
}

TEST(SceneErrors, SpinOutOfRange) {
  expect_error(rect_with(R"(, "spin": -3601)"), "A", "spin", "beyond +-3600 degrees per step");
}

TEST(SceneRoundTrip, SpinKeptAndLeftOutWhenZero) {
  const Scene scene = parse_scene(
      one(R"({"id": "bar", "kind": "rect", "pos": [0, 0], "size": [200, 10], "spin": 170},
             {"id": "ball", "kind": "circle", "pos": [0, 60], "radius": 12})"),
      "spin.json");
  ASSERT_EQ(scene.shapes.size(), 2u);
  EXPECT_EQ(scene.shapes[0].spin, 170.0);
  EXPECT_EQ(scene.shapes[1].spin, 0.0);
  const std::string text = scene_to_json(scene);
  EXPECT_NE(text.find(R"("pos": [0, 0], "spin": 170, "size": [200, 10])"), std::string::npos)
      << text;
  EXPECT_EQ(text.find(R"("radius": 12, "spin")"), std::string::npos) << text;
  EXPECT_EQ(text.find("spin"), text.rfind("spin")) << "written once, for the bar only";
  EXPECT_EQ(parse_scene(text, "spin.json"), scene);
}

TEST(SceneErrors, ScaleZero) {
  expect_error(rect_with(R"(, "scale": 0)"), "A", "scale", "must be > 0");
}

TEST(SceneErrors, ScaleNegative) {
  expect_error(rect_with(R"(, "scale": -2)"), "A", "scale", "must be > 0");
}

TEST(SceneErrors, ScaleTooLarge) {
  expect_error(rect_with(R"(, "scale": 1000.5)"), "A", "scale", "out of range");
}

TEST(SceneErrors, ScaleTooSmall) {
  expect_error(rect_with(R"(, "scale": 1e-9)"), "A", "scale", "out of range");
}

TEST(SceneErrors, ScaleNotANumber) {
  expect_error(rect_with(R"(, "scale": true)"), "A", "scale", "must be a number, not true");
}

TEST(SceneErrors, ScaledSizeOutOfRange) {
  expect_error(
      one(R"({"id": "A", "kind": "rect", "pos": [0, 0], "size": [2000, 1], "scale": 600})"), "A",
      "scale", "out of range");
  expect_error(one(R"({"id": "B", "kind": "circle", "pos": [0, 0], "radius": 2000, "scale": 600})"),
               "B", "scale", "out of range");
  expect_error(one(R"({"id": "C", "kind": "polygon", "pos": [0, 0], "scale": 600,
                       "points": [[0, 0], [2000, 0], [0, 1]]})"),
               "C", "scale", "out of range");
}

TEST(SceneErrors, MirrorNotBool) {
  expect_error(rect_with(R"(, "mirror": [true, 1])"), "A", "mirror[1]", "must be true or false");
}

TEST(SceneErrors, MirrorWrongLength) {
  expect_error(rect_with(R"(, "mirror": [true])"), "A", "mirror", "must be [bool, bool]");
}

TEST(SceneErrors, VelNotAnArray) {
  expect_error(rect_with(R"(, "vel": 5)"), "A", "vel", "must be [x, y]");
}

TEST(SceneErrors, VelOutOfRange) {
  expect_error(rect_with(R"(, "vel": [2e6, 0])"), "A", "vel[0]", "out of range");
}

TEST(SceneErrors, RectSizeMissing) {
  expect_error(one(R"({"id": "A", "kind": "rect", "pos": [0, 0]})"), "A", "size", "is required");
}

TEST(SceneErrors, RectSizeZero) {
  try {
    parse_scene(one(R"({"id": "A", "kind": "rect", "pos": [0, 0], "size": [120, 0]})"), kFile);
    ADD_FAILURE() << "no error";
  } catch (const SceneError& e) {
    EXPECT_STREQ(e.what(),
                 "bad.json: shape \"A\", field \"size\": must be [width, height] with both > 0");
  }
}

TEST(SceneErrors, RectSizeNegative) {
  expect_error(one(R"({"id": "A", "kind": "rect", "pos": [0, 0], "size": [-1, 5]})"), "A", "size",
               "must be [width, height] with both > 0");
}

TEST(SceneErrors, RectSizeNotAPair) {
  expect_error(one(R"({"id": "A", "kind": "rect", "pos": [0, 0], "size": 5})"), "A", "size",
               "must be [width, height] with both > 0");
  expect_error(one(R"({"id": "A", "kind": "rect", "pos": [0, 0], "size": [5, "5"]})"), "A", "size",
               "must be [width, height] with both > 0");
}

TEST(SceneErrors, RectSizeOutOfRange) {
  expect_error(one(R"({"id": "A", "kind": "rect", "pos": [0, 0], "size": [5, 1e6001]})"), "A",
               "size[1]", "too large");
  expect_error(one(R"({"id": "A", "kind": "rect", "pos": [0, 0], "size": [5, 1.5e6]})"), "A",
               "size", "out of range");
  expect_error(one(R"({"id": "A", "kind": "rect", "pos": [0, 0], "size": [1e-7, 5]})"), "A", "size",
               "out of range");
}

TEST(SceneErrors, CircleRadiusMissing) {
  expect_error(one(R"({"id": "B", "kind": "circle", "pos": [0, 0]})"), "B", "radius",
               "is required");
}

TEST(SceneErrors, CircleRadiusZero) {
  expect_error(one(R"({"id": "B", "kind": "circle", "pos": [0, 0], "radius": 0})"), "B", "radius",
               "must be a number > 0");
}

TEST(SceneErrors, CircleRadiusNegative) {
  expect_error(one(R"({"id": "B", "kind": "circle", "pos": [0, 0], "radius": -3})"), "B", "radius",
               "must be a number > 0");
}

TEST(SceneErrors, CircleRadiusNotANumber) {
  expect_error(one(R"({"id": "B", "kind": "circle", "pos": [0, 0], "radius": [3]})"), "B", "radius",
               "must be a number, not an array");
}

TEST(SceneErrors, CircleRadiusOutOfRange) {
  expect_error(one(R"({"id": "B", "kind": "circle", "pos": [0, 0], "radius": 1000001})"), "B",
               "radius", "out of range");
}

TEST(SceneErrors, PolygonPointsMissing) {
  expect_error(one(R"({"id": "C", "kind": "polygon", "pos": [0, 0]})"), "C", "points",
               "is required");
}

TEST(SceneErrors, PolygonPointsNotAnArray) {
  expect_error(one(R"({"id": "C", "kind": "polygon", "pos": [0, 0], "points": "square"})"), "C",
               "points", "must be an array");
}

TEST(SceneErrors, PolygonPointNotAPair) {
  expect_error(
      one(R"({"id": "C", "kind": "polygon", "pos": [0, 0], "points": [[0, 0], [1], [0, 1]]})"), "C",
      "points[1]", "must be [x, y]");
}

TEST(SceneErrors, PolygonPointOutOfRange) {
  expect_error(
      one(R"({"id": "C", "kind": "polygon", "pos": [0, 0], "points": [[0, 0], [1, 0], [0, 3e6]]})"),
      "C", "points[2][1]", "out of range");
}

TEST(SceneErrors, PolygonTooFewPoints) {
  expect_error(one(R"({"id": "C", "kind": "polygon", "pos": [0, 0], "points": [[0, 0], [1, 0]]})"),
               "C", "points", "at least 3");
}

TEST(SceneErrors, PolygonTooManyPoints) {
  std::string pts;
  for (int i = 0; i < 65; ++i) {
    const double a = 2 * std::numbers::pi * i / 65;
    pts += (i ? ", [" : "[") + std::to_string(100 * std::cos(a)) + ", " +
           std::to_string(100 * std::sin(a)) + "]";
  }
  expect_error(one(R"({"id": "C", "kind": "polygon", "pos": [0, 0], "points": [)" + pts + "]}"),
               "C", "points", "at most 64");
}

TEST(SceneErrors, PolygonRepeatedPoint) {
  expect_error(one(R"({"id": "C", "kind": "polygon", "pos": [0, 0],
                       "points": [[0, 0], [10, 0], [10, 10], [10, 0]]})"),
               "C", "points[3]", "repeats point 1");
}

TEST(SceneErrors, PolygonCollinearPoints) {
  expect_error(one(R"({"id": "C", "kind": "polygon", "pos": [0, 0],
                       "points": [[0, 0], [5, 0], [10, 0], [0, 10]]})"),
               "C", "points[1]", "collinear");
}

TEST(SceneErrors, PolygonConcaveIsAcceptedSelfIntersectingIsNot) {
  // Concave polygons load (issue 12: they are decomposed into convex pieces when posed).
  const Scene ok = parse_scene(one(R"({"id": "C", "kind": "polygon", "pos": [0, 0],
                       "points": [[0, 0], [10, 0], [10, 10], [5, 3], [0, 10]]})"),
                               "c.json");
  ASSERT_EQ(ok.shapes.size(), 1u);
  EXPECT_EQ(ok.shapes[0].points.size(), 5u);
  // A bowtie: edge 2 -> 3 crosses edge 0 -> 1, named on the point that starts it.
  expect_error(one(R"({"id": "C", "kind": "polygon", "pos": [0, 0],
                       "points": [[0, 0], [10, 10], [10, 0], [0, 10]]})"),
               "C", "points[2]", "edge (2 -> 3) that crosses edge 0 -> 1");
}

TEST(SceneErrors, PolygonSelfIntersecting) {
  expect_error(one(R"({"id": "C", "kind": "polygon", "pos": [0, 0],
                       "points": [[0, -100], [59, 81], [-95, -31], [95, -31], [-59, 81]]})"),
               "C", "points[2]", "intersects itself");
}

TEST(SceneErrors, ViewNotAnObject) {
  expect_error(R"({"version": 1, "shapes": [], "view": [0, 0]})", "", "view", "must be an object");
}

TEST(SceneErrors, ViewUnknownKey) {
  expect_error(R"({"version": 1, "shapes": [], "view": {"zoom": 1, "rotation": 0}})", "",
               "view.rotation", "unknown key");
}

TEST(SceneErrors, ViewZoomNotPositive) {
  expect_error(R"({"version": 1, "shapes": [], "view": {"zoom": 0}})", "", "view.zoom",
               "must be > 0");
  expect_error(R"({"version": 1, "shapes": [], "view": {"zoom": -1}})", "", "view.zoom",
               "must be > 0");
}

TEST(SceneErrors, ViewZoomOutOfRange) {
  expect_error(R"({"version": 1, "shapes": [], "view": {"zoom": 5000}})", "", "view.zoom",
               "out of range");
}

TEST(SceneErrors, ViewOriginOutOfRange) {
  expect_error(R"({"version": 1, "shapes": [], "view": {"origin": [0, 1e9]}})", "",
               "view.origin[1]", "out of range");
}

TEST(SceneErrors, ErrorsAfterTheFirstShapeNameTheirShape) {
  // The second shape's own problem is named by its id, not the first one's.
  expect_error(
      R"({"version": 1, "shapes": [{"id": "ok", "kind": "circle", "pos": [0, 0], "radius": 1},
                  {"id": "bad", "kind": "circle", "pos": [0, 0], "radius": 0}]})",
      "bad", "radius", "> 0");
}

// ------------------------------------------------------------------ saving

TEST(SceneSave, WritesOneShapePerLineAndOmitsDefaults) {
  const Scene s = asset("example.json");
  const std::string text = scene_to_json(s);
  EXPECT_EQ(text,
            "{\n"
            "  \"version\": 1,\n"
            "  \"shapes\": [\n"
            "    {\"id\": \"A\", \"kind\": \"rect\", \"pos\": [300, 200], \"angle\": 30, "
            "\"mirror\": [true, false], \"vel\": [40, 0], \"size\": [120, 60]},\n"
            "    {\"id\": \"B\", \"kind\": \"circle\", \"pos\": [420, 220], \"radius\": 50},\n"
            "    {\"id\": \"C\", \"kind\": \"polygon\", \"pos\": [600, 300], \"angle\": -10, "
            "\"scale\": 1.5, \"points\": [[0, -40], [38, -12], [24, 32], [-24, 32], [-38, -12]]}\n"
            "  ]\n"
            "}\n");
  EXPECT_EQ(parse_scene(text, "again.json"), s);
}

TEST(SceneSave, EmptySceneAndView) {
  Scene s;
  s.view = View{DVec2(-0.5, 12), 0.25};
  const std::string text = scene_to_json(s);
  EXPECT_EQ(text,
            "{\n  \"version\": 1,\n  \"view\": {\"origin\": [-0.5, 12], \"zoom\": 0.25},\n"
            "  \"shapes\": []\n}\n");
  EXPECT_EQ(parse_scene(text, "x.json"), s);
}

TEST(SceneSave, FileRoundTrip) {
  const Scene s = asset("default.json");
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("hitbox_scene_test_" + std::to_string(std::random_device{}()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "saved.json").string();
  save_scene(s, path);
  EXPECT_EQ(load_scene(path), s);
  // Saving over an existing file replaces it and leaves no temporary file behind.
  Scene t = s;
  t.shapes.pop_back();
  save_scene(t, path);
  EXPECT_EQ(load_scene(path), t);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir),
                          std::filesystem::directory_iterator()),
            1);
  std::filesystem::remove_all(dir);
}

TEST(SceneSave, NonFiniteValueIsNotSaved) {
  Scene s = asset("example.json");
  s.shapes[1].radius = std::numeric_limits<double>::quiet_NaN();
  try {
    scene_to_json(s);
    ADD_FAILURE() << "no error";
  } catch (const SceneError& e) {
    EXPECT_EQ(e.shape(), "B");
    EXPECT_EQ(e.field(), "radius");
  }
}

// Awkward doubles: not exactly representable, tiny, large, near-integers, negative zero.
double awkward(std::mt19937_64& rng, double lo, double hi) {
  static const double pool[] = {0.1,
                                0.2,
                                0.3,
                                1e-7,
                                123456.789,
                                1.0 / 3.0,
                                2.0 / 3.0,
                                0.1 + 0.2,
                                -0.0,
                                0.0,
                                1e-300,
                                5e-324,
                                999999.99,
                                1e6,
                                -1e6,
                                -123.456,
                                1.0000000000000002,
                                0.999999999999999,
                                12.5,
                                4503599627370497e-10};
  std::uniform_int_distribution<int> pick(0, 3);
  if (pick(rng) == 0) {
    std::uniform_int_distribution<std::size_t> idx(0, std::size(pool) - 1);
    for (int tries = 0; tries < 20; ++tries) {
      const double v = pool[idx(rng)];
      if (v >= lo && v <= hi) return v;
    }
  }
  if (pick(rng) == 0) {  // an integer
    std::uniform_int_distribution<long> whole(static_cast<long>(std::ceil(lo)),
                                              static_cast<long>(std::floor(hi)));
    if (std::ceil(lo) <= std::floor(hi)) return static_cast<double>(whole(rng));
  }
  if (pick(rng) == 0 && lo > 0.0) {  // spread over the orders of magnitude
    std::uniform_real_distribution<double> e(std::log10(lo), std::log10(hi));
    return std::clamp(std::pow(10.0, e(rng)), lo, hi);
  }
  std::uniform_real_distribution<double> u(lo, hi);
  return u(rng);
}

// Sprite images for the random round trip, served by an in-memory loader (the scene is
// "random.json" in the current directory, so the resolved path is the image string).
const std::map<std::string, std::shared_ptr<const SpriteImage>>& memory_images() {
  static const auto images = [] {
    std::map<std::string, std::shared_ptr<const SpriteImage>> m;
    const std::pair<const char*, std::pair<int, int>> list[] = {
        {"sprites/a.png", {3, 2}}, {"../up one/b c.png", {1, 5}}, {"üñí.png", {7, 7}}};
    std::uint8_t v = 0;
    for (const auto& [name, size] : list) {
      auto img = std::make_shared<SpriteImage>();
      img->w = size.first;
      img->h = size.second;
      for (int i = 0; i < img->w * img->h; ++i) img->alpha.push_back(v += 37);
      m.emplace(name, img);
    }
    return m;
  }();
  return images;
}

ImageLoader memory_loader() {
  return [](const std::string& path, std::string* error) -> std::shared_ptr<const SpriteImage> {
    const auto it = memory_images().find(path);
    if (it != memory_images().end()) return it->second;
    *error = "no such image in memory";
    return nullptr;
  };
}

Shape random_shape(std::mt19937_64& rng, int index) {
  static const char* const names[] = {"A", "box", "a \"quoted\" id", "back\\slash", "üñí", "tab\t"};
  std::uniform_int_distribution<int> pick(0, 5);
  std::bernoulli_distribution coin(0.5);
  Shape s;
  s.id = std::string(names[pick(rng)]) + std::to_string(index);
  s.kind = static_cast<Kind>(std::uniform_int_distribution<int>(0, 6)(rng));  // all seven kinds
  s.pos = DVec2(awkward(rng, -1e6, 1e6), awkward(rng, -1e6, 1e6));
  if (coin(rng)) s.angle = awkward(rng, -1e6, 1e6);
  if (coin(rng)) s.scale = awkward(rng, 1e-6, 1000.0);
  s.mirror_x = coin(rng);
  s.mirror_y = coin(rng);
  if (coin(rng)) s.vel = DVec2(awkward(rng, -1e6, 1e6), awkward(rng, -1e6, 1e6));
  if (coin(rng)) s.spin = awkward(rng, -3600.0, 3600.0);
  const double max_extent = 1e6 / std::max(1.0, s.scale) * 0.999999;
  switch (s.kind) {
    case Kind::Rect:
      s.size = DVec2(awkward(rng, 1e-6, max_extent), awkward(rng, 1e-6, max_extent));
      break;
    case Kind::Circle:
      s.radius = awkward(rng, 1e-6, max_extent);
      break;
    case Kind::Polygon: {
      std::uniform_int_distribution<int> count(3, 20);
      while (s.points.size() < 3) {
        const double r = awkward(rng, 1e-3, max_extent / 2);
        std::vector<DVec2> cloud;
        for (int i = count(rng); i > 0; --i) {
          cloud.emplace_back(awkward(rng, -r, r), awkward(rng, -r, r));
        }
        s.points = convex_hull(cloud);
        if (s.points.size() > static_cast<std::size_t>(kMaxPolygonPoints)) s.points.clear();
      }
      if (coin(rng)) std::reverse(s.points.begin(), s.points.end());
      break;
    }
    case Kind::Point:
      break;  // a point is its pos
    case Kind::Segment:
    case Kind::Capsule:
      s.points = {
          DVec2(awkward(rng, -max_extent, max_extent), awkward(rng, -max_extent, max_extent)),
          DVec2(awkward(rng, -max_extent, max_extent), awkward(rng, -max_extent, max_extent))};
      if (s.kind == Kind::Capsule) s.radius = awkward(rng, 1e-6, max_extent);
      break;
    case Kind::Sprite: {
      std::uniform_int_distribution<std::size_t> which(0, memory_images().size() - 1);
      auto it = memory_images().begin();
      std::advance(it, static_cast<long>(which(rng)));
      s.image = it->first;
      s.pixels.image = it->second;
      if (coin(rng)) s.alpha_threshold = std::uniform_int_distribution<int>(0, 255)(rng);
      break;
    }
  }
  return s;
}

TEST(SceneRoundTrip, RandomScenesSurviveSaveAndParseExactly) {
  std::mt19937_64 rng(20240611);
  std::uniform_int_distribution<int> count(0, 8);
  std::bernoulli_distribution coin(0.3);
  int shapes = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    Scene s;
    for (int i = count(rng); i > 0; --i) s.shapes.push_back(random_shape(rng, i));
    if (coin(rng)) {
      s.view =
          View{DVec2(awkward(rng, -1e6, 1e6), awkward(rng, -1e6, 1e6)), awkward(rng, 1e-3, 1e3)};
    }
    shapes += static_cast<int>(s.shapes.size());
    const std::string text = scene_to_json(s);
    Scene back;
    try {
      back = parse_scene(text, "random.json", memory_loader());
    } catch (const SceneError& e) {
      FAIL() << "iteration " << iter << ": " << e.what() << "\n" << text;
    }
    ASSERT_EQ(back, s) << "iteration " << iter << "\n" << text;
    ASSERT_EQ(scene_to_json(back), text) << "iteration " << iter;
    // One line per shape plus the frame.
    const auto lines = std::count(text.begin(), text.end(), '\n');
    ASSERT_EQ(lines,
              static_cast<long>(s.shapes.size()) + (s.shapes.empty() ? 4 : 5) + (s.view ? 1 : 0));
  }
  EXPECT_GT(shapes, 10000);
}

// ------------------------------------------------------------------ sprites

// A fresh directory for one test (tests may run in parallel processes).
std::filesystem::path sprite_dir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / (std::string("hitbox_sprites_") + info->name());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

// Writes a w x h RGBA PNG whose texel (x, y) has colour (x, y, 7) and alpha alpha(x, y).
template <typename Alpha>
void write_png(const std::filesystem::path& path, int w, int h, Alpha alpha) {
  std::filesystem::create_directories(path.parent_path());
  std::vector<std::uint8_t> rgba;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      rgba.push_back(static_cast<std::uint8_t>(x));
      rgba.push_back(static_cast<std::uint8_t>(y));
      rgba.push_back(7);
      rgba.push_back(alpha(x, y));
    }
  }
  ASSERT_NE(stbi_write_png(path.string().c_str(), w, h, 4, rgba.data(), w * 4), 0) << path;
}

void write_text(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

std::string scene_text(const std::string& shapes) {
  return R"({"version": 1, "shapes": [)" + shapes + "]}";
}

// A sprite "S" using `image`, with extra key text appended (starting with ", ").
std::string sprite(const std::string& image, const std::string& extra = "") {
  return R"({"id": "S", "kind": "sprite", "pos": [50, 60], "image": ")" + image + "\"" + extra +
         "}";
}

// Writes scene.json into `dir` and checks that loading it (with the PNG loader) fails naming
// that file, the shape and the field, with `words` in the message. Returns the message.
std::string expect_sprite_error(const std::filesystem::path& dir, const std::string& shapes,
                                const std::string& shape, const std::string& field,
                                const std::vector<std::string>& words,
                                const ImageLoader& loader = app::png_loader()) {
  const std::string path = (dir / "scene.json").string();
  write_text(path, scene_text(shapes));
  try {
    load_scene(path, loader);
    ADD_FAILURE() << "no error for: " << shapes;
    return "";
  } catch (const SceneError& e) {
    const std::string what = e.what();
    SCOPED_TRACE(what);
    EXPECT_EQ(e.file(), path);
    EXPECT_EQ(e.shape(), shape);
    EXPECT_EQ(e.field(), field);
    EXPECT_EQ(what.rfind(path + ": shape \"" + shape + "\", field \"" + field + "\": ", 0), 0u);
    for (const std::string& w : words) EXPECT_NE(what.find(w), std::string::npos) << w;
    return what;
  }
}

std::uint8_t checker_alpha(int x, int y) {
  return static_cast<std::uint8_t>((x * 40 + y * 90) % 256);
}

TEST(SceneSprites, ImageResolvesAgainstTheSceneDirectory) {
  const auto dir = sprite_dir();
  write_png(dir / "sub" / "sprites" / "a.png", 5, 3, checker_alpha);
  write_text(dir / "sub" / "scene.json",
             scene_text(R"({"id": "S", "kind": "sprite", "pos": [50, 60], "angle": 30, "scale": 2,
                           "mirror": [true, false], "vel": [1, 2], "image": "sprites/a.png",
                           "alpha_threshold": 7})"));
  const Scene s = load_scene((dir / "sub" / "scene.json").string(), app::png_loader());
  ASSERT_EQ(s.shapes.size(), 1u);
  const Shape& sh = s.shapes[0];
  EXPECT_EQ(sh.kind, Kind::Sprite);
  EXPECT_EQ(sh.image, "sprites/a.png");  // as written, not resolved
  EXPECT_EQ(sh.alpha_threshold, 7);
  EXPECT_EQ(sh.scale, 2.0);
  EXPECT_TRUE(sh.mirror_x);
  ASSERT_TRUE(sh.pixels.image);
  const SpriteImage& img = *sh.pixels.image;
  ASSERT_EQ(img.w, 5);
  ASSERT_EQ(img.h, 3);
  ASSERT_EQ(img.alpha.size(), 15u);
  ASSERT_EQ(img.rgba.size(), 60u);
  for (int y = 0; y < 3; ++y) {
    for (int x = 0; x < 5; ++x) {
      const std::size_t i = static_cast<std::size_t>(y * 5 + x);
      EXPECT_EQ(img.alpha[i], checker_alpha(x, y));
      EXPECT_EQ(img.rgba[i * 4 + 0], x);
      EXPECT_EQ(img.rgba[i * 4 + 1], y);
      EXPECT_EQ(img.rgba[i * 4 + 2], 7);
      EXPECT_EQ(img.rgba[i * 4 + 3], img.alpha[i]);
    }
  }
  // The frame is the image rectangle times scale, centred on pos.
  const Posed p(sh);
  EXPECT_EQ(p.collider().geom, Geom::Box);
  EXPECT_FLOAT_EQ(p.collider().half.x, 5.0f);
  EXPECT_FLOAT_EQ(p.collider().half.y, 3.0f);
  EXPECT_EQ(p.collider().sprite, sh.pixels.image.get());
  EXPECT_EQ(p.collider().alpha_threshold, 7);
}

TEST(SceneSprites, DefaultThresholdAndOneImageSharedBySprites) {
  const auto dir = sprite_dir();
  write_png(dir / "a.png", 2, 2, [](int, int) { return std::uint8_t{255}; });
  write_text(dir / "scene.json",
             scene_text(R"({"id": "S", "kind": "sprite", "pos": [1, 2], "image": "a.png"},
                           {"id": "T", "kind": "sprite", "pos": [3, 4], "image": "a.png",
                            "alpha_threshold": 0},
                           {"id": "U", "kind": "sprite", "pos": [3, 4], "image": "a.png",
                            "alpha_threshold": 255})"));
  const Scene s = load_scene((dir / "scene.json").string(), app::png_loader());
  ASSERT_EQ(s.shapes.size(), 3u);
  EXPECT_EQ(s.shapes[0].alpha_threshold, 128);
  EXPECT_EQ(s.shapes[1].alpha_threshold, 0);
  EXPECT_EQ(s.shapes[2].alpha_threshold, 255);
  EXPECT_EQ(s.shapes[0].pixels.image, s.shapes[1].pixels.image);  // loaded once
}

TEST(SceneSprites, SaveWritesTheImageAsReadAndLoadGivesTheSameScene) {
  const auto dir = sprite_dir();
  write_png(dir / "art" / "a.png", 4, 4, checker_alpha);
  write_png(dir / "b.png", 3, 1, [](int x, int) { return static_cast<std::uint8_t>(x * 100); });
  const std::string text = scene_text(
      R"({"id": "S", "kind": "sprite", "pos": [10, 20], "angle": -15, "scale": 0.5,
          "mirror": [false, true], "vel": [3, 0], "image": "art/a.png", "alpha_threshold": 200},
         {"id": "T", "kind": "sprite", "pos": [1, 2], "image": "./b.png", "alpha_threshold": 128},
         {"id": "R", "kind": "rect", "pos": [0, 0], "size": [1, 2]})");
  write_text(dir / "scene.json", text);
  const Scene s = load_scene((dir / "scene.json").string(), app::png_loader());
  const std::string saved = scene_to_json(s);
  EXPECT_NE(saved.find(R"({"id": "S", "kind": "sprite", "pos": [10, 20], "angle": -15, )"
                       R"("scale": 0.5, "mirror": [false, true], "vel": [3, 0], )"
                       R"("image": "art/a.png", "alpha_threshold": 200})"),
            std::string::npos)
      << saved;
  // The default threshold is left out.
  EXPECT_NE(saved.find(R"({"id": "T", "kind": "sprite", "pos": [1, 2], "image": "./b.png"})"),
            std::string::npos)
      << saved;
  const std::string again = (dir / "again.json").string();
  save_scene(s, again);
  const Scene back = load_scene(again, app::png_loader());
  EXPECT_EQ(back, s);
  EXPECT_NE(back.shapes[0].pixels.image, s.shapes[0].pixels.image);  // equal by content
  // A different image under the same name is a different scene.
  write_png(dir / "b.png", 3, 1, [](int x, int) { return static_cast<std::uint8_t>(x * 101); });
  EXPECT_NE(load_scene(again, app::png_loader()), s);
}

TEST(SceneSprites, ImageMissingEmptyOrNotAString) {
  const auto dir = sprite_dir();
  expect_sprite_error(dir, R"({"id": "S", "kind": "sprite", "pos": [0, 0]})", "S", "image",
                      {"is required"});
  expect_sprite_error(dir, sprite(""), "S", "image", {"must not be empty"});
  expect_sprite_error(dir, R"({"id": "S", "kind": "sprite", "pos": [0, 0], "image": 3})", "S",
                      "image", {"must be a non-empty string", "a number"});
  expect_sprite_error(dir, R"({"id": "S", "kind": "sprite", "pos": [0, 0], "image": null})", "S",
                      "image", {"must be a non-empty string", "null"});
}

TEST(SceneSprites, ThresholdMustBeAnIntegerFrom0To255) {
  const auto dir = sprite_dir();
  write_png(dir / "a.png", 2, 2, checker_alpha);
  expect_sprite_error(dir, sprite("a.png", R"(, "alpha_threshold": 256)"), "S", "alpha_threshold",
                      {"out of range", "256", "between 0 and 255"});
  expect_sprite_error(dir, sprite("a.png", R"(, "alpha_threshold": -1)"), "S", "alpha_threshold",
                      {"out of range", "-1"});
  expect_sprite_error(dir, sprite("a.png", R"(, "alpha_threshold": 18446744073709551615)"), "S",
                      "alpha_threshold", {"out of range"});
  expect_sprite_error(dir, sprite("a.png", R"(, "alpha_threshold": 12.5)"), "S", "alpha_threshold",
                      {"must be an integer from 0 to 255", "12.5"});
  expect_sprite_error(dir, sprite("a.png", R"(, "alpha_threshold": 128.0)"), "S", "alpha_threshold",
                      {"must be an integer"});
  expect_sprite_error(dir, sprite("a.png", R"(, "alpha_threshold": "128")"), "S", "alpha_threshold",
                      {"must be an integer", "a string"});
  expect_sprite_error(dir, sprite("a.png", R"(, "alpha_threshold": true)"), "S", "alpha_threshold",
                      {"must be an integer"});
}

TEST(SceneSprites, OtherKindsKeysAreUnknownOnASprite) {
  const auto dir = sprite_dir();
  write_png(dir / "a.png", 2, 2, checker_alpha);
  expect_sprite_error(dir, sprite("a.png", R"(, "size": [1, 1])"), "S", "size",
                      {"is not a key of a sprite", "only rects"});
  expect_sprite_error(dir, sprite("a.png", R"(, "radius": 1)"), "S", "radius",
                      {"is not a key of a sprite", "only circles"});
  expect_sprite_error(dir, sprite("a.png", R"(, "points": [])"), "S", "points",
                      {"is not a key of a sprite", "only polygons"});
  expect_sprite_error(dir, sprite("a.png", R"(, "alpha": 1)"), "S", "alpha",
                      {"unknown key", "image, alpha_threshold"});
  // And a sprite's keys on other kinds.
  expect_sprite_error(dir, R"({"id": "R", "kind": "rect", "pos": [0, 0], "size": [1, 1],
                             "image": "a.png"})",
                      "R", "image", {"is not a key of a rect", "only sprites"});
  expect_sprite_error(dir, R"({"id": "C", "kind": "circle", "pos": [0, 0], "radius": 1,
                             "alpha_threshold": 3})",
                      "C", "alpha_threshold", {"is not a key of a circle", "only sprites"});
  expect_sprite_error(
      dir, R"({"id": "K", "kind": "sprites", "pos": [0, 0]})", "K", "kind",
      {"\"rect\", \"circle\", \"polygon\", \"sprite\", \"point\", \"segment\" or \"capsule\""});
}

TEST(SceneSprites, MissingImageNamesTheFileAsWrittenAndResolved) {
  const auto dir = sprite_dir();
  const std::string resolved = (dir / "sprites/none.png").string();
  const std::string what = expect_sprite_error(
      dir, sprite("sprites/none.png"), "S", "image",
      {"cannot load \"sprites/none.png\" (resolved to " + resolved + "): ", "No such file"});
  EXPECT_EQ(what.substr(what.size() - 9), "directory");  // "No such file or directory"
}

TEST(SceneSprites, TextFileNamedPngIsNotAPng) {
  const auto dir = sprite_dir();
  write_text(dir / "fake.png", "this is not an image\n");
  expect_sprite_error(dir, sprite("fake.png"), "S", "image",
                      {"cannot load \"fake.png\"", "not a PNG file"});
}

TEST(SceneSprites, EmptyFileIsNotAPng) {
  const auto dir = sprite_dir();
  write_text(dir / "empty.png", "");
  ASSERT_EQ(std::filesystem::file_size(dir / "empty.png"), 0u);
  expect_sprite_error(dir, sprite("empty.png"), "S", "image", {"not a PNG file", "empty"});
}

TEST(SceneSprites, OtherImageFormatIsNotAPng) {
  const auto dir = sprite_dir();
  std::vector<std::uint8_t> rgba(16, 200);
  ASSERT_NE(stbi_write_bmp((dir / "a.bmp.png").string().c_str(), 2, 2, 4, rgba.data()), 0);
  expect_sprite_error(dir, sprite("a.bmp.png"), "S", "image", {"not a PNG file"});
}

TEST(SceneSprites, DirectoryIsNotReadable) {
  const auto dir = sprite_dir();
  std::filesystem::create_directories(dir / "d.png");
  expect_sprite_error(dir, sprite("d.png"), "S", "image", {"cannot load \"d.png\"", "directory"});
}

TEST(SceneSprites, CorruptPngNamesStbReason) {
  const auto dir = sprite_dir();
  write_text(dir / "bad.png", std::string("\x89PNG\r\n\x1a\n", 8) + "garbage after the signature");
  expect_sprite_error(dir, sprite("bad.png"), "S", "image", {"cannot decode the PNG: "});
}

// A PNG whose header says 0 x 5 pixels (stb_image does not check chunk CRCs).
std::string zero_width_png() {
  std::string png("\x89PNG\r\n\x1a\n", 8);
  const unsigned char ihdr[] = {0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0, 0, 0,
                                0, 0, 5, 8,  6,   0,   0,   0,   0, 0, 0, 0};
  png.append(reinterpret_cast<const char*>(ihdr), sizeof ihdr);
  const unsigned char iend[] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82};
  png.append(reinterpret_cast<const char*>(iend), sizeof iend);
  return png;
}

TEST(SceneSprites, ZeroSizeImageIsAnError) {
  const auto dir = sprite_dir();
  write_text(dir / "zero.png", zero_width_png());
  expect_sprite_error(dir, sprite("zero.png"), "S", "image", {"cannot load \"zero.png\""});
  // A loader that hands back an empty image is refused by the core as well.
  const ImageLoader empty = [](const std::string&, std::string*) {
    return std::make_shared<const SpriteImage>();
  };
  expect_sprite_error(dir, sprite("x.png"), "S", "image",
                      {"cannot load \"x.png\"", "the image has no pixels (0 x 0)"}, empty);
  // So is one whose alpha does not match its size.
  const ImageLoader short_alpha = [](const std::string&, std::string*) {
    auto img = std::make_shared<SpriteImage>();
    img->w = 2;
    img->h = 2;
    img->alpha = {1, 2, 3};
    return std::shared_ptr<const SpriteImage>(img);
  };
  expect_sprite_error(dir, sprite("x.png"), "S", "image", {"3 alpha"}, short_alpha);
}

TEST(SceneSprites, LoaderErrorIsPassedOnAndNoLoaderIsAnError) {
  const auto dir = sprite_dir();
  const ImageLoader refuse = [](const std::string& path, std::string* error) {
    *error = "refused " + path;
    return std::shared_ptr<const SpriteImage>();
  };
  expect_sprite_error(dir, sprite("q.png"), "S", "image", {"refused " + (dir / "q.png").string()},
                      refuse);
  expect_sprite_error(dir, sprite("q.png"), "S", "image",
                      {"cannot load \"q.png\"", "this program was built without an image loader"},
                      ImageLoader{});
  // parse_scene without a loader, too; other kinds need none.
  EXPECT_THROW(parse_scene(scene_text(sprite("q.png")), "x.json"), SceneError);
  EXPECT_NO_THROW(parse_scene(scene_text(R"({"id": "R", "kind": "rect", "pos": [0, 0],
                                             "size": [1, 1]})"),
                              "x.json"));
}

TEST(SceneSprites, ScaledFrameMustStayWithin1e6Pixels) {
  const auto dir = sprite_dir();
  write_png(dir / "wide.png", 1001, 1, [](int, int) { return std::uint8_t{255}; });
  expect_sprite_error(dir, sprite("wide.png", R"(, "scale": 1000)"), "S", "scale",
                      {"out of range", "1001 x 1", "1001000 pixels"});
  write_text(dir / "ok.json", scene_text(sprite("wide.png", R"(, "scale": 999)")));
  EXPECT_NO_THROW(load_scene((dir / "ok.json").string(), app::png_loader()));
}

TEST(SceneSprites, ErrorsNameTheSpriteAmongOthers) {
  const auto dir = sprite_dir();
  write_png(dir / "a.png", 2, 2, checker_alpha);
  expect_sprite_error(dir,
                      R"({"id": "ok", "kind": "sprite", "pos": [0, 0], "image": "a.png"},
                         {"id": "ship", "kind": "sprite", "pos": [0, 0], "image": "b.png"})",
                      "ship", "image", {"cannot load \"b.png\""});
}

// ------------------------------------------------------------------ polygon_problem

std::vector<DVec2> regular(int n, double r) {
  std::vector<DVec2> out;
  for (int i = 0; i < n; ++i) {
    const double a = 2 * std::numbers::pi * i / n;
    out.emplace_back(r * std::cos(a), r * std::sin(a));
  }
  return out;
}

TEST(PolygonProblem, TriangleIsFineInBothWindings) {
  std::vector<DVec2> t = {{0, 0}, {10, 0}, {0, 10}};
  EXPECT_EQ(polygon_problem(t), "");
  std::reverse(t.begin(), t.end());
  EXPECT_EQ(polygon_problem(t), "");
}

TEST(PolygonProblem, SquareAndLargeRegularPolygonsAreFine) {
  const std::vector<DVec2> sq = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  EXPECT_EQ(polygon_problem(sq), "");
  EXPECT_EQ(polygon_problem(regular(64, 100)), "");
  EXPECT_EQ(polygon_problem(regular(64, 1e-3)), "");
}

TEST(PolygonProblem, RepeatedPoint) {
  const std::vector<DVec2> p = {{0, 0}, {10, 0}, {10, 10}, {0, 0}, {0, 10}};
  EXPECT_EQ(polygon_problem(p), "point 3 repeats point 0");
  // Also when the repeat is not next to the original.
  const std::vector<DVec2> q = {{0, 0}, {10, 0}, {10, 10}, {10, 0}};
  EXPECT_EQ(polygon_problem(q), "point 3 repeats point 1");
}

TEST(PolygonProblem, CollinearPoints) {
  const std::vector<DVec2> p = {{0, 0}, {10, 0}, {20, 0}, {10, 10}};
  EXPECT_NE(polygon_problem(p).find("point 1 is collinear"), std::string::npos);
  // Through the wrap-around: point 0 lies between the last point and point 1.
  const std::vector<DVec2> q = {{5, 0}, {10, 0}, {5, 10}, {0, 0}};
  EXPECT_NE(polygon_problem(q).find("point 0 is collinear"), std::string::npos);
  // Nearly collinear within the relative tolerance, at a large scale.
  const std::vector<DVec2> r = {{0, 0}, {5e5, 1e-6}, {1e6, 0}, {5e5, 5e5}};
  EXPECT_NE(polygon_problem(r).find("point 1 is collinear"), std::string::npos);
  // A spike (the outline doubles back on itself) is collinear too.
  const std::vector<DVec2> s = {{0, 0}, {10, 0}, {5, 0}, {0, 10}};
  EXPECT_NE(polygon_problem(s).find("collinear"), std::string::npos);
}

TEST(PolygonProblem, ConcaveIsAcceptedInEitherWinding) {
  const std::vector<DVec2> p = {{0, 0}, {10, 0}, {10, 10}, {5, 3}, {0, 10}};
  EXPECT_EQ(polygon_problem(p), "");
  std::vector<DVec2> q(p.rbegin(), p.rend());  // the same polygon, the other winding
  EXPECT_EQ(polygon_problem(q), "");
}

TEST(PolygonProblem, BowtieIntersectsItself) {
  const std::vector<DVec2> p = {{0, 0}, {10, 10}, {10, 0}, {0, 10}};
  EXPECT_NE(polygon_problem(p).find("point 2 starts an edge (2 -> 3) that crosses edge 0 -> 1"),
            std::string::npos)
      << polygon_problem(p);
}

TEST(PolygonProblem, PentagramIntersectsItself) {
  std::vector<DVec2> star;
  for (int i = 0; i < 5; ++i) {
    const double a = 2 * std::numbers::pi * (2 * i) / 5;
    star.emplace_back(100 * std::sin(a), -100 * std::cos(a));
  }
  const std::string msg = polygon_problem(star);
  EXPECT_NE(msg.find("intersects itself"), std::string::npos) << msg;
  EXPECT_EQ(msg.rfind("point 2 ", 0), 0u) << msg;  // edge 2->3 crosses edge 0->1
  std::reverse(star.begin(), star.end());
  EXPECT_NE(polygon_problem(star).find("intersects itself"), std::string::npos);
}

TEST(PolygonProblem, TwoPoints) {
  const std::vector<DVec2> p = {{0, 0}, {1, 1}};
  EXPECT_NE(polygon_problem(p).find("at least 3 points"), std::string::npos);
  EXPECT_NE(polygon_problem({}).find("has 0"), std::string::npos);
}

TEST(PolygonProblem, SixtyFivePoints) {
  EXPECT_NE(polygon_problem(regular(65, 100)).find("at most 64 points"), std::string::npos);
}

TEST(PolygonProblem, NonFinitePoints) {
  std::vector<DVec2> p = {{0, 0}, {10, 0}, {0, 10}};
  p[2].y = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(polygon_problem(p), "point 2 is not a finite number pair");
  p[2].y = 10;
  p[1].x = std::numeric_limits<double>::infinity();
  EXPECT_EQ(polygon_problem(p), "point 1 is not a finite number pair");
}

// ------------------------------------------------------------------ convex_hull

double area2(const std::vector<DVec2>& p) {
  double a = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const DVec2 u = p[i], v = p[(i + 1) % p.size()];
    a += u.x * v.y - v.x * u.y;
  }
  return a;
}

TEST(Hull, SquareDropsInteriorCollinearAndDuplicatePoints) {
  const std::vector<DVec2> pts = {{0, 0},  {10, 0}, {5, 0},  {10, 10}, {0, 10}, {5, 5},
                                  {10, 5}, {0, 0},  {2, 10}, {10, 10}, {3, 7}};
  const std::vector<DVec2> h = convex_hull(pts);
  ASSERT_EQ(h.size(), 4u);
  EXPECT_GT(area2(h), 0.0);
  EXPECT_DOUBLE_EQ(area2(h), 200.0);
  const std::set<std::pair<double, double>> got = {
      {h[0].x, h[0].y}, {h[1].x, h[1].y}, {h[2].x, h[2].y}, {h[3].x, h[3].y}};
  const std::set<std::pair<double, double>> want = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
  EXPECT_EQ(got, want);
  EXPECT_EQ(polygon_problem(h), "");
}

TEST(Hull, PositiveAreaWhateverTheInputWinding) {
  std::vector<DVec2> tri = {{0, 0}, {0, 10}, {10, 0}};  // negative shoelace area
  EXPECT_LT(area2(tri), 0.0);
  EXPECT_GT(area2(convex_hull(tri)), 0.0);
  std::reverse(tri.begin(), tri.end());
  EXPECT_GT(area2(convex_hull(tri)), 0.0);
}

TEST(Hull, DegenerateInputs) {
  EXPECT_TRUE(convex_hull({}).empty());
  const std::vector<DVec2> one = {{3, 4}, {3, 4}};
  EXPECT_EQ(convex_hull(one), std::vector<DVec2>{DVec2(3, 4)});
  const std::vector<DVec2> line = {{2, 2}, {0, 0}, {1, 1}, {3, 3}, {1, 1}};
  EXPECT_EQ(convex_hull(line), (std::vector<DVec2>{DVec2(0, 0), DVec2(3, 3)}));
  const std::vector<DVec2> vertical = {{1, 5}, {1, -2}, {1, 0}};
  EXPECT_EQ(convex_hull(vertical), (std::vector<DVec2>{DVec2(1, -2), DVec2(1, 5)}));
}

TEST(Hull, RandomCloudsGiveValidHullsContainingEveryPoint) {
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<int> count(1, 60);
  std::uniform_real_distribution<double> u(-100, 100);
  std::uniform_int_distribution<int> grid(-5, 5);
  for (int iter = 0; iter < 2000; ++iter) {
    std::vector<DVec2> pts;
    const bool on_grid = iter % 2 == 0;  // many duplicates and collinear points
    for (int i = count(rng); i > 0; --i) {
      pts.push_back(on_grid ? DVec2(grid(rng), grid(rng)) : DVec2(u(rng), u(rng)));
    }
    const std::vector<DVec2> h = convex_hull(pts);
    ASSERT_FALSE(h.empty());
    for (const DVec2& v : h) ASSERT_NE(std::find(pts.begin(), pts.end(), v), pts.end());
    if (h.size() < 3) continue;
    ASSERT_EQ(polygon_problem(h), "") << "iteration " << iter;
    ASSERT_GT(area2(h), 0.0);
    for (const DVec2& p : pts) {
      for (std::size_t i = 0; i < h.size(); ++i) {
        const DVec2 a = h[i], b = h[(i + 1) % h.size()];
        const double side = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
        ASSERT_GE(side, -1e-9 * glm::length(b - a) * 300) << "iteration " << iter;
      }
    }
  }
}

// ------------------------------------------------------------------ teaching keys

constexpr const char* kTwoRects =
    R"({"id": "A", "kind": "rect", "pos": [10, 20], "size": [30, 40]}, )"
    R"({"id": "B", "kind": "rect", "pos": [50, 20], "size": [30, 40]})";

// A scene with shapes A and B plus the given top-level key text (starting with ", ").
std::string teaching(const std::string& extra) {
  return std::string(R"({"version": 1, "shapes": [)") + kTwoRects + "]" + extra + "}";
}

TEST(SceneTeach, KeysAreRead) {
  const Scene s = parse_scene(
      teaching(R"(, "algorithms": ["mtd", "sat", "gjk"], "focus": ["B", "A"], "accuracy": 0.25,)"
               R"( "lesson": {"title": "T", "text": ["one", "two"], "try": "drag B"})"),
      kFile);
  ASSERT_TRUE(s.algorithms.has_value());
  EXPECT_EQ(*s.algorithms, kAlgoSat | kAlgoMtd | kAlgoGjk);
  ASSERT_TRUE(s.focus.has_value());
  EXPECT_EQ(s.focus->first, "B");
  EXPECT_EQ(s.focus->second, "A");
  ASSERT_TRUE(s.accuracy.has_value());
  EXPECT_EQ(*s.accuracy, 0.25);
  ASSERT_TRUE(s.lesson.has_value());
  EXPECT_EQ(s.lesson->title, "T");
  EXPECT_EQ(s.lesson->text, (std::vector<std::string>{"one", "two"}));
  EXPECT_EQ(s.lesson->try_this, "drag B");

  const Scene none = parse_scene(teaching(""), kFile);
  EXPECT_FALSE(none.algorithms || none.focus || none.accuracy || none.lesson);
  const Scene empty = parse_scene(teaching(R"(, "algorithms": [])"), kFile);
  ASSERT_TRUE(empty.algorithms.has_value());
  EXPECT_EQ(*empty.algorithms, 0u);
  const Scene no_try = parse_scene(teaching(R"(, "lesson": {"title": "T", "text": ["p"]})"), kFile);
  ASSERT_TRUE(no_try.lesson.has_value());
  EXPECT_EQ(no_try.lesson->try_this, "");
}

TEST(SceneTeach, SaveWritesThemBackExactly) {
  Scene s = parse_scene(teaching(""), kFile);
  s.algorithms = kAlgoCircleAsSquare | kAlgoAabb | kAlgoPixel;
  s.focus = std::make_pair(std::string("A"), std::string("B"));
  s.accuracy = 0.1;
  s.lesson =
      Lesson{"Title \"quoted\"", {"First, with a\nnewline.", "Second: 30\u00b0."}, "Try it", {}};
  const std::string text = scene_to_json(s);
  EXPECT_NE(text.find(R"("algorithms": ["aabb", "pixel", "circle_as_square"])"), std::string::npos)
      << text;
  EXPECT_NE(text.find(R"("focus": ["A", "B"])"), std::string::npos) << text;
  EXPECT_NE(text.find(R"("accuracy": 0.1)"), std::string::npos) << text;
  EXPECT_EQ(parse_scene(text, "x.json"), s);

  // Through a file as well, and a scene without the keys gains none.
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("hitbox_teach_test_" + std::to_string(std::random_device{}()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "teach.json").string();
  save_scene(s, path);
  EXPECT_EQ(load_scene(path), s);
  const Scene plain = parse_scene(teaching(""), kFile);
  const std::string plain_text = scene_to_json(plain);
  for (const char* key : {"algorithms", "focus", "accuracy", "lesson"}) {
    EXPECT_EQ(plain_text.find(key), std::string::npos) << key;
  }
  std::filesystem::remove_all(dir);
}

TEST(SceneTeach, BadAlgorithmsAreNamed) {
  expect_error(teaching(R"(, "algorithms": "sat")"), "", "algorithms", "must be an array");
  expect_error(teaching(R"(, "algorithms": ["sat", "fast"])"), "", "algorithms[1]",
               "unknown algorithm \"fast\"");
  expect_error(teaching(R"(, "algorithms": ["sat", 3])"), "", "algorithms[1]",
               "must be an algorithm name");
  expect_error(teaching(R"(, "algorithms": ["mtd", "sat", "mtd"])"), "", "algorithms[2]",
               "listed twice");
}

TEST(SceneTeach, BadFocusIsNamed) {
  expect_error(teaching(R"(, "focus": "A:B")"), "", "focus", "two shape ids");
  expect_error(teaching(R"(, "focus": ["A"])"), "", "focus", "an array of 1");
  expect_error(teaching(R"(, "focus": ["A", "C"])"), "", "focus[1]", "no shape has the id \"C\"");
  expect_error(teaching(R"(, "focus": [1, "B"])"), "", "focus[0]", "must be a shape id");
  expect_error(teaching(R"(, "focus": ["A", "A"])"), "", "focus[1]", "two different shapes");
}

TEST(SceneTeach, TheMoverIsACapsuleByIdAndSavedBack) {
  const std::string capsule =
      R"(, {"id": "C", "kind": "capsule", "pos": [90, 20], "points": [[0, -10], [0, 10]], )"
      R"("radius": 8}])";
  const std::string text =
      std::string(R"({"version": 1, "shapes": [)") + kTwoRects + capsule + R"(, "mover": "C"})";
  const Scene s = parse_scene(text, kFile);
  ASSERT_TRUE(s.mover);
  EXPECT_EQ(*s.mover, "C");
  const std::string saved = scene_to_json(s);
  EXPECT_NE(saved.find(R"("mover": "C")"), std::string::npos) << saved;
  EXPECT_EQ(parse_scene(saved, kFile), s);

  expect_error(teaching(R"(, "mover": 3)"), "", "mover", "must be a capsule's id");
  expect_error(teaching(R"(, "mover": "C")"), "", "mover", "no shape has the id \"C\"");
  expect_error(teaching(R"(, "mover": "A")"), "", "mover",
               "\"A\" is a rect; the mover must be a capsule");
}

TEST(SceneTeach, BadAccuracyIsNamed) {
  for (const char* bad : {"0", "-0.5", "1.5", "1e-300"}) {
    SCOPED_TRACE(bad);
    expect_error(teaching(std::string(R"(, "accuracy": )") + bad), "", "accuracy", "out of range");
  }
  expect_error(teaching(R"(, "accuracy": "1")"), "", "accuracy", "must be a number");
  EXPECT_EQ(*parse_scene(teaching(R"(, "accuracy": 1)"), kFile).accuracy, 1.0);
}

TEST(SceneTeach, BadLessonIsNamed) {
  expect_error(teaching(R"(, "lesson": "text")"), "", "lesson", "must be an object");
  expect_error(teaching(R"(, "lesson": {"text": ["p"]})"), "", "lesson.title", "is required");
  expect_error(teaching(R"(, "lesson": {"title": "", "text": ["p"]})"), "", "lesson.title",
               "must not be empty");
  expect_error(teaching(R"(, "lesson": {"title": "T"})"), "", "lesson.text", "is required");
  expect_error(teaching(R"(, "lesson": {"title": "T", "text": []})"), "", "lesson.text",
               "non-empty array");
  expect_error(teaching(R"(, "lesson": {"title": "T", "text": "p"})"), "", "lesson.text",
               "non-empty array");
  expect_error(teaching(R"(, "lesson": {"title": "T", "text": ["p", 2]})"), "", "lesson.text[1]",
               "must be a non-empty string");
  expect_error(teaching(R"(, "lesson": {"title": "T", "text": ["p"], "try": null})"), "",
               "lesson.try", "must be a non-empty string");
  expect_error(teaching(R"(, "lesson": {"title": "T", "text": ["p"], "hint": "x"})"), "",
               "lesson.hint", "unknown key");
  expect_error(teaching(R"(, "lessons": {})"), "", "lessons", "unknown key");
}

// Every bundled lesson loads (sprites too), teaches something, and sets up the window.
TEST(SceneTeach, EveryBundledLessonLoads) {
  std::vector<std::filesystem::path> files;
  for (const auto& e :
       std::filesystem::directory_iterator(HITBOX_SOURCE_DIR "/assets/scenes/lessons")) {
    if (e.path().extension() == ".json") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  ASSERT_GE(files.size(), 8u);
  std::uint32_t taught = 0;
  for (const auto& f : files) {
    SCOPED_TRACE(f.string());
    Scene s;
    ASSERT_NO_THROW(s = load_scene(f.string(), app::png_loader()));
    ASSERT_TRUE(s.lesson.has_value());
    EXPECT_FALSE(s.lesson->title.empty());
    EXPECT_GE(s.lesson->text.size(), 2u);
    EXPECT_FALSE(s.lesson->try_this.empty());
    ASSERT_TRUE(s.algorithms.has_value());
    EXPECT_NE(*s.algorithms, 0u);
    taught |= *s.algorithms;
    ASSERT_TRUE(s.focus.has_value());
    // Numbered for order: "01_...", "02_...".
    const std::string name = f.filename().string();
    ASSERT_GE(name.size(), 3u);
    EXPECT_TRUE(std::isdigit(static_cast<unsigned char>(name[0])) &&
                std::isdigit(static_cast<unsigned char>(name[1])) && name[2] == '_');
    // Save -> load gives the same scene (parsed as the same file, so sprite images are
    // found again in the same directory).
    Scene back;
    EXPECT_NO_THROW(back = parse_scene(scene_to_json(s), f.string(), app::png_loader()));
    EXPECT_EQ(back, s);
  }
  // manifold's lesson comes with the rest of issue 29 (contact points in play mode).
  EXPECT_EQ(taught | kAlgoManifold, kAllAlgos) << "every algorithm has a lesson";
}

}  // namespace
}  // namespace hitbox
