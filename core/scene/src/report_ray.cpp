// The `query --ray` report (report.h): cast_ray over a scene's shapes, as one JSON line.
#include <vector>

#include "hitbox/ray.h"
#include "hitbox/report.h"
#include "json_write.h"

namespace hitbox {

std::string scene_ray_json(const Scene& scene, std::string_view scene_name, Vec2 from, Vec2 to) {
  using json_write::put_float;
  using json_write::put_string;
  using json_write::put_vec;
  std::vector<Posed> posed;
  posed.reserve(scene.shapes.size());
  for (const Shape& s : scene.shapes) posed.emplace_back(s);

  std::string out = "{\"scene\":";
  put_string(out, scene_name);
  out += ",\"ray\":{\"from\":";
  put_vec(out, from);
  out += ",\"to\":";
  put_vec(out, to);
  out += ",\"hits\":[";
  bool first = true;
  for (const RayHitAt& h : cast_ray(posed, from, to)) {
    if (!first) out += ',';
    first = false;
    out += "{\"id\":";
    put_string(out, scene.shapes[static_cast<std::size_t>(h.index)].id);
    out += ",\"t\":";
    put_float(out, h.hit.t);
    out += ",\"point\":";
    put_vec(out, h.hit.point);
    if (h.hit.inside) {
      out += ",\"inside\":true";
    } else {
      out += ",\"normal\":";
      put_vec(out, h.hit.normal);
    }
    out += '}';
  }
  out += "]}}";
  return out;
}

}  // namespace hitbox
