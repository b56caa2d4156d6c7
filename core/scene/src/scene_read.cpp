// Scene files, reading: strict loading. The format and every rule: docs/scene-format.md.
// Writing is in scene_write.cpp.
//
// Loading runs in two passes. A SAX handler builds the JSON tree while it keeps the path to
// the value being read, so that syntax errors, duplicate keys and number overflow (1e400)
// can name the shape and the field. Then the tree is checked field by field; the first
// problem throws a SceneError. Nothing is ever fixed up.
#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "hitbox/limits.h"
#include "hitbox/report.h"
#include "hitbox/scene.h"
#include "json_write.h"
#include "scene_fields.h"
#include "scene_tree.h"

namespace hitbox {
namespace {

using json_write::double_text;
using scene_detail::Checker;
using scene_detail::describe;
using scene_detail::json;
using scene_detail::parse_tree;
using scene_detail::read_lesson;
using scene_detail::shape_label;

// ---------------------------------------------------------------- pass 2: the fields

struct KindInfo {
  Kind kind;
  const char* name;
  std::array<const char*, 2> own_keys;  // the keys only this kind has (nullptr: none)
  const char* plural;

  bool owns(const std::string& key) const {
    return std::any_of(own_keys.begin(), own_keys.end(),
                       [&](const char* k) { return k != nullptr && key == k; });
  }
};
constexpr std::array<KindInfo, 7> kKinds = {{
    {Kind::Rect, "rect", {"size", nullptr}, "rects"},
    {Kind::Circle, "circle", {"radius", nullptr}, "circles"},
    {Kind::Polygon, "polygon", {"points", nullptr}, "polygons"},
    {Kind::Sprite, "sprite", {"image", "alpha_threshold"}, "sprites"},
    {Kind::Point, "point", {nullptr, nullptr}, "points"},
    {Kind::Segment, "segment", {"points", nullptr}, "segments"},
    {Kind::Capsule, "capsule", {"points", "radius"}, "capsules"},
}};
constexpr const char* kKindList =
    "\"rect\", \"circle\", \"polygon\", \"sprite\", \"point\", \"segment\" or "
    "\"capsule\"";
constexpr std::array<const char*, 9> kCommonKeys = {"id",     "kind", "pos",  "angle", "scale",
                                                    "mirror", "vel",  "spin", "body"};

std::string allowed_keys(const KindInfo& k) {
  std::string out;
  for (const char* c : kCommonKeys) out += std::string(c) + ", ";
  for (const char* own : k.own_keys) {
    if (own != nullptr) out += std::string(own) + ", ";
  }
  return out.substr(0, out.size() - 2);
}

void check_keys(const Checker& c, const json& j, const KindInfo& info) {
  for (const auto& item : j.items()) {
    const std::string& key = item.key();
    if (std::find_if(kCommonKeys.begin(), kCommonKeys.end(),
                     [&](const char* k) { return key == k; }) != kCommonKeys.end()) {
      continue;
    }
    if (info.owns(key)) continue;
    std::string owners;  // "polygons and segments"
    for (const KindInfo& other : kKinds) {
      if (other.owns(key)) owners += (owners.empty() ? "" : " and ") + std::string(other.plural);
    }
    if (!owners.empty()) {
      c.fail(key, std::string("is not a key of a ") + info.name + " (only " + owners +
                      " have it; a " + info.name + " has: " + allowed_keys(info) + ")");
    }
    c.fail(key, std::string("unknown key (a ") + info.name + " has: " + allowed_keys(info) + ")");
  }
}

// What sprites need while a scene is read: the loader, where image paths start from, and the
// images already loaded (a file used by several sprites is loaded once and shared).
struct ImageSource {
  const ImageLoader* loader = nullptr;
  std::filesystem::path dir;                                         // the scene file's directory
  std::map<std::string, std::shared_ptr<const SpriteImage>> loaded;  // by resolved path
};

// Loads a sprite's image through the loader and checks what came back.
std::shared_ptr<const SpriteImage> load_image(const Checker& c, ImageSource& src,
                                              const std::string& image) {
  const std::string resolved = (src.dir / std::filesystem::path(image)).string();
  const std::string head = "cannot load \"" + image + "\" (resolved to " + resolved + "): ";
  if (const auto it = src.loaded.find(resolved); it != src.loaded.end()) return it->second;
  if (src.loader == nullptr || !*src.loader) {
    c.fail("image", head + "this program was built without an image loader");
  }
  std::string error;
  std::shared_ptr<const SpriteImage> img = (*src.loader)(resolved, &error);
  if (!img) c.fail("image", head + (error.empty() ? "the image loader gave no pixels" : error));
  if (img->w <= 0 || img->h <= 0) {
    c.fail("image", head + "the image has no pixels (" + std::to_string(img->w) + " x " +
                        std::to_string(img->h) + ")");
  }
  const std::size_t texels = static_cast<std::size_t>(img->w) * static_cast<std::size_t>(img->h);
  if (img->alpha.size() != texels || (!img->rgba.empty() && img->rgba.size() != texels * 4)) {
    c.fail("image", head + "the image loader gave " + std::to_string(img->alpha.size()) +
                        " alpha and " + std::to_string(img->rgba.size()) + " RGBA values for " +
                        std::to_string(img->w) + " x " + std::to_string(img->h) + " pixels");
  }
  src.loaded.emplace(resolved, img);
  return img;
}

// A positive size-like number: kMinSize <= v <= max.
double positive(const Checker& c, const json& j, const std::string& field, double max,
                const std::string& rule) {
  const double v = c.number(j, field);
  if (const std::string problem = positive_problem(v, max, rule); !problem.empty()) {
    c.fail(field, problem);
  }
  return v;
}

// "body": {"type": ..., "density": d, "restitution": e, "friction": mu, "static_friction": mus,
// "velocity": [vx, vy], "angular_velocity": w, "fixed_rotation": bool}; every key but "type"
// may be left out (docs/scene-format.md).
BodySpec read_body(const Checker& c, const json& j) {
  if (!j.is_object()) {
    c.fail("body",
           "must be an object {\"type\": \"static\" or \"dynamic\", ...}, not " + describe(j));
  }
  constexpr const char* kBodyKeys =
      "type, density, restitution, friction, static_friction, velocity, angular_velocity, "
      "fixed_rotation";
  for (const auto& item : j.items()) {
    const std::string& k = item.key();
    if (k != "type" && k != "density" && k != "restitution" && k != "friction" &&
        k != "static_friction" && k != "velocity" && k != "angular_velocity" &&
        k != "fixed_rotation") {
      c.fail("body." + k, std::string("unknown key (a body has: ") + kBodyKeys + ")");
    }
  }
  BodySpec b;
  const auto type = j.find("type");
  if (type == j.end()) c.fail("body.type", "is required: \"static\" or \"dynamic\"");
  if (!type->is_string()) {
    c.fail("body.type", "must be \"static\" or \"dynamic\", not " + describe(*type));
  }
  const std::string t = type->get<std::string>();
  if (t == "static") {
    b.type = BodyType::Static;
  } else if (t == "dynamic") {
    b.type = BodyType::Dynamic;
  } else {
    c.fail("body.type", "unknown body type \"" + t + "\" (must be \"static\" or \"dynamic\")");
  }
  if (const auto v = j.find("density"); v != j.end()) b.density = c.number(*v, "body.density");
  if (const auto v = j.find("restitution"); v != j.end()) {
    b.restitution = c.number(*v, "body.restitution");
  }
  if (const auto v = j.find("friction"); v != j.end()) b.friction = c.number(*v, "body.friction");
  b.static_friction = b.friction;
  if (const auto v = j.find("static_friction"); v != j.end()) {
    b.static_friction = c.number(*v, "body.static_friction");
  }
  if (const auto v = j.find("velocity"); v != j.end()) {
    if (!v->is_array() || v->size() != 2) {
      c.fail("body.velocity", "must be [vx, vy] (pixels per second), not " + Checker::shape_of(*v));
    }
    const double vx = c.number((*v)[0], "body.velocity[0]");
    b.velocity = DVec2(vx, c.number((*v)[1], "body.velocity[1]"));
  }
  if (const auto v = j.find("angular_velocity"); v != j.end()) {
    b.angular_velocity = c.number(*v, "body.angular_velocity");
  }
  if (const auto v = j.find("fixed_rotation"); v != j.end()) {
    if (!v->is_boolean())
      c.fail("body.fixed_rotation", "must be true or false, not " + describe(*v));
    b.fixed_rotation = v->get<bool>();
  }
  if (const auto problem = body_problem(b)) c.fail(problem->field, problem->message);
  return b;
}

World read_world(Checker& c, const json& j) {
  c.set_shape("");
  if (!j.is_object()) {
    c.fail("world",
           "must be an object {\"gravity\": [gx, gy], \"sleep\": true}, not " + describe(j));
  }
  for (const auto& item : j.items()) {
    if (item.key() != "gravity" && item.key() != "sleep")
      c.fail("world." + item.key(), "unknown key (a world has: gravity, sleep)");
  }
  World w;
  if (const auto g = j.find("gravity"); g != j.end()) {
    if (!g->is_array() || g->size() != 2) {
      c.fail("world.gravity",
             "must be [gx, gy] (pixels per second squared), not " + Checker::shape_of(*g));
    }
    const double gx = c.number((*g)[0], "world.gravity[0]");
    w.gravity = DVec2(gx, c.number((*g)[1], "world.gravity[1]"));
    if (const auto problem = gravity_problem(w.gravity)) c.fail(problem->field, problem->message);
  }
  if (const auto v = j.find("sleep"); v != j.end()) {
    if (!v->is_boolean()) c.fail("world.sleep", "must be true or false, not " + describe(*v));
    w.sleep = v->get<bool>();
  }
  return w;
}

Shape read_shape(Checker& c, const json& j, std::size_t index, ImageSource& images) {
  c.set_shape(shape_label(j, index));
  if (!j.is_object()) {
    c.fail("",
           "must be an object like {\"id\": \"A\", \"kind\": \"rect\", ...}, not " + describe(j));
  }
  Shape s;

  const auto id = j.find("id");
  if (id == j.end()) c.fail("id", "is required (a non-empty string)");
  if (!id->is_string()) c.fail("id", "must be a non-empty string, not " + describe(*id));
  s.id = id->get<std::string>();
  if (s.id.empty()) c.fail("id", "must not be empty");

  const char* kinds = kKindList;
  const auto kind = j.find("kind");
  if (kind == j.end()) c.fail("kind", std::string("is required: ") + kinds);
  if (!kind->is_string()) {
    c.fail("kind", std::string("must be ") + kinds + ", not " + describe(*kind));
  }
  const std::string kind_name_text = kind->get<std::string>();
  const KindInfo* info = nullptr;
  for (const KindInfo& k : kKinds) {
    if (kind_name_text == k.name) info = &k;
  }
  if (info == nullptr) {
    c.fail("kind", "unknown kind \"" + kind_name_text + "\" (must be " + kinds + ")");
  }
  s.kind = info->kind;

  check_keys(c, j, *info);

  const auto pos = j.find("pos");
  if (pos == j.end()) c.fail("pos", "is required: [x, y]");
  s.pos = c.point(*pos, "pos");

  if (const auto a = j.find("angle"); a != j.end()) {
    s.angle = c.number(*a, "angle");
    if (const std::string problem = angle_problem(s.angle); !problem.empty()) {
      c.fail("angle", problem);
    }
  }
  if (const auto sc = j.find("scale"); sc != j.end()) {
    s.scale = positive(c, *sc, "scale", kMaxScale, "scale must be > 0 and at most 1000");
  }
  if (const auto m = j.find("mirror"); m != j.end()) {
    if (!m->is_array() || m->size() != 2) {
      c.fail("mirror", "must be [bool, bool], not " + Checker::shape_of(*m));
    }
    for (std::size_t i = 0; i < 2; ++i) {
      const json& b = (*m)[i];
      const std::string field = "mirror[" + std::to_string(i) + "]";
      if (!b.is_boolean()) c.fail(field, "must be true or false, not " + describe(b));
    }
    s.mirror_x = (*m)[0].get<bool>();
    s.mirror_y = (*m)[1].get<bool>();
  }
  if (const auto v = j.find("vel"); v != j.end()) s.vel = c.point(*v, "vel");
  if (const auto sp = j.find("spin"); sp != j.end()) {
    s.spin = c.number(*sp, "spin");
    if (const std::string problem = spin_problem(s.spin); !problem.empty()) c.fail("spin", problem);
  }

  switch (s.kind) {
    case Kind::Rect: {
      const std::string rule = "must be [width, height] with both > 0";
      const auto sz = j.find("size");
      if (sz == j.end()) c.fail("size", "is required; " + rule);
      if (!sz->is_array() || sz->size() != 2) c.fail("size", rule);
      for (std::size_t i = 0; i < 2; ++i) {
        const json& e = (*sz)[i];
        if (!e.is_number() || !(e.get<double>() > 0.0) || !std::isfinite(e.get<double>())) {
          c.fail("size", rule);
        }
      }
      const double w = positive(c, (*sz)[0], "size", kMaxSize, rule);  // width first
      s.size = DVec2(w, positive(c, (*sz)[1], "size", kMaxSize, rule));
      break;
    }
    case Kind::Circle: {
      const std::string rule = "radius must be a number > 0";
      const auto r = j.find("radius");
      if (r == j.end()) c.fail("radius", "is required; " + rule);
      s.radius = positive(c, *r, "radius", kMaxSize, rule);
      break;
    }
    case Kind::Polygon: {
      const auto pts = j.find("points");
      if (pts == j.end()) c.fail("points", "is required: an array of [x, y] points");
      if (!pts->is_array()) {
        c.fail("points", "must be an array of [x, y] points, not " + describe(*pts));
      }
      for (std::size_t i = 0; i < pts->size(); ++i) {
        s.points.push_back(c.point((*pts)[i], "points[" + std::to_string(i) + "]"));
      }
      if (const auto problem = points_problem(s.points)) c.fail(problem->field, problem->message);
      break;
    }
    case Kind::Point:
      break;  // pos only
    case Kind::Segment:
    case Kind::Capsule: {
      const std::string rule = "must be two local points [[x0, y0], [x1, y1]]";
      const auto pts = j.find("points");
      if (pts == j.end()) c.fail("points", "is required; " + rule);
      if (!pts->is_array() || pts->size() != 2) {
        c.fail("points", rule + ", not " + Checker::shape_of(*pts));
      }
      for (std::size_t i = 0; i < 2; ++i) {
        s.points.push_back(c.point((*pts)[i], "points[" + std::to_string(i) + "]"));
      }
      if (const auto problem = segment_points_problem(s.points)) {
        c.fail(problem->field, problem->message);
      }
      if (s.kind == Kind::Capsule) {  // the end centres, then the radius about them
        const std::string r_rule = "radius must be a number > 0";
        const auto r = j.find("radius");
        if (r == j.end()) c.fail("radius", "is required; " + r_rule);
        s.radius = positive(c, *r, "radius", kMaxSize, r_rule);
      }
      break;
    }
    case Kind::Sprite: {
      const auto img = j.find("image");
      if (img == j.end()) {
        c.fail("image", "is required: the image file, relative to the scene file's directory");
      }
      if (!img->is_string()) {
        c.fail("image", "must be a non-empty string (a PNG file name), not " + describe(*img));
      }
      s.image = img->get<std::string>();
      if (s.image.empty()) c.fail("image", "must not be empty (a PNG file name)");
      if (const auto t = j.find("alpha_threshold"); t != j.end()) {
        const std::string rule = "must be an integer from 0 to 255";
        if (!t->is_number()) c.fail("alpha_threshold", rule + ", not " + describe(*t));
        if (!t->is_number_integer()) {
          c.fail("alpha_threshold", rule + ", not " + t->dump());
        }
        const bool negative = t->is_number_unsigned() ? false : t->get<std::int64_t>() < 0;
        const bool big =
            t->is_number_unsigned() ? t->get<std::uint64_t>() > 255 : t->get<std::int64_t>() > 255;
        if (negative || big) {
          c.fail("alpha_threshold", "is out of range: " + t->dump() + " is not between 0 and 255");
        }
        s.alpha_threshold = static_cast<int>(t->get<std::int64_t>());
      }
      s.pixels.image = load_image(c, images, s.image);
      break;
    }
  }
  if (const auto problem = scaled_problem(s)) c.fail(problem->field, problem->message);
  if (const auto b = j.find("body"); b != j.end()) {
    s.body = read_body(c, *b);
    if (s.body->type == BodyType::Dynamic && (s.kind == Kind::Segment || s.kind == Kind::Point)) {
      if (const auto problem = shape_problem(s)) c.fail(problem->field, problem->message);
    }
  }
  return s;
}

View read_view(Checker& c, const json& j) {
  c.set_shape("");
  if (!j.is_object()) {
    c.fail("view", "must be an object {\"origin\": [x, y], \"zoom\": z}, not " + describe(j));
  }
  for (const auto& item : j.items()) {
    if (item.key() != "origin" && item.key() != "zoom") {
      c.fail("view." + item.key(), "unknown key (a view has: origin, zoom)");
    }
  }
  View v;
  if (const auto o = j.find("origin"); o != j.end()) v.origin = c.point(*o, "view.origin");
  if (const auto z = j.find("zoom"); z != j.end()) {
    v.zoom = c.number(*z, "view.zoom");
    if (!(v.zoom > 0.0)) c.fail("view.zoom", "must be > 0");
    if (v.zoom < kMinZoom || v.zoom > kMaxZoom) {
      c.fail("view.zoom",
             "is out of range: " + double_text(v.zoom) + " is not between 0.001 and 1000");
    }
  }
  return v;
}

// "algorithms": ["sat", "mtd"]: names from kAlgorithms, each at most once.
std::uint32_t read_algorithms(Checker& c, const json& j) {
  c.set_shape("");
  if (!j.is_array()) {
    c.fail("algorithms",
           "must be an array of algorithm names (" + algo_name_list() + "), not " + describe(j));
  }
  std::uint32_t bits = 0;
  for (std::size_t i = 0; i < j.size(); ++i) {
    const std::string field = "algorithms[" + std::to_string(i) + "]";
    const json& e = j[i];
    if (!e.is_string()) {
      c.fail(field, "must be an algorithm name (" + algo_name_list() + "), not " + describe(e));
    }
    const std::string name = e.get<std::string>();
    const AlgoInfo* found = nullptr;
    for (const AlgoInfo& info : kAlgorithms) {
      if (name == info.name) found = &info;
    }
    if (found == nullptr) {
      c.fail(field, "unknown algorithm \"" + name + "\" (known: " + algo_name_list() + ")");
    }
    if ((bits & found->bit) != 0) c.fail(field, "\"" + name + "\" is listed twice");
    bits |= found->bit;
  }
  return bits;
}

// "focus": ["A", "B"]: two different ids of shapes in the scene.
std::pair<std::string, std::string> read_focus(Checker& c, const json& j, const Scene& scene) {
  c.set_shape("");
  if (!j.is_array() || j.size() != 2) {
    c.fail("focus", "must be [\"A\", \"B\"] (two shape ids), not " + Checker::shape_of(j));
  }
  std::array<std::string, 2> ids;
  for (std::size_t i = 0; i < 2; ++i) {
    const std::string field = "focus[" + std::to_string(i) + "]";
    if (!j[i].is_string()) c.fail(field, "must be a shape id (a string), not " + describe(j[i]));
    ids[i] = j[i].get<std::string>();
    if (scene.find(ids[i]) < 0) c.fail(field, "no shape has the id \"" + ids[i] + "\"");
  }
  if (ids[0] == ids[1]) {
    c.fail("focus[1]", "is \"" + ids[1] + "\" again (the focus is two different shapes)");
  }
  return {ids[0], ids[1]};
}

// "mover": "ID": the id of a capsule in the scene.
std::string read_mover(Checker& c, const json& j, const Scene& scene) {
  c.set_shape("");
  if (!j.is_string()) c.fail("mover", "must be a capsule's id (a string), not " + describe(j));
  const std::string id = j.get<std::string>();
  const int i = scene.find(id);
  if (i < 0) c.fail("mover", "no shape has the id \"" + id + "\"");
  const Shape& s = scene.shapes[static_cast<std::size_t>(i)];
  if (s.kind != Kind::Capsule)
    c.fail("mover", "\"" + id + "\" is a " + kind_name(s.kind) + "; the mover must be a capsule");
  return id;
}

double read_accuracy(Checker& c, const json& j) {
  c.set_shape("");
  const double a = c.number(j, "accuracy");
  if (!(a > 0.0 && a <= 1.0) || !valid_accuracy(static_cast<float>(a))) {
    c.fail("accuracy", "is out of range: " + double_text(a) +
                           " (the pixel test's cells per world pixel, 0 < accuracy <= 1)");
  }
  return a;
}

std::string compose(const std::string& file, const std::string& shape, const std::string& field,
                    const std::string& what) {
  std::string out = file.empty() ? "" : file + ": ";
  if (!shape.empty()) out += "shape \"" + shape + "\"";
  if (!field.empty()) out += std::string(shape.empty() ? "" : ", ") + "field \"" + field + "\"";
  if (!shape.empty() || !field.empty()) out += ": ";
  return out + what;
}

}  // namespace

// ---------------------------------------------------------------- public API

SceneError::SceneError(std::string file, std::string shape, std::string field,
                       const std::string& what)
    : std::runtime_error(compose(file, shape, field, what)),
      file_(std::move(file)),
      shape_(std::move(shape)),
      field_(std::move(field)) {}

int Scene::find(std::string_view id) const {
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    if (shapes[i].id == id) return static_cast<int>(i);
  }
  return -1;
}

Scene parse_scene(std::string_view text, const std::string& file, const ImageLoader& loader) {
  const json root = parse_tree(text, file);
  Checker c(file);
  if (!root.is_object()) {
    c.fail("", "the top level must be an object {\"version\": 1, \"shapes\": [...]}, not " +
                   describe(root));
  }

  const auto version = root.find("version");
  if (version == root.end()) c.fail("version", "is required (this Hitbox reads version 1)");
  if (!version->is_number_integer() || version->get<std::int64_t>() != 1) {
    c.fail("version", "unsupported version " + version->dump() + " (this Hitbox reads version 1)");
  }

  for (const auto& item : root.items()) {
    const std::string& k = item.key();
    if (k != "version" && k != "shapes" && k != "view" && k != "algorithms" && k != "focus" &&
        k != "accuracy" && k != "lesson" && k != "world" && k != "mover") {
      c.fail(k,
             "unknown key (a scene has: version, shapes, view, algorithms, focus, accuracy, "
             "lesson, world, mover)");
    }
  }

  Scene scene;
  scene.version = 1;
  const auto shapes = root.find("shapes");
  if (shapes == root.end()) c.fail("shapes", "is required (an array of shapes, may be empty)");
  if (!shapes->is_array()) c.fail("shapes", "must be an array of shapes, not " + describe(*shapes));

  ImageSource images;
  images.loader = &loader;
  images.dir = std::filesystem::path(file).parent_path();
  std::unordered_map<std::string, std::size_t> seen;
  for (std::size_t i = 0; i < shapes->size(); ++i) {
    Shape s = read_shape(c, (*shapes)[i], i, images);
    const auto [it, fresh] = seen.emplace(s.id, i);
    if (!fresh) {
      c.fail("id", "duplicate id: shape #" + std::to_string(it->second + 1) + " is also \"" + s.id +
                       "\" (ids must be unique)");
    }
    scene.shapes.push_back(std::move(s));
  }

  if (const auto v = root.find("view"); v != root.end()) scene.view = read_view(c, *v);
  if (const auto a = root.find("algorithms"); a != root.end()) {
    scene.algorithms = read_algorithms(c, *a);
  }
  if (const auto f = root.find("focus"); f != root.end()) scene.focus = read_focus(c, *f, scene);
  if (const auto a = root.find("accuracy"); a != root.end()) scene.accuracy = read_accuracy(c, *a);
  if (const auto l = root.find("lesson"); l != root.end()) {
    scene.lesson = read_lesson(c, *l);
    for (std::size_t i = 0; i < scene.lesson->tasks.size(); ++i) {
      const std::string problem = condition_shape_problem(scene.lesson->tasks[i].condition, scene);
      if (!problem.empty()) c.fail("lesson.tasks[" + std::to_string(i) + "].when", problem);
    }
  }
  if (const auto w = root.find("world"); w != root.end()) scene.world = read_world(c, *w);
  if (const auto m = root.find("mover"); m != root.end()) scene.mover = read_mover(c, *m, scene);
  return scene;
}

// The largest scene file load_scene reads (a 1,000-shape scene is about 150 KiB).
constexpr std::size_t kMaxSceneFileBytes = std::size_t{64} << 20;

Scene load_scene(const std::string& path, const ImageLoader& loader) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw SceneError(path, "", "", "cannot read the file: it is a directory");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw SceneError(path, "", "", std::string("cannot read the file: ") + std::strerror(errno));
  }
  // Read in blocks up to a limit: a device that never ends (/dev/zero, /dev/full) or a huge
  // file is refused instead of filling the memory.
  std::string text;
  char block[65536];
  while (in.read(block, sizeof block) || in.gcount() > 0) {
    text.append(block, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxSceneFileBytes) {
      throw SceneError(path, "", "",
                       "the file is larger than " + std::to_string(kMaxSceneFileBytes >> 20) +
                           " MiB; a scene file is never that large");
    }
  }
  if (in.bad()) {
    throw SceneError(path, "", "", std::string("cannot read the file: ") + std::strerror(errno));
  }
  return parse_scene(text, path, loader);
}

}  // namespace hitbox
