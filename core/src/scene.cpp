// Scene files: strict loading and exact saving. The format and every rule: docs/scene-format.md.
//
// Loading runs in two passes. A SAX handler builds the JSON tree while it keeps the path to
// the value being read, so that syntax errors, duplicate keys and number overflow (1e400)
// can name the shape and the field. Then the tree is checked field by field; the first
// problem throws a SceneError. Nothing is ever fixed up.
#include "hitbox/scene.h"

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

namespace hitbox {
namespace {

using json = nlohmann::json;

// ---------------------------------------------------------------- number text

std::string describe(const json& j) {
  switch (j.type()) {
    case json::value_t::null:
      return "null";
    case json::value_t::boolean:
      return j.get<bool>() ? "true" : "false";
    case json::value_t::string:
      return "a string";
    case json::value_t::object:
      return "an object";
    case json::value_t::array:
      return "an array";
    default:
      return j.is_number() ? "a number" : "something else";
  }
}

// ---------------------------------------------------------------- pass 1: JSON text

// One step of the path to the value being read: an object key or an array index.
struct PathStep {
  bool is_index = false;
  std::string key;
  std::size_t index = 0;
};

std::string join_path(const std::vector<PathStep>& path, std::size_t from) {
  std::string out;
  for (std::size_t i = from; i < path.size(); ++i) {
    if (path[i].is_index) {
      out += '[';
      out += std::to_string(path[i].index);
      out += ']';
    } else {
      if (!out.empty()) out += ".";
      out += path[i].key;
    }
  }
  return out;
}

// The id a shape entry can be named by, or "" when it has no usable one.
std::string usable_id(const json& shape) {
  if (!shape.is_object()) return "";
  const auto it = shape.find("id");
  if (it == shape.end() || !it->is_string()) return "";
  return it->get<std::string>();
}

std::string shape_label(const json& shape, std::size_t index) {
  std::string id = usable_id(shape);
  return id.empty() ? "#" + std::to_string(index + 1) : id;
}

// Builds the tree and remembers where it is, so errors can name their shape and field.
class TreeBuilder final : public nlohmann::json_sax<json> {
 public:
  json root;

  // Set when parsing stopped: where, and why.
  bool failed = false;
  std::size_t error_pos = 0;
  std::string error_detail;
  bool error_has_field = false;  // the error belongs to a value (not to the syntax)
  std::vector<PathStep> error_path;

  bool null() override { return put(json(nullptr)); }
  bool boolean(bool v) override { return put(json(v)); }
  bool number_integer(number_integer_t v) override { return put(json(v)); }
  bool number_unsigned(number_unsigned_t v) override { return put(json(v)); }
  bool number_float(number_float_t v, const string_t& /*text*/) override { return put(json(v)); }
  bool string(string_t& v) override { return put(json(std::move(v))); }
  bool binary(binary_t& /*v*/) override { return put(json(nullptr)); }  // not in JSON text

  bool start_object(std::size_t /*elements*/) override { return open(json::object()); }
  bool start_array(std::size_t /*elements*/) override { return open(json::array()); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }

  bool key(string_t& k) override {
    Frame& f = frames_.back();
    f.key = k;
    f.has_key = true;
    if (f.node->contains(k)) {
      failed = true;
      error_has_field = true;
      error_path = path();
      error_detail = "appears twice in the same object (each key may appear only once)";
      return false;
    }
    return true;
  }

  bool parse_error(std::size_t position, const std::string& last_token,
                   const nlohmann::json::exception& ex) override {
    failed = true;
    error_pos = position;
    if (ex.id == 406) {  // a number too large for a double, e.g. 1e400
      error_has_field = true;
      error_path = path();
      error_detail = "the number " + last_token + " is too large (not a finite double)";
    } else {
      error_detail = strip_prefix(ex.what());
    }
    return false;
  }

 private:
  struct Frame {
    json* node = nullptr;
    std::string key;       // object: the key whose value is being read
    bool has_key = false;  // object: a key has been read
  };

  // nlohmann's messages read "[json.exception.parse_error.101] parse error at line 1,
  // column 5: syntax error ..."; keep what follows the position.
  static std::string strip_prefix(const std::string& what) {
    std::size_t at = what.find("column ");
    if (at != std::string::npos) {
      at = what.find(": ", at);
      if (at != std::string::npos) return what.substr(at + 2);
    }
    at = what.find("] ");
    return at == std::string::npos ? what : what.substr(at + 2);
  }

  std::vector<PathStep> path() const {
    std::vector<PathStep> out;
    for (std::size_t i = 0; i < frames_.size(); ++i) {
      const Frame& f = frames_[i];
      if (f.node->is_array()) {
        // Inner frames are inside their last element; the innermost is reading the next.
        std::size_t n = f.node->size();
        if (i + 1 < frames_.size() && n > 0) --n;
        out.push_back(PathStep{true, "", n});
      } else if (f.has_key) {
        out.push_back(PathStep{false, f.key, 0});
      }
    }
    return out;
  }

  json* place(json v) {
    if (frames_.empty()) {
      root = std::move(v);
      return &root;
    }
    json& parent = *frames_.back().node;
    if (parent.is_array()) {
      parent.push_back(std::move(v));
      return &parent.back();
    }
    json& slot = parent[frames_.back().key];
    slot = std::move(v);
    return &slot;
  }

  bool put(json v) {
    place(std::move(v));
    return true;
  }

  bool open(json v) {
    json* node = place(std::move(v));
    frames_.push_back(Frame{node, "", false});
    return true;
  }

  bool close() {
    frames_.pop_back();
    return true;
  }

  std::vector<Frame> frames_;
};

void line_column(std::string_view text, std::size_t pos, std::size_t* line, std::size_t* col) {
  pos = std::min(pos, text.size());
  const std::string_view before = text.substr(0, pos);
  *line = 1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
  const std::size_t nl = before.rfind('\n');
  *col = nl == std::string_view::npos ? pos : pos - (nl + 1);
  *col = std::max<std::size_t>(*col, 1);  // the end of an empty line is its column 1
}

json parse_tree(std::string_view text, const std::string& file) {
  TreeBuilder b;
  const bool ok = json::sax_parse(text, &b, json::input_format_t::json, /*strict=*/true,
                                  /*ignore_comments=*/false);
  if (ok && !b.failed) return std::move(b.root);

  if (b.error_has_field) {
    std::string shape;
    std::string field = join_path(b.error_path, 0);
    const auto& p = b.error_path;
    if (p.size() >= 2 && !p[0].is_index && p[0].key == "shapes" && p[1].is_index) {
      const json* entry = nullptr;
      if (b.root.is_object() && b.root.contains("shapes") && b.root["shapes"].is_array() &&
          p[1].index < b.root["shapes"].size()) {
        entry = &b.root["shapes"][p[1].index];
      }
      const bool names_id = p.size() == 3 && !p[2].is_index && p[2].key == "id";
      shape = (entry != nullptr && !names_id) ? shape_label(*entry, p[1].index)
                                              : "#" + std::to_string(p[1].index + 1);
      field = join_path(p, 2);
    }
    std::string detail = b.error_detail;
    if (b.error_pos > 0) {
      std::size_t line = 0, col = 0;
      line_column(text, b.error_pos, &line, &col);
      detail += " (line " + std::to_string(line) + ", column " + std::to_string(col) + ")";
    }
    throw SceneError(file, shape, field, detail);
  }
  std::size_t line = 0, col = 0;
  line_column(text, b.error_pos, &line, &col);
  throw SceneError(file, "", "",
                   "invalid JSON at line " + std::to_string(line) + ", column " +
                       std::to_string(col) + ": " + b.error_detail);
}

// ---------------------------------------------------------------- pass 2: the fields

class Checker {
 public:
  explicit Checker(const std::string& file) : file_(file) {}

  void set_shape(std::string label) { shape_ = std::move(label); }

  [[noreturn]] void fail(const std::string& field, const std::string& what) const {
    throw SceneError(file_, shape_, field, what);
  }

  // Any finite JSON number.
  double number(const json& j, const std::string& field) const {
    if (!j.is_number()) fail(field, "must be a number, not " + describe(j));
    const double v = j.get<double>();
    if (!std::isfinite(v)) fail(field, "must be a finite number");
    return v;
  }

  // A coordinate in world pixels: |v| <= 1e6.
  double coord(const json& j, const std::string& field) const {
    const double v = number(j, field);
    if (const std::string problem = coord_problem(v); !problem.empty()) fail(field, problem);
    return v;
  }

  // [x, y] of coordinates.
  DVec2 point(const json& j, const std::string& field) const {
    if (!j.is_array() || j.size() != 2) fail(field, "must be [x, y], not " + shape_of(j));
    // x first: function arguments have no order of evaluation, and the first bad one is named.
    const double x = coord(j[0], field + "[0]");
    const double y = coord(j[1], field + "[1]");
    return DVec2(x, y);
  }

  static std::string shape_of(const json& j) {
    if (j.is_array()) return "an array of " + std::to_string(j.size());
    return describe(j);
  }

 private:
  const std::string& file_;
  std::string shape_;
};

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
constexpr std::array<KindInfo, 4> kKinds = {{
    {Kind::Rect, "rect", {"size", nullptr}, "rects"},
    {Kind::Circle, "circle", {"radius", nullptr}, "circles"},
    {Kind::Polygon, "polygon", {"points", nullptr}, "polygons"},
    {Kind::Sprite, "sprite", {"image", "alpha_threshold"}, "sprites"},
}};
constexpr const char* kKindList = "\"rect\", \"circle\", \"polygon\" or \"sprite\"";
constexpr std::array<const char*, 7> kCommonKeys = {"id",    "kind",   "pos", "angle",
                                                    "scale", "mirror", "vel"};

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
    for (const KindInfo& other : kKinds) {
      if (other.owns(key)) {
        c.fail(key, std::string("is not a key of a ") + info.name + " (only " + other.plural +
                        " have it; a " + info.name + " has: " + allowed_keys(info) + ")");
      }
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
             "is out of range: " + number_text(v.zoom) + " is not between 0.001 and 1000");
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

double read_accuracy(Checker& c, const json& j) {
  c.set_shape("");
  const double a = c.number(j, "accuracy");
  if (!(a > 0.0 && a <= 1.0) || !valid_accuracy(static_cast<float>(a))) {
    c.fail("accuracy", "is out of range: " + number_text(a) +
                           " (the pixel test's cells per world pixel, 0 < accuracy <= 1)");
  }
  return a;
}

// A non-empty string at `field`.
std::string text_field(Checker& c, const json& j, const std::string& field) {
  if (!j.is_string()) c.fail(field, "must be a non-empty string, not " + describe(j));
  std::string s = j.get<std::string>();
  if (s.empty()) c.fail(field, "must not be empty");
  return s;
}

// "lesson": {"title": "...", "text": ["paragraph", ...], "try": "..."}.
Lesson read_lesson(Checker& c, const json& j) {
  c.set_shape("");
  if (!j.is_object()) {
    c.fail("lesson",
           "must be an object {\"title\": ..., \"text\": [...], \"try\": ...}, not " + describe(j));
  }
  for (const auto& item : j.items()) {
    const std::string& k = item.key();
    if (k != "title" && k != "text" && k != "try") {
      c.fail("lesson." + k, "unknown key (a lesson has: title, text, try)");
    }
  }
  Lesson l;
  const auto title = j.find("title");
  if (title == j.end()) c.fail("lesson.title", "is required (a non-empty string)");
  l.title = text_field(c, *title, "lesson.title");
  const auto text = j.find("text");
  if (text == j.end()) c.fail("lesson.text", "is required (an array of paragraphs)");
  if (!text->is_array() || text->empty()) {
    c.fail("lesson.text",
           "must be a non-empty array of paragraph strings, not " + Checker::shape_of(*text));
  }
  for (std::size_t i = 0; i < text->size(); ++i) {
    l.text.push_back(text_field(c, (*text)[i], "lesson.text[" + std::to_string(i) + "]"));
  }
  if (const auto t = j.find("try"); t != j.end()) l.try_this = text_field(c, *t, "lesson.try");
  return l;
}

// ---------------------------------------------------------------- writing

class Writer {
 public:
  explicit Writer(const std::string& file) : file_(file) {}

  std::string scene(const Scene& sc) {
    std::string out = "{\n  \"version\": " + std::to_string(sc.version);
    if (sc.view) {
      shape_.clear();
      out += ",\n  \"view\": {\"origin\": " + pair(sc.view->origin, "view.origin") +
             ", \"zoom\": " + num(sc.view->zoom, "view.zoom") + "}";
    }
    shape_.clear();
    if (sc.algorithms) {
      out += ",\n  \"algorithms\": [";
      bool first = true;
      for (const AlgoInfo& info : kAlgorithms) {
        if ((*sc.algorithms & info.bit) == 0) continue;
        out += first ? "\"" : ", \"";
        out += std::string(info.name) + "\"";
        first = false;
      }
      if ((*sc.algorithms & ~kAllAlgos) != 0) {
        throw SceneError(file_, "", "algorithms", "holds bits of no known algorithm; cannot save");
      }
      out += "]";
    }
    if (sc.focus) {
      out += ",\n  \"focus\": [" + str(sc.focus->first, "focus[0]") + ", " +
             str(sc.focus->second, "focus[1]") + "]";
    }
    if (sc.accuracy) out += ",\n  \"accuracy\": " + num(*sc.accuracy, "accuracy");
    if (sc.lesson) {
      const Lesson& l = *sc.lesson;
      out += ",\n  \"lesson\": {\n    \"title\": " + str(l.title, "lesson.title") +
             ",\n    \"text\": [";
      for (std::size_t i = 0; i < l.text.size(); ++i) {
        out += i == 0 ? "\n      " : ",\n      ";
        out += str(l.text[i], "lesson.text");
      }
      out += l.text.empty() ? "]" : "\n    ]";
      if (!l.try_this.empty()) out += ",\n    \"try\": " + str(l.try_this, "lesson.try");
      out += "\n  }";
    }
    out += ",\n  \"shapes\": [";
    for (std::size_t i = 0; i < sc.shapes.size(); ++i) {
      out += i == 0 ? "\n    " : ",\n    ";
      out += shape(sc.shapes[i], i);
    }
    out += sc.shapes.empty() ? "]" : "\n  ]";
    out += "\n}\n";
    return out;
  }

 private:
  std::string num(double v, const char* field) const {
    if (!std::isfinite(v)) throw SceneError(file_, shape_, field, "is not finite; cannot save");
    return number_text(v);
  }

  std::string str(const std::string& v, const char* field) const {
    try {
      return json(v).dump();
    } catch (const json::exception&) {
      throw SceneError(file_, "", field, "is not valid UTF-8");
    }
  }

  std::string pair(DVec2 v, const char* field) const {
    std::string out(1, '[');
    out += num(v.x, field);
    out += ", ";
    out += num(v.y, field);
    out += ']';
    return out;
  }

  std::string shape(const Shape& s, std::size_t index) {
    shape_ = s.id.empty() ? "#" + std::to_string(index + 1) : s.id;
    std::string id;
    try {
      id = json(s.id).dump();
    } catch (const json::exception&) {
      throw SceneError(file_, "#" + std::to_string(index + 1), "id", "is not valid UTF-8");
    }
    std::string out = "{\"id\": " + id + ", \"kind\": \"" + kind_name(s.kind) + "\"";
    out += ", \"pos\": " + pair(s.pos, "pos");
    if (s.angle != 0.0) out += ", \"angle\": " + num(s.angle, "angle");
    if (s.scale != 1.0) out += ", \"scale\": " + num(s.scale, "scale");
    if (s.mirror_x || s.mirror_y) {
      out += std::string(", \"mirror\": [") + (s.mirror_x ? "true" : "false") + ", " +
             (s.mirror_y ? "true" : "false") + "]";
    }
    if (s.vel != DVec2(0.0, 0.0)) out += ", \"vel\": " + pair(s.vel, "vel");
    switch (s.kind) {
      case Kind::Rect:
        out += ", \"size\": " + pair(s.size, "size");
        break;
      case Kind::Circle:
        out += ", \"radius\": " + num(s.radius, "radius");
        break;
      case Kind::Polygon: {
        out += ", \"points\": [";
        for (std::size_t i = 0; i < s.points.size(); ++i) {
          if (i > 0) out += ", ";
          out += pair(s.points[i], "points");
        }
        out += "]";
        break;
      }
      case Kind::Sprite: {
        try {
          out += ", \"image\": " + json(s.image).dump();
        } catch (const json::exception&) {
          throw SceneError(file_, shape_, "image", "is not valid UTF-8");
        }
        if (s.alpha_threshold != 128) {
          out += ", \"alpha_threshold\": " + std::to_string(s.alpha_threshold);
        }
        break;
      }
    }
    return out + "}";
  }

  const std::string& file_;
  std::string shape_;
};

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
        k != "accuracy" && k != "lesson") {
      c.fail(k,
             "unknown key (a scene has: version, shapes, view, algorithms, focus, accuracy, "
             "lesson)");
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
  if (const auto l = root.find("lesson"); l != root.end()) scene.lesson = read_lesson(c, *l);
  return scene;
}

Scene load_scene(const std::string& path, const ImageLoader& loader) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw SceneError(path, "", "", "cannot read the file: it is a directory");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw SceneError(path, "", "", std::string("cannot read the file: ") + std::strerror(errno));
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) {
    throw SceneError(path, "", "", std::string("cannot read the file: ") + std::strerror(errno));
  }
  return parse_scene(text.str(), path, loader);
}

std::string scene_to_json(const Scene& scene) {
  static const std::string kNoFile;
  return Writer(kNoFile).scene(scene);
}

void save_scene(const Scene& scene, const std::string& path) {
  const std::string text = Writer(path).scene(scene);
  // Write a temporary file next to the target and rename it over, so a failed save never
  // leaves a half-written scene behind.
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) {
      throw SceneError(path, "", "", std::string("cannot write the file: ") + std::strerror(errno));
    }
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.flush();
    if (!out) {
      const int err = errno;
      out.close();
      std::error_code ignored;
      std::filesystem::remove(tmp, ignored);
      throw SceneError(path, "", "", std::string("cannot write the file: ") + std::strerror(err));
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(tmp, ignored);
    throw SceneError(path, "", "", "cannot write the file: " + ec.message());
  }
}

}  // namespace hitbox
