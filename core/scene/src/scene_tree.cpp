// Scene files, pass 1: a SAX handler builds the JSON tree while it keeps the path to the
// value being read, so that syntax errors, duplicate keys and number overflow (1e400) can
// name the shape and the field (scene_tree.h).
#include "scene_tree.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "hitbox/scene.h"

namespace hitbox::scene_detail {
namespace {

using json = nlohmann::json;

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

}  // namespace

std::string shape_label(const json& shape, std::size_t index) {
  std::string id = usable_id(shape);
  return id.empty() ? "#" + std::to_string(index + 1) : id;
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

}  // namespace hitbox::scene_detail
