// The `hitbox move` report (report.h): move_and_slide over a scene, as one JSON line.
#include <cassert>
#include <vector>

#include "hitbox/mover.h"
#include "hitbox/report.h"
#include "json_write.h"

namespace hitbox {

ShapeWorld scene_world_without(const Scene& scene, int skip, std::vector<int>* ids) {
  ShapeWorld world;
  for (int i = 0; i < static_cast<int>(scene.shapes.size()); ++i) {
    if (i == skip) continue;
    world_add(&world, scene.shapes[static_cast<std::size_t>(i)]);
    if (ids) ids->push_back(i);
  }
  world_rebuild(&world);
  return world;
}

std::string scene_move_json(const Scene& scene, std::string_view scene_name, int mover, Vec2 by,
                            int steps, const MoverConfig& config) {
  using json_write::double_text;
  using json_write::put_bool;
  using json_write::put_float;
  using json_write::put_string;
  using json_write::put_vec;
  assert(mover >= 0 && mover < static_cast<int>(scene.shapes.size()));
  assert(scene.shapes[static_cast<std::size_t>(mover)].kind == Kind::Capsule);

  // The world: every shape but the mover; slot i holds scene.shapes[ids[i]].
  std::vector<int> ids;
  const ShapeWorld world = scene_world_without(scene, mover, &ids);
  const auto id_of = [&](ShapeHandle h) -> const std::string& {
    return scene.shapes[static_cast<std::size_t>(ids[static_cast<std::size_t>(h.index)])].id;
  };

  Shape s = scene.shapes[static_cast<std::size_t>(mover)];
  MoveResult r;
  long long iterations = 0;
  for (int i = 0; i < steps; ++i) {
    r = move_and_slide(world, capsule_of(Posed(s)), by, config);
    s.pos += DVec2(r.delta);
    iterations += r.iterations;
  }

  std::string out = "{\"scene\":";
  put_string(out, scene_name);
  out += ",\"mover\":";
  put_string(out, s.id);
  out += ",\"by\":";
  put_vec(out, by);
  out += ",\"steps\":" + std::to_string(steps);
  out += ",\"position\":[" + double_text(s.pos.x) + "," + double_text(s.pos.y) + "]";
  out += ",\"on_ground\":";
  put_bool(out, r.on_ground);
  if (r.on_ground) {
    out += ",\"ground\":{\"id\":";
    put_string(out, id_of(r.ground));
    out += ",\"normal\":";
    put_vec(out, r.ground_normal);
    out += '}';
  }
  out += ",\"planes\":[";
  for (std::size_t i = 0; i < r.planes.size(); ++i) {
    const MoverPlane& p = r.planes[i];
    if (i > 0) out += ',';
    out += "{\"id\":";
    put_string(out, id_of(p.shape));
    out += ",\"normal\":";
    put_vec(out, p.normal);
    out += ",\"point\":";
    put_vec(out, p.point);
    out += ",\"separation\":";
    put_float(out, p.separation);
    out += '}';
  }
  out += "],\"iterations\":" + std::to_string(iterations) + "}";
  return out;
}

}  // namespace hitbox
